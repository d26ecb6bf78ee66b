import { availableParallelism } from 'node:os';
import { WorkerPool } from '../../engine/pool.ts';
import type { PageScan } from './scan.ts';
import type { ScanTask } from './scan-worker.ts';
import { scanWorkerFile } from './worker-file.ts';

/** Pages per task: small enough to share the work out evenly, large enough that messages cost nothing. */
const batchSize = 100;

/** Worker threads at work on the pages of a site. */
export interface Scan {
  /** The scans, in the order of the files. */
  scans: Promise<PageScan[]>;
  /** Ends the workers, done or not: a check that fails meanwhile need not wait for them. */
  stop: () => void;
}

/**
 * Starts worker threads, one per core, that read and tokenize the pages `files` of the output
 * folder `dir`. `progress` is told how many pages are done after each batch.
 */
export async function startScan(dir: string, files: string[], progress?: (done: number) => void): Promise<Scan> {
  const batches = Array.from({ length: Math.ceil(files.length / batchSize) }, (_, i) => files.slice(i * batchSize, (i + 1) * batchSize));
  const file = await scanWorkerFile();
  const pool = new WorkerPool('check-links', Math.min(availableParallelism(), batches.length));
  let done = 0;
  const scan = async (batch: string[]) => {
    const scans = await pool.run<PageScan[]>(file, { dir, files: batch } satisfies ScanTask);
    progress?.((done += scans.length));
    return scans;
  };
  const stop = () => pool.close();
  const scans = Promise.all(batches.map(scan)).then((results) => results.flat());
  scans.then(stop, stop);
  return { scans, stop };
}
