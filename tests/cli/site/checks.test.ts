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
import type { ProjectEntry } from '../../../cli/site/schema/project.ts';
import type { Review } from '../../../cli/site/schema/review.ts';
import type { AirConditioning, ServiceEntry } from '../../../cli/site/schema/service.ts';
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
  languages: ['es', 'en'],
  stringsFiles: new Set(['es', 'en']),
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
    entry<ProjectEntry>({ service: 'fontaneros', locality: 'javea', photos: [], es: { slug: es }, en: { slug: en }, ...more }, name);

  it('rejects a duplicate job slug, in either language', () => {
    expect(found(checkProjects([job('a', 'fuga', 'leak'), job('b', 'fuga', 'drip'), job('c', 'goteo', 'leak')], known))).toEqual([
      ['b', 'es.slug', 'E_DUPLICATE_JOB'],
      ['c', 'en.slug', 'E_DUPLICATE_JOB'],
    ]);
  });

  it('refuses a job or review marked as an example only in a strict build', () => {
    const jobs = [job('a', 'fuga', 'leak', { example: true })];
    const reviews = [entry<Review>({ service: 'piscinas', locality: 'denia', lang: 'es', example: true }, 'r')];
    expect(checkProjects(jobs, known)).toEqual([]);
    expect(checkReviews(reviews, known)).toEqual([]);
    const strict = { ...known, strict: true };
    expect(found(checkProjects(jobs, strict))).toEqual([['a', 'example', 'E_EXAMPLE_ENTRY']]);
    expect(checkReviews(reviews, strict).map((f) => f.problem.hint)).toEqual(['publish only real reviews: delete this file']);
  });

  it('names a service or locality the site does not have, and the services it has', () => {
    const [service, locality] = checkReviews([entry<Review>({ service: 'fontaneros-x', locality: 'calpe', lang: 'en' }, 'r')], known);
    expect(service!.problem).toEqual({
      code: 'E_UNKNOWN_SERVICE',
      message: '"fontaneros-x" is not a service',
      hint: "use the key of one (its slug in the site's first language): fontaneros, piscinas",
    });
    expect(found([locality!])).toEqual([['r', 'locality', 'E_UNKNOWN_LOCALITY']]);
  });

  it('takes a job with texts in the first language alone, and refuses one without them', () => {
    const spanish = entry<ProjectEntry>({ service: 'fontaneros', locality: 'javea', photos: [], es: { slug: 'fuga' } }, 'a');
    expect(checkProjects([spanish], known)).toEqual([]);
    const english = entry<ProjectEntry>({ service: 'fontaneros', locality: 'javea', photos: [], en: { slug: 'leak' } }, 'b');
    const findings = checkProjects([english], known);
    expect(found(findings)).toEqual([['b', undefined, 'E_NO_DEFAULT_TEXT']]);
    expect(findings[0]!.problem.message).toBe('has no "es" text; "es" is the site\'s first language, which every page has');
  });

  it('refuses a job text in a language the site does not list, naming those it does', () => {
    const findings = checkProjects([job('a', 'fuga', 'leak', { fr: { slug: 'fuite' } })], known);
    expect(found(findings)).toEqual([['a', 'fr', 'E_UNKNOWN_LANGUAGE']]);
    expect(findings[0]!.problem.message).toBe('"fr" is not one of the site\'s languages (es, en)');
  });

  it("asks a job's photos for their alt text in each language the job has, and in none other", () => {
    const photos = [
      { file: 'a.jpg', alt: { es: 'Antes', en: 'Before' } },
      { file: 'b.jpg', alt: { es: 'Después' } },
      { file: 'c.jpg', alt: { es: 'Piscina', en: 'Pool', de: 'Becken' } },
    ];
    const findings = checkProjects([job('a', 'fuga', 'leak', { photos })], known);
    expect(found(findings)).toEqual([
      ['a', 'photos.1.alt', 'E_MISSING_IN_LANGUAGE'],
      ['a', 'photos.2.alt.de', 'E_UNKNOWN_LANGUAGE'],
    ]);
    expect(findings[0]!.problem.message).toBe('has a "en" text but no alt text in "en"');
    // A job in Spanish alone needs its alt text in Spanish alone.
    const spanish = entry<ProjectEntry>(
      { service: 'fontaneros', locality: 'javea', photos: [{ file: 'b.jpg', alt: { es: 'Después' } }], es: { slug: 'fuga' } },
      'b',
    );
    expect(checkProjects([spanish], known)).toEqual([]);
  });

  it('refuses a review written in a language the site does not list', () => {
    const review = entry<Review>({ service: 'piscinas', locality: 'denia', lang: 'de' }, 'r');
    expect(found(checkReviews([review], known))).toEqual([['r', 'lang', 'E_UNKNOWN_LANGUAGE']]);
  });
});

