// A render worker (pool.ts): renders Markdown, and pages against the model it was sent.
import { deserialize } from 'node:v8';
import type { MessagePort } from 'node:worker_threads';
import type { Assets } from '../../../templates/context.tsx';
import { createRenderer, renderBatch, type RenderedPage } from './engine.ts';
import type { MarkdownBatch } from './markdown-batch.ts';
import type { SiteModel } from '../../site/model.ts';
import { markdownPageOf, outputFile, RouteMap, type Route } from '../../site/routes.ts';
import { keyLists, type KeyList } from '../incremental/key-lists.ts';
import { indexModel } from '../incremental/tracking.ts';
import { Stager, type StagedFile } from '../write/stage.ts';

export type WorkerRequest =
  | { id: number; type: 'markdown'; batches: MarkdownBatch[] }
  /** `model`: the SiteModel, serialized with node:v8 (pool.ts). */
  | { id: number; type: 'site'; model: Uint8Array; assets: Assets; year: number }
  /** `html`: the HTML of the post or legal text each page shows, by its path, unless this worker rendered it. */
  | { id: number; type: 'pages'; paths: string[]; html: Record<string, string>; staging?: string };

/**
 * A page rendered on a worker: its HTML as UTF-8 bytes, moved to the main thread without a copy,
 * or, given a staging folder, written there by the worker (write/publish.ts moves it into place).
 * Its dependency keys come as a list into a table that the batch's pages share, which a message
 * copies once: sent as strings, the main thread received a copy of each key for each page
 * (200,000 strings at 4,000 posts), which it kept to the end.
 */
export type RenderedBytes = Omit<RenderedPage, 'html' | 'read'> & { html: Uint8Array | StagedFile; read: KeyList };

const encoder = new TextEncoder();

let site: { routes: RouteMap; render: (route: Route) => RenderedPage } | undefined;
/** The HTML of each text this worker rendered, by source hash: the pool sends its page here, without it. */
const rendered = new Map<string, string>();

/** Answers the build's requests on `port`, for as long as the worker runs (worker-start.cjs). */
export const serveRequests = (port: MessagePort) => port.on('message', (request: WorkerRequest) => answer(port, request));

async function answer(port: MessagePort, request: WorkerRequest): Promise<void> {
  try {
    if (request.type === 'markdown') {
      const result = request.batches.map(renderBatch);
      request.batches.forEach(({ texts }, b) => texts.forEach(({ hash }, i) => rendered.set(hash, result[b]!.html[i]!)));
      port.postMessage({ id: request.id, result });
    } else if (request.type === 'site') {
      const model = deserialize(request.model) as SiteModel;
      const routes = new RouteMap(model);
      // Hashes are the main thread's: here only the keys of what pages read are needed.
      const index = indexModel(model, routes, { hashes: false });
      site = { routes, render: createRenderer(model, routes, request.assets, request.year, { index }) };
      port.postMessage({ id: request.id, result: null });
    } else {
      const { routes, render } = site!;
      const stager = request.staging ? new Stager(request.staging) : undefined;
      const pages = request.paths.map((path) => {
        const route = routes.byPath(path);
        const shown = markdownPageOf(route);
        if (shown) {
          const html = request.html[path] ?? rendered.get(shown.sourceHash);
          if (html === undefined) throw new Error(`no HTML was sent or rendered here for ${path}`);
          shown.html = html;
        }
        const page = render(route);
        if (shown) shown.html = ''; // held only while its page renders
        return { ...page, html: stager ? stager.add(outputFile(path), page.html) : encoder.encode(page.html) };
      });
      const lists = keyLists(pages.map((page) => page.read));
      const result: RenderedBytes[] = pages.map((page, i) => ({ ...page, read: lists[i]! }));
      const moved = result.flatMap((page) => (page.html instanceof Uint8Array ? [page.html.buffer as ArrayBuffer] : []));
      port.postMessage({ id: request.id, result }, moved);
    }
  } catch (error) {
    const failure = error instanceof Error ? { message: error.message, stack: error.stack } : { message: String(error) };
    port.postMessage({ id: request.id, error: failure });
  }
}
