// The HTML of posts and legal texts: rendered once per source, cached, read when a page shows it.
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { digest } from '../../support/files.cjs';
import { writePack, type MarkdownBatch, type MarkdownText, type RenderedBatch } from '../render/markdown-batch.ts';
import { clearForFolder, damagedNote, readCacheFile, sealedExt, sealedFile, writeSealed } from './sealed.ts';
import type { Content, LegalPage, MarkdownPage, Post, ProjectPage, ProjectSource, SiteModel } from '../../site/model.ts';
import { ContentError, type ContentIssue } from '../../site/issues.ts';
import type { Lang } from '../../site/lang.ts';
import { isRecord, isStrings } from '../../site/json.ts';

/**
 * Texts per pack. A page that shows one text reads its whole pack: a hundred posts are about a
 * megabyte, a few milliseconds to read and check.
 */
const packSize = 100;

/** A pack's shape check: HTML by the hash of its source. */
const isPack = (value: unknown): value is Record<string, string> =>
  isRecord(value) && Object.values(value).every((html) => typeof html === 'string');
/** The index's shape check: the hashes each pack holds, by pack name. */
const isIndex = (value: unknown): value is Record<string, string[]> =>
  isRecord(value) && Object.values(value).every((hashes) => isStrings(hashes));

/** A hash as a file name: hex, since base64url names could clash on a case-insensitive disk. */
const fileName = (hash: string) => Buffer.from(hash, 'base64url').toString('hex');

/**
 * The HTML of Markdown texts by the hash of their source, kept in `<cache>/markdown/<tool version>/`
 * as packs of up to a hundred texts plus an index of which pack holds which text. A pack is read
 * only when a page shows one of its texts, so that a rebuild after one edit reads one pack of
 * dozens. Without a cache folder it lives in memory only.
 */
export class MarkdownCache {
  private readonly folder?: string;
  private readonly html = new Map<string, string>();
  /** The pack holding each hash on disk, as far as this process knows. */
  private readonly packOf = new Map<string, string>();
  /** Packs read by this process; undefined for one found missing or damaged. */
  private readonly packs = new Map<string, Record<string, string> | undefined>();
  /** Rendered, but in no pack yet. */
  private readonly unsaved = new Set<string>();
  /** Whether packOf differs from the index on disk. */
  private indexChanged = false;
  /**
   * Each loaded page given its HTML from this cache (renderMarkdown). The loader hands a dev
   * session the same page for an unchanged file (load/content.ts), which then keeps this one too.
   */
  readonly pages = new WeakMap<object, Post | LegalPage>();

  constructor(
    cacheDir?: string,
    version?: string,
    /** Told of each damaged pack or index, whose texts are rendered again. */
    private readonly warn: (message: string) => void = () => {},
  ) {
    if (!cacheDir || !version) return;
    this.folder = join(cacheDir, 'markdown', fileName(version));
    if (clearForFolder(this.folder)) warn(damagedNote(this.folder, 'a folder was expected'));
    if (!existsSync(this.folder)) return;
    const index = readCacheFile(this.file('index'), isIndex, warn);
    for (const [pack, hashes] of Object.entries(index ?? {})) for (const hash of hashes) this.packOf.set(hash, pack);
  }

  private file(name: string): string {
    return sealedFile(this.folder!, name);
  }

  /** The texts in batches of a pack each, with the file a renderer keeps their HTML in (none in memory only). */
  batches<T extends { hash: string }>(texts: T[]): { texts: T[]; pack?: string }[] {
    // Made again each time: someone may delete .cache/ while dev runs.
    if (this.folder && texts.length) mkdirSync(this.folder, { recursive: true });
    const batches: { texts: T[]; pack?: string }[] = [];
    for (let start = 0; start < texts.length; start += packSize) {
      const batch = texts.slice(start, start + packSize);
      batches.push({ texts: batch, pack: this.folder && this.file(packName(batch.map((text) => text.hash))) });
    }
    return batches;
  }

