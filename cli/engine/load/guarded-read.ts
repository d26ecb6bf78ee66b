// The one way the build reads a file of the content folder. Content may come from people who are
// not maintainers, and CI builds it with secrets in its environment: a file is read only when it
// is a regular file inside the content folder once links are resolved, and not too large. A FIFO
// is never opened (opening one waits for a writer), and what a refused file holds is never read.
import { isUtf8 } from 'node:buffer';
import { closeSync, constants, fstatSync, lstatSync, openSync, read, readSync, realpathSync, statSync, type Stats } from 'node:fs';
import { dirname, isAbsolute, relative } from 'node:path';
import { promisify } from 'node:util';
import { errors, type Problem } from '../../site/errors.ts';
import type { ContentIssue } from '../../site/issues.ts';

/** How large a kind of content file may be, and what to do about a larger one. */
export interface SizeLimit {
  bytes: number;
  what: string;
  advice: string;
}

const MB = 2 ** 20;

/** Far above what real content needs; below what makes the build run for minutes or out of memory. */
export const sizeLimits = {
  markdown: { bytes: MB, what: 'a Markdown file', advice: 'split the text into several pages' },
  yaml: { bytes: 2 * MB, what: 'a YAML file', advice: 'keep only what the pages show' },
  list: { bytes: 4 * MB, what: 'the list of published URLs', advice: 'delete the lines of URLs retired on purpose' },
  image: { bytes: 5 * MB, what: 'an image', advice: 'export it smaller' },
} satisfies Record<string, SizeLimit>;

/** Why a file was not read: a located problem, and whether it is simply not there. */
export interface Refused {
  issue: ContentIssue;
  missing?: true;
}

// No following a link in the last step (resolved and checked before), no waiting on a FIFO that
// took a regular file's place meanwhile, and no device becoming the process's terminal.
const openFlags = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0);

/** The bytes of the content file `path` under the content folder `root`, or why they may not be read. */
export function readContentBytes(root: string, path: string, limit: SizeLimit): { bytes: Buffer } | Refused {
  const opened = openContent(root, path, limit);
  if ('issue' in opened) return opened;
  try {
    const bytes = Buffer.allocUnsafe(Math.min(opened.size, limit.bytes) + 1);
    let length = 0;
    for (let n = 1; n > 0 && !complete(opened.size, length, bytes); length += n)
      n = readSync(opened.fd, bytes, length, bytes.length - length, null);
    return finished(path, bytes, length, limit);
  } finally {
    closeSync(opened.fd);
  }
}

const readAsync = promisify(read);

/** readContentBytes, reading off the main thread: for photos, tens of MB read while others decode. */
export async function readContentBytesAsync(root: string, path: string, limit: SizeLimit): Promise<{ bytes: Buffer } | Refused> {
  const opened = openContent(root, path, limit);
  if ('issue' in opened) return opened;
  try {
    const bytes = Buffer.allocUnsafe(Math.min(opened.size, limit.bytes) + 1);
    let length = 0;
    for (let n = 1; n > 0 && !complete(opened.size, length, bytes); length += n)
      n = (await readAsync(opened.fd, bytes, length, bytes.length - length, null)).bytesRead;
    return finished(path, bytes, length, limit);
  } finally {
    closeSync(opened.fd);
  }
}

/**
 * The text of a content file, which must be UTF-8 without a NUL: a wrong byte is located at its line
 * and column, where the text would otherwise show U+FFFD on every page that uses it.
 */
export function readContentText(root: string, path: string, limit: SizeLimit): { text: string } | Refused {
  const read = readContentBytes(root, path, limit);
  if ('issue' in read) return read;
  const bad = badByte(read.bytes);
  if (bad === undefined) return { text: read.bytes.toString('utf8') };
  const { bytes } = read;
  const at = { file: path, ...placeOf(bytes, bad) };
  return { issue: { ...at, ...(bytes[bad] === 0 ? errors.NulByte() : errors.NotUtf8(bytes[bad]!)) } };
}

