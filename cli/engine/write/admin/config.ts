// The editor's configuration (Decap CMS's config.yml), generated from the content collections and
// their zod schemas: a schema change changes the editor on the next build. Widgets follow the
// schema's types, and so do required fields, lengths, patterns and ranges, with Spanish messages.
import { z } from 'zod';
import { collections, pathIn, perLanguage, photosFolder, type Collection } from '../../../site/collections.ts';
import { bodyKey, type FileLayout } from '../../../site/editor-format.ts';
import type { Lang } from '../../../site/lang.ts';
import type { Service, SiteModel } from '../../../site/model.ts';
import { editorAuthPath } from '../../../site/served.ts';
import { imageRef, isoDate, langSchema, photoRef, text } from '../../../site/schema/common.ts';
import { maxBytes } from '../../photos/limits.ts';
import { dateHint, fieldLabel, optionLabel, patternMessage, singularLabel } from './labels.ts';

/** One field of the editor's form, as Decap's config.yml writes it. */
export interface EditorField {
  name: string;
  label: string;
  widget: string;
  required?: boolean;
  i18n?: boolean;
  [option: string]: unknown;
}

/** What the editor offers to choose from, read from the content at build time. */
export interface Choices {
  /** The site's languages, the default first, each named in Spanish, the editor's language ("alemán"). */
  languages: { code: Lang; name: string }[];
  services: { label: string; value: string }[];
  /** The services, and air conditioning, that have no local texts yet: what a new file of them is named after. */
  withoutLocalTexts: { label: string; value: string }[];
  localities: { label: string; value: string }[];
  /** The blog's categories, named as in the editor's language. */
  categories: { label: string; value: string }[];
  images: string[];
}

export function choicesOf(
  model: Pick<SiteModel, 'site' | 'services' | 'airConditioning' | 'localTexts' | 'localities' | 'strings' | 'images'>,
): Choices {
  const first = model.site.languages[0]!;
  const names = new Intl.DisplayNames(['es'], { type: 'language' });
  /** A service (or air conditioning) to choose: named in the first language, saved by its key. */
  const pageOption = (page: Pick<Service, 'key'> & Partial<Record<Lang, { title: string }>>) => ({
    label: page[first]?.title ?? '',
    value: page.key,
  });
  return {
    languages: model.site.languages.map((code) => ({ code, name: names.of(code) ?? code })),
    services: model.services.map(pageOption),
    withoutLocalTexts: [...model.services, model.airConditioning]
      .map(pageOption)
      .filter(({ value }) => model.localTexts[value] === undefined),
    // By name, as a Spanish speaker looks a town up (Á with A, Ñ after N), not in localities.yaml's order.
    localities: model.localities.map((l) => ({ label: l.name, value: l.slug })).sort((a, b) => a.label.localeCompare(b.label, 'es')),
    categories: (model.strings[first]?.blog.categories ?? []).map((c) => ({ label: c.name, value: c.key })),
    images: [...model.images.keys()].sort(),
  };
}

/** The name a collection has in the editor, per language for those with a folder per language. */
export const editorName = (c: Collection, lang?: Lang) => (lang ? `${c.name}-${lang}` : c.name);

/** The repository the editor saves to, and the API it reaches it through. */
export interface EditorRepository {
  /** "OWNER/NAME" on GitHub; undefined when none is named, and the editor says so (client.ts). */
  repo: string | undefined;
  /** GitHub's REST API: api.github.com, or GitHub Enterprise's (or a test's) from EDITOR_GITHUB_API. */
  apiRoot: string;
}

export const githubApi = 'https://api.github.com';

/**
 * The editor's repository, from package.json's `repository` ("github:OWNER/NAME" or its GitHub URL),
 * or from EDITOR_REPOSITORY ("OWNER/NAME") when set, with EDITOR_GITHUB_API for another GitHub than
 * github.com (docs/editor.md).
 */
