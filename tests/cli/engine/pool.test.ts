import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RenderPool } from '../../../cli/engine/render/pool.ts';
import type { Content, SiteModel } from '../../../cli/site/model.ts';
import type { RouteMap } from '../../../cli/site/routes.ts';
import type { Assets } from '../../../templates/context.tsx';
import { scratchDir } from '../../helpers.ts';

/** A stand-in for the compiled engine whose workers do `body` when they get their first task. */
async function workerScript(body: string): Promise<string> {
  const file = join(await scratchDir('worker-'), 'engine.cjs');
  await writeFile(file, `exports.serveRequests = (port) => port.on('message', () => { ${body} });\n`);
  return file;
}

/**
 * A stand-in engine whose workers wait `wait` ms before each answer (an expression of `request` and
 * `threadId`) and render each page as the text of `label` (another).
 */
async function pageEngine(wait: string, label: string): Promise<string> {
  const file = join(await scratchDir('worker-'), 'engine.cjs');
  await writeFile(
    file,
    `const { threadId } = require('node:worker_threads');
const pause = new Int32Array(new SharedArrayBuffer(4));
exports.serveRequests = (port) => port.on('message', (request) => {
  Atomics.wait(pause, 0, 0, ${wait});
  if (request.type !== 'pages') return port.postMessage({ id: request.id, result: null });
  const pages = request.paths.map((path) => ({ path, html: new TextEncoder().encode(String(${label})), read: { keys: [], at: [] } }));
  port.postMessage({ id: request.id, result: pages });
});
`,
  );
  return file;
}

/** Sends the pool a model of nothing: the stand-in engines do not read it. */
const sendModel = (pool: RenderPool) =>
  pool.site(
    { images: new Map() } as unknown as SiteModel,
    { posts: { es: [], en: [] }, legal: { es: [], en: [] } } as unknown as Content,
    {} as Assets,
    2026,
  );
const routes = { byPath: () => ({ family: 'home' }) } as unknown as RouteMap;
const pagePaths = (count: number) => Array.from({ length: count }, (_, i) => `/page-${i}`);

/** How many of `pages` each renderer made, by the text it wrote. */
function byRenderer(pages: { html: unknown }[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { html } of pages) {
    const by = typeof html === 'string' ? html : new TextDecoder().decode(html as Uint8Array);
    counts[by] = (counts[by] ?? 0) + 1;
  }
  return counts;
}

/** A batch of one Markdown text, kept in no pack. */
const batch = (markdown: string) => ({ texts: [{ hash: markdown, markdown, lang: 'es' as const, file: `${markdown}.md`, line: 1 }] });

describe('the render pool', () => {
  it('fails the build when a worker stops instead of waiting for it forever', async () => {
    const pool = new RenderPool(await workerScript('process.exit(3);'), 2);
    await expect(pool.markdown([batch('# one'), batch('# two')])).rejects.toThrow('a render worker stopped unexpectedly (exit code 3)');
    pool.close();
  });

  it('has a worker that finished its share render what is left of a slower one', async () => {
    // Of the two workers, the one with an even thread id takes 20 ms a batch of pages, the other 1 ms.
    const pool = new RenderPool(await pageEngine("request.type !== 'pages' ? 0 : threadId % 2 === 0 ? 20 : 1", 'threadId'), 2);
    try {
      sendModel(pool);
      const paths = pagePaths(5000);
      const pages = await pool.pages(routes, paths);
      expect(pages.map((page) => page.path)).toEqual(paths);
      expect(Math.max(...Object.values(byRenderer(pages)))).toBeGreaterThan(0.6 * paths.length);
    } finally {
      pool.close();
    }
  });

  it("has a worker start on the pages of the texts it rendered while another worker's texts still render", async () => {
    // One worker takes 400 ms to render its texts, the other none; a page's text says when it was rendered.
    const pool = new RenderPool(await pageEngine("request.type === 'markdown' && threadId % 2 === 0 ? 400 : 0", 'Date.now()'), 2);
    try {
      sendModel(pool);
      const paths = pagePaths(400);
      let textsDone = Number.POSITIVE_INFINITY;
      // As in a build's model, a text's HTML cannot be read before every text is rendered.
      const post = (path: string) => ({
        sourceHash: path,
        get html() {
          if (textsDone === Number.POSITIVE_INFINITY) throw new Error(`the HTML of ${path} was read before it was rendered`);
          return `<p>${path}</p>`;
        },
      });
      const posts = new Map(paths.map((path) => [path, { family: 'post', post: post(path) }]));
      const postRoutes = { byPath: (path: string) => posts.get(path) } as unknown as RouteMap;
      const texts = pool.markdown(paths.map(batch));
      void texts.then(() => (textsDone = Date.now()));
      const pages = await pool.pages(postRoutes, paths, undefined, undefined, texts);
      expect(pages.map((page) => page.path)).toEqual(paths);
      const renderedAt = pages.map((page) => Number(new TextDecoder().decode(page.html as Uint8Array)));
      // The fast worker's pages came before the slow worker's texts were done, and it took the slow
      // one's last pages, with their HTML, only once they were.
      expect(Math.min(...renderedAt)).toBeLessThan(textsDone);
      expect(Math.max(...renderedAt)).toBeGreaterThanOrEqual(textsDone);
    } finally {
      pool.close();
    }
  });

  it('renders pages on this thread while its worker starts, and shares the rest with it once it can', async () => {
    // A worker that takes the model after `start` ms, then 5 ms a batch of pages; this thread takes 2 ms a batch.
    const pause = new Int32Array(new SharedArrayBuffer(4));
    const here = (paths: string[]) => {
      Atomics.wait(pause, 0, 0, 2);
      return paths.map((path) => ({ path, html: 'here', read: { keys: [], at: [] } }));
    };
    const renderers = async (start: number, paths: string[]) => {
      const pool = new RenderPool(await pageEngine(`request.type === 'site' ? ${start} : 5`, "'worker'"), 1);
      try {
        sendModel(pool);
        const pages = await pool.pages(routes, paths, undefined, here);
        expect(pages.map((page) => page.path)).toEqual(paths);
        return byRenderer(pages);
      } finally {
        pool.close();
      }
    };
    // A worker that would take a minute to start: this thread renders every page, without waiting for it.
    expect(await renderers(60_000, pagePaths(40))).toEqual({ here: 40 });
    // One ready in 0.2 s: both render, each page once, in order.
    const counts = await renderers(200, pagePaths(8000));
    expect(counts.here).toBeGreaterThan(0);
    expect(counts.worker).toBeGreaterThan(0);
    expect(counts.here! + counts.worker!).toBe(8000);
  });

  it('fails the build with the error a worker reports', async () => {
    const pool = new RenderPool(await workerScript("throw new Error('out of ink');"), 1);
    await expect(pool.markdown([batch('# one')])).rejects.toThrow('a render worker crashed');
    pool.close();
  });
});
