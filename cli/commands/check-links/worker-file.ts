import { join } from 'node:path';
import { nodeBundle } from '../../support/bundling.cjs';
import { compiledFolder, sourcesKey } from '../../support/files.cjs';
import { compiledDir, repoRoot } from '../../support/paths.ts';

/**
 * The scan task (scan-worker.ts) as one JavaScript file, compiled with esbuild as the engine's
 * render tasks are (engine/render/compile.ts): the CLI runs from a bundle of cli/index.ts (bin.cjs) and the
 * tests from the TypeScript sources, and neither holds a file a worker thread can start from. Kept
 * in node_modules/.cache/sitegen/ under a key of the CLI's sources and the lockfile (sourcesKey), so a
 * change to either compiles it again, and a check on unchanged code reuses it. Four compiles are
 * kept: a check started before an edit may still load its own.
 */
export async function scanWorkerFile(): Promise<string> {
  const where = { parent: compiledDir, prefix: 'check-links-', key: sourcesKey(repoRoot, ['cli']), keep: 4 };
  const dir = await compiledFolder(where, async (temp) => {
    const { build } = await import('esbuild');
    await build({
      // One file loads faster in each worker than htmlparser2's modules resolved one by one.
      ...nodeBundle(['htmlparser2']),
      entryPoints: [join(repoRoot, 'cli/commands/check-links/scan-worker.ts')],
      // CommonJS, which the pool's workers load with require() (engine/pool-worker.cjs).
      format: 'cjs',
      outfile: join(temp, 'scan-worker.cjs'),
    });
  });
  return join(dir, 'scan-worker.cjs');
}
