import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { bundleOnly, requireBanner } from '../../bundling.cjs';
import { keepNewest, markUsed, settleFolder, sourcesKey } from '../../files.cjs';
import { compiledDir, repoRoot } from '../../paths.ts';

/** How many compiles to keep: a check started before an edit may still start workers from its own. */
const keep = 4;

/**
 * The scan worker (scan-worker.ts) as one JavaScript file, compiled with esbuild as the render
 * worker is (engine/render/compile.ts): the CLI runs from a bundle of cli/index.ts (bin.cjs) and the
 * tests from the TypeScript sources, and neither holds a file a worker thread can start from. Kept
 * in node_modules/.cache/sitegen/ under a key of the CLI's sources and the lockfile (sourcesKey), so a
 * change to either compiles it again, and a check on unchanged code reuses it.
 */
export async function scanWorkerFile(): Promise<string> {
  const dir = join(compiledDir, `check-links-${sourcesKey(repoRoot, ['cli'])}`);
  const file = join(dir, 'scan-worker.mjs');
  if (existsSync(file)) {
    markUsed(dir);
    return file;
  }
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
