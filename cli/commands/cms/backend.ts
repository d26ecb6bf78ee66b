// Decap CMS's local backend (the protocol of decap-server's file-system mode), answered in this
// process: the page posts `{ action, params }` and gets JSON. Only the actions the editor uses in
// its simple publish mode are known. Every path goes through places.ts (which files) and files.ts
// (no links), every upload through uploads.ts (a photo the build publishes), and every check of a
// request is done before its first write.
import { createHash } from 'node:crypto';
import { basename } from 'node:path';
import { z } from 'zod';
import { sizeLimits } from '../../engine/load/guarded-read.ts';
import { maxBytes } from '../../engine/photos/limits.ts';
import type { ContentFiles } from './files.ts';
import { type EditorPlaces, type Place, Refused, shown } from './places.ts';
import { acceptedPhoto } from './uploads.ts';

const id = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const asset = z.object({ path: z.unknown(), content: z.string(), encoding: z.literal('base64') });
const dataFile = z.object({ path: z.unknown(), newPath: z.unknown().optional(), raw: z.string() });
const path = z.object({ path: z.unknown() });

/** The requests the editor sends, as decap-cms-backend-proxy writes them; paths are checked by places.ts. */
const requests = {
  info: z.unknown(),
  entriesByFolder: z.object({ folder: z.unknown(), extension: z.unknown() }),
  entriesByFiles: z.object({ files: z.array(z.object({ path: z.unknown(), label: z.string().optional() })).max(10_000) }),
  getEntry: path,
  persistEntry: z.object({
    entry: dataFile.optional(),
    dataFiles: z.array(dataFile).min(1).max(10).optional(),
    assets: z.array(asset).max(50),
  }),
  getMedia: z.object({ mediaFolder: z.unknown() }),
  getMediaFile: path,
  persistMedia: z.object({ asset }),
  deleteFile: path,
  deleteFiles: z.object({ paths: z.array(z.unknown()).min(1).max(1000) }),
  getDeployPreview: z.unknown(),
};
type Action = keyof typeof requests;

/** The largest request body: a photo at the limit, in base64, and the rest of the request. */
export const maxRequest = Math.ceil((maxBytes * 4) / 3) + 2 ** 20;