export function editorRepository(
  pkg: { repository?: string | { url?: string } },
  env: Record<string, string | undefined>,
): EditorRepository {
  const url = typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url;
  const named = env.EDITOR_REPOSITORY?.trim();
  if (named && !/^[\w.-]+\/[\w.-]+$/.test(named))
    throw new Error(`EDITOR_REPOSITORY is "${named}": write it as OWNER/NAME, e.g. marina-hogar/web.`);
  const apiRoot = env.EDITOR_GITHUB_API?.trim().replace(/\/+$/, '') || githubApi;
  if (!/^https?:\/\/[^/]+(\/.*)?$/.test(apiRoot))
    throw new Error(`EDITOR_GITHUB_API is "${apiRoot}": write GitHub's API address, e.g. https://github.example.com/api/v3.`);
  const repo = named || (url && /^(?:github:|(?:git\+)?https:\/\/github\.com\/)([\w.-]+\/[\w.-]+?)(?:\.git)?$/.exec(url)?.[1]) || undefined;
  return { repo, apiRoot };
}

/**
 * Decap's GitHub backend for the repository, signing in through the site's own function (functions/editor-auth/).
 * Decap needs that function's origin as `base_url`, and it is the page's own: the editor's script
 * adds it as it starts (client.ts), so one build serves any address of the site. `npm run cms`
 * replaces the backend with the local one.
 */
export function editorBackend({ repo, apiRoot }: EditorRepository) {
  return {
    name: 'github',
    ...(repo && { repo }),
    branch: 'main',
    auth_endpoint: editorAuthPath.slice(1),
    ...(apiRoot !== githubApi && { api_root: apiRoot }),
  };
}

/** The Decap configuration for a content folder named `contentFolder` at the root of its repository. */
export function editorConfig(
  choices: Choices,
  contentFolder: string,
  list: readonly Collection[] = collections,
  backend: object = editorBackend({ repo: undefined, apiRoot: githubApi }),
) {
  return {
    locale: 'es',
    backend,
    media_folder: `${contentFolder}/${photosFolder}`,
    // An entry names a photo by its path under content/photos/ (schema/common.ts photoRef).
    public_folder: '',
    slug: { encoding: 'ascii', clean_accents: true, sanitize_replacement: '-' },
    i18n: { structure: 'single_file', locales: choices.languages.map((l) => l.code), default_locale: choices.languages[0]!.code },
    collections: list.flatMap((c) => editorCollections(c, choices, contentFolder)),
  };
}

/** How each editor collection's files are written in a site of `languages`: its custom format (client.ts) reads this. */
export function editorLayouts(languages: readonly Lang[], list: readonly Collection[] = collections): Record<string, FileLayout> {
  const layouts: Record<string, FileLayout> = {};
  for (const c of list) {
    const shape = objectShape(c.schema);
    const texts = textsOf(c.schema);
    const halves = texts && { fields: Object.keys(objectShape(texts)!), languages };
    const nameField = namingFields[c.name];
    const layout = { format: c.files.format, order: Object.keys(shape ?? {}), ...(halves && { halves }), ...(nameField && { nameField }) };
    for (const lang of perLanguage(c.files) ? languages : [undefined]) layouts[editorName(c, lang)] = layout;
  }
  return layouts;
}

/**
 * A field that names a new file and is not written in it: local texts are named after their
 * service (content/local/<service>.yaml) and hold nothing but towns. Not a slug, so no town's.
 */
const namingFields: Partial<Record<string, string>> = { localTexts: 'file_for' };

function namingField(c: Collection, choices: Choices): EditorField[] {
  const name = namingFields[c.name];
  if (!name) return [];
  return [
    {
      name,
      label: 'Servicio',
      widget: 'select',
      options: choices.withoutLocalTexts,
      // Asked for only when the file is created (check.ts): an opened file is already named.
      required: false,
      names_file: true,
      hint: 'Solo al crear los textos: el servicio del que son. El archivo se llama como él.',
    },
  ];
}

/** Decap's own format name for an editor collection: its files are read and written by client.ts. */
export const formatName = (name: string) => `marina-${name}`;

