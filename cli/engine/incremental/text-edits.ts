// A build after edits of posts' texts alone, their front matter untouched: the commonest change,
// and one whose result is known without building. Every file that shows a post's text has it in
// one place that the build recorded (render/texts.ts), and nothing else in the file depends on
// it; so the new site is the current one with the new texts put in those places. This reads no
// cache but its own small file, loads no content, and renders nothing but the texts' Markdown.
import { lstatSync, readFileSync, statSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { loadBundle } from '../../code-cache.cjs';
import { digest } from '../../files.cjs';
import type { Lang } from '../../site/lang.ts';
import { isNumbers, isRecord, isStrings } from '../../site/json.ts';
import type { MarkdownRenderer } from '../render/compile.ts';
import { textEncodings, textsLine, textsOf, type TextSpan } from '../render/texts.ts';
import { assemble, claimOutputNow, type OutputRecords } from '../write/publish.ts';
import type { Manifest } from './cache.ts';
import type { Head, ParsedFiles } from '../load/parse.ts';
import { readChecked, sealedFile, writeSealed } from './sealed.ts';
import { outIdentity, readStamp, sameOutput, writeStamp, type Inputs, type Stamp } from './stamp.ts';
import { postBodyKey } from './tracking.ts';

/**
 * texts.v8: what the last build left, as a text edit needs it. Written with the stamp, and valid
 * only with the stamp of the same inputs: an edit after it is measured against `files` and
 * `stats`, the inputs it was built from.
 */
interface TextStore {
  inputs: string;
  /** Inputs.settings as JSON: the tool, the templates, the folders and the options. */
  settings: string;
  files: string[];
  stats: number[];
  /** The Markdown renderer of the engine the build rendered with (render/compile.ts). */
  markdown: string;
  /** Every file of the output folder. */
  outputs: string[];
  /** Each post's file in the content folder, and its head (load/parse.ts). */
  posts: { files: string[]; lengths: number[]; hashes: string[] };
  /**
   * Each output file that shows texts, where they lie in it (render/texts.ts textsLine), and the
   * size and time it was left with: a file edited since is not patched.
   */
  shown: { files: string[]; texts: string[]; sizes: number[]; mtimes: number[] };
}

const storeFile = (cacheDir: string) => sealedFile(cacheDir, 'texts');

/** Checked by hand: zod would bring its whole API into the bundle that answers this (quick.ts). */
const isTextStore = (value: unknown): value is TextStore => {
  if (!isRecord(value) || typeof value.inputs !== 'string' || typeof value.settings !== 'string') return false;
  const { files, stats, markdown, outputs, posts, shown } = value;
  if (!isStrings(files) || !isNumbers(stats, 4 * files.length) || typeof markdown !== 'string' || !isStrings(outputs)) return false;
  if (!isRecord(posts) || !isStrings(posts.files)) return false;
  if (!isNumbers(posts.lengths, posts.files.length) || !isStrings(posts.hashes, posts.files.length)) return false;
  if (!isRecord(shown) || !isStrings(shown.files) || !isStrings(shown.texts, shown.files.length)) return false;
  return isNumbers(shown.sizes, shown.files.length) && isNumbers(shown.mtimes, shown.files.length);
};

/** A post's file in the content folder: `blog/<lang>/<slug>.md`. */
const postFile = new RegExp(`^blog\\${sep}(es|en)\\${sep}([^\\${sep}]+)\\.md$`);

/**
 * Records what a text edit after this build needs, before its stamp is written (stamp.ts): the
 * build's `inputs` as that stamp holds them, its manifest and parsed files, and its Markdown renderer.
 */
export function writeTextStore(cacheDir: string, inputs: Inputs, manifest: Manifest, parsed: ParsedFiles, markdown: string): void {
  const posts: TextStore['posts'] = { files: [], lengths: [], hashes: [] };
  for (const [file, entry] of parsed) {
    if (!entry.head || !postFile.test(file)) continue;
    posts.files.push(file);
    posts.lengths.push(entry.head.length);
    posts.hashes.push(entry.head.hash);
  }
  const shown: TextStore['shown'] = { files: [], texts: [], sizes: [], mtimes: [] };
  for (const [file, record] of manifest.pages) {
    const output = manifest.outputs.get(file);
    if (!record.texts || !output) continue;
    shown.files.push(file);
    shown.texts.push(record.texts);
    shown.sizes.push(output.size);
    shown.mtimes.push(output.mtimeMs);
  }
  const store: TextStore = {
    inputs: inputs.key,
    settings: JSON.stringify(inputs.settings),
    files: inputs.files,
    stats: inputs.stats,
    markdown,
    outputs: [...manifest.outputs.keys()],
    posts,
    shown,
  };
  writeSealed(storeFile(cacheDir), store);
}

export interface TextEdits {
  /** Posts whose text changed. */
  posts: number;
  /** Output files patched. */
  files: number;
  /** The stamp left, with the output folder's summary. */
  stamp: Stamp;
}

/**
 * Builds the site by patching it, when every content file that changed since the last build is a
 * post whose front matter is as it was (`inputs`: this build's fingerprint); undefined, having
 * changed nothing, when anything else changed or the last build left no record of its texts.
 */
export function patchTexts(
  opts: { content: string; out: string; cache: string },
  inputs: Inputs,
  warn: (message: string) => void,
): TextEdits | undefined {
  const stamp = readStamp(opts.cache);
  const settings = JSON.stringify(inputs.settings);
  // One written by another version of the tool, or with other options, is not looked at further.
  const check = (data: unknown) =>
    isRecord(data) && data.settings !== settings ? { value: undefined } : isTextStore(data) ? { value: data } : undefined;
  const store = readChecked(storeFile(opts.cache), check, warn);
  if (!stamp || !store || store.inputs !== stamp.inputs) return undefined;
  if (!sameOutput(stamp.out, opts.out)) return undefined;
  const edited = editedPosts(opts.content, store, inputs);
  if (!edited) return undefined;
  const release = claimOutputNow(opts.out);
  if (!release) return undefined;
  try {
    // Another build may have finished between the checks and the claim.
    const now = readStamp(opts.cache);
    if (now?.inputs !== stamp.inputs || !sameOutput(now.out, opts.out)) return undefined;
    const patched = patchedFiles(resolve(opts.out), store, edited);
    const records = patched && published(resolve(opts.out), store.outputs, patched);
    if (!patched || !records) return undefined;
    const bytes = stamp.summary.bytes + patched.reduce((sum, { bytes, was }) => sum + bytes.length - was, 0);
    const out = outIdentity(opts.out);
    if (!out) throw new Error(`${opts.out} is gone after it was written`);
    const shown = structuredClone(store.shown);
    for (const { index, texts, file } of patched) {
      shown.texts[index] = texts;
      shown.sizes[index] = records.get(file)!.size;
      shown.mtimes[index] = records.get(file)!.mtimeMs;
    }
    writeSealed(storeFile(opts.cache), {
      ...store,
      inputs: inputs.key,
      files: inputs.files,
      stats: inputs.stats,
      shown,
    } satisfies TextStore);
    // `patched`: the manifest does not know these files' new bytes, so the next build that reads
    // it checks every file instead of trusting the folder (build-site.ts).
    const left: Stamp = { inputs: inputs.key, out, summary: { ...stamp.summary, bytes }, patched: true };
    writeStamp(opts.cache, left);
    return { posts: edited.length, files: patched.length, stamp: left };
  } finally {
    release();
  }
}

/**
 * Swaps in the site with the `patched` files, the other `outputs` linked from the current one (as
 * every build does, write/publish.ts), and returns the patched files' records; undefined, having
 * changed nothing, when one of the files is missing: then a build finds out what else is.
 */
function published(target: string, outputs: string[], patched: { file: string; bytes: Buffer }[]): OutputRecords | undefined {
  const unchanged = new Set(outputs);
  for (const { file } of patched) unchanged.delete(file);
  const records: OutputRecords = new Map();
  try {
    assemble(
      target,
      [...unchanged],
      patched.map(({ file, bytes }) => [file, bytes]),
      records,
    );
    return records;
  } catch (error) {
    if (((error as Error).cause as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * The posts whose text changed since the store's build, by the key of their body, with their new
 * body; undefined if any other content file changed, was added or removed, or a post's front
 * matter changed.
 */
function editedPosts(contentDir: string, store: TextStore, inputs: Inputs): { key: string; body: string }[] | undefined {
  if (inputs.files.length !== store.files.length) return undefined;
  const posts = new Map(store.posts.files.map((file, i) => [file, i]));
  const edited: { key: string; body: string }[] = [];
  for (let i = 0; i < inputs.files.length; i++) {
    const file = inputs.files[i]!;
    if (file !== store.files[i]) return undefined;
    const at = 4 * i;
    const same = [0, 1, 2, 3].every((n) => inputs.stats[at + n] === store.stats[at + n]);
    if (same) continue;
    const path = file.split('/').join(sep);
    const post = posts.get(path);
    const [, lang, slug] = postFile.exec(path) ?? [];
    if (post === undefined || !lang || !slug) return undefined;
    // A link is left to the loader, which refuses one that leads out of the content folder.
    if (lstatSync(join(contentDir, path), { throwIfNoEntry: false })?.isFile() !== true) return undefined;
    const text = readFileSync(join(contentDir, path), 'utf8');
    const body = bodyAfter(text, { length: store.posts.lengths[post]!, hash: store.posts.hashes[post]! });
    if (body === undefined) return undefined;
    edited.push({ key: postBodyKey(lang as Lang, slug), body });
  }
  return edited.length > 0 ? edited : undefined;
}

/**
 * The body of `text` if it still starts with `head`, as gray-matter splits it (load/parse.ts):
 * after the front matter's closing `---` line and the line break gray-matter drops. A head that
 * ends otherwise (no closing line, or text on it) would not split the same way: undefined.
 */
function bodyAfter(text: string, head: Head): string | undefined {
  const start = text.slice(0, head.length);
  return /\n---\r?\n$/.test(start) && digest(start) === head.hash ? text.slice(head.length) : undefined;
}

/**
 * The output files that show the edited texts, patched with their new HTML; undefined when a file
 * the store names, or the Markdown renderer, is gone, or such a file was changed since: a build finds out
 * what is missing or sets the file right.
 */
function patchedFiles(outDir: string, store: TextStore, edited: { key: string; body: string }[]) {
  try {
    const { markdownToHtmlSync } = loadBundle(store.markdown) as MarkdownRenderer;
    return patch(outDir, store, new Map(edited.map(({ key, body }) => [key, markdownToHtmlSync(body)])));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Each output file that shows one of `texts`, with them put in: its index in the store, its new
 * bytes, its old size and its texts' new places; undefined if one is not as the store left it.
 */
function patch(outDir: string, store: TextStore, texts: ReadonlyMap<string, string>) {
  const patched: { index: number; file: string; bytes: Buffer; was: number; texts: string }[] = [];
  for (const [index, file] of store.shown.files.entries()) {
    const shown = textsOf(store.shown.texts[index]!);
    if (!shown.spans.some((span) => texts.has(span.key))) continue;
    const path = join(outDir, file);
    const info = statSync(path);
    if (info.size !== store.shown.sizes[index] || info.mtimeMs !== store.shown.mtimes[index]) return undefined;
    const old = readFileSync(path, 'utf8');
    const encode = textEncodings[shown.encoding];
    let now = '';
    const spans: TextSpan[] = [];
    let from = 0;
    for (const span of shown.spans) {
      const html = texts.get(span.key);
      const text = html === undefined ? old.slice(span.at, span.at + span.length) : encode(html);
      now += old.slice(from, span.at);
      spans.push({ key: span.key, at: now.length, length: text.length });
      now += text;
      from = span.at + span.length;
    }
    const bytes = Buffer.from(now + old.slice(from));
    patched.push({ index, file, bytes, was: info.size, texts: textsLine({ encoding: shown.encoding, spans }) });
  }
  return patched;
}
