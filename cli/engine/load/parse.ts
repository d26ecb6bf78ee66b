import { join } from 'node:path';
import matter from 'gray-matter';
import { CORE_SCHEMA, load as loadFast } from 'js-yaml';
import { createRequire } from 'node:module';
import type { Document, LineCounter, Node } from 'yaml';
import type { Path } from '../../site/checks/entry.ts';
import { errors, type Problem } from '../../site/errors.ts';
import { ContentError, type ContentIssue } from '../../site/issues.ts';
import { statIfAny } from '../../support/stat.ts';
import { digest } from '../../support/files.cjs';
import { readContentText, sizeLimits, type SizeLimit } from './guarded-read.ts';
import { maxNesting, tooDeep } from './nesting.ts';

// `yaml` is loaded only to point at a problem: most builds have none, and it costs ~30 ms to load.
let yamlModule: typeof import('yaml') | undefined;
const yaml = () => (yamlModule ??= createRequire(import.meta.url)('yaml') as typeof import('yaml'));

interface Parsed {
  doc: Document;
  lines: LineCounter;
}

/**
 * A YAML document's data, able to point back at the line and column of any value in it. The
 * positions come from a parse that may be made only when a problem needs them.
 */
export class Source {
  private parsed?: Parsed;

  constructor(
    readonly file: string,
    readonly data: unknown,
    private readonly parse: () => Parsed,
    /** Lines before the YAML text, e.g. the `---` that opens Markdown front matter. */
    private readonly lineOffset = 0,
  ) {}

  /** The problem at `path`, located at the deepest node of the path that exists. */
  issue(path: Path, { code, message, hint }: Problem): ContentIssue {
    const prefix = path.length ? `${path.map(String).join('.')}: ` : '';
    return { file: this.file, ...this.position(path), code, message: prefix + message, hint };
  }

  /**
   * Paths of the values whose line carries a comment matching `pattern`, e.g. `brand: X  # example`
   * (a block's comment sits on its key's line).
   */
  markedPaths(pattern: RegExp): Path[] {
    const marked: Path[] = [];
    const walk = (node: unknown, path: Path) => {
      const { isMap, isSeq, isScalar } = yaml();
      const collection = isMap(node) || isSeq(node);
      if ((isScalar(node) || collection) && pattern.test(node.comment ?? '')) marked.push(path);
      else if (collection && pattern.test(node.commentBefore ?? '')) marked.push(path);
      if (isMap(node)) for (const pair of node.items) walk(pair.value, [...path, String((pair.key as { value?: unknown })?.value)]);
      if (isSeq(node)) node.items.forEach((item, i) => walk(item, [...path, i]));
    };
    walk((this.parsed ??= this.parse()).doc.contents, []);
    return marked;
  }

  position(path: Path): { line: number; column: number } {
    const { doc, lines } = (this.parsed ??= this.parse());
    let node: unknown = doc.contents;
    for (const key of path) {
      const next: unknown = yaml().isMap(node) || yaml().isSeq(node) ? node.get(key as never, true) : undefined;
      if (!next) break;
      node = next;
    }
    const offset = (node as Node | null)?.range?.[0] ?? 0;
    const { line, col } = lines.linePos(offset);
    return { line: line + this.lineOffset, column: col };
  }
}

/**
 * Reads a YAML file; syntax errors become issues and the file yields no Source. A file a
 * previous build parsed, untouched since (see `untouched`), is not read again.
 */
export function loadYaml(
  root: string,
  file: string,
  issues: ContentIssue[],
  parsed?: PreviousParse,
): (Source & { cacheEntry: ParsedFile }) | undefined {
  const path = join(root, file);
  const { hit, times } = untouched(root, file, parsed);
  const previous = parsed?.previous.get(file);
  if (hit) {
    const reparse = () => parseDocumentAt(readUnchanged(root, file, hit.hash, sizeLimits.yaml));
    return Object.assign(new Source(path, hit.data, reparse), { cacheEntry: hit });
  }
  const text = readContentFile(root, file, issues, sizeLimits.yaml);
  if (text === undefined) return undefined;
  const hash = digest(text);
  const source = previous?.hash === hash ? new Source(path, previous.data, () => parseDocumentAt(text)) : parseYaml(path, text, issues);
  // The same text validates the same: what the last build's schema made of it stays good.
  const valid = previous?.hash === hash ? previous.valid : undefined;
  return source && Object.assign(source, { cacheEntry: { hash, ...times!, data: source.data, ...(valid !== undefined && { valid }) } });
}

