// The photos entries name (content/photos/): read from a file's parsed data, valid or not, so that
// photos named by an invalid file are still checked and one run reports every problem.
import { photoRef } from '../schema/common.ts';
import { langPattern } from '../lang.ts';
import { type Path, valueAt } from './entry.ts';

export interface PhotoNamed {
  path: Path;
  name: string;
}

const listAt = (data: unknown, path: Path): unknown[] => {
  const value = valueAt(data, path);
  return Array.isArray(value) ? value : [];
};

/** Where a name is one photoRef takes; others are the schema's to report. */
function named(found: PhotoNamed[], path: Path, name: unknown): void {
  if (photoRef.safeParse(name).success) found.push({ path, name: name as string });
}

/** A job's photos: `photos[i].file`. */
export function photosOfJob(data: unknown): PhotoNamed[] {
  const found: PhotoNamed[] = [];
  listAt(data, ['photos']).forEach((photo, i) => named(found, ['photos', i, 'file'], valueAt(photo, ['file'])));
  return found;
}

/** A service's gallery photos: `<lang>.sections[i].gallery[j].photo`. */
export function photosOfService(data: unknown): PhotoNamed[] {
  const found: PhotoNamed[] = [];
  const blocks = data && typeof data === 'object' ? Object.keys(data).filter((key) => langPattern.test(key)) : [];
  for (const lang of blocks)
    listAt(data, [lang, 'sections']).forEach((section, i) =>
      listAt(section, ['gallery']).forEach((g, j) => named(found, [lang, 'sections', i, 'gallery', j, 'photo'], valueAt(g, ['photo']))),
    );
  return found;
}
