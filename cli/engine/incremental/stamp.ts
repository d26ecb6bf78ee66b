// What a build that changed nothing can know without loading anything: the stamp the last build
// left. It imports no engine module, so `build` checks it before loading React, remark or the cache.
import { lstatSync, rmSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { digest, eachFile, sourcesKey } from '../../support/files.cjs';
import { bundleDir, repoRoot } from '../../support/paths.ts';
import { statIfAny } from '../../support/stat.ts';
import { isNumbers, isRecord } from '../../site/json.ts';
import { readCacheFile, sealedFile, writeSealed } from '../../support/sealed.ts';
import type { FileTimes } from '../load/parse.ts';

/** The last successful build: what it was built from, and what it said. */
export interface Stamp {
  /**
   * The key of the build's Inputs: taken when it began, with the content files it wrote itself as
   * it left them; `unknownInputs` for a build told what changed (--changed), which took none.
   */
  inputs: string;
  /** The output folder the build left: published by a rename, so a new folder has a new inode. */
  out: { ino: number; mtimeMs: number };
  summary: { pages: Record<string, number>; files: number; bytes: number };
}

/**
 * The tool's own identity: the name of the bundle running it (cli/bin.cjs names each bundle after
 * its sources' stats). Undefined when the code runs unbundled, as in tests: then no stamp is trusted.
 */
const bundleKey = (): string | undefined => bundleDir && basename(bundleDir);

/** The inputs of a build that took no fingerprint: no key equals it, so its stamp never says nothing changed. */
export const unknownInputs = '';

/** A fingerprint of the build's inputs (`key`), and what it was made of. */
export interface Inputs {
  key: string;
  /** The tool, the content and output folders, the options that change output, and the templates' stats. */
  settings: unknown[];
  /** Each file under the content folder in walk order: its path there. */
  files: string[];
  /**
   * Each file's size, mtimeMs, ctimeMs and inode, four numbers a file in the order of `files`.
   * Numbers only, so that V8 keeps them unboxed, and hashed as bytes: the walk took ~10 ms less
   * than with paths and numbers in one array, hashed as JSON.
   */
  stats: number[];
}

const withKey = ({ settings, files, stats }: Omit<Inputs, 'key'>): Inputs => {
  // A NUL ends each path: no file name holds one.
  const text = Buffer.from(`${JSON.stringify(settings)}\0${files.join('\0')}\0`);
  return { key: digest(Buffer.concat([text, new Uint8Array(Float64Array.from(stats).buffer)])), settings, files, stats };
};

/**
 * The fingerprint of the build's inputs: the tool and the templates it renders (the stats of
 * their files, as the tool's own name holds its sources'), the options that change output, and
 * the path, size, times and inode of every file under the content folder. A write always changes ctime.
 */
export function inputsOf(options: { content: string; out: string; strict?: boolean; year: number }): Inputs | undefined {
  const tool = bundleKey();
  if (!tool) return undefined;
  const root = resolve(options.content);
  const files: string[] = [];
  const stats: number[] = [];
  eachFile(root, (path, inContent, entry) => {
    // A link's target, as the loader reads it (statsOf): a link's own times never change.
    const { size, mtimeMs, ctimeMs, ino } = (entry.isSymbolicLink() && statIfAny(path)) || lstatSync(path);
    files.push(inContent);
    stats.push(size, mtimeMs, ctimeMs, ino);
  });
  const templates = sourcesKey(repoRoot, ['templates']);
  return withKey({ settings: [tool, root, resolve(options.out), options.strict === true, options.year, templates], files, stats });
}

/** A content file's path as the loader has it (`blog\\es\\x.md` on Windows), from the walk's (`blog/es/x.md`). */
const contentPath = (file: string) => file.split('/').join(sep);

/**
 * The size and times of each content file as `inputs` found them, by its path in the content
 * folder: the build's loader takes them instead of stat-ing thousands of files a second time.
 */
export function statsOf({ files, stats }: Inputs): Map<string, FileTimes> {
  return new Map(
    files.map((file, i) => [contentPath(file), { size: stats[4 * i]!, mtimeMs: stats[4 * i + 1]!, ctimeMs: stats[4 * i + 2]! }]),
  );
}

/**
 * The inputs once the build itself wrote `file` of the content folder (published-urls.txt): with
 * its new stats, so that the next build finds nothing changed. Another file edited meanwhile
 * still differs from what was recorded.
 */
export function afterWriting(inputs: Inputs, file: string): Inputs {
  const path = relative(inputs.settings[1] as string, file)
    .split(sep)
    .join('/');
  const { size, mtimeMs, ctimeMs, ino } = lstatSync(file);
  const files = [...inputs.files];
  const stats = [...inputs.stats];
  const at = files.indexOf(path);
  if (at < 0) files.push(path);
  stats.splice(at < 0 ? stats.length : 4 * at, 4, size, mtimeMs, ctimeMs, ino);
  return withKey({ settings: inputs.settings, files, stats });
}

const stampFile = (cacheDir: string) => sealedFile(cacheDir, 'stamp');

/** The output folder's identity, or undefined when there is none. */
export function outIdentity(outDir: string): Stamp['out'] | undefined {
  const info = statIfAny(resolve(outDir));
  return info?.isDirectory() ? { ino: info.ino, mtimeMs: info.mtimeMs } : undefined;
}

/**
 * The identity of each folder of the output folder that holds one of `files` (its paths there),
 * the folder itself included: adding, removing or renaming a file changes its folder's time. What
 * a dev session, which updates the folder in place, checks instead of every file.
 */
export function foldersIdentity(outDir: string, files: Iterable<string>): string | undefined {
  const root = resolve(outDir);
  const folders = new Set(['.']);
  for (const file of files) folders.add(dirname(file));
  const identity: (string | number)[] = [];
  for (const folder of [...folders].sort()) {
    const info = statIfAny(join(root, folder));
    if (!info?.isDirectory()) return undefined;
    identity.push(folder, info.ino, info.mtimeMs);
  }
  return digest(identity);
}

/** stamp.v8's shape check. */
const isStamp = (value: unknown): value is Stamp => {
  if (!isRecord(value) || typeof value.inputs !== 'string' || !isRecord(value.out) || !isRecord(value.summary)) return false;
  const { out, summary } = value;
  return (
    isNumbers([out.ino, out.mtimeMs]) &&
    isRecord(summary.pages) &&
    isNumbers([...Object.values(summary.pages), summary.files, summary.bytes])
  );
};

/** The stamp of the last build as a reader found it. */
export interface StampReading {
  /**
   * Undefined when there is none or it is damaged (sealed.ts), which costs the build a check of
   * every output file, and so is not worth a word.
   */
  stamp?: Stamp;
  /** Its file's identity when read; undefined when there was none. */
  identity?: string;
}

/** A file's identity: a sealed write puts a new file in its place (sealed.ts), and dropStamp leaves none. */
const identityOf = (file: string) => {
  const info = statIfAny(file);
  return info && `${info.ino}:${info.mtimeMs}:${info.ctimeMs}`;
};

export function readStamp(cacheDir: string): StampReading {
  const file = stampFile(cacheDir);
  // Taken before the read: a stamp written in between reads as another file (currentStamp).
  const identity = identityOf(file);
  return { stamp: readCacheFile(file, isStamp, () => {}), identity };
}

/**
 * The stamp now: `read` (taken before the build claimed the output folder, to answer "nothing
 * changed") while its file is still the one read, since any build that took the folder meanwhile
 * replaced or dropped it (a dev session drops it before it changes the folder in place, which keeps
 * the folder's identity); read again otherwise.
 */
export function currentStamp(cacheDir: string, read?: StampReading): Stamp | undefined {
  return read && identityOf(stampFile(cacheDir)) === read.identity ? read.stamp : readStamp(cacheDir).stamp;
}

/** Whether the output folder is still the one a build left (`left`): then its manifest is trusted. */
export function sameOutput(left: Stamp['out'] | undefined, outDir: string): boolean {
  const out = outIdentity(outDir);
  return left !== undefined && out?.ino === left.ino && out.mtimeMs === left.mtimeMs;
}

/**
 * Whether a build may take the output folder's files to be as the build cache's manifest records
 * them: it is the folder the last build left (`stamp`).
 */
export const trustsOutput = (stamp: Stamp | undefined, outDir: string) => sameOutput(stamp?.out, outDir);

/**
 * Forgets the last build's stamp, before a dev session changes the output folder in place (which
 * keeps its identity): the next build then checks every output file against the manifest.
 */
export function dropStamp(cacheDir: string): void {
  rmSync(stampFile(cacheDir), { force: true });
}

export function writeStamp(cacheDir: string, stamp: Stamp): void {
  writeSealed(stampFile(cacheDir), stamp);
}