const parseDocumentAt = (text: string): Parsed => {
  const lines = new (yaml().LineCounter)();
  return { doc: yaml().parseDocument(text, { lineCounter: lines, prettyErrors: false }), lines };
};

const maxWords = 160;

/**
 * Parses YAML with js-yaml, several times faster than `yaml`, which parses the text again only
 * for positions: to point at a problem, or to report a syntax error in its own words.
 */
function parseYaml(file: string, text: string, issues: ContentIssue[], lineOffset = 0): Source | undefined {
  let data: unknown;
  try {
    // The core schema is YAML 1.2's, as `yaml` reads it: `2024-05-20` stays a string.
    data = loadFast(text, { schema: CORE_SCHEMA }) ?? null; // an empty text, as `yaml` reads it
  } catch (error) {
    const { mark, reason } = error as { mark?: { line: number; column: number }; reason?: string };
    // Nesting deeper than js-yaml takes (100 levels) overflows the stack of `yaml` at every level:
    // 1 MB of `[` took it 18 s. js-yaml's own place and words are enough.
    const again = reason?.startsWith('nesting exceeded') ? undefined : parseDocumentAt(text);
    const found = again?.doc.errors.length
      ? again.doc.errors.map((e) => ({ ...again.lines.linePos(e.pos[0]), message: e.message }))
      : [{ line: (mark?.line ?? 0) + 1, col: (mark?.column ?? 0) + 1, message: again ? (error as Error).message : reason! }];
    for (const { line, col, message } of found) {
      // js-yaml's words can quote a whole alias or tag: the line and column say where it is.
      const words = message.split('\n')[0]!;
      const short = words.length > maxWords ? `${words.slice(0, maxWords)}…` : words;
      issues.push({ file, line: line + lineOffset, column: col, ...errors.InvalidYaml(short) });
    }
    return undefined;
  }
  return new Source(file, data, () => parseDocumentAt(text), lineOffset);
}

export interface MarkdownFile {
  /** The front matter with positions; parsed on first use when the file came from the cache. */
  readonly frontMatter: Source;
  /** The validated front matter and its hash, when a previous build parsed this very text. */
  cached?: { data: unknown; dataHash: string };
  /** The Markdown text; read on first use when the file came from the cache. */
  readonly body: string;
  /** Line of the file where the body starts, for messages about the body. */
  bodyLine: number;
  /** Hash of the file's text. */
  hash: string;
  /** The previous build's entry, when the file still has its size and times: this build's as it is. */
  unchanged?: ParsedFile;
}

/**
 * Content files a previous build parsed (and validated, for Markdown), by path: the hash of their
 * text, and their size and times, so that an untouched file need not even be read.
 */
export type ParsedFile = FileTimes & {
  hash: string;
  data: unknown;
  /** A YAML file's data as its schema returned it, once it passed: not validated again while the text is the same. */
  valid?: unknown;
  dataHash?: string;
  bodyLine?: number;
};
export type ParsedFiles = Map<string, ParsedFile>;

/**
 * What the previous build parsed, for this one to reuse. With `changed`, the only files that can
 * differ from it (dev's watcher reports every file it sees change): the others are taken as they
 * were, without a stat. A body read later is still checked against its hash (readUnchanged).
 */
export interface PreviousParse {
  previous: ParsedFiles;
  changed?: ReadonlySet<string>;
  /** Each file's size and times as the build's fingerprint found them before it read anything (stamp.ts statsOf). */
  stats?: ReadonlyMap<string, FileTimes>;
}
export type FileTimes = { size: number; mtimeMs: number; ctimeMs: number };
export const sameTimes = (a: FileTimes, b: FileTimes) => a.size === b.size && a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs;

/**
 * The previous parse of a file, when the file still has the size and times it had then: every
 * write changes ctime, which no tool sets back, so the text is the same. A file `parsed` knows
 * unchanged is not stat-ed.
 */
export function untouched(root: string, file: string, parsed: PreviousParse | undefined): { hit?: ParsedFile; times?: FileTimes } {
  const previous = parsed?.previous.get(file);
  if (previous && parsed?.changed && !parsed.changed.has(file)) {
    return { hit: previous, times: { size: previous.size, mtimeMs: previous.mtimeMs, ctimeMs: previous.ctimeMs } };
  }
  const info = parsed?.stats?.get(file) ?? statIfAny(join(root, file));
  const times = info && { size: info.size, mtimeMs: info.mtimeMs, ctimeMs: info.ctimeMs };
  return { hit: previous && times && sameTimes(previous, times) ? previous : undefined, times };
}

