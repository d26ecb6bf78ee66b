import { availableParallelism } from 'node:os';
import { serialize } from 'node:v8';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { repoRoot } from '../../support/paths.ts';
import type { Assets } from '../../../templates/context.tsx';
import { withHtml } from '../incremental/markdown-cache.ts';
import type { MarkdownBatch, RenderedBatch } from './markdown-batch.ts';
import type { Content, SiteModel } from '../../site/model.ts';
import { markdownPageOf, type RouteMap } from '../../site/routes.ts';
import type { RenderedBytes, WorkerRequest } from './worker.ts';

const pageBatch = 250;
/** Pages a batch when this thread renders too (pages()): a tenth of a second's work, or less. */
const sharedBatch = 20;

/** Where each worker starts: from the repository, since this module runs bundled elsewhere (cli/bin.cjs). */
const workerStart = join(repoRoot, 'cli/engine/render/worker-start.cjs');

type Request = WorkerRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/**
 * Worker threads, one per core, that render Markdown and pages in parallel. Each task is split
 * into one chunk per worker; results come back in the order of the input.
 */
export class RenderPool {
  private readonly workers: Worker[];
  private next = 0;
  private closing = false;
  /** Tasks sent to each worker and not answered yet. */
  private readonly waiting = new Map<Worker, number>();
  /** The model's delivery to every worker (site()). */
  private sent?: Promise<unknown>;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  /** The worker that rendered each Markdown text, by source hash: it keeps the HTML (worker.ts). */
  private readonly renderedBy = new Map<string, Worker>();

  /** `engineFile`: the compiled engine (compile.ts), or a bundle that serves requests as it does. */
  constructor(engineFile: string, size = availableParallelism()) {
    this.workers = Array.from({ length: Math.max(1, size) }, () => {
      const worker = new Worker(workerStart, { workerData: { engine: engineFile } });
      worker.on('message', ({ id, result, error }: { id: number; result?: unknown; error?: { message: string; stack?: string } }) => {
        this.waiting.set(worker, this.waiting.get(worker)! - 1);
        const task = this.pending.get(id);
        this.pending.delete(id);
        if (error) task?.reject(failed(error));
        else task?.resolve(result);
      });
      worker.on('error', (error) => this.failAll(new Error('a render worker crashed', { cause: error })));
      // Without this, a worker that stops (out of memory, say) would leave the build waiting forever.
      worker.on('exit', (code) => this.closing || this.failAll(new Error(`a render worker stopped unexpectedly (exit code ${code})`)));
      this.waiting.set(worker, 0);
      return worker;
    });
  }

  private failAll(error: Error): void {
    for (const task of this.pending.values()) task.reject(error);
    this.pending.clear();
  }

