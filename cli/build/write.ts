import { createHash } from 'node:crypto';
import { mkdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { Manifest } from './cache.ts';
import { statIfAny } from './fs.ts';
import type { Outputs } from './index.ts';

export type OutputRecords = Manifest['outputs'];

const hashOf = (content: string | Uint8Array) => createHash('sha1').update(content).digest('base64url');

/** An output file already written to a staging folder, e.g. by a render worker. */
export interface StagedFile {
  staged: string;
  hash: string;
}

export const isStaged = (content: OutputContent): content is StagedFile => typeof content === 'object' && 'staged' in content;
export type OutputContent = string | Uint8Array | StagedFile;

/** Writes `bytes` as `file` under `staging`, for writeOutputs to move into place. */
export function stage(staging: string, file: string, bytes: Uint8Array): StagedFile {
  const staged = join(staging, file);
  mkdirSync(dirname(staged), { recursive: true });
  writeFileSync(staged, bytes);
  return { staged, hash: hashOf(bytes) };
}

/**
 * Puts an output file at `path`: moved there when staged, written otherwise. Synchronous: for
 * hundreds of small files much faster than promises, and nothing else runs meanwhile.
 */
const put = (path: string, content: OutputContent) => (isStaged(content) ? renameSync(content.staged, path) : writeFileSync(path, content));
const contentHash = (content: OutputContent) => (isStaged(content) ? content.hash : hashOf(content));

/**
 * Output files the previous build wrote that the folder still holds as written (same size and
 * time). Anything touched since is treated as missing and written again.
 */
export function intactFiles(outDir: string, previous: OutputRecords | undefined): Set<string> {
  const intact = new Set<string>();
  for (const [file, record] of Object.entries(previous ?? {})) {
    const info = statIfAny(join(outDir, file));
    if (info?.size === record.size && info.mtimeMs === record.mtimeMs) intact.add(file);
  }
  return intact;
}

/**
 * Brings the output folder up to date. Without a previous build to update, every file goes into a
 * temporary sibling folder that is then swapped in, so a failed build never leaves a half-written
 * site. Updating, it writes only files whose bytes changed and removes files no build produces
 * any more. Returns what the folder now holds, for the next build.
 */
export async function writeOutputs(
  outDir: string,
  outputs: Outputs,
  update?: { previous: OutputRecords; intact: ReadonlySet<string>; kept: ReadonlySet<string> },
): Promise<OutputRecords> {
  const target = resolve(outDir);
  if (!update) return writeFresh(target, outputs);
  const { previous, intact, kept } = update;
  const records: OutputRecords = {};
  try {
    for (const [file, content] of outputs) {
      const hash = contentHash(content);
      if (intact.has(file) && previous[file]?.hash === hash) {
        records[file] = previous[file]!;
        continue;
      }
      mkdirSync(dirname(join(target, file)), { recursive: true });
      put(join(target, file), content);
      records[file] = record(target, file, hash);
    }
    for (const file of kept) records[file] = previous[file]!;
    for (const file of Object.keys(previous)) if (!(file in records)) await rm(join(target, file), { force: true });
  } catch (error) {
    throw new Error(`could not update ${outDir}`, { cause: error });
  }
  return records;
}

async function writeFresh(target: string, outputs: Outputs): Promise<OutputRecords> {
  const temp = `${target}.tmp-${process.pid}`;
  const old = `${target}.old-${process.pid}`;
  const records: OutputRecords = {};
  try {
    await rm(temp, { recursive: true, force: true });
    const folders = new Set([...outputs.keys()].map((file) => dirname(join(temp, file))));
    for (const folder of folders) mkdirSync(folder, { recursive: true });
    for (const [file, content] of outputs) put(join(temp, file), content);
    await rename(target, old).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    await rename(temp, target);
    for (const [file, content] of outputs) records[file] = record(target, file, contentHash(content));
  } catch (error) {
    // Best-effort cleanup: the write error below is the one worth reporting.
    await rm(temp, { recursive: true, force: true }).catch(() => {});
    throw new Error(`could not write ${target}`, { cause: error });
  }
  await rm(old, { recursive: true, force: true });
  return records;
}

function record(target: string, file: string, hash: string) {
  const info = statSync(join(target, file));
  return { hash, size: info.size, mtimeMs: info.mtimeMs };
}
