// A render worker (pool.ts): renders Markdown, and pages against the model it was sent.
import { parentPort } from 'node:worker_threads';
import type { Assets } from '../../templates/context.tsx';
import { createRenderer, markdownToHtml, type RenderedPage } from './engine.ts';
import type { SiteModel } from './model.ts';
import { RouteMap, type Route } from './routes.ts';

export type WorkerRequest =
  | { id: number; type: 'markdown'; sources: string[] }
  | { id: number; type: 'site'; model: SiteModel; assets: Assets; year: number }
  | { id: number; type: 'pages'; paths: string[] };

let site: { routes: RouteMap; render: (route: Route) => RenderedPage } | undefined;

parentPort!.on('message', async (request: WorkerRequest) => {
  try {
    if (request.type === 'markdown') {
      parentPort!.postMessage({ id: request.id, result: await Promise.all(request.sources.map(markdownToHtml)) });
    } else if (request.type === 'site') {
      const routes = new RouteMap(request.model);
      site = { routes, render: createRenderer(request.model, routes, request.assets, request.year) };
      parentPort!.postMessage({ id: request.id, result: null });
    } else {
      const { routes, render } = site!;
      const pages = request.paths.map((path) => render(routes.byPath(path)));
      parentPort!.postMessage({ id: request.id, result: pages });
    }
  } catch (error) {
    parentPort!.postMessage({ id: request.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