  private send<T>(worker: Worker, request: Request): Promise<T> {
    const id = this.next++;
    this.waiting.set(worker, this.waiting.get(worker)! + 1);
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...request, id });
    });
  }

  async markdown(batches: MarkdownBatch[]): Promise<RenderedBatch[]> {
    // A lone batch (MarkdownAhead's, sent as the content loads) goes to the worker with the fewest
    // tasks waiting: with the loader on a third thread, the system may give one worker less time,
    // and the pages wait for the last text.
    if (batches.length === 1) return this.renderOn(this.leastBusy(), batches);
    const results = await Promise.all(this.shares(batches).map(({ worker, items }) => (items.length ? this.renderOn(worker, items) : [])));
    return results.flat();
  }

  private renderOn(worker: Worker, batches: MarkdownBatch[]): Promise<RenderedBatch[]> {
    for (const { texts } of batches) for (const { hash } of texts) this.renderedBy.set(hash, worker);
    return this.send<RenderedBatch[]>(worker, { type: 'markdown', batches });
  }

  /**
   * Sends every worker the model its pages render from, without Markdown sources, HTML or image
   * bytes: it can go while the Markdown renders, since pages() sends each page the HTML it shows (or its worker kept it).
   */
  site(model: SiteModel, content: Content, assets: Assets, year: number): void {
    // Serialized once for all workers: posting the object would serialize it again for each (~80 ms at 4,000 posts).
    const slim = serialize(slimModel(model, content));
    this.sent = Promise.all(this.workers.map((worker) => this.send(worker, { type: 'site', model: slim, assets, year })));
    this.sent.catch(() => {}); // awaited by pages(); a build that fails before never asks for it
  }

  /**
   * Renders the pages at `paths` against the model site() sent, returned as bytes or written to
   * `staging` (see RenderedBytes), in the order of `paths`. Each worker starts on its share, in
   * batches, two at a time so that it never waits for this thread between two; each comes back
   * when done, so that no thread holds thousands of pages. A worker whose share is done takes the
   * last batch of the share with most left: with three threads on two cores, one worker can get
   * less time, and equal shares left the other core idle for ~0.7 s at the end of a cold build.
   * With `here`, this thread renders too, between its other work: it takes batches as a finished
   * worker does, in smaller batches so that there are some to take.
   *
   * `texts`, when the Markdown still renders, resolves once it is all rendered. Until then a worker
   * is sent only batches whose texts it renders itself: its messages are answered in order, so it
   * takes them after those texts, instead of waiting for the slowest worker's last text.
   */
  async pages<H extends Omit<RenderedBytes, 'html'> = RenderedBytes>(
    routes: RouteMap,
    paths: string[],
    staging?: string,
    here?: (paths: string[]) => H[],
    texts?: Promise<unknown>,
  ): Promise<(RenderedBytes | H)[]> {
    if (!this.sent) throw new Error('pages() needs the model: call site() first');
    /** The text a page shows, if any, and the worker that rendered it. */
    const shown = (path: string) => {
      const page = markdownPageOf(routes.byPath(path));
      return page && { page, holder: this.renderedBy.get(page.sourceHash) };
    };
    const holderOf = (path: string) => shown(path)?.holder;
    /** Whether the page shows a text `worker` did not render, whose HTML must go with it. */
    const fromElsewhere = (worker: Worker, path: string) => {
      const text = shown(path);
      return text !== undefined && text.holder !== worker;
    };
    const html = (worker: Worker, batch: string[]) =>
      Object.fromEntries(batch.flatMap((path) => (fromElsewhere(worker, path) ? [[path, shown(path)!.page.html]] : [])));
    const size = here ? sharedBatch : pageBatch;
    const left = new Map(
      this.shares(paths, holderOf).map(({ worker, items }) => [worker, batchesOf(items, size, here ? size : Math.ceil(size / 5))]),
    );
    const steal = () => [...left.values()].reduce((a, b) => (b.length > a.length ? b : a)).pop();
    const next = (worker: Worker) => left.get(worker)!.shift() ?? steal();
    const rendered: (RenderedBytes | H)[] = [];
    const feed = async (worker: Worker) => {
      for (let batch = next(worker); batch; batch = next(worker)) {
        if (texts && batch.some((path) => fromElsewhere(worker, path))) await texts;
        rendered.push(...(await this.send<RenderedBytes[]>(worker, { type: 'pages', paths: batch, html: html(worker, batch), staging })));
      }
    };
    const feedAll = () => Promise.all(this.workers.flatMap((worker) => [feed(worker), feed(worker)]));
    if (here) {
      // The workers take batches once they have the model: this thread never waits for one still starting.
      let feeding: Promise<unknown> | undefined;
      this.sent.then(
        () => {
          feeding = feedAll();
          feeding.catch(() => {}); // awaited below, once this thread has no batch left
        },
        () => {}, // a worker that failed before it took a batch leaves this thread all of them
      );
      for (let batch = steal(); batch; batch = steal()) {
        rendered.push(...here(batch));
        await new Promise(setImmediate); // the workers' answers, and their next batches
      }
      await feeding;
    } else {
      await Promise.all([this.sent, feedAll()]);
    }
    const order = new Map(paths.map((path, i) => [path, i]));
    return rendered.sort((a, b) => order.get(a.path)! - order.get(b.path)!);
  }

  /**
   * An equal share of `items` per worker, in order. An item goes to the worker `holderOf` names
   * while that worker's share has room: a post's page to the worker that rendered its Markdown.
   */
  private shares<I>(items: I[], holderOf: (item: I) => Worker | undefined = () => undefined): { worker: Worker; items: I[] }[] {
    const size = Math.ceil(items.length / this.workers.length);
    const shares = new Map(this.workers.map((worker) => [worker, [] as I[]]));
    const rest: I[] = [];
    for (const item of items) {
      const holder = holderOf(item);
      const share = holder && shares.get(holder);
      (share && share.length < size ? share : rest).push(item);
    }
    const lists = [...shares.values()];
    for (const item of rest) lists.find((share) => share.length < size)!.push(item);
    return [...shares].map(([worker, items]) => ({ worker, items }));
  }

  private leastBusy(): Worker {
    return this.workers.reduce((best, worker) => (this.waiting.get(worker)! < this.waiting.get(best)! ? worker : best));
  }

  /** Stops the workers, without waiting for them (~0.1 s each): nothing this pool made needs them. */
  close(): void {
    if (this.closing) return;
    this.closing = true;
    for (const worker of this.workers) void worker.terminate();
  }
}

/** A worker's failure as this thread reports it: its message, and its stack for --debug. */
function failed({ message, stack }: { message: string; stack?: string }): Error {
  const error = new Error(`a render worker failed: ${message}`);
  if (stack) error.stack = stack;
  return error;
}

/**
 * `items` in batches of `size`, the last two batches' worth in batches of `last`: a worker holds
 * two batches at a time, and at the end the others can take only what no worker holds yet.
 */
function batchesOf<I>(items: I[], size: number, last: number): I[][] {
  const batches: I[][] = [];
  for (let at = 0; at < items.length; ) {
    const take = items.length - at > 2 * size ? size : last;
    batches.push(items.slice(at, (at += take)));
  }
  return batches;
}

/** The model a worker renders pages from: no Markdown sources, no HTML, no image bytes. Copying it to each worker is the cost. */
function slimModel(model: SiteModel, content: Content): SiteModel {
  const images = new Map([...model.images].map(([name, { width, height }]) => [name, { name, width, height, bytes: Buffer.alloc(0) }]));
  // The content's pages, not the model's: reading those copies their HTML, which may not be rendered yet.
  return { ...model, ...withHtml({ posts: content.posts, legal: content.legal }, () => ''), images };
}
