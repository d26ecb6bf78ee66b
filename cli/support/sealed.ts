// Every file of the build cache (.cache/) is sealed: its first line is the hash of the rest,
// checked on every read, so a damaged file that still parses is never trusted. The rest is the
// data in V8's serialization (node:v8), not JSON: writing the 4,000-post bench's manifest and
// parsed-file shards took 71-75 ms against 116-153 ms, reading them 120-140 ms against 145-163 ms,
// each in a fresh process, and HTML is copied as it is instead of escaped.
//
// Every cache file is read with readCacheFile and the one shape check of that file (a type guard
// beside its writer). Hand-written, not zod: on data the size of the 4,000-post bench's (rebuild,
// one post edited), zod checked the content shards in ~18 ms against ~0.5, and loading it would
// add ~25 ms to the small bundle that reads the stamp.
import { lstatSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { digest, writeFileAtomic } from './files.cjs';

export const sealedExt = '.v8';
/** The name of a cache file, `name` in `dir`. */
export const sealedFile = (dir: string, name: string) => join(dir, `${name}${sealedExt}`);

type CacheRead = { data: unknown } | { missing: true } | { damaged: string };

function readSealed(file: string): CacheRead {
  let raw: Buffer;
  try {
    raw = readFileSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? { missing: true } : { damaged: `it cannot be read (${code})` };
  }
  const newline = raw.indexOf(10);
  const body = raw.subarray(newline + 1);
  if (newline < 0 || digest(body) !== raw.toString('latin1', 0, newline)) return { damaged: 'its checksum does not match its content' };
  try {
    return { data: deserialize(body) };
  } catch {
    // Sealed by this tool, yet unreadable: written by another version of Node, say.
    return { damaged: notOurs };
  }
}

const notOurs = 'its data is not what this builder writes';

/** Writes `data` sealed, whole or not at all. */
export function writeSealed(file: string, data: unknown): void {
  const body = serialize(data);
  writeFileAtomic(file, [Buffer.from(`${digest(body)}\n`, 'latin1'), body]);
}

/** Removes what stands where the cache needs a folder (a file, a link); says whether it did. */
export function clearForFolder(path: string): boolean {
  const info = lstatSync(path, { throwIfNoEntry: false });
  if (!info || info.isDirectory()) return false;
  rmSync(path, { force: true });
  return true;
}

export const damagedNote = (file: string, reason: string) => `cache file ${file} was damaged (${reason}); it is ignored and rebuilt`;

/** Whether a cache file's data has the shape this builder writes into it. */
export type CacheShape<T> = (data: unknown) => data is T;

/** A cache file's data, checked by `isShape`; a damaged one is reported to `warn` and ignored. */
export function readCacheFile<T>(file: string, isShape: CacheShape<T>, warn: (message: string) => void): T | undefined {
  const read = readSealed(file);
  if ('missing' in read) return undefined;
  if ('data' in read && isShape(read.data)) return read.data;
  warn(damagedNote(file, 'damaged' in read ? read.damaged : notOurs));
  // Dropped now, so that it is reported once even where no later write replaces it.
  rmSync(file, { recursive: true, force: true });
  return undefined;
}
