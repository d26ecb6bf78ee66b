import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, vi } from 'vitest';
import { parse } from 'yaml';
import { repoRoot } from '../cli/support/paths.ts';
import type { Strings } from '../cli/site/schema/strings.ts';

export { repoRoot };
export const contentDir = join(repoRoot, 'content');

/** Where test builds keep encoded photos, shared by the test files so each need not encode them again. */
export const testPhotoCache = join(repoRoot, 'node_modules/.cache/test-photos');

/** The worked example of jobs, reviews and the business profile: a whole content folder. */
export const workedExampleDir = join(repoRoot, 'tests/fixtures/worked-example');

/** The shipped strings of a language, content/i18n/<lang>.yaml, as written (not validated). */
export async function shippedStrings(lang: string): Promise<Strings> {
  return parse(await readFile(join(contentDir, `i18n/${lang}.yaml`), 'utf8')) as Strings;
}

const scratch: string[] = [];

/**
 * A new empty folder in the system's temporary folder, removed once the test file that made it
 * has run: a run of the suite made ~2,000 of them, several GB, and left them behind.
 */
export async function scratchDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  scratch.push(dir);
  return dir;
}

// Registered as each test file imports this module, before the file's own hooks: run after them.
afterAll(() => Promise.all(scratch.splice(0).map((dir) => rm(dir, { recursive: true, force: true }))));

/** A throwaway copy of a content folder (the real one by default), to break or extend in a test. */
export async function copyContent(from = contentDir): Promise<string> {
  // In a folder of its own: tests put output and cache folders beside it.
  const dir = join(await scratchDir('content-'), 'content');
  await cp(from, dir, { recursive: true });
  return dir;
}

/** Rewrites one file of a content copy: `edit` gets the text and returns the new text. */
export async function editFile(dir: string, file: string, edit: (text: string) => string): Promise<void> {
  const path = join(dir, file);
  await writeFile(path, edit(await readFile(path, 'utf8')));
}

/** Line (1-based) of the first occurrence of `needle` in a file. */
export async function lineOf(dir: string, file: string, needle: string): Promise<number> {
  const text = await readFile(join(dir, file), 'utf8');
  const index = text.indexOf(needle);
  if (index < 0) throw new Error(`"${needle}" is not in ${file}`);
  return text.slice(0, index).split('\n').length;
}

/** Every file of a folder with its bytes (base64: comparing strings is far faster than Buffers). */
export async function snapshot(dir: string): Promise<Map<string, string>> {
  const files = (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
  const entries = await Promise.all(
    files.map(
      async (e) => [relative(dir, join(e.parentPath, e.name)), (await readFile(join(e.parentPath, e.name))).toString('base64')] as const,
    ),
  );
  return new Map(entries.sort(([a], [b]) => a.localeCompare(b)));
}

/** Runs a build with its summary line kept out of the test output. */
export const quietly = <T>(work: () => Promise<T>): Promise<T> => {
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  return work().finally(() => log.mockRestore());
};

const execFileAsync = promisify(execFile);

/** Runs the real command line (`node cli/bin.cjs …`) from the repository, with how it exited and what it printed. */
export function sitegen(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return execFileAsync('node', [join(repoRoot, 'cli/bin.cjs'), ...args], { cwd: repoRoot }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );
}