  has(hash: string): boolean {
    return this.html.has(hash) || this.packOf.has(hash);
  }

  /** All hashes held, in memory or on disk. */
  hashes(): Set<string> {
    return new Set([...this.packOf.keys(), ...this.html.keys()]);
  }

  /**
   * The HTML of `hash`. A pack that cannot be read as one this class wrote (cut short, edited)
   * is never trusted: its texts are rendered again with `render`.
   */
  get(hash: string, render: () => string): string {
    let html = this.html.get(hash);
    if (html === undefined) {
      const pack = this.packOf.get(hash);
      html = pack === undefined ? undefined : this.readPack(pack)?.[hash];
      if (html === undefined) this.set(hash, (html = render()));
      else this.html.set(hash, html);
    }
    return html;
  }

  /** Adds the HTML of `hash`; with `pack`, the file of the batch it was rendered in, which its renderer wrote. */
  set(hash: string, html: string, pack?: string): void {
    this.html.set(hash, html);
    this.unsaved.delete(hash);
    if (this.packOf.delete(hash)) this.indexChanged = true;
    if (pack === undefined) this.unsaved.add(hash);
    else {
      this.packOf.set(hash, basename(pack, sealedExt));
      this.indexChanged = true;
    }
  }

  /** Forgets every text whose hash is not in `hashes`: the cache holds what the content has. */
  keepOnly(hashes: ReadonlySet<string>): void {
    for (const hash of [...this.html.keys(), ...this.packOf.keys()]) {
      if (hashes.has(hash)) continue;
      this.html.delete(hash);
      this.unsaved.delete(hash);
      if (this.packOf.delete(hash)) this.indexChanged = true;
    }
  }

  /**
   * Writes the texts added since the last save into new packs, with the texts of packs less than
   * half full (so that dropped texts never outweigh kept ones), then the index; removes the packs
   * it no longer names and other versions' folders.
   */
  save(): void {
    if (!this.folder || (!this.indexChanged && this.unsaved.size === 0)) return;
    mkdirSync(this.folder, { recursive: true });
    const held = new Map<string, string[]>();
    for (const [hash, pack] of this.packOf) {
      const hashes = held.get(pack);
      if (hashes) hashes.push(hash);
      else held.set(pack, [hash]);
    }
    for (const [pack, hashes] of held) {
      if (hashes.length >= packSize / 2) continue;
      for (const hash of hashes) {
        const html = this.html.get(hash) ?? this.readPack(pack)?.[hash];
        if (html !== undefined) this.set(hash, html);
      }
      held.delete(pack);
    }
    for (const { texts } of this.batches([...this.unsaved].map((hash) => ({ hash })))) {
      const hashes = texts.map((text) => text.hash);
      writePack(this.file(packName(hashes)), Object.fromEntries(hashes.map((hash) => [hash, this.html.get(hash)!])));
      held.set(packName(hashes), hashes);
    }
    for (const [pack, hashes] of held) for (const hash of hashes) this.packOf.set(hash, pack);
    writeSealed(this.file('index'), Object.fromEntries(held));
    this.unsaved.clear();
    this.indexChanged = false;
    for (const entry of readdirSync(this.folder))
      if (entry !== `index${sealedExt}` && !held.has(basename(entry, sealedExt)))
        rmSync(join(this.folder, entry), { recursive: true, force: true });
    const parent = join(this.folder, '..');
    for (const entry of readdirSync(parent))
      if (join(parent, entry) !== this.folder) rmSync(join(parent, entry), { recursive: true, force: true });
  }

  /** A pack's texts; undefined when it is missing or damaged, and then its texts are forgotten. */
  private readPack(name: string): Record<string, string> | undefined {
    if (!this.packs.has(name)) {
      const file = this.file(name);
      const hashes = [...this.packOf].filter(([, pack]) => pack === name).map(([hash]) => hash);
      let pack = readCacheFile(file, isPack, this.warn);
      if (pack && !hashes.every((hash) => hash in pack!)) {
        this.warn(damagedNote(file, 'it lacks texts its index names'));
        pack = undefined;
      }
      if (!pack) for (const hash of hashes) this.packOf.delete(hash);
      if (!pack && hashes.length) this.indexChanged = true;
      this.packs.set(name, pack);
    }
    return this.packs.get(name);
  }
}

