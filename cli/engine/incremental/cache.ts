import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { indexer, type KeyList } from '../render/key-lists.ts';
import { MarkdownCache } from './markdown-cache.ts';
import { clearForFolder, damagedNote, readCacheFile, sealedFile, writeSealed } from '../../support/sealed.ts';
import { sameTimes, type ParsedFile, type ParsedFiles } from '../load/parse.ts';
import { isRecord, isStrings } from '../../site/json.ts';
import type { OutputRecords } from '../write/publish.ts';

// The persistent build cache in `.cache/`: what each page read last time, the HTML of every
// Markdown body (engine/incremental/markdown-cache.ts) and the parsed content files. Safe to delete.
// Anything unreadable, or written by another tool version, is ignored as a whole: a stale or
// corrupt cache costs a full build, never wrong output.

/**
 * A page's record: the hash of its template family, assets and tool version, and the indexes of
 * the keys it read, a typed array since V8 copies one whole where it reads an array number by
 * number (a page reads about a hundred keys).
 */
export interface PageDeps {
  base: string;
  deps: Uint32Array;
}

/**
 * build.v8: the manifest as the build uses it, Maps included (V8's serialization keeps them).
 * Stored in columns of strings instead, it was read and written 30-50 ms sooner on the 4,000-post
 * bench's one-post rebuild, 5-8 % of it: not worth a format of its own.
 */
export interface Manifest {
  version: string;
  /** Every dependency key any page read, and its hash at the time. */
  keys: string[];
  hashes: string[];
  pages: Map<string, PageDeps>;
  /** Every output file written (write/publish.ts), to tell whether dist/ still holds it. */
  outputs: OutputRecords;
}

/** build.v8's shape check (sealed.ts): every key index of a page points into the key table. */
const isManifest = (value: unknown): value is Manifest => {
  if (!isRecord(value) || typeof value.version !== 'string' || !isStrings(value.keys)) return false;
  const count = value.keys.length;
  if (!isStrings(value.hashes, count) || !(value.pages instanceof Map) || !(value.outputs instanceof Map)) return false;
  const isIndex = (index: unknown) => Number.isInteger(index) && (index as number) >= 0 && (index as number) < count;
  for (const [file, page] of value.pages) {
    if (typeof file !== 'string' || !isRecord(page) || typeof page.base !== 'string') return false;
    if (!(page.deps instanceof Uint32Array) || !page.deps.every(isIndex)) return false;
  }
  for (const [file, output] of value.outputs) {
    if (typeof file !== 'string' || !isRecord(output) || typeof output.hash !== 'string') return false;
    if (typeof output.size !== 'number' || typeof output.mtimeMs !== 'number') return false;
  }
  return true;
};

/**
 * What a page read, with the hash of the rest of its inputs; for a page kept from the previous
 * build, its record in that build's manifest.
 */
export type PageRecord = { base: string; deps: KeyList } | { base: string; previous: PageDeps };

/** A parsed-file entry. `data` is whatever the file held. */
const isParsedFile = (value: unknown): value is ParsedFile => {
  const entry = value as Record<string, unknown> | null;
  return (
    typeof entry === 'object' &&
    entry !== null &&
    typeof entry.hash === 'string' &&
    typeof entry.size === 'number' &&
    typeof entry.mtimeMs === 'number' &&
    typeof entry.ctimeMs === 'number' &&
    'data' in entry &&
    (entry.dataHash === undefined || typeof entry.dataHash === 'string') &&
    (entry.bodyLine === undefined || typeof entry.bodyLine === 'number')
  );
};

/** A shard of the parsed files' shape check: its entries, and the tool version that wrote them. */
const isShard = (value: unknown): value is { version: string; entries: Record<string, ParsedFile> } =>
  isRecord(value) && typeof value.version === 'string' && isRecord(value.entries) && Object.values(value.entries).every(isParsedFile);

export interface CacheState {
  manifest?: Manifest;
  /** Markdown HTML by the hash of its source. */
  markdown: MarkdownCache;
  /** Content files already parsed, and Markdown front matter validated, by path (load/parse.ts). */
  parsed: ParsedFiles;
}

export function readCache(dir: string, version: string, warn: (message: string) => void): CacheState {
  for (const folder of [dir, join(dir, 'content'), join(dir, 'markdown')]) {
    if (clearForFolder(folder)) warn(damagedNote(folder, 'a folder was expected'));
  }
  const manifest = readCacheFile(sealedFile(dir, 'build'), isManifest, warn);
  const parsed = readShards(dir, 'content', version, warn);
  return {
    manifest: manifest?.version === version ? manifest : undefined,
    markdown: new MarkdownCache(dir, version, warn),
    parsed,
  };
}

/** Whether a page's list of key indexes holds any of `indexes` (see changedKeys). */
export function readsAny(indexes: ReadonlySet<number>): (deps: Uint32Array) => boolean {
  if (indexes.size === 0) return () => false;
  return (deps) => deps.some((index) => indexes.has(index));
}

