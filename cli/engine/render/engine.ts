// The part of the build that runs the templates. It is compiled once per change of templates or
// builder code with esbuild (compile.ts), and loaded by the build and by each worker thread.
import type { Assets } from '../../../templates/context.tsx';
import type { SiteModel } from '../../site/model.ts';
import { type PartMemo, renderPage } from './page.tsx';
import type { Route, RouteMap } from '../../site/routes.ts';
import { indexModel, tracker } from './reads.ts';

export { pages } from '../../../templates/pages/index.tsx';
export { markdownToHtml, renderBatch, renderText } from './markdown.ts';

export interface RenderedPage {
  path: string;
  html: string;
  /** Dependency keys the page read (reads.ts). */
  read: string[];
}

/**
 * Renders pages of one build while recording what each reads. The layout's shared parts are
 * rendered once per key for all its pages, and each page that shows one is credited with what the
 * part read.
 */
export function createRenderer(
  model: SiteModel,
  routes: RouteMap,
  assets: Assets,
  year: number,
  { index = indexModel(model, routes) } = {},
) {
  const track = tracker(model, routes, index);
  const parts = new Map<string, { html: string; read: string[] }>();
  return (route: Route): RenderedPage => {
    const read = new Set<string>();
    const memo: PartMemo = (key, render) => {
      let part = parts.get(key);
      if (!part) {
        const partRead = new Set<string>();
        const html = track.during(partRead, render);
        parts.set(key, (part = { html, read: [...partRead] }));
      }
      for (const dependency of part.read) read.add(dependency);
      return part.html;
    };
    const html = track.during(read, () => renderPage({ ...track.page(route), assets, year }, memo));
    return { path: route.path, html, read: [...read] };
  };
}
