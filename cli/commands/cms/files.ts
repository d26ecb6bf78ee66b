// The editor's reads and writes in the content folder, never through a link: every folder on the
// way is looked at (lstat) and must be a real folder, the file itself is opened with O_NOFOLLOW, a
// save goes to a new file beside it (O_EXCL) that then replaces it, and a delete removes only a
// regular file. A link anywhere on the path is refused, wherever it leads.
import { randomBytes } from 'node:crypto';
import { constants, type Dirent } from 'node:fs';
import { type FileHandle, lstat, mkdir, open, readdir, rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { type Place, Refused, shown, untouched } from './places.ts';

const readFlags = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK | constants.O_NOCTTY;
const createFlags = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;

const code = (error: unknown) => (error as NodeJS.ErrnoException).code;

const throughLink = (path: string, link: string) =>
  new Refused(
    403,
    `«${shown(path)}» pasa por un enlace (${shown(link)}) y el editor no sigue enlaces: sustitúyelo por la carpeta o el archivo de verdad. ${untouched}`,
  );

/** The files of the content folder at `root` (its real path), as the editor's backend reads and writes them. */
export function contentFiles(root: string) {
  /**
   * The real folder `parts` names under the content folder, each step a folder and not a link; a
   * missing one is made when `create`, else undefined. `path`: the file's path, for messages.
   */
  async function folder(parts: string[], path: string, create: boolean): Promise<string | undefined> {
    let at = root;
    for (const [i, part] of parts.entries()) {
      at = join(at, part);
      let info = await lstat(at).catch((error: unknown) => (code(error) === 'ENOENT' ? undefined : Promise.reject(error)));
      if (!info && create) {
        await mkdir(at).catch((error: unknown) => (code(error) === 'EEXIST' ? undefined : Promise.reject(error)));
        info = await lstat(at);
      }
      if (!info) return undefined;
      if (info.isSymbolicLink()) throw throughLink(path, parts.slice(0, i + 1).join('/'));
      if (!info.isDirectory()) throw new Refused(409, `«${shown(path)}»: «${part}» no es una carpeta. ${untouched}`);
    }
    return at;
  }

  /** The bytes of `place`, or undefined when it is not there; larger than `limit` bytes is refused. */
  async function read(place: Place, limit: number): Promise<Buffer | undefined> {
    const at = await folder(place.parts.slice(0, -1), place.path, false);
    if (!at) return undefined;
    let file: FileHandle;
    try {
      file = await open(join(at, place.parts.at(-1)!), readFlags);
    } catch (error) {
      if (code(error) === 'ENOENT') return undefined;
      if (code(error) === 'ELOOP') throw throughLink(place.path, place.path);
      throw error;
    }
    try {
      const info = await file.stat();
      if (!info.isFile()) throw new Refused(409, `«${shown(place.path)}» no es un archivo. ${untouched}`);
      if (info.size > limit)
        throw new Refused(
          413,
          `«${shown(place.path)}» ocupa ${(info.size / 2 ** 20).toFixed(1)} MB, más de lo que el editor abre (${limit / 2 ** 20} MB): edítalo en el repositorio.`,
        );
      return await file.readFile();
    } finally {
      await file.close();
    }
  }

  /** The names of the regular files (no links, no folders) directly in the folder `parts`. */
  async function list(parts: string[], path: string): Promise<string[]> {
    const at = await folder(parts, path, false);
    const entries: Dirent[] = at ? await readdir(at, { withFileTypes: true }) : [];
    return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
  }

  /**
   * Writes `bytes` as `place`: into a new file beside it, which then takes its place, so that no
   * reader sees half a file and no link at its name is followed. With `fresh`, a file already
   * there is refused rather than replaced.
   */
  async function write(place: Place, bytes: Buffer | string, { fresh = false } = {}): Promise<void> {
    const at = (await folder(place.parts.slice(0, -1), place.path, true))!;
    const name = place.parts.at(-1)!;
    const target = join(at, name);
    const before = await lstat(target).catch((error: unknown) => (code(error) === 'ENOENT' ? undefined : Promise.reject(error)));
    if (before?.isSymbolicLink()) throw throughLink(place.path, place.path);
    if (before && !before.isFile())
      throw new Refused(409, `«${shown(place.path)}» es una carpeta u otra cosa que no es un archivo. ${untouched}`);
    if (before && fresh)
      throw new Refused(409, `Ya hay un archivo «${shown(place.path)}»: elige otro título o dirección (slug). No se ha guardado.`);
    // Hidden, and with an extension no collection has: neither the build nor dev's watcher reads it.
    const temporary = join(at, `.${name}.${randomBytes(6).toString('hex')}.tmp`);
    const file = await open(temporary, createFlags, 0o666);
    try {
      await file.writeFile(bytes);
      await file.close();
      await rename(temporary, target);
    } catch (error) {
      await file.close().catch(() => {});
      await unlink(temporary).catch(() => {});
      throw error;
    }
  }

  /** Removes each of `places` that is there, once every one is known to be a regular file: all or none. */
  async function remove(places: Place[]): Promise<void> {
    const targets: string[] = [];
    for (const place of places) {
      const at = await folder(place.parts.slice(0, -1), place.path, false);
      if (!at) continue;
      const target = join(at, place.parts.at(-1)!);
      const info = await lstat(target).catch((error: unknown) => (code(error) === 'ENOENT' ? undefined : Promise.reject(error)));
      if (!info) continue;
      if (info.isSymbolicLink()) throw throughLink(place.path, place.path);
      if (!info.isFile()) throw new Refused(409, `«${shown(place.path)}» no es un archivo: el editor solo borra archivos. ${untouched}`);
      targets.push(target);
    }
    for (const target of targets) await unlink(target);
  }

  return { read, list, write, remove };
}

export type ContentFiles = ReturnType<typeof contentFiles>;
