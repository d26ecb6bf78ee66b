import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Tinypool } from 'tinypool';
import { repoRoot } from '../support/paths.ts';

/** Where each worker starts: from the repository, since this module runs bundled elsewhere (cli/bin.cjs). */
const workerEntry = join(repoRoot, 'cli/engine/pool-worker.cjs');

/**
 * The worker threads of a build (render/pool.ts) or of check-links (commands/check-links/scan-pool.ts),
 * one per core by default. Each task names the compiled module that answers it (pool-worker.cjs).
 * A worker that stops or crashes fails every task waiting, with `what` in the message, instead of
 * leaving the command waiting forever.
 */
export class WorkerPool {
  private readonly pool: Tinypool;
  private closing = false;
  /** Worker threads, all started at once. */
  readonly size: number;
  /** Rejected when a worker stops unexpectedly: every task races it. */
  private readonly broken: Promise<never>;

  constructor(
    private readonly what: string,
    size = availableParallelism(),
  ) {
    this.size = Math.max(1, size);
    // A task goes to a worker at once, to the one holding fewest: a worker takes its next task
    // without this thread, which may be busy loading content for seconds. Tasks run one at a time
    // (none awaits); a caller that must hold tasks back (render/pool.ts pages()) sends a few at a time.
    this.pool = new Tinypool({
      filename: workerEntry,
      minThreads: this.size,
      maxThreads: this.size,
      concurrentTasksPerWorker: Number.MAX_SAFE_INTEGER,
    });
    this.broken = new Promise<never>((_, reject) => {
      // Tinypool reports a crash to the tasks of the worker, but waits forever on one that exits.
      for (const thread of this.pool.threads)
        thread.on('exit', (code: number) => this.closing || reject(new Error(`a ${what} worker stopped unexpectedly (exit code ${code})`)));
      this.pool.on('error', (error: Error) => reject(new Error(`a ${what} worker crashed: ${error.message}`, { cause: error })));
    });
    this.broken.catch(() => {}); // seen through run(); a pool may break with no task waiting
  }

  /** Runs `task` on a worker, with the function `runTask` of the compiled module `file`. */
  run<T>(file: string, task: unknown): Promise<T> {
    const running = this.pool.run({ file, task }) as Promise<T>;
    return Promise.race([running.catch((error: unknown) => Promise.reject(this.failed(error))), this.broken]);
  }

  /** A worker's failure as this thread reports it: its message, and its stack for --debug. */
  private failed(error: unknown): Error {
    const message = error instanceof Error ? error.message : String(error);
    const failure = new Error(`a ${this.what} worker failed: ${message}`, { cause: error });
    if (error instanceof Error && error.stack) failure.stack = error.stack;
    return failure;
  }

  /** Stops the workers, without waiting for them (~0.1 s each): nothing the pool made needs them. */
  close(): void {
    if (this.closing) return;
    this.closing = true;
    void this.pool.destroy().catch(() => {});
  }
}
