// German added to the worked example by content alone (tests/fixtures/german: its strings file, and
// the `de:` texts of the pool service, the jobs and the reviews, example content): `de` in
// site.yaml, the files put beside the others, and no code changed. German pages in German, named by
// the other languages' pages and naming them back.
import { cp, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Parser } from 'htmlparser2';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import type { Route } from '../../cli/site/routes.ts';
import { repoRoot, scratchDir, workedExampleDir } from '../helpers.ts';
import { builtSite, type BuiltSite } from '../cli/engine/built-site.ts';

const germanDir = join(repoRoot, 'tests/fixtures/german');

/** A copy of the worked example with German added as a company would add it: text beside text. */
async function withGerman(): Promise<string> {
  const dir = join(await scratchDir('german'), 'content');
  await cp(workedExampleDir, dir, { recursive: true });
  const draft = async (file: string) => parse(await readFile(join(germanDir, file), 'utf8')) as Record<string, unknown>;
  const edit = async (file: string, change: (text: string) => string) =>
    writeFile(join(dir, file), change(await readFile(join(dir, file), 'utf8')));
  const block = (value: unknown) => stringify({ de: value }, { lineWidth: 100 });
  await edit('site.yaml', (t) =>
    t
      .replace('languages: [es, en]', 'languages: [es, en, de]')
      .replace(/^( {2}en: Marina Alta and .*\n)/m, '$1  de: Marina Alta und Marina Baja, Alicante\n'),
  );
  await cp(join(germanDir, 'de.yaml'), join(dir, 'i18n/de.yaml'));
  const service = await draft('piscinas.yaml');
  await edit(
    'services/piscinas.yaml',
    (t) => t.replace(/^( {2}en: pool-maintenance\n)/m, `$1  de: ${service.slug_de}\n`) + block(service.de),
  );
  for (const file of await readdir(join(germanDir, 'projects'))) {
    const job = await draft(`projects/${file}`);
    const alts = [...(job.alt_de as string[])];
    await edit(
      `projects/${file}`,
      (t) =>
        t.replace(/^( {6}en: .*\n)(?= {4}role:| {2}- file:|[a-z])/gm, (line) => `${line}      de: ${JSON.stringify(alts.shift())}\n`) +
        block(job.de),
    );
  }
  const reviews = await draft('reviews.yaml');
  for (const [file, text] of Object.entries(reviews))
    await edit(`reviews/${file}`, (t) => {
      const de = `  de: ${JSON.stringify(text)}\n`;
      return t.includes('\ntranslation:\n')
        ? t.replace('\nsource:', `\n${de}source:`)
        : t.replace('\nsource:', `\ntranslation:\n${de}source:`);
    });
  return dir;
}

let example: BuiltSite;
let german: Route[];
let contentDir: string;
beforeAll(async () => {
  contentDir = await withGerman();
  example = await builtSite(contentDir);
  german = example.result.routes.routes.filter((r) => r.lang === 'de');
}, 120_000);

/** Every string of a parsed YAML value. */
const stringsOf = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(stringsOf) : [];

/** The language blocks of an entry (services, jobs, localities) and its per-language values. */
const blocksOf = (value: unknown, lang: string): unknown[] => {
  if (Array.isArray(value)) return value.flatMap((v) => blocksOf(v, lang));
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, v]) => (key === lang ? [v] : blocksOf(v, lang)));
};

/**
 * What the worked example says in Spanish and English, cut at its placeholders into pieces long
 * enough to be telling (three words or more), less those that read the same in German (names).
 */
async function foreignPieces(contentDir: string): Promise<string[]> {
  const read = async (file: string) => parse(await readFile(join(contentDir, file), 'utf8')) as unknown;
  const texts = async (lang: string) => {
    const strings = stringsOf(await read(`i18n/${lang}.yaml`));
    const entries = ['services', 'projects', 'reviews'].map(async (folder) => {
      const files = (await readdir(join(contentDir, folder))).filter((f) => f.endsWith('.yaml'));
      return (await Promise.all(files.map((f) => read(`${folder}/${f}`)))).flatMap((data) => stringsOf(blocksOf(data, lang)));
    });
    const others = ['air-conditioning.yaml', 'localities.yaml', 'site.yaml'].map(async (f) => stringsOf(blocksOf(await read(f), lang)));
    return [...strings, ...(await Promise.all([...entries, ...others])).flat()];
  };
  const germanTexts = new Set((await texts('de')).flatMap((t) => t.split(/\{[^}]*\}/)).map(normal));
  return [...(await texts('es')), ...(await texts('en'))]
    .flatMap((text) => text.split(/\{[^}]*\}/))
    .map(normal)
    .filter((piece) => piece.split(' ').length >= 3 && !germanTexts.has(piece));
}

