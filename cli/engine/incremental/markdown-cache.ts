// The memo of rendered Markdown: the HTML of posts and legal texts by the hash of their source,
// kept between builds and read when a page shows it (render/texts.ts asks it).
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { digest } from '../../support/files.cjs';
import type { MarkdownText } from '../load/content.ts';
import { writePack, type MarkdownBatch, type RenderedBatch } from '../render/markdown-batch.ts';
import type { TextMemo, TextsAhead } from '../render/texts.ts';
import { clearForFolder, damagedNote, readCacheFile, sealedExt, sealedFile, writeSealed } from '../../support/sealed.ts';
import type { LegalPage, Post } from '../../site/model.ts';
import type { ContentIssue } from '../../site/issues.ts';
import { isRecord, isStrings } from '../../site/json.ts';

/**
 * Texts per pack. A page that shows one text reads its whole pack: a hundred posts are about a
 * megabyte, a few milliseconds to read and check.
 */
const packSize = 100;
/** Whether a pack holds enough texts to be kept as it is; save merges the others. */
const fullEnough = (texts: number) => texts >= packSize / 2;

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
export class MarkdownCache implements TextMemo {
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
   * Each loaded page given its HTML from this cache (renderMarkdown in render/texts.ts). The loader hands a dev
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

  /**
   * The texts in batches of a pack each, with the file a renderer keeps their HTML in (none in
   * memory only). A batch under half a pack gets none: save would merge it with the other small
   * packs and write its texts a second time, so they are written there only.
   */
  batches<T extends { hash: string }>(texts: T[]): { texts: T[]; pack?: string }[] {
    // Made again each time: someone may delete .cache/ while dev runs.
    if (this.folder && fullEnough(texts.length)) mkdirSync(this.folder, { recursive: true });
    const batches: { texts: T[]; pack?: string }[] = [];
    for (let start = 0; start < texts.length; start += packSize) {
      const batch = texts.slice(start, start + packSize);
      const pack = this.folder && fullEnough(batch.length) ? this.file(packName(batch.map((text) => text.hash))) : undefined;
      batches.push({ texts: batch, pack });
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
      if (fullEnough(hashes.length)) continue;
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
 * Texts sent to render as the content loader reads them, a pack's worth at a time, so that render
 * workers start while the rest of the content loads instead of waiting for all of it (about 1.5 s
 * for 4,000 posts). renderMarkdown takes their HTML instead of sending them again.
 */
export class MarkdownAhead implements TextsAhead {
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
      rendered.catch(() => {}); // awaited by renderMarkdown (render/texts.ts); a failed load never asks for it
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
