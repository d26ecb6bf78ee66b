// A render worker (pool.ts): renders Markdown, and pages against the model it was sent.
import { parentPort } from 'node:worker_threads';
import type { Assets } from '../../templates/context.tsx';
import { markdownToHtml, renderTracked } from './engine.ts';
import type { SiteModel } from './model.ts';
import { RouteMap } from './routes.ts';
import { indexModel } from './tracking.ts';

export type WorkerRequest =
  | { id: number; type: 'markdown'; sources: string[] }
  | { id: number; type: 'site'; model: SiteModel; assets: Assets; year: number }
  | { id: number; type: 'pages'; paths: string[] };

let site: { model: SiteModel; routes: RouteMap; index: ReturnType<typeof indexModel>; assets: Assets; year: number } | undefined;

parentPort!.on('message', async (request: WorkerRequest) => {
  try {
    if (request.type === 'markdown') {
      parentPort!.postMessage({ id: request.id, result: await Promise.all(request.sources.map(markdownToHtml)) });
    } else if (request.type === 'site') {
      const routes = new RouteMap(request.model);
      site = { model: request.model, routes, index: indexModel(request.model, routes), assets: request.assets, year: request.year };
      parentPort!.postMessage({ id: request.id, result: null });
    } else {
      const { model, routes, index, assets, year } = site!;
      const pages = request.paths.map((path) => renderTracked(model, routes, routes.byPath(path), assets, year, index));
      parentPort!.postMessage({ id: request.id, result: pages });
    }
  } catch (error) {
    parentPort!.postMessage({ id: request.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
