// Every file of the build cache (.cache/) is sealed: its first line is the hash of the rest,
// checked on every read, so a damaged file that still parses is never trusted.
import { lstatSync, readFileSync, rmSync } from 'node:fs';
import type { z } from 'zod';
import { digest } from '../../files.cjs';
import { writeFileAtomic } from '../../files.cjs';

export type CacheRead = { text: string } | { missing: true } | { damaged: string };

export function readSealed(file: string): CacheRead {
  let raw: Buffer;
  try {
    raw = readFileSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? { missing: true } : { damaged: `it cannot be read (${code})` };
  }
  // The bytes are hashed, not the text: hashing a string of megabytes took ~5 times as long as
  // hashing its bytes, and decoding them is needed once either way.
  const newline = raw.indexOf(10);
  const body = raw.subarray(newline + 1);
  if (newline < 0 || digest(body) !== raw.toString('latin1', 0, newline)) return { damaged: 'its checksum does not match its content' };
  return { text: body.toString('utf8') };
}

/** Writes `text` sealed, whole or not at all. */
export function writeSealed(file: string, text: string): void {
  const body = Buffer.from(text);
  writeFileAtomic(file, Buffer.concat([Buffer.from(`${digest(body)}\n`, 'latin1'), body]));
}

/** Removes what stands where the cache needs a folder (a file, a link); says whether it did. */
export function clearForFolder(path: string): boolean {
  const info = lstatSync(path, { throwIfNoEntry: false });
  if (!info || info.isDirectory()) return false;
  rmSync(path, { force: true });
  return true;
}

export const damagedNote = (file: string, reason: string) => `cache file ${file} was damaged (${reason}); it is ignored and rebuilt`;

/** A cache file's data, checked by `schema`; a damaged one is reported to `warn` and ignored. */
export function readCacheFile<S extends z.ZodType>(file: string, schema: S, warn: (message: string) => void): z.infer<S> | undefined {
  const read = readSealed(file);
  if ('missing' in read) return undefined;
  if ('text' in read) {
    try {
      const parsed = schema.safeParse(JSON.parse(read.text));
      if (parsed.success) return parsed.data;
    } catch {
      // reported below
    }
  }
  warn(damagedNote(file, 'damaged' in read ? read.damaged : 'its data is not what this builder writes'));
  // Dropped now, so that it is reported once even where no later write replaces it.
  rmSync(file, { recursive: true, force: true });
  return undefined;
}