describe('the rules of services, localities and their texts', () => {
  const half = (local = {}, sections: unknown[] = []) => ({
    local: { seoTitle: '', seoDescription: '', heroDescription: '', intro: '', closing: '', ...local },
    sections,
  });
  const service = (name: string, es: string, en: string, more = {}) =>
    entry<ServiceEntry>({ slug: { es, en }, image: 'pool.svg', es: half(), en: half(), ...more }, name);

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

  it('takes a service with its texts and slug in the first language alone', () => {
    expect(checkServices([entry<ServiceEntry>({ slug: { es: 'fontaneros' }, image: 'pool.svg', es: half() }, 'a')], known)).toEqual([]);
  });

  it('refuses a service without a text in the first language, or with one in a language the site does not list', () => {
    const english = entry<ServiceEntry>({ slug: { es: 'fontaneros', en: 'plumbers' }, image: 'pool.svg', en: half() }, 'a');
    expect(found(checkServices([english], known))).toEqual([['a', undefined, 'E_NO_DEFAULT_TEXT']]);
    const french = service('b', 'piscinas', 'pools', { slug: { es: 'piscinas', en: 'pools', fr: 'piscines' }, fr: half() });
    const findings = checkServices([french], known);
    expect(found(findings)).toEqual([
      ['b', 'fr', 'E_UNKNOWN_LANGUAGE'],
      ['b', 'slug.fr', 'E_UNKNOWN_LANGUAGE'],
    ]);
    expect(findings[0]!.problem.hint).toBe(
      'add "fr" to languages in content/site.yaml (with its strings file, content/i18n/fr.yaml), or correct the code',
    );
  });

  it('refuses a service text in a language it has no slug in', () => {
    const findings = checkServices([service('a', 'fontaneros', 'plumbers', { slug: { es: 'fontaneros' } })], known);
    expect(found(findings)).toEqual([['a', 'slug', 'E_MISSING_IN_LANGUAGE']]);
    expect(findings[0]!.problem.message).toBe('has a "en" text but no slug in "en"');
  });

  it('rejects air conditioning under a service the site does not have', () => {
    const air = entry<AirConditioning>({ parent: 'clima', slug: { es: 'aire' }, image: 'pool.svg', es: {} }, 'air');
    expect(found(checkAirConditioning([air], known))).toEqual([['air', 'parent', 'E_UNKNOWN_SERVICE']]);
  });

  it('refuses air conditioning without a text in the first language, or a text without its slug', () => {
    const air = entry<AirConditioning>({ parent: 'fontaneros', slug: { en: 'air' }, image: 'pool.svg', en: {} }, 'air');
    expect(found(checkAirConditioning([air], known))).toEqual([['air', undefined, 'E_NO_DEFAULT_TEXT']]);
    const partial = entry<AirConditioning>({ parent: 'fontaneros', slug: { es: 'aire' }, image: 'pool.svg', es: {}, en: {} }, 'air');
    expect(found(checkAirConditioning([partial], known))).toEqual([['air', 'slug', 'E_MISSING_IN_LANGUAGE']]);
  });

  it('rejects a duplicate locality slug', () => {
    const localities = entry<{ localities: { slug: string }[] }>({
      localities: [
        { slug: 'javea', es: {} },
        { slug: 'denia', es: {}, en: {} },
        { slug: 'javea', es: {} },
      ],
    });
    expect(found(checkLocalities([localities], known))).toEqual([['x', 'localities.2.slug', 'E_DUPLICATE_LOCALITY']]);
  });

  it('refuses a locality without its text in the first language, or with one in a language the site does not list', () => {
    const localities = entry<{ localities: { slug: string }[] }>({
      localities: [
        { slug: 'javea', en: {} },
        { slug: 'denia', es: {}, de: {} },
      ],
    });
    expect(found(checkLocalities([localities], known))).toEqual([
      ['x', 'localities.0', 'E_NO_DEFAULT_TEXT'],
      ['x', 'localities.1.de', 'E_UNKNOWN_LANGUAGE'],
    ]);
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

  it('refuses local texts in a language the site does not list', () => {
    const texts = [entry<LocalTexts>({ javea: { es: {}, fr: {} } }, 'piscinas')];
    expect(found(checkLocalTexts(texts, known))).toEqual([['piscinas', 'javea.fr', 'E_UNKNOWN_LANGUAGE']]);
  });
});

describe('the rules of pages kept per language', () => {
  const post = (name: string, lang: Lang, slug: string, counterpart: string | undefined, more = {}) =>
    entry<PostFrontMatter>(
      { slug, counterpart, category: 'piscinas', service: 'piscinas', localities: ['javea'], image: 'pool.svg', ...more },
      name,
      lang,
    );

  it('pairs each page with its counterpart, which names it back', () => {
    expect(checkPosts([post('cloro', 'es', 'cloro', 'chlorine'), post('chlorine', 'en', 'chlorine', 'cloro')], known)).toEqual([]);
    const pages = [post('cloro', 'es', 'cloro', 'chlorine'), post('chlorine', 'en', 'chlorine', 'cloro'), post('ph', 'es', 'ph', 'ph-en')];
    const findings = checkLegal(pages, known);
    expect(found(findings)).toEqual([['ph', 'counterpart', 'E_NO_COUNTERPART']]);
    expect(findings[0]!.problem.message).toBe('no other-language page has the slug "ph-en"');
    expect(findings[0]!.problem.hint).toBe('set counterpart to the slug of a page in content/legal/{lang}/, or write that page');
  });

  it('refuses a first-language page naming as its translation a page that translates another', () => {
    const pages = [post('cloro', 'es', 'cloro', 'chlorine'), post('chlorine', 'en', 'chlorine', 'ph'), post('ph', 'es', 'ph', undefined)];
    expect(found(checkLegal(pages, known))).toEqual([['cloro', 'counterpart', 'E_COUNTERPART_MISMATCH']]);
  });

  it('takes a first-language page without a counterpart, which its translations name', () => {
    expect(checkPosts([post('cloro', 'es', 'cloro', undefined)], known)).toEqual([]);
    expect(checkPosts([post('cloro', 'es', 'cloro', undefined), post('chlorine', 'en', 'chlorine', 'cloro')], known)).toEqual([]);
  });

  it('refuses a translation that names no first-language page, and two translations in one language of the same page', () => {
    const findings = checkLegal([post('cloro', 'es', 'cloro', undefined), post('chlorine', 'en', 'chlorine', undefined)], known);
    expect(found(findings)).toEqual([['chlorine', undefined, 'E_NO_COUNTERPART_GIVEN']]);
    expect(findings[0]!.problem.hint).toBe('set counterpart to the slug of a page in content/legal/es/');
    const twice = [
      post('cloro', 'es', 'cloro', undefined),
      post('chlorine', 'en', 'chlorine', 'cloro'),
      post('bleach', 'en', 'bleach', 'cloro'),
    ];
    expect(found(checkLegal(twice, known))).toEqual([['bleach', 'counterpart', 'E_COUNTERPART_MISMATCH']]);
  });

  it('refuses a page in a folder of a language the site does not list, and leaves it out of the pairs', () => {
    const pages = [post('cloro', 'es', 'cloro', 'chlore'), post('chlore', 'fr', 'chlore', 'cloro')];
    const findings = checkPosts(pages, known);
    expect(found(findings)).toEqual([
      ['chlore', undefined, 'E_UNKNOWN_LANGUAGE'],
      ['cloro', 'counterpart', 'E_NO_COUNTERPART'],
    ]);
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
    expect(checkStrings([es, strings('en', ['fontaneria', 'plumbing'], ['piscinas', 'pools'])], known)).toEqual([]);
  });

  it('refuses a strings file of a language the site does not list, and compares no categories with it', () => {
    const es = strings('es', ['piscinas', 'piscinas']);
    const en = strings('en', ['piscinas', 'pools']);
    const findings = checkStrings([es, en, strings('fr', ['agua', 'eau'])], known);
    expect(found(findings)).toEqual([['fr', undefined, 'E_UNKNOWN_LANGUAGE']]);
  });

  it('rejects a category key or slug given twice in a language, and a key missing from another language', () => {
    const es = strings('es', ['piscinas', 'piscinas'], ['piscinas', 'agua'], ['riego', 'agua'], ['fontaneria', 'fontaneria']);
    const en = strings('en', ['piscinas', 'pools'], ['riego', 'irrigation']);
    const findings = checkStrings([es, en], known);
    expect(found(findings)).toEqual([
      ['es', 'blog.categories.1.key', 'E_DUPLICATE_CATEGORY'],
      ['es', 'blog.categories.2.slug', 'E_DUPLICATE_CATEGORY'],
      ['es', 'blog.categories.3.key', 'E_UNTRANSLATED_CATEGORY'],
    ]);
    expect(findings.at(-1)!.problem.message).toBe('the category "fontaneria" is missing from content/i18n/en.yaml');
  });
});

describe('the rules of site.yaml', () => {
  const site = entry<Site>(
    { languages: ['es', 'en'], brand: 'Marina Hogar', email: 'info@empresa.es', owner: { name: 'Ana' } },
    'site',
    undefined,
    [['owner', 'name']],
  );

  it('refuses a language without its strings file, at its place in the list', () => {
    const german = entry<Site>({ languages: ['es', 'en', 'de'] }, 'site');
    const findings = checkSite([german], known);
    expect(found(findings)).toEqual([['site', 'languages.2', 'E_MISSING_STRINGS']]);
    expect(findings[0]!.problem.message).toBe('"de" has no interface strings: content/i18n/de.yaml is missing');
    expect(checkSite([german], { ...known, stringsFiles: new Set(['es', 'en', 'de']) })).toEqual([]);
  });

  it('asks for the service area in each language, and in none the site does not list', () => {
    const area = (serviceArea: object) => entry<Site>({ languages: ['es', 'en'], serviceArea }, 'site');
    expect(checkSite([area({ es: 'Marina Alta', en: 'Marina Alta' })], known)).toEqual([]);
    expect(found(checkSite([area({ es: 'Marina Alta' })], known))).toEqual([['site', 'serviceArea', 'E_MISSING_IN_LANGUAGE']]);
    expect(found(checkSite([area({ es: 'Marina Alta', en: 'Marina Alta', it: 'Marina Alta' })], known))).toEqual([
      ['site', 'serviceArea.it', 'E_UNKNOWN_LANGUAGE'],
    ]);
  });

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
        site: { languages: ['es', 'en'], brand: 7 },
        services: [{ slug: { es: 'fontaneros' }, extra: 1 }, { slug: { en: 'plumbers' } }, { slug: {} }, null],
        localities: { localities: [{ slug: 'javea' }, 3] },
        strings: [
          { lang: 'es', parsed: { blog: { categories: [{ key: 'piscinas' }, { name: 'Sin clave' }] } } },
          { lang: 'en', parsed: { blog: 7 } },
        ],
        airConditioning: { slug: { es: 'aire-acondicionado', en: 'air-conditioning' } },
      },
      new Set(),
      false,
    );
    expect(k.languages).toEqual(['es', 'en']);
    expect([...k.stringsFiles]).toEqual(['es', 'en']);
    expect([...k.services]).toEqual(['fontaneros']);
    expect(k.localities.has('javea')).toBe(true);
    expect([...k.categories]).toEqual(['piscinas']);
    expect(k.airConditioning).toBe('aire-acondicionado');
  });

  it('keys services and air conditioning by their slug in the first language the site lists', () => {
    const k = knownOf(
      {
        site: { languages: ['en', 'es'] },
        services: [{ slug: { es: 'fontaneros', en: 'plumbers' } }],
        localities: undefined,
        strings: [],
        airConditioning: { slug: { es: 'aire-acondicionado', en: 'air-conditioning' } },
      },
      new Set(),
      false,
    );
    expect([...k.services]).toEqual(['plumbers']);
    expect(k.airConditioning).toBe('air-conditioning');
  });

  it('knows no languages while site.yaml lists none validly, and then refuses no block for its language', () => {
    const k = knownOf(
      { site: { languages: 'es' }, services: [], localities: undefined, strings: [], airConditioning: undefined },
      new Set(),
      false,
    );
    expect(k.languages).toEqual([]);
    const local = { seoTitle: '', seoDescription: '', heroDescription: '', intro: '', closing: '' };
    const service = entry<ServiceEntry>({ slug: { fr: 'plombiers' }, image: 'pool.svg', fr: { local, sections: [] } }, 'a');
    expect(checkServices([service], { ...known, languages: [] })).toEqual([]);
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
