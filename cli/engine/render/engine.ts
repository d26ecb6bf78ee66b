// The part of the build that runs the templates. It is compiled once per change of templates or
// builder code with esbuild (compile.ts), and loaded by the build and by each worker thread.
import type { Assets } from '../../../templates/context.tsx';
import type { SiteModel } from '../../site/model.ts';
import { renderPage, renderPart, splitAtHoles, type PartHtml, type SharedPart } from './page.tsx';
import { routeKey, type Route, type RouteMap } from '../../site/routes.ts';
import { indexModel, tracker } from '../incremental/tracking.ts';

export { pages } from '../../../templates/pages/index.tsx';
export { markdownToHtml, renderBatch, renderText } from './markdown.ts';

export interface RenderedPage {
  path: string;
  html: string;
  /** Dependency keys the page read (tracking.ts). */
  read: string[];
}

/**
 * Renders pages of one build while recording what each reads. Parts shared by every page of a
 * language are rendered once, for that language's home page; each page that shows one is
 * credited with what the part read. `shareParts: false` renders them on every page instead.
 */
export function createRenderer(
  model: SiteModel,
  routes: RouteMap,
  assets: Assets,
  year: number,
  { shareParts = true, index = indexModel(model, routes) } = {},
) {
  const track = tracker(model, routes, index);
  const data = (route: Route) => ({ ...track.page(route), assets, year });
  const parts = new Map<string, { html: PartHtml; read: string[] }>();
  return (route: Route): RenderedPage => {
    const read = new Set<string>();
    const shared: SharedPart = (name, element) => {
      const key = `${name}:${route.lang}`;
      let part = parts.get(key);
      if (!part) {
        const partRead = new Set<string>();
        const html = track.during(partRead, () => splitAtHoles(renderPart(data(routes.get(routeKey.home(), route.lang)), element)));
        part = { html, read: [...partRead] };
        parts.set(key, part);
      }
      for (const dependency of part.read) read.add(dependency);
      return part.html;
    };
    const html = track.during(read, () => renderPage(data(route), shareParts ? shared : undefined));
    return { path: route.path, html, read: [...read] };
  };
}
