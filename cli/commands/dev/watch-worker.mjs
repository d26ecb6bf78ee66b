// The dev server's watcher (watch.ts), on a thread of its own. Plain JavaScript, so that the thread
// loads no TypeScript, from the CLI's bundle or from the sources alike.
import { stat } from 'node:fs/promises';
import { relative, sep } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { watch } from 'chokidar';

/** @type {{ dirs: string[] }} */
const { dirs } = workerData;
const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);

/** Hidden files are skipped: editors write their swap and lock files there on every keystroke. */
const hidden = (/** @type {string} */ path) =>
  dirs.some((dir) => {
    const inside = relative(dir, path);
    return inside !== '' && !inside.startsWith('..') && inside.split(sep).some((part) => part.startsWith('.'));
  });

/**
 * chokidar drops a change of a file that comes within 50 ms of the last one it reported, and never
 * reports it later: a second save that soon would never be built. So each changed file is looked
 * at again once that window has passed, and reported again if it changed since.
 */
const settleMs = 60;

const report = (/** @type {string} */ path) => port.postMessage({ type: 'change', path });
const watcher = watch(dirs, { ignoreInitial: true, ignored: hidden });
watcher.on('all', (event, path, stats) => {
  report(path);
  if (event !== 'change' || !stats) return;
  setTimeout(async () => {
    const now = await stat(path).catch(() => undefined);
    if (now && (now.mtimeMs !== stats.mtimeMs || now.size !== stats.size)) report(path);
  }, settleMs);
});
watcher.on('error', (error) => port.postMessage({ type: 'error', message: /** @type {Error} */ (error).message }));
watcher.once('ready', () => port.postMessage({ type: 'ready' }));
