import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Assets } from '../../templates/context.tsx';
import type { RenderedPage } from './engine.ts';
import type { SiteModel } from './model.ts';
import type { WorkerRequest } from './worker.ts';

type Request = WorkerRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/**
 * Worker threads, one per core, that render Markdown and pages in parallel. Each task is split
 * into one chunk per worker; results come back in the order of the input.
 */
export class RenderPool {
  private readonly workers: Worker[];
  private next = 0;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();

  constructor(workerFile: string, size = availableParallelism()) {
    this.workers = Array.from({ length: Math.max(1, size) }, () => {
      const worker = new Worker(workerFile);
      worker.on('message', ({ id, result, error }: { id: number; result?: unknown; error?: string }) => {
        const task = this.pending.get(id);
        this.pending.delete(id);
        if (error) task?.reject(new Error(`a render worker failed: ${error}`));
        else task?.resolve(result);
      });
      worker.on('error', (error) => {
        for (const task of this.pending.values()) task.reject(new Error('a render worker crashed', { cause: error }));
        this.pending.clear();
      });
      return worker;
    });
  }

  get size(): number {
    return this.workers.length;
  }

  private send<T>(worker: Worker, request: Request): Promise<T> {
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...request, id });
    });
  }

  private async spread<I, O>(items: I[], request: (chunk: I[]) => Request): Promise<O[]> {
    const size = Math.ceil(items.length / this.workers.length);
    const chunks = this.workers.map((_, i) => items.slice(i * size, (i + 1) * size));
    const results = await Promise.all(chunks.map((chunk, i) => (chunk.length ? this.send<O[]>(this.workers[i]!, request(chunk)) : [])));
    return results.flat();
  }

  markdown(sources: string[]): Promise<string[]> {
    return this.spread(sources, (chunk) => ({ type: 'markdown', sources: chunk }));
  }

  async pages(model: SiteModel, assets: Assets, year: number, paths: string[]): Promise<RenderedPage[]> {
    // Image bytes stay here: pages need only names and sizes.
    const images = new Map([...model.images].map(([name, { width, height }]) => [name, { name, width, height, bytes: Buffer.alloc(0) }]));
    await Promise.all(this.workers.map((worker) => this.send(worker, { type: 'site', model: { ...model, images }, assets, year })));
    return this.spread(paths, (chunk) => ({ type: 'pages', paths: chunk }));
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }
}
