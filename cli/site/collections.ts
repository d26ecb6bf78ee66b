// The kinds of content the site has, each with its files, schema and rules between files: the one
// list the editor at /admin/ is generated from (engine/write/admin/config.ts), and that the loader
// (engine/load/content.ts) reads, validates and checks the content by.
import type { z } from 'zod';
import type { Entry, Finding, Known } from './checks/entry.ts';
import { checkProjects, checkReviews } from './checks/jobs.ts';
import { checkLegal, checkPosts } from './checks/pages.ts';
import { type PhotoNamed, photosOfJob, photosOfService } from './checks/photos.ts';
import { checkAirConditioning, checkLocalTexts, checkLocalities, checkServices } from './checks/services.ts';
import { checkSite } from './checks/site.ts';
import { checkStrings } from './checks/strings.ts';
import { langPattern, type Lang } from './lang.ts';
import { localFileSchema } from './schema/local.ts';
import { localitiesFileSchema } from './schema/locality.ts';
import { legalFrontMatterSchema, postFrontMatterSchema } from './schema/post.ts';
import { projectSchema } from './schema/project.ts';
import { reviewSchema } from './schema/review.ts';
import { airConditioningSchema, serviceSchema } from './schema/service.ts';
import { siteSchema } from './schema/site.ts';
import { stringsSchema } from './schema/strings.ts';

/** How a file is written: YAML, or Markdown whose YAML front matter the schema checks. */
export type FileFormat = 'yaml' | 'markdown-frontmatter';

/**
 * Where a collection's files lie in the content folder, with `/` between folders. `{lang}` in the
 * path stands for each language's code: `blog/{lang}` is blog/es, blog/en, blog/de.
 */
export type CollectionFiles =
  /** One file, e.g. "site.yaml". */
  | { file: string; format: FileFormat }
  /** Every file with the extension directly in a folder, e.g. projects/*.yaml. */
  | { folder: string; extension: 'yaml' | 'md'; format: FileFormat };

export interface Collection<S extends z.ZodType = z.ZodType> {
  name: string;
  /** What the company calls it, in Spanish: the editor's menu shows it. */
  label: string;
  files: CollectionFiles;
  /** What one file holds (for Markdown, its front matter). */
  schema: S;
  /** Rules between files (checks/): run on the entries that passed the schema, against what the others hold. */
  check?(entries: readonly Entry<z.infer<S>>[], known: Known): Finding[];
  /** The photos (content/photos/) a file names, from its parsed data, valid or not. */
  photos?(data: unknown): PhotoNamed[];
}

/** A collection, its name kept as a literal type: the loader picks its entries by name, typed by its schema. */
const collection = <N extends string, S extends z.ZodType>(c: Collection<S> & { name: N }): Collection<S> & { name: N } => c;

export const collections = [
  collection({
    name: 'projects',
    label: 'Trabajos',
    files: { folder: 'projects', extension: 'yaml', format: 'yaml' },
    schema: projectSchema,
    check: checkProjects,
    photos: photosOfJob,
  }),
  collection({
    name: 'reviews',
    label: 'Reseñas',
    files: { folder: 'reviews', extension: 'yaml', format: 'yaml' },
    schema: reviewSchema,
    check: checkReviews,
  }),
  collection({
    name: 'posts',
    label: 'Blog',
    files: { folder: 'blog/{lang}', extension: 'md', format: 'markdown-frontmatter' },
    schema: postFrontMatterSchema,
    check: checkPosts,
  }),
  collection({
    name: 'services',
    label: 'Servicios',
    files: { folder: 'services', extension: 'yaml', format: 'yaml' },
    schema: serviceSchema,
    check: checkServices,
    photos: photosOfService,
  }),
  collection({
    name: 'airConditioning',
    label: 'Aire acondicionado',
    files: { file: 'air-conditioning.yaml', format: 'yaml' },
    schema: airConditioningSchema,
    check: checkAirConditioning,
  }),
  collection({
    name: 'localities',
    label: 'Localidades',
    files: { file: 'localities.yaml', format: 'yaml' },
    schema: localitiesFileSchema,
    check: checkLocalities,
  }),
  collection({
    name: 'localTexts',
    label: 'Textos por localidad',
    files: { folder: 'local', extension: 'yaml', format: 'yaml' },
    schema: localFileSchema,
    check: checkLocalTexts,
  }),
  collection({
    name: 'legal',
    label: 'Textos legales',
    files: { folder: 'legal/{lang}', extension: 'md', format: 'markdown-frontmatter' },
    schema: legalFrontMatterSchema,
    check: checkLegal,
  }),
  collection({
    name: 'site',
    label: 'Datos de la empresa',
    files: { file: 'site.yaml', format: 'yaml' },
    schema: siteSchema,
    check: checkSite,
  }),
  collection({
    name: 'strings',
    label: 'Textos de la interfaz',
    files: { file: 'i18n/{lang}.yaml', format: 'yaml' },
    schema: stringsSchema,
    check: checkStrings,
  }),
] as const;

/** Where photos of jobs and galleries lie: media the editor uploads, which entries name (schema/common.ts photoRef). */
export const photosFolder = 'photos';
/** Where the illustrations lie (SVG, PNG): media the build cleans and publishes, which entries name (schema/common.ts imageRef). */
export const imagesFolder = 'images';

export type CollectionName = (typeof collections)[number]['name'];

/** The path of a collection's file or folder in one language (the same path when it has no `{lang}`). */
export const pathIn = (files: CollectionFiles, lang: Lang): string => ('file' in files ? files.file : files.folder).replace('{lang}', lang);

/** Whether a collection keeps one file or folder per language. */
export const perLanguage = (files: CollectionFiles): boolean => ('file' in files ? files.file : files.folder).includes('{lang}');

/** The language of each of a collection's files or folders: each of `languages`, or none. */
export const languagesOf = (files: CollectionFiles, languages: readonly Lang[]): readonly (Lang | undefined)[] =>
  perLanguage(files) ? languages : [undefined];

/**
 * The language a path of the content folder is in for a collection kept per language: the code
 * that stands for `{lang}` in its file or folder, when it is written as one. A folder or file of a
 * language the site does not list is still found: checks/languages.ts names it.
 */
export function languageAt(files: CollectionFiles, path: string): Lang | undefined {
  const [before, after] = ('file' in files ? files.file : files.folder).split('{lang}') as [string, string?];
  if (after === undefined || !path.startsWith(before)) return undefined;
  const code = path.slice(before.length, path.length - after.length);
  return path.endsWith(after) && langPattern.test(code) ? code : undefined;
}

/**
 * The collections a content file belongs to, by its path in the content folder with `/` between
 * folders: exactly one for every file the loader reads.
 */
export function collectionsOf(path: string): Collection[] {
  return collections.filter(({ files }) => {
    if ('file' in files) return path === files.file || (perLanguage(files) && languageAt(files, path) !== undefined);
    const folder = path.slice(0, path.lastIndexOf('/'));
    const inFolder = perLanguage(files) ? languageAt(files, folder) !== undefined : folder === files.folder;
    return inFolder && path.endsWith(`.${files.extension}`);
  });
}
