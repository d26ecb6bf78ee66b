// What a rule between content files reads and returns: entries that passed their schema, what the
// other collections hold, and problems placed in an entry. Rules do no I/O: the loader
// (engine/load/content.ts) reads, parses and validates, then runs them and locates what they find.
import type { Problem } from '../errors.ts';
import type { Lang } from '../lang.ts';

/** Keys from the top of a file's data down to a value, e.g. ["es", "slug"]. */
export type Path = ReadonlyArray<PropertyKey>;

/** One file of a collection, valid against its schema. */
export interface Entry<T> {
  /** The file's name without its extension: a page's slug, the service of a locality's texts. */
  readonly name: string;
  /** The language of the folder or file it is in, for collections kept per language. */
  readonly lang: Lang | undefined;
  readonly data: T;
  /** Paths of the values whose line carries a comment matching `pattern`: `brand: X  # example`. */
  commentedPaths(pattern: RegExp): Path[];
}

/** A problem at `path` of an entry's data, or of the whole file without one. */
export interface Finding {
  entry: Entry<unknown>;
  path?: Path;
  problem: Problem;
}

/** What the other collections hold, as rules compare against it. */
export interface Known {
  /** Whether example values and entries are refused (a strict or production build). */
  strict: boolean;
  /** The site's languages (site.yaml), the default first; none while site.yaml lists none validly. */
  languages: readonly Lang[];
  /** The languages that have a strings file, content/i18n/<code>.yaml. */
  stringsFiles: ReadonlySet<Lang>;
  /**
   * The keys of services (their slugs in the first language) and the slugs of localities, read from
   * every file, valid or not: one invalid service file must not cascade into "unknown service" in
   * every post naming it.
   */
  services: ReadonlySet<unknown>;
  localities: ReadonlySet<unknown>;
  /** The keys of the blog's categories, from the strings of every language, valid or not. */
  categories: ReadonlySet<unknown>;
  /** The key of air conditioning (its slug in the first language), once its file is valid. */
  airConditioning: string | undefined;
  images: { has(name: string): boolean };
}

/** The value at `path` in parsed data, or undefined where the path does not exist. */
export function valueAt(data: unknown, path: Path): unknown {
  let node = data;
  for (const key of path) node = node && typeof node === 'object' ? (node as Record<PropertyKey, unknown>)[key] : undefined;
  return node;
}

/** The values at `path` in each item of the list at `list` of parsed data; none where it is no list. */
const eachOf = (data: unknown, list: Path, path: Path): unknown[] => {
  const items = valueAt(data, list);
  return Array.isArray(items) ? items.map((item) => valueAt(item, path)) : [];
};

/** What the rules know of the other collections, from the parsed data of services, localities and strings. */
export function knownOf(
  parsed: {
    site: unknown;
    services: readonly unknown[];
    localities: unknown;
    strings: readonly { lang: Lang | undefined; parsed: unknown }[];
    airConditioning: { slug: Record<Lang, string> } | undefined;
  },
  images: Known['images'],
  strict: boolean,
): Known {
  const listed = valueAt(parsed.site, ['languages']);
  const languages = Array.isArray(listed) && listed.every((l) => typeof l === 'string') ? (listed as Lang[]) : [];
  const first = languages[0] ?? '';
  return {
    strict,
    languages,
    stringsFiles: new Set(parsed.strings.flatMap((s) => (s.lang ? [s.lang] : []))),
    services: new Set(parsed.services.map((s) => valueAt(s, ['slug', first])).filter((s) => typeof s === 'string')),
    localities: new Set(eachOf(parsed.localities, ['localities'], ['slug'])),
    categories: new Set(
      parsed.strings.flatMap((s) => eachOf(s.parsed, ['blog', 'categories'], ['key'])).filter((k) => typeof k === 'string'),
    ),
    airConditioning: parsed.airConditioning?.slug[first],
    images,
  };
}