const normal = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The text a page shows or reads out as its own, leaving out what is marked as another language's (lang="es"). */
function ownText(html: string): string[] {
  const texts: string[] = [];
  const foreign: boolean[] = [];
  let skip = 0;
  new Parser(
    {
      onopentag(name, attributes) {
        const other = attributes.lang !== undefined && attributes.lang !== 'de';
        foreign.push(other || name === 'script' || name === 'style');
        if (foreign.at(-1)) skip++;
        for (const attribute of ['alt', 'aria-label', 'title', 'placeholder'])
          if (!skip && attributes[attribute]) texts.push(normal(attributes[attribute]));
      },
      ontext(text) {
        if (!skip && text.trim()) texts.push(normal(text));
      },
      onclosetag() {
        if (foreign.pop()) skip--;
      },
    },
    { decodeEntities: true },
  ).end(html);
  return texts;
}

const pageOf = (route: Route) => example.page(route.path);

describe('the worked example in German, added by content alone', () => {
  it('has the German pages its content has, and no others', () => {
    const families = new Set(german.map((r) => r.family));
    expect([...families].sort()).toEqual(
      ['about', 'contact', 'home', 'not-found', 'project', 'projects', 'send-error', 'service', 'thanks'].sort(),
    );
    expect(german.filter((r) => r.family === 'project')).toHaveLength(2);
    expect(german.filter((r) => r.family === 'service').map((r) => r.path)).toHaveLength(1);
    // Posts, legal texts and the other services have no German text: no German page.
    expect(german.some((r) => r.family === 'post' || r.family === 'legal' || r.family === 'blog')).toBe(false);
  });

  it('marks every German page lang="de" and shows no Spanish or English text as its own', async () => {
    const pieces = await foreignPieces(contentDir);
    expect(pieces.length).toBeGreaterThan(500);
    const found: string[] = [];
    for (const route of german) {
      const html = pageOf(route);
      expect(html, route.path).toMatch(/^<!DOCTYPE html><html lang="de">/i);
      for (const text of ownText(html)) {
        const piece = pieces.find((p) => text.includes(p));
        if (piece) found.push(`${route.path}: "${text}" (${JSON.stringify(piece)})`);
      }
    }
    expect(found).toEqual([]);
  });

  it('names, with hreflang, the languages each page has, and each names it back', () => {
    for (const route of german.filter((r) => r.indexable)) {
      const alternates = [...pageOf(route).matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/g)].map(
        (m) => [m[1]!, m[2]!] as const,
      );
      const expected = example.result.routes.counterparts(route).map((r) => r.lang);
      expect(
        alternates.map(([lang]) => lang),
        route.path,
      ).toEqual([...expected, 'x-default']);
      for (const [lang, url] of alternates) {
        if (lang === 'x-default' || lang === 'de') continue;
        const other = example.page(new URL(url!).pathname);
        expect(other, `${url} names ${route.path}`).toContain(`hrefLang="de" href="${example.model.site.baseUrl}${route.path}"`);
      }
    }
  });

  it('offers the other languages of a page in a menu, and only those the page has', () => {
    const home = pageOf(german.find((r) => r.family === 'home')!);
    const menu = /<details[\s\S]*?<\/details>/.exec(home)?.[0] ?? '';
    expect([...menu.matchAll(/hrefLang="([a-z]+)"/g)].map((m) => m[1])).toEqual(['es', 'en']);
    // A Spanish post has no German page: its switch names English alone, as a link.
    const post = example.result.routes.byFamily('post', 'es')[0]!;
    const links = [...pageOf(post).matchAll(/<a href="[^"]*" hrefLang="([a-z]+)" lang="\1"/g)].map((m) => m[1]);
    expect(links).toEqual(['en']);
  });

  it('lists the German pages in the sitemap and writes a German feed and web manifest', () => {
    const sitemap = example.result.outputs.get('sitemap.xml') as string;
    for (const route of german.filter((r) => r.indexable))
      expect(sitemap).toContain(`<loc>${example.model.site.baseUrl}${route.path}</loc>`);
    expect(example.result.outputs.get('de/blog/feed.xml')).toMatch(/xml:lang="de"/);
    expect(JSON.parse(example.result.outputs.get('de/manifest.webmanifest') as string)).toMatchObject({ lang: 'de', start_url: '/de' });
  });
});
