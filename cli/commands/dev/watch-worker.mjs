// The dev server's watcher (watch.ts), on a thread of its own. Plain JavaScript, so that the thread
// loads no TypeScript, from the CLI's bundle or from the sources alike.
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

const watcher = watch(dirs, { ignoreInitial: true, ignored: hidden });
watcher.on('all', (_event, path) => port.postMessage({ type: 'change', path }));
watcher.on('error', (error) => port.postMessage({ type: 'error', message: /** @type {Error} */ (error).message }));
watcher.once('ready', () => port.postMessage({ type: 'ready' }));
