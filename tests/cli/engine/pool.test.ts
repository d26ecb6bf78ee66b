import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WorkerPool } from '../../../cli/engine/pool.ts';
import { RenderPool } from '../../../cli/engine/render/pool.ts';
import type { Content, SiteModel } from '../../../cli/site/model.ts';
import type { RouteMap } from '../../../cli/site/routes.ts';
import type { Assets } from '../../../templates/context.tsx';
import { repoRoot, scratchDir, shippedStrings } from '../../helpers.ts';

/** A stand-in for a compiled task module (the engine, check-links' scanner) whose runTask is `body`, of `task`. */
async function taskModule(body: string): Promise<string> {
  const file = join(await scratchDir('worker-'), 'tasks.cjs');
  await writeFile(
    file,
    `const { threadId } = require('node:worker_threads');
const pause = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
exports.runTask = (task) => { ${body} };
`,
  );
  return file;
}

/** A stand-in engine that renders each page as `label` (an expression of `task`, `path` and `threadId`) after `wait` ms. */
const pageEngine = (wait: string, label: string) =>
  taskModule(`pause(${wait});
  return task.paths.map((path) => ({ path, html: String(${label}), read: { keys: [], at: [] } }));`);

/** Gives the pool a model of nothing: the stand-in engines do not read it. */
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
  for (const { html } of pages) counts[String(html)] = (counts[String(html)] ?? 0) + 1;
  return counts;
}

const words = (await shippedStrings('es')).markdown;

/** A batch of one Markdown text, kept in no pack. */
const batch = (markdown: string) => ({
  texts: [{ hash: markdown, markdown, lang: 'es' as const, words, file: `${markdown}.md`, line: 1 }],
});

describe('the render pool', () => {
  it('fails the build when a worker stops instead of waiting for it forever', async () => {
    const pool = new RenderPool(await taskModule('process.exit(3);'), 2);
    await expect(pool.markdown([batch('# one'), batch('# two')])).rejects.toThrow('a render worker stopped unexpectedly (exit code 3)');
    pool.close();
  });

  it('fails the build with the error a worker reports', async () => {
    const pool = new RenderPool(await taskModule("throw new Error('out of ink');"), 1);
    await expect(pool.markdown([batch('# one')])).rejects.toThrow('a render worker failed: out of ink');
    pool.close();
  });

  it('shares the pages between its workers, sends each the HTML of its text, and returns them in order', async () => {
    const pool = new RenderPool(await pageEngine('1', "threadId + ':' + (task.html[path] ?? '')"), 2);
    try {
      sendModel(pool);
      const paths = pagePaths(1000);
      const posts = new Map(
        paths.map((path, i) => [path, i % 2 ? { family: 'post', post: { html: `<p>${path}</p>` } } : { family: 'home' }]),
      );
      const pages = await pool.pages({ byPath: (path: string) => posts.get(path) } as unknown as RouteMap, paths);
      expect(pages.map((page) => page.path)).toEqual(paths);
      expect(pages.map((page) => String(page.html).split(':')[1])).toEqual(paths.map((path, i) => (i % 2 ? `<p>${path}</p>` : '')));
      expect(new Set(pages.map((page) => String(page.html).split(':')[0])).size).toBe(2);
    } finally {
      pool.close();
    }
  });

  it('renders pages on this thread while its worker starts, and shares the rest with it once it can', async () => {
    // A worker that takes its first task after `start` ms, then 5 ms a batch of pages; this thread takes 2 ms a batch.
    const pause = new Int32Array(new SharedArrayBuffer(4));
    const here = (paths: string[]) => {
      Atomics.wait(pause, 0, 0, 2);
      return paths.map((path) => ({ path, html: 'here', read: { keys: [], at: [] } }));
    };
    const renderers = async (start: number, paths: string[]) => {
      const pool = new RenderPool(await pageEngine(`task.paths.length === 0 ? ${start} : 5`, "'worker'"), 1);
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
});

describe('the worker pool', () => {
  it('runs tasks of different modules on the same workers', async () => {
    const pool = new WorkerPool('test', 1);
    try {
      const [render, scan] = await Promise.all([taskModule("return 'render ' + threadId;"), taskModule("return 'scan ' + threadId;")]);
      const [a, b] = await Promise.all([pool.run<string>(render, {}), pool.run<string>(scan, {})]);
      expect([a.split(' ')[0], b.split(' ')[0]]).toEqual(['render', 'scan']);
      expect(a.split(' ')[1]).toBe(b.split(' ')[1]);
    } finally {
      pool.close();
    }
  });

  it('is what the build and check-links run their tasks on', async () => {
    const read = (file: string) => readFile(join(repoRoot, 'cli', file), 'utf8');
    for (const file of ['engine/render/pool.ts', 'commands/check-links/scan-pool.ts']) {
      const code = await read(file);
      expect(code, file).toMatch(/import \{ WorkerPool \} from '[./]+(engine\/)?pool\.ts'/);
      expect(code, file).not.toMatch(/worker_threads|new Worker\(/);
    }
    const sources = (await readdir(join(repoRoot, 'cli'), { recursive: true })).filter((file) => /\.(ts|tsx|cjs)$/.test(file));
    const poolUsers = [];
    for (const file of sources) if (/from '(tinypool|piscina)'/.test(await read(file))) poolUsers.push(file);
    expect(poolUsers).toEqual(['engine/pool.ts']);
  });
});
