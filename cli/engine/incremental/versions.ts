import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { bundleDir, repoRoot } from '../../support/paths.ts';
import type { Family } from '../../site/routes.ts';
import { digest, writeFileAtomic } from '../../support/files.cjs';
import { byCodeUnits } from '../../site/order.ts';

export async function filesUnder(dir: string): Promise<Map<string, string>> {
  const names = (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
  const entries = await Promise.all(
    names.map(async (e) => [relative(dir, join(e.parentPath, e.name)), await readFile(join(e.parentPath, e.name), 'utf8')] as const),
  );
  return new Map(entries.sort(([a], [b]) => byCodeUnits(a, b)));
}

/**
 * The version of the build tool itself: its code and its locked dependencies. A cache written
 * by another version is ignored, so changing the builder can never serve stale pages. Read once
 * per process: it is the version of the code running, which a long-running dev keeps.
 */
let version: Promise<string> | undefined;
export const toolVersion = (): Promise<string> => (version ??= keptInBundle());

/**
 * The version as the running bundle's folder keeps it, written by the first build that ran from
 * it. The folder's name already stands for the stats of these sources and of the lockfile (any
 * write changes a file's ctime), and reading and hashing them took ~30 ms of every build. The
 * version is still a hash of their text: a fresh clone, as in CI, finds the cache it restored.
 */
async function keptInBundle(): Promise<string> {
  if (!bundleDir) return readToolVersion();
  const file = join(bundleDir, 'tool-version');
  const kept = await readFile(file, 'latin1').catch(() => '');
  if (/^[\w-]{27}$/.test(kept)) return kept;
  const read = await readToolVersion();
  try {
    writeFileAtomic(file, read);
  } catch {
    // Only a speed-up: the next build reads the sources again.
  }
  return read;
}

async function readToolVersion(): Promise<string> {
  const [engine, site, support, lock] = await Promise.all([
    filesUnder(join(repoRoot, 'cli/engine')),
    filesUnder(join(repoRoot, 'cli/site')),
    filesUnder(join(repoRoot, 'cli/support')),
    readFile(join(repoRoot, 'package-lock.json'), 'utf8'),
  ]);
  return digest([[...engine], [...site], [...support], lock]);
}

/**
 * A hash per page family of the templates it renders with: every template file except the other
 * families' page components. Editing templates/pages/Legal.tsx changes only the legal family.
 */
export function templateHashes(files: Map<string, string>, pages: Record<Family, { name: string }>): Record<Family, string> {
  const componentFile = (family: Family) => join('pages', `${pages[family].name}.tsx`);
  const components = new Set(Object.keys(pages).map((f) => componentFile(f as Family)));
  const fileHashes = [...files].map(([file, text]) => [file, digest(text)] as const);
  const hashes = {} as Record<Family, string>;
  for (const family of Object.keys(pages) as Family[]) {
    hashes[family] = digest(fileHashes.filter(([file]) => !components.has(file) || file === componentFile(family)));
  }
  return hashes;
}
