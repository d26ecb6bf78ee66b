import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import matter from 'gray-matter';
import { isMap, isSeq, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import type { ContentIssue } from '../errors.ts';
import { digest } from './tracking.ts';

export type Path = ReadonlyArray<PropertyKey>;

/** A parsed YAML document that can point back at the line and column of any value in it. */
export class Source {
  readonly data: unknown;

  constructor(
    readonly file: string,
    private readonly doc: Document,
    private readonly lines: LineCounter,
    /** Lines before the YAML text, e.g. the `---` that opens Markdown front matter. */
    private readonly lineOffset = 0,
  ) {
    this.data = doc.toJS();
  }

  /** The issue at `path`, located at the deepest node of the path that exists. */
  issue(path: Path, message: string): ContentIssue {
    const prefix = path.length ? `${path.map(String).join('.')}: ` : '';
    return { file: this.file, ...this.position(path), message: prefix + message };
  }

  position(path: Path): { line: number; column: number } {
    let node: unknown = this.doc.contents;
    for (const key of path) {
      const next: unknown = isMap(node) || isSeq(node) ? node.get(key as never, true) : undefined;
      if (!next) break;
      node = next;
    }
    const offset = (node as Node | null)?.range?.[0] ?? 0;
    const { line, col } = this.lines.linePos(offset);
    return { line: line + this.lineOffset, column: col };
  }
}

/** Reads a YAML file; syntax errors become issues and the file yields no Source. */
export async function loadYaml(root: string, file: string, issues: ContentIssue[]): Promise<Source | undefined> {
  const text = await readContentFile(root, file, issues);
  return text === undefined ? undefined : parseYaml(join(root, file), text, issues);
}

function parseYaml(file: string, text: string, issues: ContentIssue[], lineOffset = 0): Source | undefined {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false });
  if (doc.errors.length === 0) return new Source(file, doc, lines, lineOffset);
  for (const error of doc.errors) {
    const { line, col } = lines.linePos(error.pos[0]);
    issues.push({ file, line: line + lineOffset, column: col, message: `invalid YAML: ${error.message.split('\n')[0]}` });
  }
  return undefined;
}

export interface MarkdownFile {
  /** The front matter with positions; parsed on first use when the file came from the cache. */
  readonly frontMatter: Source;
  /** The validated front matter, when a previous build parsed this very text. */
  cached?: unknown;
  body: string;
  /** Line of the file where the body starts, for messages about the body. */
  bodyLine: number;
  /** Hash of the file's text. */
  hash: string;
}

/** Markdown files a previous build parsed and validated, by path, with the hash of their text. */
export type ParsedFiles = Map<string, { hash: string; data: unknown; body: string; bodyLine: number }>;

/**
 * Reads a Markdown file with YAML front matter (gray-matter), keeping positions for both parts.
 * A file whose text a previous build already validated is not parsed again.
 */
export async function loadMarkdown(root: string, file: string, issues: ContentIssue[], parsed?: ParsedFiles): Promise<MarkdownFile | undefined> {
  const text = await readContentFile(root, file, issues);
  if (text === undefined) return undefined;
  const hash = digest(text);
  const hit = parsed?.get(file);
  if (hit?.hash === hash) {
    let source: Source | undefined;
    return {
      get frontMatter() {
        return (source ??= parseMarkdown(root, file, text, [])!.frontMatter);
      },
      cached: hit.data,
      body: hit.body,
      bodyLine: hit.bodyLine,
      hash,
    };
  }
  const result = parseMarkdown(root, file, text, issues);
  return result && { ...result, hash };
}

function parseMarkdown(root: string, file: string, text: string, issues: ContentIssue[]) {
  // Parse the front matter ourselves too: gray-matter gives no positions.
  const parsed = matter(text, { engines: { yaml: () => ({}) } });
  if (!parsed.matter.trim()) {
    issues.push({ file: join(root, file), line: 1, column: 1, message: 'missing front matter: start the file with a --- block of title, date, …' });
    return undefined;
  }
  const lineOf = (index: number) => text.slice(0, index).split('\n').length;
  const frontMatter = parseYaml(join(root, file), parsed.matter, issues, lineOf(text.indexOf(parsed.matter)) - 1);
  if (!frontMatter) return undefined;
  return { frontMatter, body: parsed.content, bodyLine: lineOf(text.lastIndexOf(parsed.content)) };
}

async function readContentFile(root: string, file: string, issues: ContentIssue[]): Promise<string | undefined> {
  try {
    return await readFile(join(root, file), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw new Error(`cannot read ${join(root, file)}`, { cause: error });
    issues.push({ file: join(root, file), message: 'file is missing; every content folder needs it (see README.md)' });
    return undefined;
  }
}
