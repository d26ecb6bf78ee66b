import { describe, expect, it } from 'vitest';
import { type Entry, type Finding, type Known, knownOf } from '../../../cli/site/checks/entry.ts';
import { checkProjects, checkReviews } from '../../../cli/site/checks/jobs.ts';
import { checkLegal, checkPosts } from '../../../cli/site/checks/pages.ts';
import { photosOfJob, photosOfService } from '../../../cli/site/checks/photos.ts';
import { notPaths } from '../../../cli/site/checks/published.ts';
import { checkAirConditioning, checkLocalities, checkLocalTexts, checkServices } from '../../../cli/site/checks/services.ts';
import { checkSite } from '../../../cli/site/checks/site.ts';
import { checkStrings } from '../../../cli/site/checks/strings.ts';
import type { Lang } from '../../../cli/site/lang.ts';
import type { LocalTexts } from '../../../cli/site/schema/local.ts';
import type { PostFrontMatter } from '../../../cli/site/schema/post.ts';
import type { Project } from '../../../cli/site/schema/project.ts';
import type { Review } from '../../../cli/site/schema/review.ts';
import type { AirConditioning, Service } from '../../../cli/site/schema/service.ts';
import type { Site } from '../../../cli/site/schema/site.ts';
import type { Strings } from '../../../cli/site/schema/strings.ts';

const entry = <T>(data: unknown, name = 'x', lang?: Lang, commented: string[][] = []): Entry<T> => ({
  name,
  lang,
  data: data as T,
  commentedPaths: () => commented,
});

const known: Known = {
  strict: false,
  services: new Set(['fontaneros', 'piscinas']),
  localities: new Set(['javea', 'denia']),
  categories: new Set(['piscinas', 'fontaneria']),
  airConditioning: 'aire-acondicionado',
  images: new Set(['pool.svg']),
};

/** What a check found, as code and path, by the name of the entry it is in. */
const found = (findings: Finding[]) => findings.map(({ entry: e, path, problem }) => [e.name, path?.join('.'), problem.code]);

describe('the rules of jobs and reviews', () => {
  const job = (name: string, es: string, en: string, more = {}) =>
    entry<Project>({ service: 'fontaneros', locality: 'javea', es: { slug: es }, en: { slug: en }, ...more }, name);

  it('rejects a duplicate job slug, in either language', () => {
    expect(found(checkProjects([job('a', 'fuga', 'leak'), job('b', 'fuga', 'drip'), job('c', 'goteo', 'leak')], known))).toEqual([
      ['b', 'es.slug', 'E_DUPLICATE_JOB'],
      ['c', 'en.slug', 'E_DUPLICATE_JOB'],
    ]);
  });

  it('refuses a job or review marked as an example only in a strict build', () => {
    const jobs = [job('a', 'fuga', 'leak', { example: true })];
    const reviews = [entry<Review>({ service: 'piscinas', locality: 'denia', example: true }, 'r')];
    expect(checkProjects(jobs, known)).toEqual([]);
    expect(checkReviews(reviews, known)).toEqual([]);
    const strict = { ...known, strict: true };
    expect(found(checkProjects(jobs, strict))).toEqual([['a', 'example', 'E_EXAMPLE_ENTRY']]);
    expect(checkReviews(reviews, strict).map((f) => f.problem.hint)).toEqual(['publish only real reviews: delete this file']);
  });

  it('names a service or locality the site does not have, and the services it has', () => {
    const [service, locality] = checkReviews([entry<Review>({ service: 'fontaneros-x', locality: 'calpe' }, 'r')], known);
    expect(service!.problem).toEqual({
      code: 'E_UNKNOWN_SERVICE',
      message: '"fontaneros-x" is not a service',
      hint: 'use the Spanish slug of one: fontaneros, piscinas',
    });
    expect(found([locality!])).toEqual([['r', 'locality', 'E_UNKNOWN_LOCALITY']]);
  });
});