function editorCollections(c: Collection, choices: Choices, contentFolder: string): object[] {
  const shape = objectShape(c.schema);
  const texts = textsOf(c.schema);
  const halves = shape !== undefined && texts !== undefined;
  const fields = [
    ...namingField(c, choices),
    ...(halves ? halfFields(shape, texts, choices) : fieldsOf(c.schema, choices, [])),
    // A post's or legal text's own text, below the front matter the schema checks.
    ...(c.files.format === 'markdown-frontmatter' ? [fieldOf(bodyKey, text, choices, [bodyKey])] : []),
  ];
  return (perLanguage(c.files) ? choices.languages.map((l) => l.code) : [undefined]).map((lang) => {
    const name = editorName(c, lang);
    const label = lang ? `${c.label} (${languageName(choices, lang)})` : c.label;
    const at = `${contentFolder}/${pathIn(c.files, lang ?? '')}`;
    const common = {
      name,
      label,
      format: formatName(name),
      ...(halves && { i18n: true }),
      editor: { preview: false },
    };
    const own = lang ? fields.map((f) => (f.name === 'counterpart' ? counterpart(f, c, lang, choices) : f)) : fields;
    if ('file' in c.files)
      return { ...common, files: [{ name, label, file: at, fields: own, ...(halves && { i18n: true }) }], create: false, delete: false };
    return {
      ...common,
      folder: at,
      extension: c.files.extension,
      fields: own,
      ...folderOptions(c, choices),
    };
  });
}

/**
 * What a folder collection's entries are called and whether the company adds and removes them.
 * Each names an identifier field it has: Decap looks for a `title` otherwise, and logs an error
 * for a collection without one.
 */
function folderOptions(c: Collection, choices: Choices): object {
  switch (c.name) {
    case 'projects':
      return { create: true, delete: true, identifier_field: 'title', slug: '{{fields.slug}}', summary: '{{date}} · {{title}}' };
    case 'reviews':
      // Named after the review's own date: Decap's {{year}} is the day of the save once no field is a datetime.
      return { create: true, delete: true, identifier_field: 'author', slug: '{{fields.date}}-{{fields.author}}' };
    case 'posts':
      return { create: true, delete: true, identifier_field: 'title', slug: '{{fields.slug}}' };
    case 'services':
      // Named after its slug in the first language: its key, which posts and jobs name it by.
      return { create: true, delete: false, identifier_field: 'title', slug: `{{fields.slug.${choices.languages[0]!.code}}}` };
    case 'localTexts': {
      // Named after a service, by the file's name; its fields are the towns, so the identifier is
      // the first town's heading in the first language, which Decap only needs to find.
      const first = choices.localities[0];
      return {
        create: true,
        delete: false,
        slug: `{{fields.${namingFields.localTexts}}}`,
        summary: '{{filename}}',
        ...(first && { identifier_field: `${first.value}.${choices.languages[0]!.code}.heading` }),
      };
    }
    default:
      // Legal texts: the footer links every one. The three the law asks for are never deleted here.
      return { create: true, delete: false, identifier_field: 'title', slug: '{{fields.slug}}' };
  }
}

/**
 * The counterpart of a post or legal text, typed, not picked: in the first language, one of its
 * translations (optional); in another, the first-language page it translates. A page is created
 * one language at a time, so a translation may be written first; the build refuses one whose
 * first-language page is missing (checks/pages.ts).
 */
function counterpart(field: EditorField, c: Collection, lang: Lang, choices: Choices): EditorField {
  const first = choices.languages[0]!;
  if (lang === first.code) return { ...field, hint: 'Opcional: la dirección (slug) de una de sus traducciones, si la tiene.' };
  const where = `${c.label} (${first.name})`;
  return {
    ...field,
    required: true,
    hint: `La dirección (slug) del texto en ${first.name} que traduce. Si aún no existe, créalo después en «${where}» con esta dirección.`,
  };
}

const capitalized = (name: string) => name.charAt(0).toLocaleUpperCase('es') + name.slice(1);

const languageName = (choices: Choices, lang: Lang) => choices.languages.find((l) => l.code === lang)?.name ?? lang;

/** A file with shared fields and a block of texts per language: the shared fields, then the texts' fields, translated. */
function halfFields(shape: Record<string, z.ZodType>, texts: z.ZodType, choices: Choices): EditorField[] {
  const half = fieldsOf(texts, choices, [choices.languages[0]!.code]).map(translated);
  const clash = half.find((f) => f.name in shape);
  if (clash) throw new Error(`the shared field "${clash.name}" has the name of a field of the language blocks: rename one`);
  return [...Object.entries(shape).map(([name, schema]) => fieldOf(name, schema, choices, [name])), ...half];
}

