// A scan worker (scan-pool.ts): reads built pages from the output folder and tokenizes them.
// Compiled to a file of its own by worker-file.ts: a worker thread starts from a JavaScript file.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { scanPage, type PageScan } from './scan.ts';

export interface ScanJob {
  dir: string;
  /** The pages to scan, split into batches. */
  batches: string[][];
  /** One Int32 shared by all workers: the index of the next batch nobody has taken. */
  next: SharedArrayBuffer;
}
export type ScanReply = { batch: number; scans: PageScan[] } | { error: string };

const { dir, batches, next } = workerData as ScanJob;
const counter = new Int32Array(next);

/** The next batch nobody has taken, with its files being read; undefined when all are taken. */
function take(): { batch: number; texts: Promise<string[]> } | undefined {
  const batch = Atomics.add(counter, 0, 1);
  const files = batches[batch];
  if (!files) return undefined;
  const read = (file: string) =>
    readFile(join(dir, file), 'utf8').catch((error: Error) => {
      throw new Error(`${file}: ${error.message}`);
    });
  const texts = Promise.all(files.map(read));
  texts.catch(() => {}); // awaited in turn below
  return { batch, texts };
}

// Workers take batches themselves rather than wait to be sent them: the main thread is busy loading
// the content meanwhile and would leave them idle. Each reads its next batch while it tokenizes one.
try {
  for (let current = take(); current; ) {
    const texts = await current.texts;
    const following = take();
    const files = batches[current.batch]!;
    parentPort!.postMessage({ batch: current.batch, scans: texts.map((html, i) => scanPage(files[i]!, html)) } satisfies ScanReply);
    current = following;
  }
} catch (error) {
  parentPort!.postMessage({ error: error instanceof Error ? error.message : String(error) } satisfies ScanReply);
}
