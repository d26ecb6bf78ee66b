// The editor's reads and writes in the content folder, never through a link: every folder on the
// way is looked at (lstat) and must be a real folder, the file itself is opened with O_NOFOLLOW, a
// save goes to a new file beside it (O_EXCL) that then replaces it, and a delete removes only a
// regular file. A link anywhere on the path is refused, wherever it leads.
import { randomBytes } from 'node:crypto';
import { constants, type Dirent, type Stats } from 'node:fs';
import { type FileHandle, lstat, mkdir, open, readdir, rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { type Place, Refused, shown } from './places.ts';

const readFlags = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK | constants.O_NOCTTY;
const createFlags = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;

const code = (error: unknown) => (error as NodeJS.ErrnoException).code;

const throughLink = (path: string, link: string) =>
  new Refused(
    403,
    `«${shown(path)}» pasa por un enlace (${shown(link)}) y el editor no sigue enlaces: sustitúyelo por la carpeta o el archivo de verdad.`,
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
      if (!info.isDirectory()) throw new Refused(409, `«${shown(path)}»: «${part}» no es una carpeta.`);
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
      if (!info.isFile()) throw new Refused(409, `«${shown(place.path)}» no es un archivo.`);
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

  /** What is at `place` now (undefined when nothing), once its folders are checked; in a missing folder, nothing. */
  async function existing(place: Place): Promise<{ target: string; info: Stats } | undefined> {
    const at = await folder(place.parts.slice(0, -1), place.path, false);
    if (!at) return undefined;
    const target = join(at, place.parts.at(-1)!);
    const info = await lstat(target).catch((error: unknown) => (code(error) === 'ENOENT' ? undefined : Promise.reject(error)));
    if (info?.isSymbolicLink()) throw throughLink(place.path, place.path);
    return info && { target, info };
  }

  /**
   * Checks that `place` may be written: no link on the way or at its name, no folder in its place,
   * and with `fresh` no file already there (a rename never replaces another entry).
   */
  async function writable(place: Place, { fresh = false } = {}): Promise<void> {
    const now = await existing(place);
    if (now && !now.info.isFile()) throw new Refused(409, `«${shown(place.path)}» es una carpeta u otra cosa que no es un archivo.`);
    if (now && fresh) throw new Refused(409, `Ya hay un archivo «${shown(place.path)}»: elige otro título o dirección (slug).`);
  }

  /**
   * Writes `bytes` as `place`, once writable: into a new file beside it, which then takes its
   * place, so that no reader sees half a file and no link at its name is followed.
   */
  async function write(place: Place, bytes: Buffer | string, options: { fresh?: boolean } = {}): Promise<void> {
    await writable(place, options);
    const at = (await folder(place.parts.slice(0, -1), place.path, true))!;
    const name = place.parts.at(-1)!;
    // Hidden, and with an extension no collection has: neither the build nor dev's watcher reads it.
    const temporary = join(at, `.${name}.${randomBytes(6).toString('hex')}.tmp`);
    const file = await open(temporary, createFlags, 0o666);
    try {
      await file.writeFile(bytes);
      await file.close();
      await rename(temporary, join(at, name));
    } catch (error) {
      await file.close().catch(() => {});
      await unlink(temporary).catch(() => {});
      throw error;
    }
  }

  /** The files of `places` that are there, once every one is known to be a regular file that may be deleted. */
  async function removable(places: Place[]): Promise<string[]> {
    const targets: string[] = [];
    for (const place of places) {
      const now = await existing(place);
      if (now && !now.info.isFile()) throw new Refused(409, `«${shown(place.path)}» no es un archivo: el editor solo borra archivos.`);
      if (now) targets.push(now.target);
    }
    return targets;
  }

  /** Removes each of `places` that is there: all or, when one may not be removed, none. */
  async function remove(places: Place[]): Promise<void> {
    for (const target of await removable(places)) await unlink(target);
  }

  return { read, list, writable, write, removable, remove };
}

export type ContentFiles = ReturnType<typeof contentFiles>;
