import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { repoRoot } from '../../paths.ts';
import type { Assets } from '../../../templates/context.tsx';
import { withHtml } from '../incremental/markdown-cache.ts';
import type { MarkdownBatch } from './markdown-text.ts';
import type { SiteModel } from '../../site/model.ts';
import type { Route, RouteMap } from '../../site/routes.ts';
import type { RenderedBytes, WorkerRequest } from './worker.ts';

const pageBatch = 250;

/** Where each worker starts: from the repository, since this module runs bundled elsewhere (cli/bin.js). */
const workerStart = join(repoRoot, 'cli/engine/render/worker-start.js');

type Request = WorkerRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/**
 * Worker threads, one per core, that render Markdown and pages in parallel. Each task is split
 * into one chunk per worker; results come back in the order of the input.
 */
export class RenderPool {
  private readonly workers: Worker[];
  private next = 0;
  private turn = 0;
  private closing = false;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();

  /** `engineFile`: the compiled engine (compile.ts), or a bundle that serves requests as it does. */
  constructor(engineFile: string, size = availableParallelism()) {
    this.workers = Array.from({ length: Math.max(1, size) }, () => {
      // Rendering makes short-lived garbage fast. With a 48 MB young generation instead of 16, a
      // worker of a 4,000-post cold build spent ~0.7 s in GC instead of 1-1.7 s, at the same peak RSS.
      const worker = new Worker(workerStart, { workerData: { engine: engineFile }, resourceLimits: { maxYoungGenerationSizeMb: 48 } });
      worker.on('message', ({ id, result, error }: { id: number; result?: unknown; error?: string }) => {
        const task = this.pending.get(id);
        this.pending.delete(id);
        if (error) task?.reject(new Error(`a render worker failed: ${error}`));
        else task?.resolve(result);
      });
      worker.on('error', (error) => this.failAll(new Error('a render worker crashed', { cause: error })));
      // Without this, a worker that stops (out of memory, say) would leave the build waiting forever.
      worker.on('exit', (code) => this.closing || this.failAll(new Error(`a render worker stopped unexpectedly (exit code ${code})`)));
      return worker;
    });
  }

  private failAll(error: Error): void {
    for (const task of this.pending.values()) task.reject(error);
    this.pending.clear();
  }

  private send<T>(worker: Worker, request: Request): Promise<T> {
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...request, id });
    });
  }

  /**
   * One slice of `items` per worker, in order; each call starts with the next worker, so that
   * tasks of one item each (MarkdownAhead's batches) go to every worker in turn.
   */
  private chunks<I>(items: I[]): { worker: Worker; items: I[] }[] {
    const size = Math.ceil(items.length / this.workers.length);
    const first = this.turn++;
    return this.workers.map((_, i) => ({
      worker: this.workers[(first + i) % this.workers.length]!,
      items: items.slice(i * size, (i + 1) * size),
    }));
  }

  async markdown(batches: MarkdownBatch[]): Promise<string[][]> {
    const results = await Promise.all(
      this.chunks(batches).map(({ worker, items }) =>
        items.length ? this.send<string[][]>(worker, { type: 'markdown', batches: items }) : [],
      ),
    );
    return results.flat();
  }

  /** Renders the pages at `paths`, returned as bytes or written to `staging` (see RenderedBytes). */
  async pages(
    model: SiteModel,
    routes: RouteMap,
    assets: Assets,
    year: number,
    paths: string[],
    staging?: string,
  ): Promise<RenderedBytes[]> {
    const results = await Promise.all(
      this.chunks(paths).map(async ({ worker, items: chunk }) => {
        if (!chunk.length) return [];
        await this.send(worker, {
          type: 'site',
          model: slimModel(
            model,
            chunk.map((path) => routes.byPath(path)),
          ),
          assets,
          year,
        });
        // In batches, so that no thread holds thousands of finished pages at once.
        const pages: RenderedBytes[] = [];
        for (let start = 0; start < chunk.length; start += pageBatch) {
          pages.push(
            ...(await this.send<RenderedBytes[]>(worker, { type: 'pages', paths: chunk.slice(start, start + pageBatch), staging })),
          );
        }
        return pages;
      }),
    );
    return results.flat();
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }
}

/**
 * The model a worker needs for some pages: no Markdown sources, no image bytes, and the HTML of
 * only the posts and legal texts those pages show. Copying it to each worker is the cost.
 */
function slimModel(model: SiteModel, routes: Route[]): SiteModel {
  const shown = new Map(
    routes.flatMap((r): [object, string][] =>
      r.family === 'post' ? [[r.post, r.post.html]] : r.family === 'legal' ? [[r.page, r.page.html]] : [],
    ),
  );
  const images = new Map([...model.images].map(([name, { width, height }]) => [name, { name, width, height, bytes: Buffer.alloc(0) }]));
  return { ...withHtml(model, (page) => shown.get(page) ?? ''), images };
}
