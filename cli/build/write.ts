import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { Outputs } from './index.ts';

/**
 * Writes every output into a temporary sibling folder, then swaps it in, so a failed build
 * never leaves a half-written site behind.
 */
export async function writeOutputs(outDir: string, outputs: Outputs): Promise<void> {
  const target = resolve(outDir);
  const temp = `${target}.tmp-${process.pid}`;
  const old = `${target}.old-${process.pid}`;
  try {
    await rm(temp, { recursive: true, force: true });
    const folders = new Set([...outputs.keys()].map((file) => dirname(join(temp, file))));
    for (const folder of folders) await mkdir(folder, { recursive: true });
    await Promise.all([...outputs].map(([file, content]) => writeFile(join(temp, file), content)));
    await rename(target, old).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    await rename(temp, target);
  } catch (error) {
    // Best-effort cleanup: the write error below is the one worth reporting.
    await rm(temp, { recursive: true, force: true }).catch(() => {});
    throw new Error(`could not write ${outDir}`, { cause: error });
  }
  await rm(old, { recursive: true, force: true });
}