const translated = (field: EditorField): EditorField => ({
  ...field,
  i18n: true,
  ...(Array.isArray(field.fields) && { fields: (field.fields as EditorField[]).map(translated) }),
  ...(isRecord(field.field) && { field: translated(field.field as EditorField) }),
});

/**
 * A field, and those within it, that the editor lets the company leave empty: Decap would ask for
 * them even when the part is left out. `whole` names, at each level, those the part needs once any
 * of it is filled, which the editor's script checks (check.ts).
 */
function optional(field: EditorField): EditorField {
  const fields = Array.isArray(field.fields) ? (field.fields as EditorField[]) : undefined;
  const whole = fields?.filter((f) => f.required !== false).map((f) => f.name) ?? [];
  return { ...field, required: false, ...(fields && { fields: fields.map(optional) }), ...(whole.length > 0 && { whole }) };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

// zod's definitions, as the schema keeps them: `_zod.def`.
interface Check {
  check: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  length?: number;
  inclusive?: boolean;
  value?: number;
  format?: string;
  pattern?: RegExp;
  protocol?: RegExp;
}
interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  innerType?: z.ZodType;
  element?: z.ZodType;
  valueType?: z.ZodType;
  entries?: Record<string, string>;
  checks?: { _zod: { def: Check } }[];
  format?: string;
  pattern?: RegExp;
}
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;
const checksOf = (schema: z.ZodType): Check[] => {
  const def = defOf(schema);
  // A format schema (z.iso.date(), z.email()) is its own first check.
  const own = def.format ? [def as unknown as Check] : [];
  return [...own, ...(def.checks ?? []).map((c) => c._zod.def)];
};

/** The schema of an object's fields, or undefined for anything else. */
function objectShape(schema: z.ZodType): Record<string, z.ZodType> | undefined {
  const def = defOf(schema);
  return def.type === 'object' ? def.shape : undefined;
}

/** The schema of an entry's texts in each language (schema/common.ts withTexts), or undefined for another schema. */
function textsOf(schema: z.ZodType): z.ZodType | undefined {
  const def = defOf(schema);
  return def.type === 'object' && def.catchall && objectShape(def.catchall) ? def.catchall : undefined;
}

/** The editor's fields for what an object (or a record) schema holds. */
export function fieldsOf(schema: z.ZodType, choices: Choices, path: string[]): EditorField[] {
  const def = defOf(schema);
  if (def.type === 'object') {
    const own = Object.entries(def.shape!).map(([name, field]) => fieldOf(name, field, choices, [...path, name]));
    // An entry within a file with its texts per language (a locality of localities.yaml): a part per language.
    const texts = textsOf(schema);
    const blocks = texts
      ? choices.languages.map(({ code, name }) => ({ ...fieldOf(code, texts, choices, [...path, code]), label: capitalized(name) }))
      : [];
    return [...own, ...blocks];
  }
  // A value per language (schema/common.ts localized): a field for each of the site's languages.
  if (def.type === 'record' && z.globalRegistry.get(schema)?.localized)
    // Each widget as the value's own field would have it (a translation is a text area): named by its parent.
    return choices.languages.map(({ code, name }) => ({
      ...fieldOf(path.at(-1) ?? code, def.valueType!, choices, [...path, code]),
      name: code,
      label: capitalized(name),
    }));
  // content/local/<service>.yaml: one optional entry per locality of the site.
  if (def.type === 'record')
    return choices.localities.map(({ label, value }) => ({
      ...optional(fieldOf(value, def.valueType!, choices, [...path, value])),
      label,
      collapsed: true,
    }));
  throw new Error(`${path.join('.') || 'the file'}: a ${def.type} where the editor expects fields; teach cli/engine/write/admin/config.ts`);
}

