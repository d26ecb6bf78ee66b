import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { PageScan } from './scan.ts';
import type { ScanJob, ScanReply } from './scan-worker.ts';
import { scanWorkerFile } from './worker-file.ts';

/** Pages per batch: small enough to share the work out evenly, large enough that messages cost nothing. */
const batchSize = 100;

/** Worker threads at work on the pages of a site. */
export interface Scan {
  /** The scans, in the order of the files. */
  scans: Promise<PageScan[]>;
  /** Ends the workers, done or not: a check that fails meanwhile need not wait for them. */
  stop: () => Promise<void>;
}

/**
 * Starts worker threads, one per core, that read and tokenize the pages `files` of the output
 * folder `dir`; resolves once they run. `progress` is told how many pages are done after each batch.
 */
export async function startScan(dir: string, files: string[], progress?: (done: number) => void): Promise<Scan> {
  const batches = Array.from({ length: Math.ceil(files.length / batchSize) }, (_, i) => files.slice(i * batchSize, (i + 1) * batchSize));
  const job: ScanJob = { dir, batches, next: new SharedArrayBuffer(4) };
  const workerFile = await scanWorkerFile();
  const workers = Array.from(
    { length: Math.min(availableParallelism(), batches.length) },
    () => new Worker(workerFile, { workerData: job }),
  );
  const stop = async () => {
    await Promise.all(workers.map((worker) => worker.terminate()));
  };
  const scans = batches.length === 0 ? Promise.resolve([]) : collect(workers, batches.length, dir, progress).finally(stop);
  return { scans, stop };
}

function collect(workers: Worker[], batches: number, dir: string, progress?: (done: number) => void): Promise<PageScan[]> {
  return new Promise<PageScan[][]>((resolve, reject) => {
    const results: PageScan[][] = [];
    let received = 0;
    let pages = 0;
    let exited = 0;
    for (const worker of workers) {
      worker.on('message', (reply: ScanReply) => {
        if ('error' in reply) return reject(new Error(`check-links could not scan a page of ${dir}: ${reply.error}`));
        results[reply.batch] = reply.scans;
        pages += reply.scans.length;
        progress?.(pages);
        if (++received === batches) resolve(results);
      });
      worker.on('error', (error) => reject(new Error('a check-links worker crashed', { cause: error })));
      // A worker exits once no batch is left to take; one that stops otherwise (out of memory, or
      // stopped) must not leave the check waiting.
      worker.on('exit', (code) => {
        if (code !== 0 || (++exited === workers.length && received < batches))
          reject(new Error(`a check-links worker stopped before it had scanned its pages (exit code ${code})`));
      });
    }
  }).then((results) => results.flat());
}
