import { randomUUID } from 'node:crypto';
import { serialize } from 'node:v8';
import type { Assets } from '../../../templates/context.tsx';
import { WorkerPool } from '../pool.ts';
import type { MarkdownBatch, RenderedBatch } from './markdown-batch.ts';
import { withHtml } from './texts.ts';
import type { Content, SiteModel } from '../../site/model.ts';
import { markdownPageOf, type RouteMap } from '../../site/routes.ts';
import type { RenderedFile, RenderTask, SharedSite } from './worker.ts';

/** Pages a task: small enough that no worker is left with much when the others are done. */
const pageBatch = 50;
/** Pages a task when this thread renders too (pages()): a tenth of a second's work, or less. */
const sharedBatch = 20;

/** Render tasks (worker.ts) on the worker pool, with the compiled engine (compile.ts) answering them. */
export class RenderPool {
  private readonly workers: WorkerPool;
  private shared?: SharedSite;

  /** `engineFile`: the compiled engine, or a file that answers render tasks as it does. */
  constructor(
    private readonly engineFile: string,
    size?: number,
  ) {
    this.workers = new WorkerPool('render', size);
  }

  private run<T>(task: RenderTask): Promise<T> {
    return this.workers.run<T>(this.engineFile, task);
  }

  /** Renders Markdown, a task per batch: each goes to the next free worker. Results in the order of `batches`. */
  markdown(batches: MarkdownBatch[]): Promise<RenderedBatch[]> {
    return Promise.all(batches.map((batch) => this.run<RenderedBatch>({ type: 'markdown', batch })));
  }

  /**
   * Sets the model pages() renders from, without Markdown sources, HTML or image bytes: it can be
   * made while the Markdown renders, since each page task carries the HTML it shows. Serialized
   * once, into memory every task shares: copying it to each worker cost ~80 ms at 4,000 posts.
   */
  site(model: SiteModel, content: Content, assets: Assets, year: number): void {
    const bytes = serialize(slimModel(model, content));
    const shared = new Uint8Array(new SharedArrayBuffer(bytes.length));
    shared.set(bytes);
    this.shared = { build: randomUUID(), model: shared, assets, year };
  }

  /**
   * Renders the pages at `paths`, returned as text or written to `staging` (see RenderedFile), in
   * the order of `paths`. The HTML of each page's text goes with it, so the Markdown must be done.
   * With `here`, this thread renders too, taking batches as a worker does; the workers start taking
   * them once one has the engine and the model, so this thread never waits for one still starting.
   */
  async pages<H extends Omit<RenderedFile, 'html'> = RenderedFile>(
    routes: RouteMap,
    paths: string[],
    staging?: string,
    here?: (paths: string[]) => H[],
  ): Promise<(RenderedFile | H)[]> {
    const site = this.shared;
    if (!site) throw new Error('pages() needs the model: call site() first');
    const size = here ? sharedBatch : pageBatch;
    const batches = Array.from({ length: Math.ceil(paths.length / size) }, (_, i) => paths.slice(i * size, (i + 1) * size));
    const task = (batch: string[]): RenderTask => {
      const html: Record<string, string> = {};
      for (const path of batch) {
        const text = markdownPageOf(routes.byPath(path));
        if (text) html[path] = text.html;
      }
      return { type: 'pages', site, paths: batch, html, staging };
    };
    const done: (RenderedFile | H)[][] = [];
    const taken = new Set<Promise<void>>();
    let next = 0;
    const feed = async () => {
      for (let i = next++; i < batches.length; i = next++) {
        const batch = this.run<RenderedFile[]>(task(batches[i]!)).then((pages) => void (done[i] = pages));
        taken.add(batch);
        await batch;
      }
    };
    const ready = here ? this.run(task([])) : Promise.resolve();
    // Two tasks per worker at a time: one to start as soon as the other is done, and no more, so
    // that the last pages go to whichever worker is free.
    const feeding = ready.then(() => Promise.all(Array.from({ length: 2 * this.workers.size }, feed)));
    if (!here) await feeding;
    else {
      feeding.catch(() => {}); // a worker that fails before it takes a batch leaves them all to this thread
      for (let i = next++; i < batches.length; i = next++) {
        done[i] = here(batches[i]!);
        await new Promise(setImmediate); // the workers' answers, and their next batches
      }
      await Promise.all(taken); // not a worker still starting, which took none
    }
    return done.flat();
  }

  close(): void {
    this.workers.close();
  }
}

/** The model a worker renders pages from: no Markdown sources, no HTML, no image bytes. */
function slimModel(model: SiteModel, content: Content): SiteModel {
  const images = new Map([...model.images].map(([name, { width, height }]) => [name, { name, width, height, bytes: Buffer.alloc(0) }]));
  // The content's pages, not the model's: reading those copies their HTML, which may not be rendered yet.
  return { ...model, ...withHtml({ posts: content.posts, legal: content.legal }, () => ''), images };
}
