// The HTML of posts and legal texts: rendered once per source, cached, read when a page shows it.
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { writeCacheEntry, type MarkdownText } from '../render/markdown-text.ts';
import { clearForFolder, damagedNote, readCacheFile } from './sealed.ts';
import type { Content, LegalPage, Post, ProjectPage, SiteModel } from '../../site/model.ts';
import type { Project } from '../../site/schema/project.ts';
import type { Lang } from '../../site/schema/common.ts';

const entrySchema = z.object({ html: z.string() });

/** A hash as a file name: hex, since base64url names could clash on a case-insensitive disk. */
const fileName = (hash: string) => Buffer.from(hash, 'base64url').toString('hex');
const hashOfFile = (name: string) => Buffer.from(name.slice(0, -'.json'.length), 'hex').toString('base64url');

/**
 * The HTML of Markdown texts by the hash of their source: one file each in
 * `<cache>/markdown/<tool version>/`, read only when a page shows it, so that a rebuild after one
 * edit reads one text of thousands. Without a cache folder it lives in memory only.
 */
export class MarkdownCache {
  private readonly folder?: string;
  private readonly html = new Map<string, string>();
  /** Hashes with a file in the folder, as far as this process knows. */
  private readonly stored = new Set<string>();
  private readonly unsaved = new Set<string>();
  private readonly dropped = new Set<string>();

  constructor(
    cacheDir?: string,
    version?: string,
    /** Told of each damaged entry, which is rendered again. */
    private readonly warn: (message: string) => void = () => {},
  ) {
    if (!cacheDir || !version) return;
    this.folder = join(cacheDir, 'markdown', fileName(version));
    if (clearForFolder(this.folder)) warn(damagedNote(this.folder, 'a folder was expected'));
    if (!existsSync(this.folder)) return;
    for (const name of readdirSync(this.folder)) if (/^[0-9a-f]+\.json$/.test(name)) this.stored.add(hashOfFile(name));
  }

  /** Where the HTML of `hash` is kept, for a renderer to write it there (renderText); none in memory only. */
  fileFor(hash: string): string | undefined {
    if (!this.folder) return undefined;
    mkdirSync(this.folder, { recursive: true }); // again each time: someone may delete .cache/ while dev runs
    return this.entryFile(hash);
  }

  private entryFile(hash: string): string {
    return join(this.folder!, `${fileName(hash)}.json`);
  }

  has(hash: string): boolean {
    return this.html.has(hash) || this.stored.has(hash);
  }

  /** All hashes held, in memory or on disk. */
  hashes(): Set<string> {
    return new Set([...this.stored, ...this.html.keys()]);
  }

  /**
   * The HTML of `hash`. A file that cannot be read as one this class wrote (cut short, edited)
   * is never trusted: the text is rendered again with `render`.
   */
  get(hash: string, render: () => string): string {
    let html = this.html.get(hash);
    if (html === undefined) {
      html = this.stored.has(hash) ? this.readFile(hash) : undefined;
      if (html === undefined) this.set(hash, (html = render()));
      else this.html.set(hash, html);
    }
    return html;
  }

  /** Adds the HTML of `hash`; `written` when the renderer already wrote it to fileFor(hash). */
  set(hash: string, html: string, { written = false } = {}): void {
    this.html.set(hash, html);
    this.dropped.delete(hash);
    if (written) this.stored.add(hash);
    else this.unsaved.add(hash);
  }

  /** Forgets every text whose hash is not in `hashes`: the cache holds what the content has. */
  keepOnly(hashes: ReadonlySet<string>): void {
    for (const hash of this.hashes()) {
      if (hashes.has(hash)) continue;
      this.html.delete(hash);
      this.unsaved.delete(hash);
      if (this.stored.has(hash)) this.dropped.add(hash);
    }
  }

  /** Writes the texts added since the last save, removes the dropped ones and other versions' folders. */
  save(): void {
    if (!this.folder) return;
    mkdirSync(this.folder, { recursive: true });
    for (const hash of this.unsaved) {
      writeCacheEntry(this.fileFor(hash)!, this.html.get(hash)!);
      this.stored.add(hash);
    }
    for (const hash of this.dropped) {
      rmSync(this.entryFile(hash), { recursive: true, force: true });
      this.stored.delete(hash);
    }
    this.unsaved.clear();
    this.dropped.clear();
    const parent = join(this.folder, '..');
    for (const entry of readdirSync(parent))
      if (join(parent, entry) !== this.folder) rmSync(join(parent, entry), { recursive: true, force: true });
  }

  private readFile(hash: string): string | undefined {
    const html = readCacheFile(this.entryFile(hash), entrySchema, this.warn)?.html;
    if (html === undefined) this.stored.delete(hash);
    return html;
  }
}

/**
 * Renders Markdown: many texts at once, e.g. across worker threads, keeping each in its cache file
 * (see renderText in markdown.ts); and one at once, for an entry found unreadable.
 */
export interface MarkdownRenderer {
  many: (texts: MarkdownText[]) => Promise<string[]>;
  one: (markdown: string) => string;
}

/**
 * The content with every post and legal text given its HTML, read from `cache` when a page shows
 * it. What the cache lacks is rendered (all at once, by `render`) and added to it; what it holds
 * for no page any more is dropped.
 */
export async function renderMarkdown(content: Content, cache: MarkdownCache, render: MarkdownRenderer): Promise<SiteModel> {
  const pages = [...Object.values(content.posts).flat(), ...Object.values(content.legal).flat()];
  cache.keepOnly(new Set(pages.map((p) => p.sourceHash)));
  const missing = [...new Map(pages.filter((p) => !cache.has(p.sourceHash)).map((p) => [p.sourceHash, p])).values()];
  const texts = missing.map((p) => ({ markdown: p.markdown, cacheFile: cache.fileFor(p.sourceHash) }));
  const rendered = await render.many(texts);
  missing.forEach((p, i) => cache.set(p.sourceHash, rendered[i]!, { written: texts[i]!.cacheFile !== undefined }));
  const model = withHtml(content, (page) => cache.get(page.sourceHash, () => render.one(page.markdown)), { lazy: true });
  return { ...model, projects: withBodies(content.projects, render.one) };
}

/** Finished jobs with their bodies rendered: a few short texts, rendered each build. */
export const withBodies = (projects: readonly Project[], html: (markdown: string) => string): ProjectPage[] =>
  projects.map((p) => ({ ...p, html: { es: html(p.es.body), en: html(p.en.body) } }));

type Pages<P> = Record<Lang, P[]>;

/**
 * Posts and legal texts, from the content or a model, given their HTML by `html`: when first read
 * with `lazy`, at once otherwise. A content page's body is not enumerable (load/content.ts), so that
 * copying the page, as this does, does not read it.
 */
export function withHtml<C extends { posts: Pages<object>; legal: Pages<object> }>(
  content: C,
  html: (page: C['posts'][Lang][number] | C['legal'][Lang][number]) => string,
  { lazy = false } = {},
): Omit<C, 'posts' | 'legal'> & Pick<SiteModel, 'posts' | 'legal'> {
  const apply = <P extends object>(page: P) =>
    (lazy
      ? Object.defineProperty({ ...page }, 'html', { get: () => html(page), enumerable: true })
      : { ...page, html: html(page) }) as unknown as Post & LegalPage;
  return {
    ...content,
    posts: { es: content.posts.es.map(apply), en: content.posts.en.map(apply) },
    legal: { es: content.legal.es.map(apply), en: content.legal.en.map(apply) },
  };
}
