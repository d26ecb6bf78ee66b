import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { repoRoot } from '../../support/paths.ts';

/** What the watcher's thread (watch-worker.mjs) tells. */
type WatchMessage = { type: 'ready' } | { type: 'change'; path: string } | { type: 'error'; message: string };

/**
 * Calls `onChange` with the path of every file created, changed or deleted under `dirs`, however
 * the editor saves (in place, or a temporary file renamed over the original). Hidden files are
 * skipped, and links are not followed (a link is reported as itself). Resolves once the folders are watched, with a function that stops watching. `onError`
 * is told when changes may go unreported from then on.
 *
 * chokidar watches from a thread of its own: whenever a file changes, it lists the file's folder
 * again and lstat-s every file in it (2,000 posts a folder in the bench), which on the thread that
 * rebuilds held up the rebuild.
 */
export async function watchFolders(dirs: string[], onChange: (file: string) => void, onError: () => void): Promise<() => Promise<void>> {
  const worker = new Worker(join(repoRoot, 'cli/commands/dev/watch-worker.mjs'), { workerData: { dirs } });
  const failed = (reason: string) => {
    console.error(`✗ watching failed: ${reason}. Restart the dev server to watch again.`);
    onError();
  };
  await new Promise<void>((ready, fail) => {
    worker.on('message', (message: WatchMessage) => {
      if (message.type === 'ready') ready();
      else if (message.type === 'change') onChange(message.path);
      else failed(message.message);
    });
    worker.once('error', (error) => fail(new Error(`could not watch ${dirs.join(' and ')}`, { cause: error })));
  });
  worker.on('error', (error) => failed(error.message));
  return async () => {
    await worker.terminate();
  };
}
