// Every problem the content can have, in one catalogue: a stable code that tests and searches can
// name, a short message saying what is wrong, and a hint saying what to do, which the CLI prints
// under the message. Messages quote content through `excerpt`, hints name folders in content/.
import { excerpt } from './issues.ts';

/** A content problem as the catalogue words it. */
export interface Problem {
  code: string;
  message: string;
  hint: string;
}

/** One entry: called with its parameters, it gives the problem. */
export type ErrorEntry<A extends unknown[]> = ((...args: A) => Problem) & {
  readonly code: `E_${string}`;
  readonly message: (...args: A) => string;
  readonly hint: (...args: A) => string;
};

function entry<A extends unknown[]>(
  code: `E_${string}`,
  message: (...args: A) => string,
  hint: string | ((...args: A) => string),
): ErrorEntry<A> {
  const hintOf = typeof hint === 'string' ? () => hint : hint;
  return Object.assign((...args: A) => ({ code, message: message(...args), hint: hintOf(...args) }), { code, message, hint: hintOf });
}

/** At most 12 names, then how many more: a hint must stay one readable line. */
const oneOf = (names: Iterable<unknown>): string => {
  const all = [...names].map(String);
  return all.length ? all.slice(0, 12).join(', ') + (all.length > 12 ? ` and ${all.length - 12} more` : '') : '(none yet)';
};

const MB = 2 ** 20;

