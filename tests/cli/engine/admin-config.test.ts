import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { collections, type Collection } from '../../../cli/site/collections.ts';
import { projectSchema } from '../../../cli/site/schema/project.ts';
import { reviewSchema } from '../../../cli/site/schema/review.ts';
import {
  choicesOf,
  editorBackend,
  editorRepository,
  editorConfig,
  portable,
  type Choices,
  type EditorField,
} from '../../../cli/engine/write/admin/config.ts';
import { loadContent } from '../../../cli/engine/content.ts';
import { contentDir } from '../../helpers.ts';

const choices: Choices = choicesOf(await loadContent(contentDir));

type EditorCollection = { name: string; fields?: EditorField[]; files?: { fields: EditorField[] }[] };
const configOf = (list: readonly Collection[] = collections) =>
  editorConfig(choices, 'content', list) as unknown as { collections: EditorCollection[] };
const fieldsIn = (c: EditorCollection) => c.fields ?? c.files![0]!.fields;
const collectionNamed = (name: string, list?: readonly Collection[]) => configOf(list).collections.find((c) => c.name === name)!;

/** Every path of the editor's fields, "photos.alt.es"; a list's single field adds nothing. */
function editorPaths(fields: EditorField[], prefix = ''): string[] {
  return fields.flatMap((f) => {
    const path = `${prefix}${f.name}`;
    const inner = (f.fields as EditorField[] | undefined) ?? [];
    return [path, ...editorPaths(inner, `${path}.`)];
  });
}

/**
 * Every path of a schema's fields, read through zod's JSON Schema, apart from the editor's own
 * walk: a value per language (schema/common.ts `localized`) and an entry's block of texts per
 * language (`withTexts`) are one entry per language of the site, any other record one entry per
 * locality; a file's own blocks of texts are the fields of one block, beside its shared fields.
 */
function schemaPaths(schema: z.ZodType): string[] {
  const json = z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' }) as JsonSchema;
  const walk = (node: JsonSchema, prefix: string): string[] => {
    const item = node.items ?? node;
    const own = Object.entries(item.properties ?? {}).flatMap(([name, child]) => [`${prefix}${name}`, ...walk(child, `${prefix}${name}.`)]);
    const rest = item.additionalProperties;
    if (!rest || typeof rest !== 'object') return own;
    const keys = item.localized || item.properties ? choices.languages.map((l) => l.code) : choices.localities.map((l) => l.value);
    return [...own, ...keys.flatMap((key) => [`${prefix}${key}`, ...walk(rest, `${prefix}${key}.`)])];
  };
  const texts = json.additionalProperties;
  if (json.properties && texts && typeof texts === 'object') return [...walk({ properties: json.properties }, ''), ...walk(texts, '')];
  return walk(json, '');
}
interface JsonSchema {
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  additionalProperties?: JsonSchema | boolean;
  localized?: boolean;
}

