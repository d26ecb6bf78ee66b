// How the editor at /admin/ reads and writes content files: the custom format it is given for every
// collection (engine/write/admin/config.ts). A save changes only the values that changed, in the file as it
// was read: comments (such as site.yaml's "# example" marks), key order and quoting stay, and an
// entry saved unchanged is its file byte for byte. A value the editor changes loses the comment on
// its line, which no longer describes it.
import { Document, isMap, isScalar, isSeq, parseDocument, visit, type Node } from 'yaml';
import type { FileFormat } from './collections.ts';
import type { Lang } from './lang.ts';

/** What the editor needs to know of a collection's files. */
export interface FileLayout {
  format: FileFormat;
  /**
   * The keys of the texts of each language (`fields`), when the file holds a block of them per
   * language beside shared fields (a job, a service): the editor shows the site's `languages` side
   * by side (Decap's i18n, one file), the shared fields with the first, and writes each back under
   * its code.
   */
  halves?: { fields: readonly string[]; languages: readonly Lang[] };
  /** The order of the top-level keys, for a new file. */
  order: readonly string[];
  /** A field of the form that names a new file and is not written in it. */
  nameField?: string;
}

/** Where the text a file had when it was read travels in the entry, unseen: a save edits that text. */
export const sourceKey = '__file';

/** A Markdown file's text below its front matter, in the entry. */
export const bodyKey = 'body';

type Data = Record<string, unknown>;
const isRecord = (value: unknown): value is Data => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The entry the editor edits, from a file's text. */
export function fromFile(text: string, layout: FileLayout): Data {
  const { frontMatter, body } = layout.format === 'markdown-frontmatter' ? splitMarkdown(text) : { frontMatter: text, body: undefined };
  const parsed: unknown = parseDocument(frontMatter).toJS();
  const data: Data = { ...(isRecord(parsed) ? parsed : {}), ...(body !== undefined && { [bodyKey]: body.replace(/^(?:\r?\n)+/, '') }) };
  if (!layout.halves) return { ...data, [sourceKey]: text };
  const [first, ...others] = layout.halves.languages as [Lang, ...Lang[]];
  const shared = Object.fromEntries(Object.entries(data).filter(([key]) => !layout.halves!.languages.includes(key)));
  const block = (lang: Lang) => (isRecord(data[lang]) ? (data[lang] as Data) : {});
  return { [first]: { ...shared, ...block(first), [sourceKey]: text }, ...Object.fromEntries(others.map((lang) => [lang, block(lang)])) };
}

/** A file's text from the entry the editor saves. */
export function toFile(entry: Data, layout: FileLayout): string {
  const { data, source } = layout.halves ? joinHalves(entry as Record<Lang, Data | undefined>, layout.halves) : withoutSource(entry);
  // The field that named a new file is not written in it.
  const kept = { ...data };
  if (layout.nameField) delete kept[layout.nameField];
  const cleaned = pruned(kept) as Data;
  const { [bodyKey]: body, ...frontMatter } = cleaned;
  const isMarkdown = layout.format === 'markdown-frontmatter';
  const fields = isMarkdown ? frontMatter : cleaned;
  const before = source === undefined ? undefined : isMarkdown ? splitMarkdown(source) : { frontMatter: source, body: undefined };
  const yaml = before ? edited(before.frontMatter, fields) : created(fields, layout.order);
  if (!isMarkdown) return yaml;
  const text = typeof body === 'string' ? body : '';
  const sameBody = before?.body !== undefined && before.body.replace(/^(?:\r?\n)+/, '') === text;
  return `---\n${yaml}---\n${sameBody ? before.body : `\n${text.trimEnd()}\n`}`;
}

/** The front matter and the text below it; a text without front matter is all body. */
function splitMarkdown(text: string): { frontMatter: string; body: string } {
  const match = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?\r?\n)?---[ \t]*(?:\r?\n|$)/.exec(text);
  return match ? { frontMatter: match[1] ?? '', body: text.slice(match[0].length) } : { frontMatter: '', body: text };
}

