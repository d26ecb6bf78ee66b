import type { Assets } from '../../templates/context.tsx';
import type { CacheState, PageRecord } from './incremental/cache.ts';
import { planner, type Target } from './incremental/plan.ts';
import { keyLists, type KeyList } from './render/key-lists.ts';
import { compileTemplates, type CompiledTemplates } from './render/compile.ts';
import { deployFiles } from './write/deploy.ts';
import { adminFiles } from './write/admin/files.ts';
import { MarkdownCache, type MarkdownAhead } from './incremental/markdown-cache.ts';
import { renderMarkdown } from './render/texts.ts';
import { countMarkdown, type ContentListing } from './load/content.ts';
import type { Content, SiteModel } from '../site/model.ts';
import { siteFiles } from './write/site-files.ts';
import { Stager, type OutputContent, type Outputs } from '../support/staged.ts';
import type { RenderedPage } from './render/engine.ts';
import { RenderPool } from './render/pool.ts';
import { encodePhotos } from './photos/encode.ts';
import { readFileSync, rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { outputFile, type Route, RouteMap } from '../site/routes.ts';
import { indexModel, tracker, type Entities } from './render/reads.ts';
import { digest } from '../support/files.cjs';
import { filesUnder, templateHashes, toolVersion } from './incremental/versions.ts';

export interface BuildOptions {
  templatesDir: string;
  year: number;
  /** For incremental builds: the cache of the previous build and the tool version. */
  incremental?: {
    cache: CacheState;
    version: string;
    /** Output files the previous build wrote that the output folder still holds unchanged. */
    intact: ReadonlySet<string>;
  };
  /** Worker threads: 'auto' uses them when there is enough work to pay for starting them. */
  parallel?: 'auto' | 'always' | 'never';
  /** Told what a build large enough for worker threads is doing, for a status line. */
  progress?: (step: string) => void;
  /** Render workers the caller started early (see startWorkers), and closes itself. */
  workers?: EarlyWorkers;
  /** Markdown sent to `workers` while the content loaded (MarkdownAhead in incremental/markdown-cache.ts). */
  ahead?: MarkdownAhead;
  /**
   * A folder the worker threads write the pages they render to, on the output folder's disk, so
   * that thousands of pages need not pass through this thread's memory (write/publish.ts moves them).
   */
  staging?: string;
  /** Where encoded photos are kept between builds (photos/encode.ts); without it, in a temporary folder. */
  photoCache?: string;
  /** Told of damaged cache files, which are ignored and rebuilt. */
  warn?: (message: string) => void;
  /** The content folder's name at the root of its repository, where the editor at /admin/ saves ("content" by default). */
  contentFolder?: string;
}

/**
 * Below these counts a single thread finishes before worker threads have started. From `helped`
 * pages, one worker renders alongside this thread, which takes every batch until the worker is
 * ready (RenderPool.pages): the real site's 338 pages, from scratch, took 1.08 s against 1.32 s
 * (medians of 8 alternating pairs; 18 pairs in all, every batch size from 10 to 40 pages faster).
 */
const parallelFrom = { markdown: 100, pages: 400, helped: 100 };

/**
 * Render workers started before the content loaded, with the template files they were compiled
 * from: the build renders with those, not with files read again.
 */
export interface EarlyWorkers {
  pool: RenderPool;
  templateFiles: Map<string, string>;
}

/**
 * Starts the render workers for a build from scratch of a content folder with many Markdown files
 * (counted in its `listing`), so that they load the engine while the content loads; undefined for
 * smaller ones.
 */
export async function startWorkers(templatesDir: string, contentDir: string, listing: ContentListing): Promise<EarlyWorkers | undefined> {
  if ((await countMarkdown(contentDir, listing)) < parallelFrom.markdown) return undefined;
  const templateFiles = await filesUnder(templatesDir);
  const { engineFile } = await compiledTemplates(templatesDir, templateFiles, await toolVersion());
  return { pool: new RenderPool(engineFile), templateFiles };
}

export interface BuildResult {
  /** The files this build produced. */
  outputs: Outputs;
  /** Page files the previous build wrote that are still right: the output folder keeps them. */
  kept: Set<string>;
  routes: RouteMap;
  model: SiteModel;
  index: Entities;
  /** What each page read, for the next incremental build. */
  pages: Map<string, PageRecord>;
  /** The current hash of a dependency key. */
  hashOf: (key: string) => string;
  rendered: number;
  /** Photo files encoded by this build; the others came from the cache. */
  photosEncoded: number;
}

/** Keyed by templates and builder, which also names the compile on disk; dev reuses it until a template changes. */
const compiled = new Map<string, Promise<CompiledTemplates>>();
function compiledTemplates(templatesDir: string, files: Map<string, string>, version: string) {
  const key = digest([version, templatesDir, [...files]]);
  if (!compiled.has(key)) {
    compiled.clear();
    const work = compileTemplates(templatesDir, key);
    work.catch(() => compiled.delete(key)); // a failed compile is retried by the next build
    compiled.set(key, work);
  }
  return compiled.get(key)!;
}

/** Content-hashed asset name, so hosts can cache it forever. */
const hashed = (name: string, ext: string, content: string | Uint8Array) => `assets/${name}.${digest(content, 'hex').slice(0, 10)}.${ext}`;

/**
 * The build as a pure function of content and templates: every output file of the site, keyed by
 * its path in the output folder. Writing them is a separate step (write/publish.ts). With `incremental`,
 * a page whose inputs all kept their hashes is not rendered again.
 */
export async function build(content: Content, options: BuildOptions): Promise<BuildResult> {
  const { incremental, parallel = 'auto' } = options;
  const templateFiles = options.workers?.templateFiles ?? (await filesUnder(options.templatesDir));
  const version = incremental?.version ?? (await toolVersion());
  const { engine, engineFile, css, client } = await compiledTemplates(options.templatesDir, templateFiles, version);
  let pool: RenderPool | undefined;
  let ownPhotoDir: string | undefined;
  const parallelFor = (count: number, threshold: number) => parallel === 'always' || (parallel === 'auto' && count >= threshold);
  const workers = () => options.workers?.pool ?? (pool ??= new RenderPool(engineFile));
  try {
    const { model, rendered } = renderMarkdown(
      content,
      {
        many: async (batches) => {
          const count = batches.reduce((sum, batch) => sum + batch.texts.length, 0);
          return parallelFor(count, parallelFrom.markdown) ? workers().markdown(batches) : batches.map(engine.renderBatch);
        },
        one: engine.renderText,
        ahead: options.ahead,
        rendering: (count) => {
          if (parallelFor(count, parallelFrom.markdown)) options.progress?.(`rendering ${count} Markdown texts`);
        },
      },
      // In memory without a cache folder: its batches of a pack's size still split across workers.
      incremental?.cache.markdown ?? new MarkdownCache(),
    );
    const routes = new RouteMap(model);
    const index = indexModel(model, routes);
    const outputs: Outputs = new Map();
    // Photos encode while pages render: their file names are known before their bytes.
    // Without a cache folder, photos encode in a folder of their own that is gone once the build
    // returns: their files go out as bytes. (Not among the staged pages: that folder becomes the site.)
    const photoDir = options.photoCache ?? (model.photos.size === 0 ? undefined : (ownPhotoDir = await mkdtemp(join(tmpdir(), 'photos-'))));
    const photos = photoDir
      ? encodePhotos([...model.photos.values()], photoDir, { progress: options.progress, warn: options.warn })
      : Promise.resolve({ outputs: new Map(), encoded: 0 });
    photos.catch(() => {}); // awaited below; a rendering failure must not leave it unhandled
    const templates = templateHashes(templateFiles, engine.pages);
    const cssFile = hashed('styles', 'css', css);
    outputs.set(cssFile, css);
    for (const [file, bytes] of client.files) outputs.set(file, bytes);
    const assets: Assets = { css: `/${cssFile}`, js: client.entry, islands: client.islands };

    // A field read while absent (site.analytics, say) is recorded as '': adding it later changes it.
    const hashOf = (key: string) => index.hashes.get(key) ?? '';
    const bases = new Map(Object.entries(templates).map(([family, hash]) => [family, digest([version, hash, assets, options.year])]));
    const base = (route: Route) => bases.get(route.family)!;
    const plan = planner(hashOf, incremental && { manifest: incremental.cache.manifest, intact: incremental.intact });
    const { stale, kept, records: pages } = plan(pageTargets(routes.routes, base));
    const inWorkers = parallelFor(stale.length, parallelFrom.pages);
    // Only where pages are staged: a build kept in memory (tests, tools) gets its pages as text.
    const helped = !inWorkers && options.staging !== undefined && parallelFor(stale.length, parallelFrom.helped);
    const helper = () => options.workers?.pool ?? (pool ??= new RenderPool(engineFile, 1));
    // The model is serialized for the workers while the Markdown still renders.
    if (inWorkers) workers().site(model, content, assets, options.year);
    if (helped) helper().site(model, content, assets, options.year);
    const paths = stale.map((r) => r.path);
    await rendered;
    if (inWorkers) options.progress?.(`rendering ${stale.length} pages`);
    const here = () => engine.createRenderer(model, routes, assets, options.year, { index });
    const rendering = inWorkers
      ? workers().pages(routes, paths, options.staging)
      : helped
        ? helper().pages(routes, paths, options.staging, renderOn(here(), options.staging, routes))
        : Promise.resolve(renderHere(stale, here(), options.staging));
    rendering.catch(() => {}); // awaited below, after the site files
    // Made again only when something they read changed, as pages are: the sitemap is 4,000 lines.
    // Here, while the workers render pages; added after them.
    const makers = siteFiles(model.site.languages);
    const files = plan([...makers.keys()].map((file) => ({ item: file, file, base: version })));
    const track = tracker(model, routes, index);
    const made = files.stale.map((file) => {
      const read = new Set<string>();
      const content = track.during(read, () => {
        const tracked = track.page(undefined);
        return makers.get(file)!(tracked.model, tracked.routes);
      });
      return { file, content, read };
    });
    const renderedPages = await rendering;
    for (const page of renderedPages) {
      const file = outputFile(page.path);
      outputs.set(file, page.html);
      pages.set(file, { base: base(routes.byPath(page.path)), deps: page.read });
    }

    for (const image of model.images.values()) outputs.set(`images/${image.name}`, image.bytes);
    const encoded = await photos;
    for (const [file, staged] of encoded.outputs) outputs.set(file, ownPhotoDir ? readFileSync(staged.staged) : staged);
    const madeKeys = keyLists(made.map(({ read }) => read));
    made.forEach(({ file, content }, i) => {
      outputs.set(file, content);
      pages.set(file, { base: version, deps: madeKeys[i]! });
    });
    for (const file of files.kept) kept.add(file);
    for (const [file, record] of files.records) pages.set(file, record);
    const deploy = deployFiles(
      model.site,
      routes.redirects,
      undefined,
      routes.routes.filter((r) => r.family === 'not-found').map((r) => r.path),
    );
    outputs.set('_headers', deploy.headers);
    outputs.set('_redirects', deploy.redirects);
    const admin = await adminFiles(model, { contentFolder: options.contentFolder ?? 'content', toolVersion: version });
    for (const [file, bytes] of admin) outputs.set(file, bytes);
    return {
      outputs,
      kept,
      routes,
      model,
      index,
      pages,
      hashOf,
      rendered: renderedPages.length,
      photosEncoded: encoded.encoded,
    };
  } finally {
    pool?.close();
    if (ownPhotoDir) rmSync(ownPhotoDir, { recursive: true, force: true });
  }
}

/** Each route as an output to plan: its page file, and the base of its family. */
function* pageTargets(routes: readonly Route[], base: (route: Route) => string): Generator<Target<Route>> {
  for (const route of routes) yield { item: route, file: outputFile(route.path), base: base(route) };
}

/** A page rendered on this thread, as a worker sends it (RenderedFile), or as text when not staged. */
type PageHere = Omit<RenderedPage, 'html' | 'read'> & { html: OutputContent; read: KeyList };

/** Renders pages on this thread; with a staging folder, each is written there as it is rendered. */
function renderHere(routes: Route[], render: (route: Route) => RenderedPage, staging?: string): PageHere[] {
  const stager = staging === undefined ? undefined : new Stager(staging);
  const pages = routes.map((route) => {
    const page = render(route);
    return stager ? { ...page, html: stager.add(outputFile(page.path), page.html) } : page;
  });
  const lists = keyLists(pages.map((page) => page.read));
  return pages.map((page, i) => ({ ...page, read: lists[i]! }));
}

/** renderHere for batches of paths, as a render pool asks this thread to help (RenderPool.pages). */
const renderOn = (render: (route: Route) => RenderedPage, staging: string | undefined, routes: RouteMap) => (paths: string[]) =>
  renderHere(
    paths.map((path) => routes.byPath(path)),
    render,
    staging,
  );
