import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { digest } from './tracking.ts';

export type Engine = typeof import('./engine.ts');

const here = fileURLToPath(new URL('.', import.meta.url));
// Inside node_modules so the bundles resolve react, remark… like the sources do.
const outDir = fileURLToPath(new URL('../../node_modules/.cache/sitegen/', import.meta.url));

export interface CompiledEngine {
  engine: Engine;
  /** The worker thread script, compiled with the same templates. */
  workerFile: string;
}

/**
 * Compiles the templates and the render code once with esbuild, instead of transpiling them per
 * module on every start, and loads the result. A new compile is a new module, so a long-running
 * `dev` always renders with the templates as they are now.
 */
export async function compileEngine(): Promise<CompiledEngine> {
  const result = await build({
    entryPoints: { engine: join(here, 'engine.ts'), worker: join(here, 'worker.ts') },
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    jsx: 'automatic',
    target: 'node20',
    write: false,
    outdir: outDir,
    logLevel: 'silent',
  });
  const version = digest(result.outputFiles.map((f) => f.text));
  const dir = join(outDir, version);
  await mkdir(dir, { recursive: true });
  const files = await Promise.all(
    result.outputFiles.map(async (file) => {
      const target = join(dir, file.path.slice(outDir.length).replace(/\.js$/, '.mjs'));
      await writeFile(target, file.contents);
      return target;
    }),
  );
  const engineFile = files.find((f) => f.endsWith('engine.mjs'))!;
  return { engine: (await import(pathToFileURL(engineFile).href)) as Engine, workerFile: files.find((f) => f.endsWith('worker.mjs'))! };
}
