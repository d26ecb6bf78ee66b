// References from one entry to what other collections hold: a service, a locality, a category, an image.
import { errors } from '../errors.ts';
import type { Entry, Finding, Known, Path } from './entry.ts';

/** Problems of the references an entry makes, added to `findings`. */
export function referencesOf(entry: Entry<unknown>, known: Known, findings: Finding[]) {
  return {
    service(path: Path, slug: string) {
      if (!known.services.has(slug)) findings.push({ entry, path, problem: errors.UnknownService(slug, known.services) });
    },
    category(path: Path, key: string) {
      if (!known.categories.has(key)) findings.push({ entry, path, problem: errors.UnknownCategory(key, known.categories) });
    },
    locality(path: Path, slug: string) {
      if (!known.localities.has(slug)) findings.push({ entry, path, problem: errors.UnknownLocality(slug) });
    },
    image(path: Path, name: string | undefined) {
      if (name !== undefined && !known.images.has(name)) findings.push({ entry, path, problem: errors.UnknownImage(name) });
    },
  };
}
