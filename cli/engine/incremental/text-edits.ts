// A build after edits of posts' texts alone, their front matter untouched: the commonest change,
// and one whose result is known without building. Every file that shows a post's text has it in
// one place that the build recorded (render/texts.ts), and nothing else in the file depends on
// it; so the new site is the current one with the new texts put in those places. This reads no
// cache but its own small file, loads no content, and renders nothing but the texts' Markdown.
import { lstatSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadBundle } from '../../code-cache.cjs';
import { digest } from '../../files.cjs';
import { isRecord } from '../../site/json.ts';
import type { MarkdownRenderer } from '../render/compile.ts';
import { putTexts, textsOf } from '../render/texts.ts';
import { assemble, claimOutputNow, type OutputRecords } from '../write/publish.ts';
import type { Manifest } from './cache.ts';
import type { Head, ParsedFiles } from '../load/parse.ts';
import { textFileAt } from '../../site/text-files.ts';
import { readChecked, sealedFile, writeSealed } from './sealed.ts';
import { contentPath, outIdentity, readStamp, sameOutput, writeStamp, type Inputs, type Stamp } from './stamp.ts';
import { postBodyKey } from './tracking.ts';

/**
 * texts.v8: what the last build left, as a text edit needs it. Written with the stamp, and valid
 * only with the stamp of the same inputs: an edit after it is measured against the inputs it was
 * built from. In a few large values rather than thousands of small ones: read, checked and
 * written again by a process that does little else, it took ~20 ms as arrays of strings.
 */
interface TextStore {
  inputs: string;
  /** Inputs.settings as JSON: the tool, the templates, the folders and the options. */
  settings: string;
  /** The hash of Inputs.files (pathsKey), and Inputs.stats. */
  files: string;
  stats: Float64Array;
  /** The Markdown renderer of the engine the build rendered with (render/compile.ts). */
  markdown: string;
  /** Every file of the output folder, one a line. */
  outputs: string;
  /** Each post: its file's index in Inputs.files, and its head (load/parse.ts), the hashes one a line. */
  posts: { files: Int32Array; lengths: Int32Array; hashes: string };
  /**
   * Each output file that shows texts: its index in `outputs`, where the texts lie in it
   * (render/texts.ts textsLine; NUL after each file's), and the size and time it was left with: a
   * file edited since is not patched.
   */
  shown: { files: Int32Array; texts: string; sizes: Float64Array; mtimes: Float64Array };
}

const storeFile = (cacheDir: string) => sealedFile(cacheDir, 'texts');
const pathsKey = (files: string[]) => digest(files.join('\0'));

/** Checked by hand: zod would bring its whole API into the bundle that answers this (quick.ts). */
const isTextStore = (value: unknown): value is TextStore => {
  if (!isRecord(value) || typeof value.inputs !== 'string' || typeof value.settings !== 'string') return false;
  const { files, stats, markdown, outputs, posts, shown } = value;
  if (typeof files !== 'string' || !(stats instanceof Float64Array) || typeof markdown !== 'string' || typeof outputs !== 'string')
    return false;
  if (!isRecord(posts) || !(posts.files instanceof Int32Array) || !(posts.lengths instanceof Int32Array)) return false;
  if (posts.lengths.length !== posts.files.length || typeof posts.hashes !== 'string') return false;
  if (!isRecord(shown) || !(shown.files instanceof Int32Array) || typeof shown.texts !== 'string') return false;
  const count = shown.files.length;
  return (
    shown.sizes instanceof Float64Array &&
    shown.sizes.length === count &&
    shown.mtimes instanceof Float64Array &&
    shown.mtimes.length === count
  );
};

/**
 * Records what a text edit after this build needs, before its stamp is written (stamp.ts): the
 * build's `inputs` as that stamp holds them, its manifest and parsed files, and its Markdown renderer.
 */
