import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { ParsedFiles } from './load.ts';

/**
 * The persistent build cache in `.cache/`: what each page read last time, and the HTML of every
 * Markdown body. Safe to delete. Anything unreadable, or written by another tool version, is
 * ignored as a whole: a stale or corrupt cache costs a full build, never wrong output.
 */
const pageSchema = z.object({
  /** Hash of the page's template family, assets and tool version. */
  base: z.string(),
  /** Hash of every model part and route the page read. */
  deps: z.record(z.string(), z.string()),
});

const manifestSchema = z.object({
  version: z.string(),
  pages: z.record(z.string(), pageSchema),
  /** Hash, size and time of every output file written, to tell whether dist/ still holds it. */
  outputs: z.record(z.string(), z.object({ hash: z.string(), size: z.number(), mtimeMs: z.number() })),
});
export type Manifest = z.infer<typeof manifestSchema>;
export type PageRecord = z.infer<typeof pageSchema>;

const markdownSchema = z.object({ version: z.string(), html: z.record(z.string(), z.string()) });
const contentSchema = z.object({
  version: z.string(),
  files: z.record(z.string(), z.object({ hash: z.string(), data: z.unknown(), body: z.string(), bodyLine: z.number() })),
});

export interface CacheState {
  manifest?: Manifest;
  /** Markdown HTML by the hash of its source. */
  markdown: Map<string, string>;
  /** Markdown files already validated, by path (load.ts). */
  parsed: ParsedFiles;
}

export async function readCache(dir: string, version: string, warn: (message: string) => void): Promise<CacheState> {
  const [manifest, markdown, content] = await Promise.all([
    readJson(join(dir, 'build.json'), manifestSchema, warn),
    readJson(join(dir, 'markdown.json'), markdownSchema, warn),
    readJson(join(dir, 'content.json'), contentSchema, warn),
  ]);
  return {
    manifest: manifest?.version === version ? manifest : undefined,
    markdown: new Map(markdown?.version === version ? Object.entries(markdown.html) : []),
    parsed: new Map(content?.version === version ? Object.entries(content.files) : []),
  };
}

export async function writeCache(dir: string, version: string, manifest: Manifest, state: Omit<CacheState, 'manifest'>): Promise<void> {
  await mkdir(dir, { recursive: true });
  await Promise.all([
    writeAtomic(join(dir, 'build.json'), JSON.stringify(manifest)),
    writeAtomic(join(dir, 'markdown.json'), JSON.stringify({ version, html: Object.fromEntries(state.markdown) })),
    writeAtomic(join(dir, 'content.json'), JSON.stringify({ version, files: Object.fromEntries(state.parsed) })),
  ]);
}

async function readJson<S extends z.ZodType>(file: string, schema: S, warn: (message: string) => void): Promise<z.infer<S> | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return undefined; // no cache yet
  }
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
  } catch {
    // fall through to the warning
  }
  warn(`ignoring the unreadable build cache ${file}; this build starts from scratch`);
  return undefined;
}

async function writeAtomic(file: string, content: string): Promise<void> {
  await writeFile(`${file}.tmp`, content);
  await rename(`${file}.tmp`, file);
}
