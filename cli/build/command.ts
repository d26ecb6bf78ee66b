import { relative } from 'node:path';
import { templatesDir } from '../paths.ts';
import { manifestOf, readCache, writeCache } from './cache.ts';
import { build, type BuildResult } from './index.ts';
import type { ParsedFiles } from './load.ts';
import { loadContent } from './model.ts';
import { toolVersion } from './versions.ts';
import type { Lang } from './schema/common.ts';
import { intactFiles, writeOutputs, type OutputRecords } from './write.ts';


export interface BuildCommandOptions {
  content: string;
  out: string;
  /** Folder of the persistent build cache; false for a full build. */
  cache: string | false;
  strict?: boolean;
}

export interface BuildSummary {
  pages: Record<Lang, number>;
  /** Pages rendered by this build; the others were unchanged and kept. */
  rendered: number;
  files: number;
  bytes: number;
  seconds: number;
}

/** Loads, builds and writes the site, incrementally when a cache folder is given. */
export async function buildSite(opts: BuildCommandOptions): Promise<BuildSummary> {
  const started = performance.now();
  const year = new Date().getFullYear();
  let result: BuildResult;
  let written: OutputRecords;
  if (opts.cache === false) {
    result = await build(await loadContent(opts.content, { strict: opts.strict }), { templatesDir, year });
    written = await writeOutputs(opts.out, result.outputs);
  } else {
    const version = await toolVersion();
    const cache = await readCache(opts.cache, version, (message) => console.warn(`! ${message}`));
    const loadedMarkdown = new Set(cache.markdown.keys()); // the build adds and drops entries
    const parsed = new Map() as ParsedFiles;
    const content = await loadContent(opts.content, { strict: opts.strict, parsed: { previous: cache.parsed, next: parsed } });
    const previous = cache.manifest?.outputs;
    const intact = await intactFiles(opts.out, previous);
    result = await build(content, { templatesDir, year, incremental: { cache, version, intact } });
    written = await writeOutputs(opts.out, result.outputs, previous && intact.size > 0 ? { previous, intact, kept: result.kept } : undefined);
    await writeCache(opts.cache, manifestOf(version, result.pages, result.hashOf, written), { markdown: cache.markdown, parsed }, { markdown: loadedMarkdown, parsed: cache.parsed });
  }
  const count = (lang: Lang) => result.routes.routes.filter((r) => r.lang === lang).length;
  return {
    pages: { es: count('es'), en: count('en') },
    rendered: result.rendered,
    files: Object.keys(written).length,
    bytes: Object.values(written).reduce((sum, o) => sum + o.size, 0),
    seconds: (performance.now() - started) / 1000,
  };
}

export async function buildCommand(opts: BuildCommandOptions): Promise<void> {
  const summary = await buildSite(opts);
  const total = summary.pages.es + summary.pages.en;
  const kept = summary.rendered < total ? `; ${summary.rendered} rendered, the rest unchanged` : '';
  console.log(
    `Built ${total} pages (es ${summary.pages.es}, en ${summary.pages.en}${kept}), ${summary.files} files, ` +
      `${(summary.bytes / 1024 / 1024).toFixed(1)} MB in ${summary.seconds.toFixed(2)} s → ${relative(process.cwd(), opts.out) || '.'}/`,
  );
}

export async function checkCommand(opts: { content: string; strict?: boolean }): Promise<void> {
  const content = await loadContent(opts.content, { strict: opts.strict });
  const posts = content.posts.es.length + content.posts.en.length;
  console.log(`Content OK: ${content.services.length} services, ${content.localities.length} localities, ${posts} posts, ${content.legal.es.length + content.legal.en.length} legal pages.`);
}