export const errors = {
  // Reading a file (engine/load/guarded-read.ts, parse.ts)
  MissingFile: entry('E_MISSING_FILE', () => 'file is missing', 'put it back: every content folder needs it (see README.md)'),
  Unreadable: entry('E_UNREADABLE', (code: string) => `cannot be read (${code})`, 'check its permissions'),
  LinkOutside: entry(
    'E_LINK_OUTSIDE',
    (target: string) => `is a link to ${target}, outside the content folder`,
    'copy what it points at into content/ instead',
  ),
  FolderOutside: entry(
    'E_FOLDER_OUTSIDE',
    (folder: string, target: string) => `is in ${folder}, a link to ${target} outside the content folder`,
    'copy the files into content/ instead',
  ),
  BrokenLink: entry('E_BROKEN_LINK', () => 'is a link to nothing', 'replace it with the file itself'),
  NotAFile: entry('E_NOT_A_FILE', (kind: string) => `is ${kind}, not a plain file`, 'put the file itself in its place, or delete it'),
  TooLarge: entry(
    'E_TOO_LARGE',
    (size: string, limit: { bytes: number; what: string; advice: string }) =>
      `is ${size}; ${limit.what} may be at most ${limit.bytes / MB} MB`,
    (_size, limit) => limit.advice,
  ),
  ChangedWhileReading: entry('E_CHANGED_WHILE_READING', () => 'changed while the build was reading the content', 'run the build again'),
  NulByte: entry('E_NUL_BYTE', () => 'a NUL byte (0x00) is here; text files hold none', 'delete it, and save the file as UTF-8 text'),
  NotUtf8: entry(
    'E_NOT_UTF8',
    (byte: number) => `the byte 0x${byte.toString(16).toUpperCase().padStart(2, '0')} here is not UTF-8`,
    'save the file with the encoding UTF-8 (not Latin-1 or Windows-1252)',
  ),
  InvalidYaml: entry(
    'E_INVALID_YAML',
    (words: string) => `invalid YAML: ${words}`,
    'fix the line it points at; a value holding ": " or " #" needs quotes',
  ),
  FrontMatterFence: entry(
    'E_FRONT_MATTER_FENCE',
    (fence: string) => `${excerpt(fence)} opens the front matter`,
    'open it with a plain --- line: front matter is YAML',
  ),
  MissingFrontMatter: entry('E_MISSING_FRONT_MATTER', () => 'missing front matter', 'start the file with a --- block of title, date, …'),
  TooDeep: entry('E_TOO_DEEP', (max: number) => `block quotes and lists nest more than ${max} levels deep here`, 'flatten them'),

  // A value against its schema (engine/load/validate.ts)
  UnknownField: entry('E_UNKNOWN_FIELD', () => 'unknown field', 'check its spelling, or remove it'),
  MissingValue: entry('E_MISSING_VALUE', (expected: string) => `missing; expected ${expected}`, 'add it: the field is required'),
  InvalidValue: entry('E_INVALID_VALUE', (message: string) => message, 'correct the value; docs/content.md says what each field holds'),

  // Images (engine/load/images.ts)
  ImageFolder: entry('E_IMAGE_FOLDER', () => 'is a folder', 'content/images/ holds image files only: move its files up or out'),
  SvgRefused: entry(
    'E_SVG_REFUSED',
    (reasons: string) => `refused: ${reasons}`,
    'illustrations must be plain drawings: export it again without these',
  ),
  SvgSize: entry('E_SVG_SIZE', () => 'cannot read the image size', 'give the <svg> element width and height attributes'),
  ImageSize: entry('E_IMAGE_SIZE', () => 'cannot read the image size', 'use a valid PNG or SVG: other formats are not supported here'),

  // Rules between files (site/checks/)
  UnknownImage: entry(
    'E_UNKNOWN_IMAGE',
    (name: string) => `image ${excerpt(name)} is not in content/images/`,
    'put the file there, or correct the name (letter case counts)',
  ),
  MissingPhoto: entry(
    'E_MISSING_PHOTO',
    (name: string) => `photo ${excerpt(name)} is not in content/photos/`,
    'put the file there, or correct the name (letter case counts)',
  ),
  UnknownService: entry(
    'E_UNKNOWN_SERVICE',
    (slug: string, _services: Iterable<unknown>) => `${excerpt(slug)} is not a service`,
    (_slug, services) => `use the key of one (its slug in the site's first language): ${oneOf(services)}`,
  ),
  UnknownLocality: entry(
    'E_UNKNOWN_LOCALITY',
    (slug: string) => `${excerpt(slug)} is not a locality`,
    'use the slug of one in content/localities.yaml, or add it there',
  ),
  DuplicateService: entry(
    'E_DUPLICATE_SERVICE',
    (slug: string) => `${excerpt(slug)} is already the slug of another service`,
    'give each service its own slug in each language',
  ),
  DuplicateJob: entry(
    'E_DUPLICATE_JOB',
    (slug: string) => `${excerpt(slug)} is already the slug of another job`,
    'give each job its own slug in each language',
  ),
  DuplicateLocality: entry(
    'E_DUPLICATE_LOCALITY',
    (slug: string) => `${excerpt(slug)} is already the slug of another locality`,
    'give each locality its own slug',
  ),
  UnknownPlaceholder: entry(
    'E_UNKNOWN_PLACEHOLDER',
    (written: string, _known: readonly string[]) => `unknown placeholder ${written}`,
    (_written, known) => `use one of ${known.join(', ')}`,
  ),
  LocalTextName: entry(
    'E_LOCAL_TEXT_NAME',
    (family: string, _families: Iterable<unknown>) => `${excerpt(family)} is not the key of a service or of air conditioning`,
    (_family, families) => `name the file after one of ${oneOf(families)}`,
  ),
  SlugNotFileName: entry(
    'E_SLUG_NOT_FILE_NAME',
    (slug: string, fileName: string) => `${excerpt(slug)} must match the file name ${fileName}`,
    (slug) => `rename the file ${slug}.md, or set the slug to its name`,
  ),
  UnknownLanguage: entry(
    'E_UNKNOWN_LANGUAGE',
    (code: string, languages: readonly string[]) => `${excerpt(code)} is not one of the site's languages (${languages.join(', ')})`,
    (code) => `add "${code}" to languages in content/site.yaml (with its strings file, content/i18n/${code}.yaml), or correct the code`,
  ),
  NoDefaultText: entry(
    'E_NO_DEFAULT_TEXT',
    (lang: string) => `has no "${lang}" text; "${lang}" is the site's first language, which every page has`,
    (lang) => `write its texts under "${lang}:" first; other languages may follow where the company has them`,
  ),
  MissingInLanguage: entry(
    'E_MISSING_IN_LANGUAGE',
    (lang: string, what: string) => `has a "${lang}" text but no ${what} in "${lang}"`,
    (lang) => `add it under "${lang}", or remove the "${lang}" text until it is complete`,
  ),
  MissingStrings: entry(
    'E_MISSING_STRINGS',
    (lang: string) => `"${lang}" has no interface strings: content/i18n/${lang}.yaml is missing`,
    (lang) => `copy the first language's strings file to content/i18n/${lang}.yaml and translate every string`,
  ),
  NoCounterpart: entry(
    'E_NO_COUNTERPART',
    (lang: string, slug: string, _folder: string) => `no ${lang} page has the slug ${excerpt(slug)}`,
    (_lang, _slug, folder) => `set counterpart to the slug of a page in content/${folder}/, or write that page`,
  ),
  NoCounterpartGiven: entry(
    'E_NO_COUNTERPART_GIVEN',
    (first: string, _folder: string) => `names no counterpart: a translation names the "${first}" page it translates`,
    (_first, folder) => `set counterpart to the slug of a page in content/${folder}/`,
  ),
  CounterpartMismatch: entry(
    'E_COUNTERPART_MISMATCH',
    (counterpart: string, itsCounterpart: string, slug: string) =>
      `${excerpt(counterpart)} names ${excerpt(itsCounterpart)} as its counterpart, not ${excerpt(slug)}`,
    'make the two pages name each other',
  ),
  UnknownCategory: entry(
    'E_UNKNOWN_CATEGORY',
    (key: string, _keys: Iterable<unknown>) => `${excerpt(key)} is not a category`,
    (_key, keys) => `use the key of one of blog.categories in content/i18n/: ${oneOf(keys)}`,
  ),
  CategoryMismatch: entry(
    'E_CATEGORY_MISMATCH',
    (counterpart: string, itsCategory: string) => `its counterpart ${excerpt(counterpart)} is in the category ${excerpt(itsCategory)}`,
    'give a post and its counterpart the same category',
  ),
  DuplicateCategory: entry(
    'E_DUPLICATE_CATEGORY',
    (field: 'key' | 'slug', value: string) => `${excerpt(value)} is already the ${field} of another category`,
    'give each category its own key, and its own slug in each language',
  ),
  UntranslatedCategory: entry(
    'E_UNTRANSLATED_CATEGORY',
    (key: string, file: string) => `the category ${excerpt(key)} is missing from ${file}`,
    'list every category, by the same key, in blog.categories of each language, or remove it from all of them',
  ),
  ExampleValue: entry(
    'E_EXAMPLE_VALUE',
    (value: string) => `still the example value ${value}`,
    "set the company's real value before publishing",
  ),
  ExampleEntry: entry(
    'E_EXAMPLE_ENTRY',
    (what: string) => `this ${what} is marked as an example`,
    (what) => `publish only real ${what}s: delete this file`,
  ),
  // Photos (engine/photos/)
  PhotoTooLarge: entry(
    'E_PHOTO_TOO_LARGE',
    (megabytes: string, limit: number, _advice: string) => `is ${megabytes} MB; photos may be at most ${limit} MB`,
    (_mb, _limit, advice) => advice,
  ),
  PhotoTooManyPixels: entry(
    'E_PHOTO_TOO_MANY_PIXELS',
    (size: string, limit: number, _advice: string) => `is ${size}; photos may be at most ${limit} megapixels`,
    (_size, _limit, advice) => advice,
  ),
  PhotoTooNarrow: entry(
    'E_PHOTO_TOO_NARROW',
    (width: number, least: number) => `is ${width} px wide; photos must be at least ${least} px wide to look sharp on phones`,
    'use the original, or a larger export',
  ),
  PhotoUnreadable: entry('E_PHOTO_UNREADABLE', (reason: string) => `cannot be read as an image (${reason})`, 'export it again as JPEG'),
  PhotoDamaged: entry(
    'E_PHOTO_DAMAGED',
    (reason: string) => `is damaged: its image data cannot be decoded (${reason})`,
    'copy it again from the camera, or export it again as JPEG',
  ),
  PhotoNotEncoded: entry('E_PHOTO_NOT_ENCODED', (reason: string) => `cannot be encoded (${reason})`, 'export it again as JPEG'),
  // Markdown (engine/render/leftovers.ts)
  TableRowLeftover: entry(
    'E_TABLE_ROW_LEFTOVER',
    () => 'a table row left as text',
    'a table needs a header row, a |---| line under it, and a line per row',
  ),
  TableDelimiterLeftover: entry(
    'E_TABLE_DELIMITER_LEFTOVER',
    () => "a table's |---| line left as text",
    'it goes right under the header row, with as many cells as that row',
  ),
  BoldLeftover: entry('E_BOLD_LEFTOVER', () => 'bold left as text', 'put ** right against the words, as in **like this**'),
  LinkLeftover: entry('E_LINK_LEFTOVER', () => 'a link left as text', 'write [text](address) with no space in the address'),
  HeadingLeftover: entry('E_HEADING_LEFTOVER', () => 'a heading marker left as text', 'write one to six # and a space, as in ## Heading'),
  // URLs (site/routes.ts)
  SharedUrl: entry('E_SHARED_URL', (clash: string) => `two pages share a URL: ${clash}`, 'rename the slug of one of them'),
  AliasTaken: entry(
    'E_ALIAS_TAKEN',
    (from: string, path: string, problem: string) => `the alias ${from} of ${path} ${problem}`,
    'remove it from the aliases',
  ),
  PublishedGone: entry(
    'E_PUBLISHED_GONE',
    (path: string) => `${path} was published and no page or alias answers it any more`,
    'list it in the "aliases" of the entry that replaced it, or delete this line to retire it on purpose',
  ),
  NotAPath: entry(
    'E_NOT_A_PATH',
    (line: string) => `${excerpt(line)} is not a path`,
    'each line is a path that starts with /, or a comment that starts with #',
  ),
} as const;
