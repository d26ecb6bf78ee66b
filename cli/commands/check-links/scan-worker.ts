// check-links' task on a pool worker (engine/pool.ts): reads built pages from the output folder and
// tokenizes them. Compiled to a file of its own by worker-file.ts: a worker loads no TypeScript.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { scanPage, type PageScan } from './scan.ts';

export interface ScanTask {
  dir: string;
  /** Pages of `dir`, relative. */
  files: string[];
}

/** Answers one scan task (engine/pool-worker.cjs). */
export async function runTask({ dir, files }: ScanTask): Promise<PageScan[]> {
  const read = (file: string) =>
    readFile(join(dir, file), 'utf8').catch((error: Error) => {
      throw new Error(`check-links could not read ${join(dir, file)}: ${error.message}`);
    });
  const texts = await Promise.all(files.map(read));
  return texts.map((html, i) => scanPage(files[i]!, html));
}
