import { watch } from 'node:fs';
import { join, sep } from 'node:path';

/**
 * Calls `onChange` with the path of every file created, changed or deleted under `dirs`.
 * Hidden files are skipped: editors write their swap and lock files there on every keystroke.
 * Returns a function that stops watching.
 */
export function watchFolders(dirs: string[], onChange: (file: string) => void): () => void {
  const watchers = dirs.map((dir) =>
    watch(dir, { recursive: true }, (_event, name) => {
      if (name && !name.split(sep).some((part) => part.startsWith('.'))) onChange(join(dir, name));
    }).on('error', (error) => console.error(`✗ stopped watching ${dir}: ${error.message}. Restart the dev server to watch it again.`)),
  );
  return () => watchers.forEach((watcher) => watcher.close());
}
