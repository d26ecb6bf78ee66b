// What a build that changed nothing can know without loading anything: the stamp the last build
// left. It imports no engine module, so `build` checks it before loading React, remark or the cache.
import { lstatSync, readdirSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { digest } from '../../files.js';
import { statIfAny } from '../fs.ts';
import { readSealed, writeSealed } from './sealed.ts';

/** The last successful build: what it was built from, and what it said. */
export interface Stamp {
  /** The sources of the tool, the options, and every content file's stats when the build began. */
  inputs: string;
  /** The output folder the build left: published by a rename, so a new folder has a new inode. */
  out: { ino: number; mtimeMs: number };
  summary: { pages: { es: number; en: number }; files: number; bytes: number };
}

/**
 * The tool's own identity: the name of the bundle running it (cli/bin.js names each bundle after
 * its sources' stats). Undefined when the code runs unbundled, as in tests: then no stamp is trusted.
 */
function bundleKey(): string | undefined {
  return /[\\/](cli-[0-9a-f]+)[\\/]/.exec(fileURLToPath(import.meta.url))?.[1];
}

/**
 * A fingerprint of the build's inputs: the tool, the options that change output, and the path,
 * size, times and inode of every file under the content folder. A write always changes ctime.
 */
export function inputsOf(options: { content: string; out: string; strict?: boolean; year: number }): string | undefined {
  const tool = bundleKey();
  if (!tool) return undefined;
  const root = resolve(options.content);
  const files: unknown[] = [];
  // Paths joined by hand and kept relative: for thousands of files, path.join and path.relative
  // cost as much as the stat calls themselves.
  const walk = (dir: string, prefix: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = `${dir}${sep}${entry.name}`;
      if (entry.isDirectory()) walk(path, `${prefix}${entry.name}/`);
      else {
        const { size, mtimeMs, ctimeMs, ino } = lstatSync(path);
        files.push(`${prefix}${entry.name}`, size, mtimeMs, ctimeMs, ino);
      }
    }
  };
  walk(root, '');
  return digest([tool, root, resolve(options.out), options.strict === true, options.year, files]);
}

const stampFile = (cacheDir: string) => join(cacheDir, 'stamp.json');

/** The output folder's identity, or undefined when there is none. */
export function outIdentity(outDir: string): Stamp['out'] | undefined {
  const info = statIfAny(resolve(outDir));
  return info?.isDirectory() ? { ino: info.ino, mtimeMs: info.mtimeMs } : undefined;
}

/** The stamp of the last build; undefined when there is none or it is damaged (sealed.ts). */
export function readStamp(cacheDir: string): Stamp | undefined {
  const read = readSealed(stampFile(cacheDir));
  if (!('text' in read)) return undefined;
  try {
    return JSON.parse(read.text) as Stamp;
  } catch {
    return undefined;
  }
}

/** Whether the output folder is still the one a build left (`left`): then its manifest is trusted. */
export function sameOutput(left: Stamp['out'] | undefined, outDir: string): boolean {
  const out = outIdentity(outDir);
  return left !== undefined && out?.ino === left.ino && out.mtimeMs === left.mtimeMs;
}

export function writeStamp(cacheDir: string, stamp: Stamp): void {
  writeSealed(stampFile(cacheDir), JSON.stringify(stamp));
}