/** The open file, once checked: `size` as its own stat gives it. */
function openContent(root: string, path: string, limit: SizeLimit): { fd: number; size: number } | Refused {
  const refuse = (problem: Problem): Refused => ({ issue: { file: path, ...problem } });
  const unreadable = (error: unknown) => refuse(errors.Unreadable((error as NodeJS.ErrnoException).code ?? String(error)));
  let info: Stats | undefined;
  let target = path;
  try {
    info = lstatSync(path, { throwIfNoEntry: false });
    if (!info) return { ...refuse(errors.MissingFile()), missing: true };
    if (info.isSymbolicLink()) {
      target = realpathSync.native(path);
      if (outsideOf(root, target)) return refuse(errors.LinkOutside(target));
      info = statSync(target);
    } else {
      const folder = dirname(path);
      const real = folderOutside(root, folder);
      if (real) return refuse(errors.FolderOutside(folder, real));
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ELOOP') return refuse(errors.BrokenLink());
    return unreadable(error);
  }
  const kind = specialKind(info);
  if (kind) return refuse(errors.NotAFile(kind));
  if (info.size > limit.bytes) return refuse(errors.TooLarge(`${(info.size / MB).toFixed(1)} MB`, limit));
  let fd: number;
  try {
    fd = openSync(target, openFlags);
  } catch (error) {
    return unreadable(error);
  }
  // What was opened must be what was checked: another file may have taken its place since.
  const opened = fstatSync(fd);
  if (!opened.isFile() || opened.ino !== info.ino || opened.dev !== info.dev) {
    closeSync(fd);
    return refuse(errors.ChangedWhileReading());
  }
  return { fd, size: opened.size };
}

/**
 * Whether `length` bytes read are all there is to read: the size the file's stat gave (without a
 * last read that returns nothing), or a full buffer. A file whose stat says 0 is read to its end.
 */
const complete = (size: number, length: number, bytes: Buffer) => (size > 0 && length === size) || length === bytes.length;

/** The bytes read, unless there were more than the limit (a file may grow after its stat). */
function finished(path: string, bytes: Buffer, length: number, limit: SizeLimit): { bytes: Buffer } | Refused {
  if (length > limit.bytes) return { issue: { file: path, ...errors.TooLarge(`larger than ${limit.bytes / MB} MB`, limit) } };
  return { bytes: bytes.subarray(0, length) };
}

function specialKind(info: Stats): string | undefined {
  if (info.isFile()) return undefined;
  if (info.isDirectory()) return 'a folder';
  if (info.isFIFO()) return 'a named pipe (FIFO)';
  if (info.isSocket()) return 'a socket';
  if (info.isCharacterDevice() || info.isBlockDevice()) return 'a device';
  return 'a special file';
}

/** Whether `real` (a resolved path) lies outside the resolved content folder `root`. */
function outsideOf(root: string, real: string): boolean {
  const inside = relative(realpathSync.native(root), real);
  return inside.startsWith('..') || isAbsolute(inside);
}

/**
 * Where `folder` really is when that is outside the content folder `root`, else ''. A load reads
 * thousands of files from a few folders, and resolving and comparing each path took ~20 µs: the
 * answer for a folder is kept for the turn of the event loop in which its files are read.
 */
function folderOutside(root: string, folder: string): string {
  if (!folders) {
    folders = new Map();
    setImmediate(() => (folders = undefined)).unref();
  }
  const key = `${root}\0${folder}`;
  let outside = folders.get(key);
  if (outside === undefined) {
    const real = realpathSync.native(folder);
    folders.set(key, (outside = outsideOf(root, real) ? real : ''));
  }
  return outside;
}
let folders: Map<string, string> | undefined;

/** Offset of the first byte that is not UTF-8, or a NUL; undefined when there is none. */
function badByte(bytes: Buffer): number | undefined {
  const nul = bytes.indexOf(0);
  if (isUtf8(bytes)) return nul < 0 ? undefined : nul;
  const invalid = firstInvalid(bytes);
  return nul >= 0 && nul < invalid ? nul : invalid;
}

/** Offset of the first byte that does not belong to a valid UTF-8 sequence (no overlong forms or surrogates). */
function firstInvalid(bytes: Buffer): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    // The length of the sequence, and the range of its second byte, which rules out overlong forms,
    // surrogates and code points above U+10FFFF.
    let length: number;
    let low = 0x80;
    let high = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) length = 2;
    else if (b >= 0xe0 && b <= 0xef) {
      length = 3;
      if (b === 0xe0) low = 0xa0;
      if (b === 0xed) high = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      length = 4;
      if (b === 0xf0) low = 0x90;
      if (b === 0xf4) high = 0x8f;
    } else return i;
    for (let k = 1; k < length; k++) {
      const next = bytes[i + k];
      if (next === undefined || next < (k === 1 ? low : 0x80) || next > (k === 1 ? high : 0xbf)) return i;
    }
    i += length;
  }
  return i;
}

/** Line and column (1-based, in characters) of the byte at `offset`, all of whose line before it is valid UTF-8. */
function placeOf(bytes: Buffer, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = bytes.indexOf(10); i >= 0 && i < offset; i = bytes.indexOf(10, i + 1)) {
    line++;
    start = i + 1;
  }
  return { line, column: [...bytes.toString('utf8', start, offset)].length + 1 };
}

/**
 * The problem of a file or folder of the content that is a link outside it (it would publish
 * whatever it points at), or to nothing; undefined when it may be read.
 */
export function linkProblem(root: string, path: string): ContentIssue | undefined {
  if (!lstatSync(path, { throwIfNoEntry: false })?.isSymbolicLink()) return undefined;
  let target: string;
  try {
    target = realpathSync.native(path);
  } catch {
    return { file: path, ...errors.BrokenLink() };
  }
  return outsideOf(root, target) ? { file: path, ...errors.LinkOutside(target) } : undefined;
}
