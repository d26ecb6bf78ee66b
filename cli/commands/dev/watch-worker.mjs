// The dev server's watcher (watch.ts), on a thread of its own. Plain JavaScript, so that the thread
// loads no TypeScript, from the CLI's bundle or from the sources alike.
import { stat } from 'node:fs/promises';
import { setTimeout as delay } from 'node:timers/promises';
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
 * reports it later: a second save that soon would never be built. So a changed file is looked at
 * 5 ms after the change, before a rebuild can read it (dev waits 10 ms of quiet), and again 60 ms
 * after: if it moved in between, it is reported again.
 */
async function settle(/** @type {string} */ path) {
  await delay(5);
  const before = await stat(path).catch(() => undefined);
  await delay(55);
  const after = await stat(path).catch(() => undefined);
  if (before && after && (after.mtimeMs !== before.mtimeMs || after.size !== before.size)) report(path);
}

const report = (/** @type {string} */ path) => port.postMessage({ type: 'change', path });
// Links are not followed: one in content/ to the repository made chokidar crawl it, node_modules
// included (RSS 184 → 415 MB and 52 rebuilds in 30 s). The build reports such a link as an error.
const watcher = watch(dirs, { ignoreInitial: true, ignored: hidden, followSymlinks: false });
watcher.on('all', (event, path) => {
  report(path);
  if (event === 'change') void settle(path);
});
watcher.on('error', (error) => port.postMessage({ type: 'error', message: /** @type {Error} */ (error).message }));
watcher.once('ready', () => port.postMessage({ type: 'ready' }));
