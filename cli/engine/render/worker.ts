// The render tasks of a pool worker (pool.ts, engine/pool.ts): Markdown, and pages against the model they carry.
import { deserialize } from 'node:v8';
import type { Assets } from '../../../templates/context.tsx';
import { createRenderer, renderBatch, type RenderedPage } from './engine.ts';
import type { MarkdownBatch, RenderedBatch } from './markdown-batch.ts';
import type { SiteModel } from '../../site/model.ts';
import { markdownPageOf, outputFile, RouteMap, type Route } from '../../site/routes.ts';
import { keyLists, type KeyList } from './key-lists.ts';
import { indexModel } from './reads.ts';
import { Stager, type StagedFile } from '../../support/staged.ts';

/**
 * What a build's pages render from. `model` is the SiteModel serialized with node:v8 into shared
 * memory: every task carries it without a copy, and a worker reads it once per `build`.
 */
export interface SharedSite {
  build: string;
  model: Uint8Array;
  assets: Assets;
  year: number;
}

export type RenderTask =
  | { type: 'markdown'; batch: MarkdownBatch }
  /** `html`: the HTML of the post or legal text each page shows, by its path. */
  | { type: 'pages'; site: SharedSite; paths: string[]; html: Record<string, string>; staging?: string };

/**
 * A page rendered on a worker: its HTML, or, given a staging folder, written there by the worker
 * (write/publish.ts moves it into place). Its dependency keys come as a list into a table that the
 * batch's pages share, which a message copies once: sent as strings, the main thread received a
 * copy of each key for each page (200,000 strings at 4,000 posts), which it kept to the end.
 */
export type RenderedFile = Omit<RenderedPage, 'html' | 'read'> & { html: string | StagedFile; read: KeyList };

let site: { build: string; routes: RouteMap; render: (route: Route) => RenderedPage } | undefined;

/** Answers one render task (engine/pool-worker.cjs). */
export function runTask(task: RenderTask): RenderedBatch | RenderedFile[] {
  if (task.type === 'markdown') return renderBatch(task.batch);
  const { routes, render } = siteOf(task.site);
  const stager = task.staging ? new Stager(task.staging) : undefined;
  const pages = task.paths.map((path) => {
    const route = routes.byPath(path);
    const shown = markdownPageOf(route);
    if (shown) {
      const html = task.html[path];
      if (html === undefined) throw new Error(`no HTML was sent for the text of ${path}`);
      shown.html = html;
    }
    const page = render(route);
    if (shown) shown.html = ''; // held only while its page renders
    return { ...page, html: stager ? stager.add(outputFile(path), page.html) : page.html };
  });
  const lists = keyLists(pages.map((page) => page.read));
  return pages.map((page, i) => ({ ...page, read: lists[i]! }));
}

function siteOf(shared: SharedSite) {
  if (site?.build !== shared.build) {
    const model = deserialize(shared.model) as SiteModel;
    const routes = new RouteMap(model);
    // Hashes are the main thread's: here only the keys of what pages read are needed.
    const index = indexModel(model, routes, { hashes: false });
    site = { build: shared.build, routes, render: createRenderer(model, routes, shared.assets, shared.year, { index }) };
  }
  return site;
}
