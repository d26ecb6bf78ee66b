import { relative, sep } from 'node:path';
import { watch } from 'chokidar';

/**
 * Calls `onChange` with the path of every file created, changed or deleted under `dirs`, however
 * the editor saves (in place, or a temporary file renamed over the original). Hidden files are
 * skipped: editors write their swap and lock files there on every keystroke. Resolves once the
 * folders are watched, with a function that stops watching. `onError` is told when changes may
 * go unreported from then on.
 */
export async function watchFolders(dirs: string[], onChange: (file: string) => void, onError: () => void): Promise<() => Promise<void>> {
  const hidden = (path: string) =>
    dirs.some((dir) => {
      const inside = relative(dir, path);
      return inside !== '' && !inside.startsWith('..') && inside.split(sep).some((part) => part.startsWith('.'));
    });
  const watcher = watch(dirs, { ignoreInitial: true, ignored: hidden });
  watcher.on('all', (_event, path) => onChange(path));
  watcher.on('error', (error) => {
    console.error(`✗ watching failed: ${(error as Error).message}. Restart the dev server to watch again.`);
    onError();
  });
  await new Promise<void>((ready) => watcher.once('ready', ready));
  return () => watcher.close();
}
