// check-links' task on a pool worker (engine/pool.ts): reads built pages from the output folder and
// tokenizes them. Compiled to a file of its own by worker-file.ts: a worker loads no TypeScript.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { scanPage, type PageScan } from './scan.ts';

export interface ScanTask {
  dir: string;
  /** Pages of `dir`, relative. */
  files: string[];
}

/**
 * Answers one scan task (engine/pool-worker.cjs). Reads synchronously: a worker then holds one
 * batch of pages at a time, however many tasks are sent to it (engine/pool.ts).
 */
export function runTask({ dir, files }: ScanTask): PageScan[] {
  return files.map((file) => {
    let html: string;
    try {
      html = readFileSync(join(dir, file), 'utf8');
    } catch (error) {
      throw new Error(`check-links could not read ${join(dir, file)}: ${(error as Error).message}`);
    }
    return scanPage(file, html);
  });
}