/** The editor's field for one field of a schema. */
export function fieldOf(name: string, schema: z.ZodType, choices: Choices, path: string[]): EditorField {
  let inner = schema;
  let required = true;
  while (['optional', 'default', 'nullable'].includes(defOf(inner).type)) {
    required = false;
    inner = defOf(inner).innerType!;
  }
  const base = { name, label: fieldLabel(name), ...(required ? {} : { required: false }) };
  const def = defOf(inner);
  const checks = checksOf(inner);
  switch (def.type) {
    case 'string':
      return { ...base, ...stringWidget(name, inner, checks, choices) };
    case 'number':
      return { ...base, widget: 'number', ...numberRange(checks) };
    case 'boolean':
      return { ...base, widget: 'boolean' };
    case 'enum':
      return {
        ...base,
        widget: 'select',
        options: Object.values(def.entries!).map((value) => ({ label: optionLabel(name, value), value })),
      };
    case 'object':
    case 'record': {
      const fields = fieldsOf(inner, choices, path);
      // A rule between two of its numbers (schema/common.ts `ascending`), for check.ts.
      const rule = z.globalRegistry.get(inner)?.ascending;
      const own = { ...base, widget: 'object', fields, ...(Array.isArray(rule) && { ascending: rule }) };
      if (required) return own;
      // Optional parts (a price band, old addresses) start folded away; an optional value per
      // language asks for none of its languages (old addresses in one language only).
      const perLanguage = z.globalRegistry.get(inner)?.localized;
      return perLanguage
        ? { ...own, required: false, fields: fields.map((f) => ({ ...f, required: false })), collapsed: true }
        : { ...optional(own), collapsed: true };
    }
    case 'array':
      return { ...base, ...listWidget(name, def.element!, checks, choices, path) };
    default:
      throw new Error(`${path.join('.')}: a ${def.type} field, which the editor has no widget for; teach cli/engine/write/admin/config.ts`);
  }
}

/** Text fields that hold a sentence or more: a text area instead of a line. */
const longTexts = new Set([
  'paragraph',
  'summary',
  'excerpt',
  'description',
  'text',
  'translation',
  'intro',
  'closing',
  'answer',
  'heroDescription',
  'seoDescription',
  'menuDescription',
  'context',
  'blurb',
]);

function stringWidget(name: string, schema: z.ZodType, checks: Check[], choices: Choices): { widget: string } & Record<string, unknown> {
  if (schema === photoRef)
    // A photo from the phone or the computer, uploaded to content/photos/. The file widget, not the
    // image widget: Decap's image picker lists no HEIC file, the format phones save.
    return {
      widget: 'file',
      choose_url: false,
      media_library: { allow_multiple: false, config: { max_file_size: maxBytes } },
      hint: `JPEG, PNG, WebP, AVIF o HEIC (la foto del móvil tal cual), de hasta ${maxBytes / 2 ** 20} MB.`,
    };
  if (schema === imageRef) return { widget: 'select', options: choices.images };
  if (schema === langSchema)
    return { widget: 'select', options: choices.languages.map(({ code, name }) => ({ label: capitalized(name), value: code })) };
  if (schema === isoDate || checks.some((c) => c.format === 'date'))
    // Typed, and checked by the schema's own pattern: Decap's date picker saved 11/20/2026 as
    // 1906-11-20 (decaporg/decap-cms#7939).
    return { widget: 'string', ...patternOf(checks), hint: dateHint };
  if (name === 'service' || name === 'parent') return { widget: 'select', options: choices.services };
  if (name === 'locality') return { widget: 'select', options: choices.localities };
  if (name === 'category') return { widget: 'select', options: choices.categories };
  const pattern = patternOf(checks);
  // A job's text, and a post's or legal text's below its front matter, is Markdown; raw, so that
  // tables and the author's own layout stay as written.
  if (name === 'body') return { widget: 'markdown', modes: ['raw'], ...pattern };
  const max = lengthOf(checks, 'max_length');
  return { widget: longTexts.has(name) || (max !== undefined && max > 120) ? 'text' : 'string', ...pattern };
}

const lengthOf = (checks: Check[], kind: 'min_length' | 'max_length' | 'length_equals') => {
  const check = checks.find((c) => c.check === kind);
  const value = kind === 'min_length' ? check?.minimum : kind === 'max_length' ? check?.maximum : check?.length;
  return value === undefined ? undefined : Number(value);
};

/**
 * One pattern for all of a text's checks (Decap takes one per field): each check a lookahead, and
 * the Spanish messages together. The build checks again with the schema itself.
 */