/** A pack's name: from the hashes it holds, so that two builds writing the same texts agree. */
const packName = (hashes: string[]) => digest(hashes, 'hex').slice(0, 16);

/**
 * Renders Markdown: batches of texts at once, e.g. across worker threads, keeping each batch in
 * its pack (see renderBatch in markdown.ts); and one text at once, for one found unreadable and
 * for jobs. `ahead` holds texts sent to render while the content loaded; `rendering` is told how
 * many texts the build then waits for.
 */
export interface MarkdownRenderer {
  many: (batches: MarkdownBatch[]) => Promise<RenderedBatch[]>;
  one: (text: MarkdownText) => { html: string; issues: ContentIssue[] };
  ahead?: MarkdownAhead;
  rendering?: (count: number) => void;
}

/**
 * Texts sent to render as the content loader reads them, a pack's worth at a time, so that render
 * workers start while the rest of the content loads instead of waiting for all of it (about 1.5 s
 * for 4,000 posts). renderMarkdown takes their HTML instead of sending them again.
 */
export class MarkdownAhead {
  private queued: MarkdownText[] = [];
  private readonly sent = new Map<string, { rendered: Promise<RenderedBatch>; text: MarkdownText; index: number; pack?: string }>();

  constructor(
    private readonly cache: MarkdownCache,
    private readonly render: (batch: MarkdownBatch) => Promise<RenderedBatch>,
  ) {}

  /** Queues a text the cache lacks; a full batch is sent at once. */
  add = (text: MarkdownText): void => {
    if (this.sent.has(text.hash) || this.cache.has(text.hash) || this.queued.some((q) => q.hash === text.hash)) return;
    this.queued.push(text);
    if (this.queued.length === packSize) this.flush();
  };

  /** Sends what is queued. */
  flush(): void {
    for (const batch of this.cache.batches(this.queued)) {
      const rendered = this.render(batch);
      rendered.catch(() => {}); // awaited by renderMarkdown; a failed load never asks for it
      batch.texts.forEach((text, index) => this.sent.set(text.hash, { rendered, text, index, pack: batch.pack }));
    }
    this.queued = [];
  }

  /** The HTML of `hash`, the pack it is kept in and the problems found in it, when it was sent. */
  take(hash: string): Promise<{ html: string; pack?: string; issues: ContentIssue[] }> | undefined {
    const sent = this.sent.get(hash);
    return sent?.rendered.then(({ html, issues }) => ({
      html: html[sent.index]!,
      pack: sent.pack,
      issues: issues.filter((issue) => issue.file === sent.text.file),
    }));
  }
}

/** A post or legal text as the renderer takes it. */
const textOf = (page: MarkdownPage & { markdown: string }): MarkdownText => ({
  hash: page.sourceHash,
  markdown: page.markdown,
  lang: page.lang,
  ...page.bodyAt,
});

/**
 * The content with every post and legal text given its HTML, read from `cache` when a page shows
 * it. What the cache lacks is rendered (all at once, by `render`) and added to it; what it holds
 * for no page any more is dropped. The model is returned at once, so that routes and the plan of
 * pages can be made while the texts render; their HTML can be read once `rendered` resolves. It
 * fails with every text's problems (Markdown left as text) at once, and then the cache keeps none
 * of the texts, so that the next build reports them again.
 */