/** The editor's backend for the repository named `repository`: takes a parsed request, gives the answer's JSON. */
export function localBackend({ places, files, repository }: { places: EditorPlaces; files: ContentFiles; repository: string }) {
  const entryLimit = (place: Place) => (place.extension === 'md' ? sizeLimits.markdown : sizeLimits.yaml).bytes;

  const entryOf = async (place: Place, label?: string) => {
    const bytes = await files.read(place, entryLimit(place));
    return { data: bytes?.toString('utf8') ?? null, file: { path: place.path, label, id: bytes ? id(bytes) : null } };
  };

  const mediaFile = (place: Place, bytes: Buffer) => ({
    id: id(bytes),
    content: bytes.toString('base64'),
    encoding: 'base64',
    path: place.path,
    name: basename(place.path),
  });

  /** The photo an upload would be, once its place and its bytes pass: as stored, without its metadata. */
  const checkedAsset = async (upload: z.infer<typeof asset>) => {
    const place = places.photo(upload.path);
    await files.writable(place);
    const accepted = await acceptedPhoto(place.parts.at(-1)!, Buffer.from(upload.content, 'base64'));
    if ('refusal' in accepted) throw new Refused(422, accepted.refusal);
    return { place, bytes: accepted.bytes };
  };

  /** The entry a data file would be, once its path, its new path and its text pass the build's rules. */
  const checkedEntry = async (file: z.infer<typeof dataFile>) => {
    const place = places.entry(file.path);
    const moved = file.newPath !== undefined && file.newPath !== file.path ? places.entry(file.newPath) : undefined;
    if (moved && (!place.removable || moved.parts.slice(0, -1).join('/') !== place.parts.slice(0, -1).join('/')))
      throw new Refused(403, `«${shown(file.path)}» solo puede cambiar de nombre dentro de su carpeta, no a «${shown(file.newPath)}».`);
    const target = moved ?? place;
    const bytes = Buffer.from(file.raw, 'utf8');
    if (bytes.length > entryLimit(target))
      throw new Refused(
        413,
        `«${shown(target.path)}» ocupa más de ${entryLimit(target) / 2 ** 20} MB, lo más que el sitio admite: divide el texto en varias páginas.`,
      );
    if (file.raw.includes('\0'))
      throw new Refused(422, `«${shown(target.path)}» lleva un carácter nulo, que el sitio no admite: bórralo y guarda otra vez.`);
    await files.writable(target, { fresh: moved !== undefined });
    if (moved) await files.removable([place]);
    return { place, moved, bytes };
  };

  const act: { [A in Action]: (params: z.infer<(typeof requests)[A]>) => Promise<unknown> } = {
    info: async () => ({ repo: repository, publish_modes: ['simple'], type: 'local_fs' }),
    entriesByFolder: async ({ folder, extension }) => {
      const { parts } = places.folder(folder, extension);
      const names = await files.list(parts, folder as string);
      const entries = names.flatMap((name) => {
        try {
          return [places.entry(`${folder}/${name}`)];
        } catch {
          return []; // a file the collection does not hold (another extension, a temporary file)
        }
      });
      return Promise.all(entries.map((place) => entryOf(place)));
    },
    entriesByFiles: async ({ files: wanted }) => Promise.all(wanted.map(({ path, label }) => entryOf(places.entry(path), label))),
    getEntry: async ({ path }) => entryOf(places.entry(path)),
    persistEntry: async ({ entry, dataFiles, assets }) => {
      const sent = dataFiles ?? (entry ? [entry] : []);
      if (!sent.length) throw new Refused(400, 'El editor no envió qué guardar: recarga la página y vuelve a intentarlo.');
      const data = [];
      for (const file of sent) data.push(await checkedEntry(file));
      const photos = [];
      for (const upload of assets) photos.push(await checkedAsset(upload));
      // Photos first: an entry is never saved naming a photo that is not there yet.
      for (const { place, bytes } of photos) await files.write(place, bytes);
      for (const { place, moved, bytes } of data) {
        await files.write(moved ?? place, bytes, { fresh: moved !== undefined });
        if (moved) await files.remove([place]);
      }
      return { message: 'entry persisted' };
    },
    getMedia: async ({ mediaFolder }) => {
      const parts = places.media(mediaFolder);
      const photos = (await files.list(parts, mediaFolder as string)).flatMap((name) => {
        try {
          return [places.photo(`${mediaFolder}/${name}`)];
        } catch {
          return []; // not a photo the site could use
        }
      });
      const read = await Promise.all(photos.map(async (place) => [place, await files.read(place, maxBytes)] as const));
      return read.flatMap(([place, bytes]) => (bytes ? [mediaFile(place, bytes)] : []));
    },
    getMediaFile: async ({ path }) => {
      const place = places.photo(path);
      const bytes = await files.read(place, maxBytes);
      if (!bytes) throw new Refused(404, `No hay ninguna foto «${shown(path)}»: súbela otra vez o quítala de la entrada.`);
      return mediaFile(place, bytes);
    },
    persistMedia: async ({ asset: upload }) => {
      const { place, bytes } = await checkedAsset(upload);
      await files.write(place, bytes);
      return mediaFile(place, bytes);
    },
    deleteFile: async ({ path }) => {
      await files.remove([removable(path)]);
      return { message: `deleted file ${path}` };
    },
    deleteFiles: async ({ paths }) => {
      await files.remove(paths.map(removable));
      return { message: `deleted ${paths.length} files` };
    },
    getDeployPreview: async () => null,
  };

  /** A file the editor may delete: a photo, or an entry of a folder (a collection's one file stays). */
  function removable(path: unknown): Place {
    const place = places.file(path);
    if (!place.removable)
      throw new Refused(403, `«${shown(path)}» no se puede borrar: el sitio lo necesita. Cambia su contenido en su lugar.`);
    return place;
  }

  return async (body: unknown): Promise<unknown> => {
    const { action, params } = (body ?? {}) as { action?: unknown; params?: unknown };
    if (typeof action !== 'string' || !Object.hasOwn(requests, action))
      throw new Refused(422, `El editor pidió «${shown(action)}», que este servidor no hace: recarga la página y vuelve a intentarlo.`);
    const parsed = requests[action as Action].safeParse(params);
    if (!parsed.success) {
      const [issue] = parsed.error.issues;
      const where = ['params', ...(issue?.path ?? [])].join('.');
      throw new Refused(400, `La petición «${action}» del editor no es válida en ${where}: recarga la página y vuelve a intentarlo.`);
    }
    return (act[action as Action] as (params: unknown) => Promise<unknown>)(parsed.data);
  };
}