/**
 * Reads a Markdown file with YAML front matter (gray-matter), keeping positions for both parts.
 * A file whose text a previous build already validated is not parsed again, nor read when
 * untouched since.
 */
export function loadMarkdown(
  root: string,
  file: string,
  issues: ContentIssue[],
  parsed?: PreviousParse,
): (MarkdownFile & { times: FileTimes }) | undefined {
  const { hit, times } = untouched(root, file, parsed);
  const previous = parsed?.previous.get(file);
  const text = hit ? undefined : readContentFile(root, file, issues, sizeLimits.markdown);
  if (!hit && text === undefined) return undefined;
  const hash = text === undefined ? hit!.hash : digest(text);
  if (previous?.hash === hash && previous.dataHash !== undefined) return new ValidatedMarkdown(root, file, previous, text, times!, hit);
  const result = parseMarkdown(root, file, text!, issues);
  return result && { ...result, hash, times: times! };
}

/**
 * A Markdown file whose text a previous build validated: positions are needed only to report a
 * problem, the body only to render it, so the file is parsed (and read, when untouched) only then.
 * A class: a dev rebuild makes one for each of thousands of posts.
 */
class ValidatedMarkdown implements MarkdownFile {
  private parsed?: NonNullable<ReturnType<typeof parseMarkdown>>;
  readonly hash: string;
  readonly cached: { data: unknown; dataHash: string };
  readonly bodyLine: number;

  constructor(
    private readonly root: string,
    private readonly file: string,
    previous: ParsedFile,
    private readonly text: string | undefined,
    readonly times: FileTimes,
    readonly unchanged: ParsedFile | undefined,
  ) {
    this.hash = previous.hash;
    this.cached = { data: previous.data, dataHash: previous.dataHash! };
    this.bodyLine = previous.bodyLine!;
  }

  private parse() {
    return (this.parsed ??= parseMarkdown(
      this.root,
      this.file,
      this.text ?? readUnchanged(this.root, this.file, this.hash, sizeLimits.markdown),
      [],
    )!);
  }

  get frontMatter(): Source {
    return this.parse().frontMatter;
  }

  get body(): string {
    return this.parse().body;
  }
}

/** A file's text, which must still be the text of `hash`: what the build knows of it came from that. */
function readUnchanged(root: string, file: string, hash: string, limit: SizeLimit): string {
  const read = readContentText(root, join(root, file), limit);
  if ('issue' in read) throw new ContentError([read.issue]);
  if (digest(read.text) !== hash) throw new ContentError([{ file: join(root, file), ...errors.ChangedWhileReading() }]);
  return read.text;
}

/** gray-matter would run a `---js` or `---javascript` front matter as code: content never runs. */
const refuseCode = () => {
  throw new Error('front matter that runs code is refused');
};

function parseMarkdown(root: string, file: string, text: string, issues: ContentIssue[]) {
  const fence = /^\uFEFF?---([^\r\n]*)/.exec(text)?.[1];
  if (fence?.trim()) {
    issues.push({ file: join(root, file), line: 1, column: 4, ...errors.FrontMatterFence(`---${fence.trim()}`) });
    return undefined;
  }
  // Parse the front matter ourselves too: gray-matter gives no positions.
  const parsed = matter(text, { engines: { yaml: () => ({}), js: refuseCode, javascript: refuseCode } });
  if (!parsed.matter.trim()) {
    issues.push({ file: join(root, file), line: 1, column: 1, ...errors.MissingFrontMatter() });
    return undefined;
  }
  const lineOf = (index: number) => text.slice(0, index).split('\n').length;
  const frontMatter = parseYaml(join(root, file), parsed.matter, issues, lineOf(text.indexOf(parsed.matter)) - 1);
  if (!frontMatter) return undefined;
  return { frontMatter, body: parsed.content, bodyLine: lineOf(text.lastIndexOf(parsed.content)) };
}

/**
 * The text of a content file, through the guarded read; Markdown is also checked for nesting
 * that would exhaust its parser. Problems become issues, and the file yields no text.
 */
function readContentFile(root: string, file: string, issues: ContentIssue[], limit: SizeLimit): string | undefined {
  const path = join(root, file);
  const read = readContentText(root, path, limit);
  if ('issue' in read) {
    issues.push(read.issue);
    return undefined;
  }
  const deep = limit === sizeLimits.markdown ? tooDeep(read.text) : undefined;
  if (!deep) return read.text;
  issues.push({ file: path, ...deep, ...errors.TooDeep(maxNesting) });
  return undefined;
}
