import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { entryProblems } from '../../../cli/engine/write/admin/check.ts';
import { choicesOf, editorConfig, editorLayouts, editorName } from '../../../cli/engine/write/admin/config.ts';
import { collections, languagesOf, pathIn } from '../../../cli/site/collections.ts';
import { fromFile } from '../../../cli/site/editor-format.ts';
import { loadContent } from '../../../cli/engine/content.ts';
import { contentDir, workedExampleDir } from '../../helpers.ts';

const config = editorConfig(choicesOf(await loadContent(workedExampleDir)), 'content') as unknown as Parameters<typeof entryProblems>[0];

/** A job of the worked example as Decap keeps it while it is edited: the Spanish half with the rest, the English apart. */
async function job(change: (data: Record<string, unknown>) => void = () => {}) {
  const file = join(workedExampleDir, 'projects/renovacion-piscina-javea.yaml');
  const { es, en, ...shared } = load(await readFile(file, 'utf8')) as Record<string, Record<string, unknown>>;
  const entry = { collection: 'projects', data: { ...shared, ...es }, i18n: { en: { data: { ...en } } } };
  change(entry.data);
  return entry;
}

describe("the editor's check before a save", () => {
  it('passes every file of the shipped content and of the worked example, as the editor opens it', async () => {
    for (const dir of [contentDir, workedExampleDir]) {
      const model = await loadContent(dir);
      const [first, ...others] = model.site.languages as [string, ...string[]];
      const layouts = editorLayouts(model.site.languages);
      const site = editorConfig(choicesOf(model), 'content') as unknown as Parameters<typeof entryProblems>[0];
      for (const c of collections)
        for (const lang of languagesOf(c.files, model.site.languages)) {
          const name = editorName(c, lang);
          const at = pathIn(c.files, lang ?? first);
          const { files: kind } = c;
          // The worked example leaves some out (local texts): the site then has none.
          if (!existsSync(join(dir, at))) continue;
          const files =
            'file' in kind ? [at] : (await readdir(join(dir, at))).filter((f) => f.endsWith(`.${kind.extension}`)).map((f) => `${at}/${f}`);
          for (const file of files) {
            const data = fromFile(await readFile(join(dir, file), 'utf8'), layouts[name]!);
            const entry = layouts[name]!.halves
              ? { collection: name, data: data[first], i18n: Object.fromEntries(others.map((l) => [l, { data: data[l] }])) }
              : { collection: name, data };
            expect(entryProblems(site, entry), join(dir, file)).toEqual([]);
          }
        }
    }
  });

  it('passes a job the build takes', async () => {
    expect(entryProblems(config, await job())).toEqual([]);
  });

  it('asks for the English text a job needs, named after the language, and checks its patterns and lengths', async () => {
    const entry = await job();
    entry.i18n.en.data = { slug: 'Not A Slug', title: 'x'.repeat(71), summary: '   ' };
    expect(entryProblems(config, entry)).toEqual([
      'Inglés: Dirección (slug): Solo minúsculas sin acentos, cifras y guiones, como «gata-de-gorgos». Como mucho 100 caracteres.',
      'Inglés: Título: Como mucho 70 caracteres.',
      'Inglés: Resumen es obligatorio.',
      'Inglés: Texto es obligatorio.',
    ]);
  });

  it('takes a price band whole or not at all', async () => {
    expect(entryProblems(config, await job((d) => delete d.priceBand))).toEqual([]);
    expect(entryProblems(config, await job((d) => (d.priceBand = { from: 4000, to: 6000 })))).toEqual([]);
    expect(entryProblems(config, await job((d) => (d.priceBand = { from: 4000 })))).toEqual([
      'Banda de precio (euros) › Hasta es obligatorio.',
    ]);
    expect(entryProblems(config, await job((d) => (d.priceBand = { from: null, to: null })))).toEqual([]);
  });

  it('refuses a price band whose upper end is not above its lower end, as the build does', async () => {
    for (const to of [4000, 3500])
      expect(entryProblems(config, await job((d) => (d.priceBand = { from: 4000, to })))).toEqual([
        'Banda de precio (euros) › Hasta: debe ser mayor que «Desde».',
      ]);
  });

  it('asks new local texts for their service, and a town begun in one language for the other, leaving the towns not begun', () => {
    const es = { heading: 'Piscinas en Jávea', body: ['Un párrafo.'], faq: [{ question: '¿Sí?', answer: 'Sí.' }] };
    const entry = (data: object, newRecord: boolean) => ({ collection: 'localTexts', newRecord, data });
    expect(entryProblems(config, entry({ file_for: 'piscinas', javea: { es, en: es } }, true))).toEqual([]);
    expect(entryProblems(config, entry({ javea: { es, en: es } }, true))).toEqual(['Servicio es obligatorio.']);
    // An opened file is named already.
    expect(entryProblems(config, entry({ javea: { es, en: es } }, false))).toEqual([]);
    expect(entryProblems(config, entry({ javea: { es } }, false))).toEqual(['Jávea › Inglés es obligatorio.']);
    expect(entryProblems(config, entry({ javea: { es: { ...es, faq: [] }, en: es } }, false))).toEqual([
      'Jávea › Español › Preguntas frecuentes: al menos 1.',
    ]);
  });

  it('refuses a Spanish text of spaces only, which the form takes as filled', async () => {
    expect(entryProblems(config, await job((d) => (d.title = '  ')))).toEqual(['Título es obligatorio.']);
  });
});