function withoutSource(entry: Data): { data: Data; source?: string } {
  const { [sourceKey]: source, ...data } = entry;
  return { data, source: typeof source === 'string' ? source : undefined };
}

/**
 * The file's data from the languages the editor shows: shared fields and the first language's text
 * in the first, each other language's text in its own; one left empty is not written (pruned).
 */
function joinHalves(
  entry: Record<Lang, Data | undefined>,
  { fields, languages }: NonNullable<FileLayout['halves']>,
): { data: Data; source?: string } {
  const [first, ...others] = languages as [Lang, ...Lang[]];
  const { data: main, source } = withoutSource(entry[first] ?? {});
  const half = (from: Data) => Object.fromEntries(fields.filter((key) => key in from).map((key) => [key, from[key]]));
  const shared = Object.fromEntries(Object.entries(main).filter(([key]) => !fields.includes(key)));
  const texts = Object.fromEntries([first, ...others].map((lang) => [lang, half(lang === first ? main : (entry[lang] ?? {}))]));
  return { data: { ...shared, ...texts }, source };
}

/**
 * The data without what a form leaves behind for a field nobody filled: empty text, null, and
 * objects left with nothing in them. Lists stay, even empty: some are required and may be empty.
 */
function pruned(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(pruned);
  if (!isRecord(value)) return value;
  const kept: Data = {};
  for (const [key, item] of Object.entries(value)) {
    const clean = pruned(item);
    const empty = clean === undefined || clean === null || clean === '' || (isRecord(clean) && Object.keys(clean).length === 0);
    if (!empty) kept[key] = clean;
  }
  return kept;
}

/** A new file: its keys in the schema's order. */
function created(data: Data, order: readonly string[]): string {
  const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
  const sorted = Object.fromEntries(Object.entries(data).sort(([a], [b]) => rank(a) - rank(b)));
  return text(new Document(sorted));
}

/**
 * The document's text, with dates quoted as the site's files have them: YAML 1.1 readers (and
 * js-yaml's default schema) would read 2025-03-14 as a date, not as the text the schemas expect.
 */
function text(doc: Document): string {
  visit(doc, {
    Scalar(_, node) {
      if (typeof node.value === 'string' && /^\d{4}-\d\d-\d\d/.test(node.value) && node.type === undefined) node.type = 'QUOTE_DOUBLE';
    },
  });
  return doc.toString({ lineWidth: 0 });
}

/** The text `before` with the values of `data`: unchanged when they are the same, edited in place where they differ. */
function edited(before: string, data: Data): string {
  const doc = parseDocument(before);
  if (sameValue(doc.toJS(), data)) return before;
  doc.contents = merged(doc, doc.contents as Node | null, data) as typeof doc.contents;
  return text(doc);
}

/** `node` made to hold `value`, keeping what did not change, and the comments above what did. */
function merged(doc: Document, node: Node | null | undefined, value: unknown): Node {
  if (isRecord(value) && isMap(node)) {
    node.items = node.items.filter((pair) => String((pair.key as Node & { value?: unknown })?.value ?? pair.key) in value);
    for (const [key, item] of Object.entries(value)) {
      const pair = node.items.find((p) => String((p.key as Node & { value?: unknown })?.value ?? p.key) === key);
      if (pair) pair.value = merged(doc, pair.value as Node | null, item);
      else node.items.push(doc.createPair(key, item));
    }
    return node;
  }
  if (Array.isArray(value) && isSeq(node)) {
    node.items = value.map((item, i) => merged(doc, node.items[i] as Node | undefined, item));
    return node;
  }
  if (node && sameValue(isScalar(node) ? node.value : node.toJSON(), value)) return node;
  const fresh = doc.createNode(value);
  if (node?.commentBefore) fresh.commentBefore = node.commentBefore;
  return fresh;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
  if (isRecord(a) && isRecord(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => key in b && sameValue(a[key], b[key]));
  }
  return a === b;
}
