import { realpath } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import { adminFolder } from '../../engine/write/admin/files.ts';
import { dev, type DevOptions } from '../dev/command.ts';
import { localBackend, maxRequest } from './backend.ts';
import { contentFiles } from './files.ts';
import { editorPlaces } from './places.ts';
import { editorRoutes, newSecret } from './routes.ts';

/**
 * The editor on this computer: `dev` on 127.0.0.1, answering only as 127.0.0.1 or localhost, with
 * Decap's local backend beside /admin/ (routes.ts) reading and writing the content folder's
 * collections and photos, and nothing else. No other port listens. Ctrl-C stops it.
 */
export async function cms(opts: Omit<DevOptions, 'host' | 'api'>): Promise<void> {
  const content = resolve(opts.content);
  // The content folder as it really is: the backend then follows no link below it (files.ts).
  const root = await realpath(content).catch(() => content);
  const act = localBackend({
    places: editorPlaces(basename(content)),
    files: contentFiles(root),
    // The repository is the content folder's parent: the editor's paths start with the folder's name.
    repository: basename(dirname(content)),
  });
  const routes = editorRoutes({ secret: newSecret(), act, limit: maxRequest, log: (line) => console.error(line) });
  const { url } = await dev({ ...opts, host: '127.0.0.1', api: routes });
  console.log(`Editor at ${new URL(`/${adminFolder}/`, url)} (saves to ${content})`);
}
