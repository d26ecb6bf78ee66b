import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository's folder: the nearest one above this module with a package.json. Found rather
 * than fixed, because the CLI also runs as a bundle from node_modules/.cache (cli/bin.cjs).
 */
function findRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json above ${from}; run the CLI from the repository`);
  }
}

const here = dirname(fileURLToPath(import.meta.url));
/** cli/bin.cjs names it for the bundle, which may run from another checkout's linked node_modules. */
export const repoRoot = process.env.SITEGEN_ROOT || findRoot(here);
/**
 * The folder of the CLI bundle this code runs from, which cli/bin.cjs names after the stats of its
 * sources and of the lockfile; undefined when the code runs unbundled, as in tests.
 */
export const bundleDir = /[\\/]cli-[0-9a-f]+$/.test(here) ? here : undefined;
export const templatesDir = join(repoRoot, 'templates');
/** Where compiled code lives: inside node_modules, so it resolves packages like the sources do. */
export const compiledDir = join(repoRoot, 'node_modules/.cache/sitegen');