export function writeTextStore(cacheDir: string, inputs: Inputs, manifest: Manifest, parsed: ParsedFiles, markdown: string): void {
  const posts = { files: [] as number[], lengths: [] as number[], hashes: [] as string[] };
  inputs.files.forEach((file, index) => {
    const path = contentPath(file);
    const head = parsed.get(path)?.head;
    if (!head || textFileAt(path)?.folder !== 'blog') return;
    posts.files.push(index);
    posts.lengths.push(head.length);
    posts.hashes.push(head.hash);
  });
  const outputs = [...manifest.outputs.keys()];
  const outputIndex = new Map(outputs.map((file, i) => [file, i]));
  const shown = { files: [] as number[], texts: [] as string[], sizes: [] as number[], mtimes: [] as number[] };
  for (const [file, record] of manifest.pages) {
    const output = manifest.outputs.get(file);
    if (!record.texts || !output) continue;
    shown.files.push(outputIndex.get(file)!);
    shown.texts.push(record.texts);
    shown.sizes.push(output.size);
    shown.mtimes.push(output.mtimeMs);
  }
  const store: TextStore = {
    inputs: inputs.key,
    settings: JSON.stringify(inputs.settings),
    files: pathsKey(inputs.files),
    stats: Float64Array.from(inputs.stats),
    markdown,
    outputs: outputs.join('\n'),
    posts: { files: Int32Array.from(posts.files), lengths: Int32Array.from(posts.lengths), hashes: posts.hashes.join('\n') },
    shown: {
      files: Int32Array.from(shown.files),
      texts: shown.texts.join('\0'),
      sizes: Float64Array.from(shown.sizes),
      mtimes: Float64Array.from(shown.mtimes),
    },
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
    const target = resolve(opts.out);
    const outputs = store.outputs.split('\n');
    const texts = store.shown.texts.split('\0');
    const patched = patchedFiles(target, store, { outputs, texts }, edited);
    const records = patched && published(target, outputs, patched);
    if (!patched || !records) return undefined;
    const bytes = stamp.summary.bytes + patched.reduce((sum, { bytes, was }) => sum + bytes.length - was, 0);
    const out = outIdentity(opts.out);
    if (!out) throw new Error(`${opts.out} is gone after it was written`);
    const [sizes, mtimes] = [store.shown.sizes.slice(), store.shown.mtimes.slice()];
    for (const { index, texts: line, file } of patched) {
      texts[index] = line;
      sizes[index] = records.get(file)!.size;
      mtimes[index] = records.get(file)!.mtimeMs;
    }
    const shown = { files: store.shown.files, texts: texts.join('\0'), sizes, mtimes };
    writeSealed(storeFile(opts.cache), { ...store, inputs: inputs.key, stats: Float64Array.from(inputs.stats), shown } satisfies TextStore);
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
  if (pathsKey(inputs.files) !== store.files) return undefined;
  const edited: { key: string; body: string }[] = [];
  let hashes: string[] | undefined;
  for (let i = 0; i < inputs.files.length; i++) {
    const at = 4 * i;
    const same = [0, 1, 2, 3].every((n) => inputs.stats[at + n] === store.stats[at + n]);
    if (same) continue;
    const path = contentPath(inputs.files[i]!);
    const post = store.posts.files.indexOf(i);
    const file = textFileAt(path);
    if (post < 0 || file?.folder !== 'blog') return undefined;
    // A link is left to the loader, which refuses one that leads out of the content folder.
    if (lstatSync(join(contentDir, path), { throwIfNoEntry: false })?.isFile() !== true) return undefined;
    const text = readFileSync(join(contentDir, path), 'utf8');
    hashes ??= store.posts.hashes.split('\n');
    const body = bodyAfter(text, { length: store.posts.lengths[post]!, hash: hashes[post]! });
    if (body === undefined) return undefined;
    edited.push({ key: postBodyKey(file.lang, file.slug), body });
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

/** The store's list of output files, and of the texts each shows, split into their items. */
type Lists = { outputs: string[]; texts: string[] };

/**
 * The output files that show the edited texts, patched with their new HTML; undefined when a file
 * the store names, or the Markdown renderer, is gone, or such a file was changed since: a build
 * finds out what is missing or sets the file right.
 */
function patchedFiles(outDir: string, store: TextStore, lists: Lists, edited: { key: string; body: string }[]) {
  try {
    const { markdownToHtmlSync } = loadBundle(store.markdown) as MarkdownRenderer;
    return patch(outDir, store, lists, new Map(edited.map(({ key, body }) => [key, markdownToHtmlSync(body)])));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Each output file that shows one of `texts`, with them put in: its index in the store, its new
 * bytes, its old size and its texts' new places; undefined if one is not as the store left it.
 */
function patch(outDir: string, store: TextStore, lists: Lists, texts: ReadonlyMap<string, string>) {
  const patched: { index: number; file: string; bytes: Buffer; was: number; texts: string }[] = [];
  const keys = [...texts.keys()];
  for (const [index, line] of lists.texts.entries()) {
    // Only the lines that name an edited text are parsed.
    if (!keys.some((key) => line.includes(key))) continue;
    const shown = textsOf(line);
    if (!shown.spans.some((span) => texts.has(span.key))) continue;
    const file = lists.outputs[store.shown.files[index]!]!;
    const path = join(outDir, file);
    const info = statSync(path);
    if (info.size !== store.shown.sizes[index] || info.mtimeMs !== store.shown.mtimes[index]) return undefined;
    const put = putTexts(readFileSync(path, 'utf8'), shown, texts);
    const bytes = Buffer.from(put.output);
    patched.push({ index, file, bytes, was: info.size, texts: put.texts });
  }
  return patched;
}