describe('the rules of services, localities and their texts', () => {
  const half = (local = {}, sections: unknown[] = []) => ({
    local: { seoTitle: '', seoDescription: '', heroDescription: '', intro: '', closing: '', ...local },
    sections,
  });
  const service = (name: string, es: string, en: string, more = {}) =>
    entry<Service>({ slug: { es, en }, image: 'pool.svg', es: half(), en: half(), ...more }, name);

  it('rejects a duplicate service slug, in either language', () => {
    expect(found(checkServices([service('a', 'fontaneros', 'plumbers'), service('b', 'piscinas', 'plumbers')], known))).toEqual([
      ['b', 'slug.en', 'E_DUPLICATE_SERVICE'],
    ]);
  });

  it('names a placeholder the local pages do not fill, and an image that is not there', () => {
    const gallery = [{ gallery: [{ image: 'missing.png', alt: '' }] }];
    const findings = checkServices([service('a', 'fontaneros', 'plumbers', { es: half({ intro: 'En {town}' }, gallery) })], known);
    expect(found(findings)).toEqual([
      ['a', 'es.local.intro', 'E_UNKNOWN_PLACEHOLDER'],
      ['a', 'es.sections.0.gallery.0.image', 'E_UNKNOWN_IMAGE'],
    ]);
    expect(findings[0]!.problem.hint).toBe('use one of {locality}, {comarca}, {context}, {brand}');
  });

  it('rejects air conditioning under a service the site does not have', () => {
    expect(found(checkAirConditioning([entry<AirConditioning>({ parent: 'clima', image: 'pool.svg' }, 'air')], known))).toEqual([
      ['air', 'parent', 'E_UNKNOWN_SERVICE'],
    ]);
  });

  it('rejects a duplicate locality slug', () => {
    const localities = entry<{ localities: { slug: string }[] }>({ localities: [{ slug: 'javea' }, { slug: 'denia' }, { slug: 'javea' }] });
    expect(found(checkLocalities([localities]))).toEqual([['x', 'localities.2.slug', 'E_DUPLICATE_LOCALITY']]);
  });

  it('takes texts named after a service or air conditioning, keyed by localities the site has', () => {
    const texts = [
      entry<LocalTexts>({ javea: {} }, 'aire-acondicionado'),
      entry<LocalTexts>({ calpe: {} }, 'piscinas'),
      entry<LocalTexts>({ javea: {} }, 'carpinteros'),
    ];
    expect(found(checkLocalTexts(texts, known))).toEqual([
      ['piscinas', 'calpe', 'E_UNKNOWN_LOCALITY'],
      ['carpinteros', undefined, 'E_LOCAL_TEXT_NAME'],
    ]);
  });
});

describe('the rules of pages kept per language', () => {
  const post = (name: string, lang: Lang, slug: string, counterpart: string, more = {}) =>
    entry<PostFrontMatter>(
      { slug, counterpart, category: 'piscinas', service: 'piscinas', localities: ['javea'], image: 'pool.svg', ...more },
      name,
      lang,
    );

  it('pairs each page with its counterpart, which names it back', () => {
    expect(checkPosts([post('cloro', 'es', 'cloro', 'chlorine'), post('chlorine', 'en', 'chlorine', 'cloro')], known)).toEqual([]);
    const pages = [post('cloro', 'es', 'cloro', 'chlorine'), post('chlorine', 'en', 'chlorine', 'ph'), post('ph', 'es', 'ph', 'ph-en')];
    const findings = checkLegal(pages);
    expect(found(findings)).toEqual([
      ['cloro', 'counterpart', 'E_COUNTERPART_MISMATCH'],
      ['chlorine', 'counterpart', 'E_COUNTERPART_MISMATCH'],
      ['ph', 'counterpart', 'E_NO_COUNTERPART'],
    ]);
    expect(findings[2]!.problem.hint).toBe('set counterpart to the slug of a page in content/legal/en/, or write that page');
  });

  it("rejects a slug other than the file's name, and leaves that page out of the pairs", () => {
    const findings = checkPosts(
      [post('cloro', 'es', 'clor', 'chlorine', { service: 'x' }), post('chlorine', 'en', 'chlorine', 'cloro')],
      known,
    );
    expect(found(findings)).toEqual([
      ['cloro', 'slug', 'E_SLUG_NOT_FILE_NAME'],
      ['chlorine', 'counterpart', 'E_NO_COUNTERPART'],
    ]);
  });

  it('names the services, localities and images a post refers to that the site does not have', () => {
    const pages = [post('a', 'es', 'a', 'b', { service: 'x', localities: ['javea', 'y'], image: 'z.png' }), post('b', 'en', 'b', 'a')];
    expect(found(checkPosts(pages, known))).toEqual([
      ['a', 'service', 'E_UNKNOWN_SERVICE'],
      ['a', 'localities.1', 'E_UNKNOWN_LOCALITY'],
      ['a', 'image', 'E_UNKNOWN_IMAGE'],
    ]);
  });

  it('rejects a category the strings do not list, naming those they do', () => {
    const [unknown, ...rest] = checkPosts([post('a', 'es', 'a', 'b', { category: 'Piscinas' }), post('b', 'en', 'b', 'a')], known);
    expect(rest).toEqual([]);
    expect(found([unknown!])).toEqual([['a', 'category', 'E_UNKNOWN_CATEGORY']]);
    expect(unknown!.problem.message).toBe('"Piscinas" is not a category');
    expect(unknown!.problem.hint).toBe('use the key of one of blog.categories in content/i18n/: piscinas, fontaneria');
  });

  it('rejects a translation in another category than its counterpart, once', () => {
    const pages = [post('cloro', 'es', 'cloro', 'chlorine'), post('chlorine', 'en', 'chlorine', 'cloro', { category: 'fontaneria' })];
    const findings = checkPosts(pages, known);
    expect(found(findings)).toEqual([['chlorine', 'category', 'E_CATEGORY_MISMATCH']]);
    expect(findings[0]!.problem.message).toBe('its counterpart "cloro" is in the category "piscinas"');
  });
});

