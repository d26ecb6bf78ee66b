// What the editor may read and write, derived from the content collections: the files of each
// collection (its folder's files with its extension, or its one file) and the photos. A path the
// page sends is checked here before any file is touched; anything else is refused, in Spanish,
// naming the path and saying what to do.
import { collections, languageAt, perLanguage, photosFolder } from '../../site/collections.ts';
import { maxNameLength, photoRef } from '../../site/schema/common.ts';

/**
 * A request the editor's backend refuses: `status`, and a message the editor shows, to which the
 * refusal's one consequence is added: every check of a request comes before its first write.
 */
export class Refused extends Error {
  constructor(
    readonly status: number,
    why: string,
  ) {
    super(`${why} No se ha tocado ningún archivo.`);
  }
}

/** A file the editor may touch: its path as the page names it, and its folders and name under the content folder. */
export interface Place {
  path: string;
  /** Under the content folder: the folders, then the file's name. */
  parts: string[];
  kind: 'entry' | 'photo';
  /** An entry's extension: which size limit its text has. */
  extension?: string;
  /** Whether it is one of a folder's entries, which the company adds and deletes; a collection's one file is not. */
  removable: boolean;
}

/** A path (or what came instead) as messages quote it: control characters escaped, cut short when long. */
export const shown = (value: unknown): string => {
  const text = typeof value === 'string' ? JSON.stringify(value).slice(1, -1) : (JSON.stringify(value) ?? String(value));
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
};

/**
 * The places of a content folder named `contentFolder` at the root of the repository. A collection
 * kept per language has a place for each language code (blog/de/, i18n/de.yaml): the build tells
 * whether the site has that language.
 */
export function editorPlaces(contentFolder: string) {
  const place = (map: 'file' | 'folder', path: string): string | undefined => {
    for (const { files: at } of collections) {
      if (('file' in at ? 'file' : 'folder') !== map) continue;
      const written = 'file' in at ? at.file : at.folder;
      if (perLanguage(at) ? languageAt(at, path) === undefined : written !== path) continue;
      return 'file' in at ? path.split('.').at(-1)! : at.extension;
    }
    return undefined;
  };
  const written = (map: 'file' | 'folder') =>
    collections.flatMap(({ files: at }) => ('file' in at === (map === 'file') ? ['file' in at ? at.file : at.folder] : []));
  const folders = { get: (path: string) => place('folder', path) };
  const files = { get: (path: string) => place('file', path) };
  const media = `${contentFolder}/${photosFolder}`;
  const folderList = written('folder')
    .map((folder) => `${contentFolder}/${folder.replace('{lang}', '<idioma>')}/`)
    .join(', ');

  /** The parts of `path` under the content folder, once it is a relative path inside it. */
  function partsOf(path: unknown): string[] {
    if (typeof path !== 'string' || path === '')
      throw new Refused(400, `El editor envió «${shown(path)}» donde va la ruta de un archivo: recarga la página y vuelve a intentarlo.`);
    if (path.includes('\0')) throw new Refused(400, `La ruta «${shown(path)}» lleva un carácter nulo: ningún archivo se llama así.`);
    const parts = path.split('/');
    const inside =
      parts[0] === contentFolder && parts.length > 1 && !path.includes('\\') && parts.every((p) => p !== '' && p !== '.' && p !== '..');
    if (!inside) throw new Refused(403, `El editor solo lee y guarda dentro de ${contentFolder}/, no en «${shown(path)}».`);
    return parts.slice(1);
  }

  /** The entry at `path`: a collection's one file, or a file with its folder's extension. */
  function entry(path: unknown): Place {
    const parts = partsOf(path);
    const under = parts.join('/');
    const single = files.get(under);
    if (single) return { path: path as string, parts, kind: 'entry', extension: single, removable: false };
    const name = parts.at(-1)!;
    const folder = parts.slice(0, -1).join('/');
    const extension = folders.get(folder);
    if (folder === photosFolder || under.startsWith(`${photosFolder}/`))
      throw new Refused(422, `En ${media}/ solo van fotos, y «${shown(path)}» no lo es.`);
    if (!extension)
      throw new Refused(
        403,
        `«${shown(path)}» no es de ninguna colección del editor: sus entradas están en ${folderList} y en ${written('file')
          .map((f) => `${contentFolder}/${f.replace('{lang}', '<idioma>')}`)
          .join(', ')}.`,
      );
    if (!name.endsWith(`.${extension}`) || !/^[a-z0-9][\w.-]*$/i.test(name))
      throw new Refused(
        422,
        `«${shown(path)}»: en ${contentFolder}/${folder}/ solo van archivos .${extension} con un nombre de letras sin acentos, cifras y guiones.`,
      );
    if (name.length > maxNameLength)
      throw new Refused(
        422,
        `«${shown(path)}»: su nombre tiene ${name.length} caracteres y puede tener como mucho ${maxNameLength}. Acorta el título o la dirección (slug).`,
      );
    return { path: path as string, parts, kind: 'entry', extension, removable: true };
  }

  /** The photo at `path`, under content/photos/, named as entries may name it. */
  function photo(path: unknown): Place {
    const parts = partsOf(path);
    const name = parts.slice(1).join('/');
    if (parts[0] !== photosFolder || parts.length < 2)
      throw new Refused(422, `Las fotos van en ${media}/, y «${shown(path)}» no es una foto de esa carpeta.`);
    if (name.length > maxNameLength)
      throw new Refused(
        422,
        `«${shown(name)}» tiene ${name.length} caracteres y el nombre de una foto puede tener como mucho ${maxNameLength}: cámbiale el nombre por uno más corto.`,
      );
    if (!photoRef.safeParse(name).success)
      throw new Refused(
        422,
        `«${shown(name)}» no vale como nombre de foto: usa letras sin acentos, cifras y guiones, y termina en .jpg, .png, .webp, .avif o .heic.`,
      );
    return { path: path as string, parts, kind: 'photo', removable: true };
  }

  return {
    entry,
    photo,
    /** An entry or a photo, by where `path` lies. */
    file: (path: unknown): Place => (partsOf(path)[0] === photosFolder ? photo(path) : entry(path)),
    /** The folder of entries `folder` holds, with `extension`: a collection's folder, and only its own. */
    folder(folder: unknown, extension: unknown): { parts: string[]; extension: string } {
      const parts = partsOf(folder);
      const own = folders.get(parts.join('/'));
      if (!own || extension !== own)
        throw new Refused(403, `«${shown(folder)}» no es la carpeta de ninguna colección del editor (${folderList}).`);
      return { parts, extension: own };
    },
    /** The photos' folder, which the media library lists. */
    media(folder: unknown): string[] {
      if (folder !== media) throw new Refused(403, `Las fotos están en ${media}/, no en «${shown(folder)}».`);
      return [photosFolder];
    },
  };
}

export type EditorPlaces = ReturnType<typeof editorPlaces>;