export function renderMarkdown(
  content: Content,
  cache: MarkdownCache,
  render: MarkdownRenderer,
): { model: SiteModel; rendered: Promise<void> } {
  const pages = [...Object.values(content.posts).flat(), ...Object.values(content.legal).flat()];
  cache.keepOnly(new Set(pages.map((p) => p.sourceHash)));
  render.ahead?.flush();
  const missing = new Map(pages.filter((p) => !cache.has(p.sourceHash)).map((p) => [p.sourceHash, p]));
  const early = [...missing.keys()].flatMap((hash) => {
    const html = render.ahead?.take(hash);
    return html ? [{ hash, html }] : [];
  });
  for (const { hash } of early) missing.delete(hash);
  const batches = cache.batches([...missing.values()].map(textOf));
  render.rendering?.(early.length + missing.size);
  const state = { done: false };
  const projectIssues: ContentIssue[] = [];
  const projects = withBodies(content.projects, (project, lang) => {
    const { html, issues } = render.one({ hash: '', markdown: project[lang].body, lang, file: project.file, line: 1 });
    // A job's text lies inside its YAML file: the line is the text's own.
    for (const { line, message, code, hint } of issues)
      projectIssues.push({ file: project.file, message: `${lang}.body, line ${line}: ${message}`, code, hint });
    return html;
  });
  const rendered = Promise.all([render.many(batches), Promise.all(early.map((e) => e.html))]).then(([texts, earlier]) => {
    const issues = [...texts.flatMap((batch) => batch.issues), ...earlier.flatMap((text) => text.issues), ...projectIssues];
    if (issues.length > 0) throw new ContentError(issues);
    batches.forEach(({ texts: batch, pack }, b) => batch.forEach(({ hash }, i) => cache.set(hash, texts[b]!.html[i]!, pack)));
    early.forEach(({ hash }, i) => cache.set(hash, earlier[i]!.html, earlier[i]!.pack));
    state.done = true;
  });
  const model = withHtml(content, htmlIn(cache, render.one, state), { lazy: true, memo: cache.pages });
  return { model: { ...model, projects }, rendered };
}

/**
 * A page's HTML from `cache`, once `state` says the texts are rendered (read before, the cache would
 * render the text again on this thread). Made apart from renderMarkdown so that it holds nothing of
 * the build: a dev session's pages keep it, and one that held the build held, through its options,
 * the build before it.
 */
function htmlIn(cache: MarkdownCache, one: MarkdownRenderer['one'], state: { done: boolean }) {
  return (page: Content['posts'][Lang][number] | Content['legal'][Lang][number]) => {
    if (!state.done) throw new Error(`the HTML of ${page.lang}/${page.slug} was read before its Markdown was rendered`);
    return cache.get(page.sourceHash, () => one(textOf(page)).html);
  };
}

/** Finished jobs with their bodies rendered: a few short texts, rendered each build. */
export const withBodies = (projects: readonly ProjectSource[], html: (project: ProjectSource, lang: Lang) => string): ProjectPage[] =>
  projects.map((project) => {
    const { file: _, ...rest } = project;
    return { ...rest, html: { es: html(project, 'es'), en: html(project, 'en') } };
  });

type Pages<P> = Record<Lang, P[]>;

/**
 * Posts and legal texts, from the content or a model, given their HTML by `html`: when first read
 * with `lazy`, at once otherwise. A content page's body is not enumerable (load/content.ts), so that
 * copying the page, as this does, does not read it.
 */
export function withHtml<C extends { posts: Pages<object>; legal: Pages<object> }>(
  content: C,
  html: (page: C['posts'][Lang][number] | C['legal'][Lang][number]) => string,
  { lazy = false, memo }: { lazy?: boolean; memo?: WeakMap<object, Post | LegalPage> } = {},
): Omit<C, 'posts' | 'legal'> & Pick<SiteModel, 'posts' | 'legal'> {
  const apply = <P extends object>(page: P) => {
    let given = memo?.get(page);
    if (!given) {
      given = (lazy
        ? Object.defineProperty({ ...page }, 'html', { get: () => html(page), enumerable: true })
        : { ...page, html: html(page) }) as unknown as Post & LegalPage;
      memo?.set(page, given);
    }
    return given as Post & LegalPage;
  };
  return {
    ...content,
    posts: { es: content.posts.es.map(apply), en: content.posts.en.map(apply) },
    legal: { es: content.legal.es.map(apply), en: content.legal.en.map(apply) },
  };
}