/** Indexes of the manifest's keys whose hash is not `hashOf(key)` any more. */
export function changedKeys(manifest: Manifest, hashOf: (key: string) => string): Set<number> {
  const changed = new Set<number>();
  manifest.keys.forEach((key, i) => hashOf(key) !== manifest.hashes[i] && changed.add(i));
  return changed;
}

/**
 * The manifest for this build's pages: each key stored once, with its current hash. When most
 * pages were kept, the previous key table is extended, so their records stay as they are;
 * otherwise the table is made afresh, dropping keys no page reads any more.
 */
export function manifestOf(
  version: string,
  pages: Map<string, PageRecord>,
  hashOf: (key: string) => string,
  outputs: Manifest['outputs'],
  previous?: Manifest,
): Manifest {
  const rendered = [...pages.values()].filter((record) => 'deps' in record);
  // The tables of the rendered pages' key lists: each key of one is read by a page of its batch.
  const tables = new Set(rendered.map(({ deps }) => deps.keys));
  const extend = previous && rendered.length < pages.size / 2;
  const keys = extend ? previous.keys.slice() : [];
  // Extending, only the keys the rendered pages read are looked up: a rebuild after one edit
  // renders a page or two, and indexing every key of thousands of pages took most of this.
  const wanted = extend ? new Set([...tables].flat()) : undefined;
  const index = new Map<string, number>();
  if (wanted) keys.forEach((key, i) => wanted.has(key) && index.set(key, i));
  const indexIn = indexer(keys, index);
  // Each table's keys are looked up once, for all the pages that share it.
  const indexesIn = new Map([...tables].map((table) => [table, table.map(indexIn)]));
  const listOf = ({ keys: table, at }: KeyList) => {
    const indexes = indexesIn.get(table)!;
    return Uint32Array.from(at, (i) => indexes[i]!);
  };
  const depsOf = (record: PageRecord) =>
    'deps' in record ? listOf(record.deps) : record.previous.deps.map((i) => indexIn(previous!.keys[i]!));
  // A kept page's record stays the same object when the key table is extended.
  const manifestPages: Manifest['pages'] = new Map();
  for (const [file, record] of pages)
    manifestPages.set(file, extend && 'previous' in record ? record.previous : { base: record.base, deps: depsOf(record) });
  return { version, keys, hashes: keys.map(hashOf), pages: manifestPages, outputs };
}

/**
 * Writes the rest of the cache once the build is done: the Markdown the memo added since it last
 * saved, then the manifest. The parsed files are not among it: a build writes them (writeParsed)
 * as soon as it knows them, a session just before this.
 */
export function writeCache(dir: string, manifest: Manifest, markdown: MarkdownCache): void {
  mkdirSync(dir, { recursive: true }); // the folder may have been deleted while the build ran
  markdown.save();
  writeSealed(sealedFile(dir, 'build'), manifest);
}

/**
 * Writes the parsed-file shards whose entries differ from `before`, what they hold. A build may
 * write them as soon as the content is loaded: they say how files parse, whatever the build makes.
 */
export function writeParsed(dir: string, version: string, now: ParsedFiles, before: ParsedFiles): void {
  clearForFolder(dir);
  mkdirSync(dir, { recursive: true });
  const sameFile = (a: ParsedFile, b: ParsedFile) => a.hash === b.hash && sameTimes(a, b);
  writeShards(dir, 'content', version, now, (key, file) => !!before.get(key) && sameFile(before.get(key)!, file), before.keys());
}

/**
 * Large maps are kept in `<dir>/<name>/<shard>.v8`, so that a change of one entry (one edited
 * post) rewrites a sixteenth of the map, not all of it.
 */
const shards = 16;
const shardOf = (key: string) => {
  let hash = 0;
  for (let i = 0; i < key.length; i++) hash = (hash * 31 + key.charCodeAt(i)) | 0;
  return (hash >>> 0) % shards;
};
const shardFile = (dir: string, name: string, shard: number) => sealedFile(join(dir, name), shard.toString(16));

function readShards(dir: string, name: string, version: string, warn: (message: string) => void): ParsedFiles {
  const parts = Array.from({ length: shards }, (_, i) => readCacheFile(shardFile(dir, name, i), isShard, warn));
  return new Map(parts.flatMap((part) => (part?.version === version ? Object.entries(part.entries) : [])));
}

function writeShards<T>(
  dir: string,
  name: string,
  version: string,
  now: Map<string, T>,
  unchanged: (key: string, value: T) => boolean,
  before: Iterable<string>,
): void {
  const entries = Array.from({ length: shards }, () => ({}) as Record<string, T>);
  const dirty = new Set<number>();
  for (const [key, value] of now) {
    const shard = shardOf(key);
    entries[shard]![key] = value;
    if (!unchanged(key, value)) dirty.add(shard);
  }
  for (const key of before) if (!now.has(key)) dirty.add(shardOf(key));
  clearForFolder(join(dir, name));
  mkdirSync(join(dir, name), { recursive: true });
  for (const shard of dirty) writeSealed(shardFile(dir, name, shard), { version, entries: entries[shard] });
}