describe("the editor's configuration, generated from the schemas", () => {
  it('has an editor field for every field of every schema, and none more', () => {
    for (const c of collections) {
      const editor = configOf().collections.filter((e) => e.name === c.name || e.name.startsWith(`${c.name}-`));
      expect(editor.length, c.name).toBeGreaterThan(0);
      for (const e of editor) {
        // Besides the schema's: a Markdown file's text, and the field that names a new file of local texts.
        const own = fieldsIn(e).filter((f) => f.names_file !== true);
        const markdown = c.files.format === 'markdown-frontmatter';
        if (markdown) expect(editorPaths(own), e.name).toContain('body');
        const paths = editorPaths(own).filter((p) => p !== 'body' || !markdown);
        expect(new Set(paths), e.name).toEqual(new Set(schemaPaths(c.schema)));
      }
    }
  });

  it('names for every folder collection an identifier field it has, as Decap looks for one and logs an error without', () => {
    for (const c of configOf().collections.filter((e) => e.fields) as (EditorCollection & { identifier_field?: string })[]) {
      expect(c.identifier_field, c.name).toBeDefined();
      expect(editorPaths(c.fields!), c.name).toContain(c.identifier_field);
    }
  });

  it('follows a change of a schema on the next build: a new field, a new limit', () => {
    const changed = collections.map((c) =>
      c.name === 'projects'
        ? {
            ...c,
            schema: projectSchema
              .extend({ warranty: z.string().max(40).optional() })
              .catchall((projectSchema.def.catchall as z.ZodObject).extend({ title: z.string().trim().min(1).max(55) })),
          }
        : c,
    );
    const before = fieldsIn(collectionNamed('projects'));
    const after = fieldsIn(collectionNamed('projects', changed));
    expect(before.find((f) => f.name === 'warranty')).toBeUndefined();
    expect(after.find((f) => f.name === 'warranty')).toMatchObject({
      widget: 'string',
      required: false,
      pattern: [expect.any(String), 'Como mucho 40 caracteres.'],
    });
    expect(before.find((f) => f.name === 'title')!.pattern).toEqual(['^\\s*[\\s\\S]{0,70}$', 'Como mucho 70 caracteres.']);
    expect(after.find((f) => f.name === 'title')!.pattern).toEqual(['^\\s*[\\s\\S]{0,55}$', 'Como mucho 55 caracteres.']);
  });

  it('refuses a schema field it has no widget for, naming it', () => {
    const odd = collections.map((c) => (c.name === 'reviews' ? { ...c, schema: reviewSchema.extend({ visits: z.bigint() }) } : c));
    expect(() => configOf(odd)).toThrow(/visits: a bigint field, which the editor has no widget for/);
  });

  it('gives a job the widgets its schema asks for, with the sites own services and localities', () => {
    const fields = fieldsIn(collectionNamed('projects'));
    const field = (name: string) => fields.find((f) => f.name === name)!;
    expect(field('date')).toMatchObject({
      widget: 'string',
      pattern: [expect.any(String), expect.stringMatching(/^Escriba la fecha como/)],
    });
    expect(field('service')).toMatchObject({ widget: 'select', options: choices.services });
    expect(choices.services.map((s) => s.value)).toContain('fontaneros');
    expect(field('locality')).toMatchObject({ widget: 'select', options: choices.localities });
    expect(field('photos')).toMatchObject({ widget: 'list', min: 1, max: 24 });
    const photo = field('photos').fields as EditorField[];
    expect(photo.find((f) => f.name === 'file')).toMatchObject({
      widget: 'file',
      media_library: { config: { max_file_size: 30 * 2 ** 20 } },
    });
    // Alt text is required in both languages; the before/after role is optional.
    expect((photo.find((f) => f.name === 'alt')!.fields as EditorField[]).map((f) => [f.name, f.required])).toEqual([
      ['es', undefined],
      ['en', undefined],
    ]);
    expect(photo.find((f) => f.name === 'role')).toMatchObject({ widget: 'select', required: false });
    expect(field('priceBand')).toMatchObject({ widget: 'object', required: false, collapsed: true });
    expect(field('body')).toMatchObject({ widget: 'markdown', i18n: true });
    expect(field('summary')).toMatchObject({ widget: 'text', i18n: true });
    expect(field('date').i18n).toBeUndefined();
  });

  it('gives a review its rating range and the Spanish message of each pattern', () => {
    const fields = fieldsIn(collectionNamed('reviews'));
    expect(fields.find((f) => f.name === 'rating')).toMatchObject({ widget: 'number', value_type: 'int', min: 1, max: 5 });
    const author = fields.find((f) => f.name === 'author')!.pattern as [string, string];
    expect(author[1]).toBe('Nombre y apellido o su inicial, con mayúscula, como «Ana G.» o «Carmen López». Como mucho 60 caracteres.');
    // Decap runs patterns without flags: the Unicode classes are spelt out.
    for (const ok of ['Ana G.', 'Àngels P.', "D'Arcy O.", 'Carmen López']) expect(new RegExp(author[0]).test(ok), ok).toBe(true);
    for (const bad of ['ana G.', 'Ana garcía', 'Ana']) expect(new RegExp(author[0]).test(bad), bad).toBe(false);
    expect(fields.find((f) => f.name === 'url')!.pattern).toEqual([
      '^https://\\S+$',
      'Tiene que ser una dirección que empiece por https://.',
    ]);
  });

  it("takes a date as typed, only as the schema's year-month-day, with a Spanish message, and names a review after it", () => {
    const reviews = collectionNamed('reviews') as EditorCollection & { slug: string };
    const date = fieldsIn(reviews).find((f) => f.name === 'date')!;
    expect(date).toMatchObject({ widget: 'string', hint: expect.stringContaining('2026-11-20') });
    const [source, message] = date.pattern as [string, string];
    expect(message).toBe('Escriba la fecha como 2025-03-14 (año-mes-día).');
    for (const typed of [
      '2026-11-20',
      '2024-02-29',
      '2025-12-31',
      '20/11/2026',
      '11/20/2026',
      '2026-11-20 ',
      '2026-2-3',
      '2026-02-30',
      '2025-02-29',
      '2026-13-01',
    ])
      expect(new RegExp(source).test(typed), typed).toBe(reviewSchema.shape.date.safeParse(typed).success);
    expect(new RegExp(source).test('20/11/2026')).toBe(false);
    expect(reviews.slug).toBe('{{fields.date}}-{{fields.author}}');
    // Every date of every collection: a text, never Decap's date picker.
    expect(JSON.stringify(configOf())).not.toContain('"datetime"');
  });

  it('lists the towns in every locality select in Spanish alphabetical order', () => {
    const towns = new Set(choices.localities.map((l) => l.value));
    const selects: string[][] = [];
    const walk = (fields: EditorField[]) => {
      for (const f of fields) {
        const options = f.options as { label: string; value: string }[] | undefined;
        if (f.widget === 'select' && options?.some((o) => towns.has(o.value))) selects.push(options.map((o) => o.label));
        walk([...((f.fields as EditorField[] | undefined) ?? []), ...(f.field ? [f.field as EditorField] : [])]);
      }
    };
    for (const c of configOf().collections) walk(fieldsIn(c));
    // A job's and a review's locality, a post's two in each language.
    expect(selects.length).toBeGreaterThanOrEqual(4);
    const sorted = [...choices.localities.map((l) => l.label)].sort((a, b) => a.localeCompare(b, 'es'));
    for (const labels of selects) expect(labels).toEqual(sorted);
    // Not localities.yaml's order; an accent does not move a town, and La Nucía comes before Llíber.
    const at = (name: string) => sorted.indexOf(name);
    expect(at('Altea')).toBe(0);
    expect(at('Jávea')).toBeLessThan(at('La Nucía'));
    expect(at('La Nucía')).toBeLessThan(at('Llíber'));
    expect(at('Xaló')).toBe(sorted.length - 1);
  });

  it('names one item of every list in Spanish, for "Añadir foto" and "1 foto"', () => {
    const lists: EditorField[] = [];
    const walk = (fields: EditorField[]) => {
      for (const f of fields) {
        if (f.widget === 'list') lists.push(f);
        walk([...((f.fields as EditorField[] | undefined) ?? []), ...(f.field ? [f.field as EditorField] : [])]);
      }
    };
    for (const c of configOf().collections) walk(fieldsIn(c));
    expect(lists.filter((f) => typeof f.label_singular !== 'string').map((f) => f.name)).toEqual([]);
    expect(fieldsIn(collectionNamed('projects')).find((f) => f.name === 'photos')!.label_singular).toBe('Foto');
  });

  it('writes case-insensitive patterns for a flagless RegExp', () => {
    const photo = new RegExp(portable(/^[\w-]+\.(?:jpe?g|heic)$/i));
    for (const name of ['IMG_1234.HEIC', 'obra.jpg', 'obra.JPEG']) expect(photo.test(name), name).toBe(true);
    expect(photo.test('obra.gif')).toBe(false);
  });

  it("pairs each translated post and legal text with the first language's page by its slug, typed so that a translation can be created first, and shows every other entry once", () => {
    const names = configOf().collections.map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(['posts-es', 'posts-en', 'legal-es', 'legal-en', 'strings-es', 'strings-en', 'site']));
    const translation = fieldsIn(collectionNamed('legal-en')).find((f) => f.name === 'counterpart')!;
    expect(translation).toMatchObject({ widget: 'string', required: true, hint: expect.stringContaining('«Textos legales (español)»') });
    expect(new RegExp((translation.pattern as string[])[0]!).test('politica-privacidad')).toBe(true);
    // In the first language, naming a translation is optional.
    const original = fieldsIn(collectionNamed('legal-es')).find((f) => f.name === 'counterpart')!;
    expect(original).toMatchObject({ widget: 'string', required: false, hint: expect.stringMatching(/^Opcional/) });
    expect(new RegExp((original.pattern as string[])[0]!).test('privacy-policy')).toBe(true);
    expect(collectionNamed('legal-es')).toMatchObject({ create: true, delete: false, slug: '{{fields.slug}}' });
  });

  it("offers a post's category among the categories of the strings, named in Spanish and saved by key", () => {
    expect(choices.categories[0]).toEqual({ label: 'Piscinas', value: 'piscinas' });
    for (const name of ['posts-es', 'posts-en'])
      expect(fieldsIn(collectionNamed(name)).find((f) => f.name === 'category')).toMatchObject({
        widget: 'select',
        options: choices.categories,
      });
  });

  it("signs in to the company's GitHub repository named in package.json, through the site's own function", () => {
    const github = { repo: 'marina-hogar/site', apiRoot: 'https://api.github.com' };
    expect(editorRepository({ repository: 'github:marina-hogar/site' }, {})).toEqual(github);
    expect(editorRepository({ repository: { url: 'git+https://github.com/marina-hogar/site.git' } }, {})).toEqual(github);
    expect(editorBackend(github)).toEqual({ name: 'github', repo: 'marina-hogar/site', branch: 'main', auth_endpoint: 'api/auth' });
    // Without a GitHub repository no backend is guessed (Git Gateway is deprecated): the editor says what to do.
    for (const pkg of [{}, { repository: 'gitlab:someone/site' }]) {
      expect(editorBackend(editorRepository(pkg, {})), JSON.stringify(pkg)).toEqual({
        name: 'github',
        branch: 'main',
        auth_endpoint: 'api/auth',
      });
    }
  });

  it('takes the repository and the GitHub API from EDITOR_REPOSITORY and EDITOR_GITHUB_API, and refuses malformed ones', () => {
    const env = { EDITOR_REPOSITORY: 'someone/fork', EDITOR_GITHUB_API: 'http://127.0.0.1:9999/' };
    expect(editorBackend(editorRepository({ repository: 'github:marina-hogar/site' }, env))).toEqual({
      name: 'github',
      repo: 'someone/fork',
      branch: 'main',
      auth_endpoint: 'api/auth',
      api_root: 'http://127.0.0.1:9999',
    });
    expect(() => editorRepository({}, { EDITOR_REPOSITORY: 'https://github.com/someone/fork' })).toThrow(
      /EDITOR_REPOSITORY .* OWNER\/NAME/,
    );
    expect(() => editorRepository({}, { EDITOR_GITHUB_API: 'api.github.com' })).toThrow(/EDITOR_GITHUB_API .* API address/);
  });
});
