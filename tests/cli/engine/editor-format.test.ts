import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContent } from '../../../cli/engine/content.ts';
import { editorLayouts, editorName } from '../../../cli/engine/write/admin/config.ts';
import { collections, languagesOf, pathIn, type Collection } from '../../../cli/site/collections.ts';
import { fromFile, sourceKey, toFile, type FileLayout } from '../../../cli/site/editor-format.ts';
import type { Content } from '../../../cli/site/model.ts';
import { ContentError } from '../../../cli/site/issues.ts';
import { contentDir, copyContent, workedExampleDir } from '../../helpers.ts';

/** The layouts of the shipped languages, Spanish first: those of the worked example, too. */
const layouts = editorLayouts(['es', 'en']);

/** Every entry file of a content folder, with the layout the editor reads and writes it by. */
async function entries(dir: string): Promise<{ file: string; layout: FileLayout }[]> {
  const { languages } = (await loadContent(dir)).site;
  const layoutOf = editorLayouts(languages);
  const found: { file: string; layout: FileLayout }[] = [];
  for (const c of collections as readonly Collection[]) {
    for (const lang of languagesOf(c.files, languages)) {
      const layout = layoutOf[editorName(c, lang)]!;
      const at = pathIn(c.files, lang ?? languages[0]!);
      const { files } = c;
      if ('file' in files) found.push({ file: at, layout });
      else
        for (const name of (await readdir(join(dir, at)).catch(() => [])).filter((n) => n.endsWith(`.${files.extension}`)))
          found.push({ file: `${at}/${name}`, layout });
    }
  }
  return found;
}

/**
 * The editor's entry as Decap holds it, saved again: Decap splits a file's language blocks into
 * the entry's data (the first language's, with the shared fields) and each other language's data,
 * and joins them to save.
 */
function saved(entry: Record<string, unknown>, layout: FileLayout): string {
  if (!layout.halves) return toFile(entry, layout);
  return toFile(Object.fromEntries(layout.halves.languages.map((lang) => [lang, structuredClone(entry[lang])])), layout);
}

/** The model as a page would see it: texts' Markdown included, and nothing that names the file's bytes. */
function meaning(content: Content) {
  const pages = (list: Record<string, { markdown: string }[]>) =>
    Object.fromEntries(
      Object.entries(list).map(([lang, items]) => [lang, items.map((page) => ({ ...page, markdown: page.markdown.trim() }))]),
    );
  return { ...content, posts: pages(content.posts), legal: pages(content.legal), photos: [...content.photos.keys()] };
}

describe('the files the editor saves', () => {
  for (const [name, dir] of [
    ['the real content', contentDir],
    ['the worked example (jobs, reviews, the business profile)', workedExampleDir],
  ] as const) {
    it(`keeps every entry of ${name} byte for byte when it is opened and saved unchanged`, async () => {
      const files = await entries(dir);
      expect(files.length).toBeGreaterThan(5);
      for (const { file, layout } of files) {
        const text = await readFile(join(dir, file), 'utf8');
        expect(saved(fromFile(text, layout), layout), file).toBe(text);
      }
    });

    it(`writes every entry of ${name} anew, from its fields alone, to the same model`, async () => {
      const copy = await copyContent(dir);
      const before = meaning(await loadContent(copy));
      let rewritten = 0;
      const files = await entries(copy);
      for (const { file, layout } of files) {
        const text = await readFile(join(copy, file), 'utf8');
        const entry = fromFile(text, layout);
        // As a new entry, or a draft restored without the text it was read from.
        delete (layout.halves ? (entry[layout.halves.languages[0]!] as Record<string, unknown>) : entry)[sourceKey];
        const again = saved(entry, layout);
        if (again !== text) rewritten++;
        await writeFile(join(copy, file), again);
      }
      expect(rewritten).toBeGreaterThan(files.length / 2);
      const after = meaning(await loadContent(copy).catch(reportIssues));
      expect(after).toEqual(before);
    });
  }

  it('changes only the value the editor changed, and drops the "example" mark on its line alone', async () => {
    const layout = layouts.site!;
    const text = await readFile(join(workedExampleDir, 'site.yaml'), 'utf8');
    const entry = fromFile(text, layout);
    const after = saved({ ...entry, brand: 'Reformas Costa Blanca', owner: { ...(entry.owner as object), nif: 'B12345678' } }, layout);
    expect(after).toMatch(/^brand: Reformas Costa Blanca$/m);
    expect(after).toMatch(/^ {2}nif: B12345678$/m);
    expect(after).toMatch(/^baseUrl: https:\/\/www\.example\.com # example$/m);
    expect(after).toMatch(/^ {2}name: "\[Nombre y apellidos del titular\]" # example$/m);
    expect(after).toContain('# One place for every company fact.');
    const lines = (yaml: string) => yaml.split('\n').filter((line) => line.trim()).length;
    expect(lines(after)).toBe(lines(text));

    // A strict build still refuses the values left as examples, and no longer the ones replaced.
    const copy = await copyContent(workedExampleDir);
    await writeFile(join(copy, 'site.yaml'), after);
    const issues = await loadContent(copy, { strict: true }).then(
      () => [],
      (error: ContentError) => error.issues.map((i) => i.message),
    );
    expect(issues.some((m) => m.startsWith('owner.name: still the example value'))).toBe(true);
    expect(issues.some((m) => m.startsWith('brand:') || m.startsWith('owner.nif:'))).toBe(false);
  });

  it('writes a new job in the schema order, with its halves under es and en, and nothing a form leaves empty', () => {
    const layout = layouts.projects!;
    const text = toFile(
      {
        es: {
          title: 'Título',
          slug: 'obra',
          date: '2025-03-14',
          service: 'piscinas',
          duration: '',
          priceBand: {},
          body: 'Texto.',
          summary: 'Resumen.',
        },
        en: { slug: 'work', title: 'Title', summary: 'Summary.', body: 'Text.' },
      },
      layout,
    );
    expect(text).toBe(
      [
        'date: "2025-03-14"',
        'service: piscinas',
        'es:',
        '  slug: obra',
        '  title: Título',
        '  summary: Resumen.',
        '  body: Texto.',
        'en:',
        '  slug: work',
        '  title: Title',
        '  summary: Summary.',
        '  body: Text.',
        '',
      ].join('\n'),
    );
  });
});

function reportIssues(error: unknown): never {
  if (error instanceof ContentError) throw new Error(error.issues.map((i) => `${i.file}:${i.line}  ${i.message}`).join('\n'));
  throw error;
}