function patternOf(checks: Check[]): { pattern?: [string, string] } {
  const parts: { source: string; message: string }[] = [];
  for (const check of checks) {
    if (check.format === 'url') {
      const https = check.protocol?.source === '^https$';
      parts.push({ source: https ? '^https://\\S+$' : '^[a-z][a-z0-9+.-]*://\\S+$', message: patternMessage(https ? 'https' : 'url') });
    } else if (check.check === 'string_format' && check.pattern) {
      parts.push({
        source: portable(check.pattern),
        message: patternMessage(check.format === 'regex' ? check.pattern.source : check.format!),
      });
    }
  }
  const max = lengthOf(checks, 'max_length');
  if (max !== undefined) parts.push({ source: `^\\s*[\\s\\S]{0,${max}}$`, message: `Como mucho ${max} caracteres.` });
  const min = lengthOf(checks, 'min_length');
  if (min !== undefined && min > 1) parts.push({ source: `^\\s*[\\s\\S]{${min},}$`, message: `Al menos ${min} caracteres.` });
  if (parts.length === 0) return {};
  const source = parts.length === 1 ? parts[0]!.source : parts.map((p) => `(?=${p.source})`).join('');
  return { pattern: [source, parts.map((p) => p.message).join(' ')] };
}

/**
 * A regular expression as Decap runs it, with `new RegExp(source)` and no flags: case-insensitive
 * letters become both cases, and the Unicode letter classes the schemas use become the Latin letters.
 */
export function portable(regex: RegExp): string {
  const { source, flags } = regex;
  let out = '';
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const ch = source[i]!;
    const letters = flags.includes('u') && /^\\p\{(Lu|L)\}/.exec(source.slice(i));
    if (letters) {
      const range = letters[1] === 'Lu' ? 'A-ZÀ-ÖØ-Þ' : 'A-Za-zÀ-ÖØ-öø-ÿ';
      out += inClass ? range : `[${range}]`;
      i += letters[0].length - 1;
    } else if (ch === '\\') {
      out += ch + (source[++i] ?? '');
    } else if (ch === '[' || ch === ']') {
      inClass = ch === '[';
      out += ch;
    } else if (flags.includes('i') && !inClass && /[a-z]/i.test(ch)) {
      out += `[${ch.toLowerCase()}${ch.toUpperCase()}]`;
    } else {
      out += ch;
    }
  }
  return out;
}

function numberRange(checks: Check[]): Record<string, unknown> {
  const range: Record<string, unknown> = { value_type: checks.some((c) => c.check === 'number_format') ? 'int' : 'float' };
  const integer = range.value_type === 'int';
  for (const c of checks) {
    const value = Number(c.value);
    const safe = Number.isFinite(value) && Math.abs(value) < Number.MAX_SAFE_INTEGER;
    if (c.check === 'greater_than' && safe) range.min = c.inclusive ? value : integer ? value + 1 : value;
    if (c.check === 'less_than' && safe) range.max = c.inclusive ? value : integer ? value - 1 : value;
  }
  if (!integer) range.step = 0.0001;
  return range;
}

function listWidget(
  name: string,
  element: z.ZodType,
  checks: Check[],
  choices: Choices,
  path: string[],
): { widget: string } & Record<string, unknown> {
  const exact = lengthOf(checks, 'length_equals');
  const min = exact ?? lengthOf(checks, 'min_length');
  const max = exact ?? lengthOf(checks, 'max_length');
  const bounds = { ...(min !== undefined && { min }), ...(max !== undefined && { max }) };
  // A post's two localities: chosen from the site's.
  if (name === 'localities' && defOf(element).type === 'string')
    return { widget: 'select', multiple: true, options: choices.localities, ...bounds };
  // A Markdown `body` is one text; a list named `body` holds plain paragraphs, one text area each.
  const item = fieldOf(name === 'body' ? 'paragraph' : name, element, choices, [...path, '*']);
  const one = singularLabel(name);
  const list = { widget: 'list', ...bounds, ...(one && { label_singular: one }) };
  if (item.widget === 'object') {
    const fields = item.fields as EditorField[];
    const first = fields.find((f) => f.widget === 'string' || f.widget === 'text' || f.widget === 'file');
    return {
      ...list,
      collapsed: true,
      fields,
      ...(first && { summary: `{{fields.${first.name}}}` }),
    };
  }
  const { label: _label, name: _name, ...single } = item;
  return { ...list, field: { name: 'item', label: fieldLabel(name), ...single } };
}
