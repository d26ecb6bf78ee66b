import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { bundleOnly, requireBanner } from '../../bundling.js';
import { digest, keepNewest, settleFolder } from '../../files.js';
import { compiledDir, repoRoot } from '../../paths.ts';

/** How many compiles to keep: a check started before an edit may still start workers from its own. */
const keep = 4;

/**
 * The scan worker (scan-worker.ts) as one JavaScript file, compiled with esbuild as the render
 * worker is (engine/render/compile.ts): the CLI runs from a bundle of cli/index.ts (bin.js) and the
 * tests from the TypeScript sources, and neither holds a file a worker thread can start from. Kept
 * in node_modules/.cache/sitegen/ under a hash of the CLI's sources and the lockfile, so a change
 * to either compiles it again, and a check on unchanged code reuses it.
 */
export async function scanWorkerFile(): Promise<string> {
  const dir = join(compiledDir, `check-links-${sourcesHash()}`);
  const file = join(dir, 'scan-worker.mjs');
  if (existsSync(file)) return file;
  const { build } = await import('esbuild');
  const temp = `${dir}.tmp-${process.pid}-${Date.now()}`;
  await build({
    entryPoints: [join(repoRoot, 'cli/commands/check-links/scan-worker.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    // One file loads faster in each worker than htmlparser2's modules resolved one by one.
    plugins: [bundleOnly(['htmlparser2'])],
    banner: { js: requireBanner },
    target: 'node20',
    outfile: join(temp, 'scan-worker.mjs'),
    logLevel: 'silent',
  });
  settleFolder(temp, dir);
  keepNewest(compiledDir, 'check-links-', keep);
  return file;
}

/** A hash of the files under cli/ (a few hundred KB) and of the lockfile. */
function sourcesHash(): string {
  const cli = join(repoRoot, 'cli');
  const files = readdirSync(cli, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
  const sources = files.map((file) => [relative(cli, file), readFileSync(file, 'utf8')]);
  return digest([sources, readFileSync(join(repoRoot, 'package-lock.json'), 'utf8')], 'hex').slice(0, 16);
}
