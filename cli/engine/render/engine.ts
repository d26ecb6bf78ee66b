// The part of the build that runs the templates. It is compiled once per change of templates or
// builder code with esbuild (compile.ts), and loaded by the build and by each worker thread.
import type { Assets } from '../../../templates/context.tsx';
import type { SiteModel } from '../../site/model.ts';
import { renderPage, renderPart, splitAtHoles, type PartHtml, type SharedPart } from './page.tsx';
import { routeKey, type Route, type RouteMap } from '../../site/routes.ts';
import { indexModel, tracker } from '../incremental/tracking.ts';
import { fillTexts } from './texts.ts';

export { pages } from '../../../templates/pages/index.tsx';
export { markdownToHtmlSync, renderBatch } from './markdown.ts';

export interface RenderedPage {
  path: string;
  html: string;
  /** Dependency keys the page read (tracking.ts). */
  read: string[];
  /** Where the texts it shows lie in it (texts.ts textsLine). */
  texts: string;
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
  const parts = new Map<string, { html: PartHtml; read: string[]; texts: Map<string, string> }>();
  return (route: Route): RenderedPage => {
    const read = new Set<string>();
    const texts = new Map<string, string>();
    const shared: SharedPart = (name, element) => {
      const key = `${name}:${route.lang}`;
      let part = parts.get(key);
      if (!part) {
        const [partRead, partTexts] = [new Set<string>(), new Map<string, string>()];
        const html = track.during(partRead, partTexts, () =>
          splitAtHoles(renderPart(data(routes.get(routeKey.home(), route.lang)), element)),
        );
        part = { html, read: [...partRead], texts: partTexts };
        parts.set(key, part);
      }
      for (const dependency of part.read) read.add(dependency);
      for (const [bodyKey, html] of part.texts) texts.set(bodyKey, html);
      return part.html;
    };
    const html = track.during(read, texts, () => renderPage(data(route), shareParts ? shared : undefined));
    const filled = fillTexts(html, texts, 'page');
    return { path: route.path, html: filled.output, read: [...read], texts: filled.texts };
  };
}