describe('the rules of the interface strings', () => {
  const strings = (lang: Lang, ...categories: [key: string, slug: string][]) =>
    entry<Strings>({ blog: { categories: categories.map(([key, slug]) => ({ key, slug, name: key, description: key })) } }, lang, lang);

  it('accepts the same categories in every language, each slug in its own words', () => {
    const es = strings('es', ['piscinas', 'piscinas'], ['fontaneria', 'fontaneria']);
    expect(checkStrings([es, strings('en', ['fontaneria', 'plumbing'], ['piscinas', 'pools'])])).toEqual([]);
  });

  it('rejects a category key or slug given twice in a language, and a key missing from another language', () => {
    const es = strings('es', ['piscinas', 'piscinas'], ['piscinas', 'agua'], ['riego', 'agua'], ['fontaneria', 'fontaneria']);
    const en = strings('en', ['piscinas', 'pools'], ['riego', 'irrigation']);
    const findings = checkStrings([es, en]);
    expect(found(findings)).toEqual([
      ['es', 'blog.categories.1.key', 'E_DUPLICATE_CATEGORY'],
      ['es', 'blog.categories.2.slug', 'E_DUPLICATE_CATEGORY'],
      ['es', 'blog.categories.3.key', 'E_UNTRANSLATED_CATEGORY'],
    ]);
    expect(findings.at(-1)!.problem.message).toBe('the category "fontaneria" is missing from content/i18n/en.yaml');
  });
});

describe('the rules of site.yaml', () => {
  const site = entry<Site>({ brand: 'Marina Hogar', email: 'info@empresa.es', owner: { name: 'Ana' } }, 'site', undefined, [
    ['owner', 'name'],
  ]);

  it('refuses example values and values marked # example, only in a strict build', () => {
    expect(checkSite([site], known)).toEqual([]);
    const findings = checkSite([site], { ...known, strict: true });
    expect(found(findings)).toEqual([
      ['site', 'brand', 'E_EXAMPLE_VALUE'],
      ['site', 'owner.name', 'E_EXAMPLE_VALUE'],
    ]);
    expect(findings[0]!.problem.message).toBe('still the example value "Marina Hogar"');
  });
});

describe('what the rules know of the other collections', () => {
  it('takes the slugs of invalid files too, so that one bad file does not cascade', () => {
    const k = knownOf(
      {
        services: [{ slug: { es: 'fontaneros' }, extra: 1 }, { slug: {} }, null],
        localities: { localities: [{ slug: 'javea' }, 3] },
        strings: [{ blog: { categories: [{ key: 'piscinas' }, { name: 'Sin clave' }] } }, { blog: 7 }],
        airConditioning: undefined,
      },
      new Set(),
      false,
    );
    expect([...k.services]).toEqual(['fontaneros']);
    expect(k.localities.has('javea')).toBe(true);
    expect([...k.categories]).toEqual(['piscinas']);
  });
});

describe('the photos entries name', () => {
  it('are read from invalid data too, leaving out names that are not photo paths', () => {
    expect(photosOfJob({ photos: [{ file: 'obra/antes.jpg' }, { file: 3 }, 'x', { file: '../secret.jpg' }] })).toEqual([
      { path: ['photos', 0, 'file'], name: 'obra/antes.jpg' },
    ]);
    expect(photosOfService({ en: { sections: [{ gallery: [{ image: 'a.svg' }, { photo: 'p/a.jpg' }] }] } })).toEqual([
      { path: ['en', 'sections', 0, 'gallery', 1, 'photo'], name: 'p/a.jpg' },
    ]);
  });
});

describe('the list of published URLs', () => {
  it('takes paths, comments and blank lines, and names every other line', () => {
    expect(
      notPaths(['# kept by the build', '', '/es/piscinas/', 'es/piscinas', '/con espacio']).map(({ line, problem }) => [
        line,
        problem.code,
      ]),
    ).toEqual([
      [4, 'E_NOT_A_PATH'],
      [5, 'E_NOT_A_PATH'],
    ]);
  });
});
