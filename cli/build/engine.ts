// The part of the build that runs the templates. It is compiled once per change of templates or
// builder code with esbuild (compile.ts), and loaded by the build and by each worker thread.
import type { Assets } from '../../templates/context.tsx';
import type { SiteModel } from './model.ts';
import { renderPage } from './render.tsx';
import type { Route, RouteMap } from './routes.ts';
import { indexModel, trackPage } from './tracking.ts';

export { pages } from '../../templates/pages/index.tsx';
export { markdownToHtml } from './markdown.ts';

export interface RenderedPage {
  path: string;
  html: string;
  /** Dependency keys the page read (tracking.ts). */
  read: string[];
}

/** Renders one page while recording what it reads. */
export function renderTracked(model: SiteModel, routes: RouteMap, route: Route, assets: Assets, year: number, index = indexModel(model, routes)): RenderedPage {
  const read = new Set<string>();
  const tracked = trackPage(model, routes, route, index, read);
  return { path: route.path, html: renderPage({ ...tracked, assets, year }), read: [...read] };
}
