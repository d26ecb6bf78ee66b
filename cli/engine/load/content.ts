import { readdir } from 'node:fs/promises';
import { basename, join, sep } from 'node:path';
import type { z } from 'zod';
import { ContentError, excerpt, type ContentIssue } from '../../site/issues.ts';
import { outsideLink } from '../../support/stat.ts';
import { readContentText, sizeLimits } from './guarded-read.ts';
import { loadImages } from './images.ts';
import { inspectPhotos, type PhotoUse } from '../photos/inspect.ts';
import { projectSchema } from '../../site/schema/project.ts';
import { reviewSchema, type Review } from '../../site/schema/review.ts';
import { loadMarkdown, loadYaml, type ParsedFile, type ParsedFiles, type PreviousParse, type Source } from './parse.ts';
import { fillDouble, unknownPlaceholders } from '../../site/placeholders.ts';
import { nearestLocalities } from '../../site/geo.ts';
import { localPlaceholders, type Content, type MarkdownPage, type Photo, type Place, type ProjectSource } from '../../site/model.ts';
import type { MarkdownText } from '../render/markdown-batch.ts';
import { langs, type Lang } from '../../site/lang.ts';
import { byCodeUnits } from '../../site/order.ts';
import { photoRef } from '../../site/schema/common.ts';
import { localFileSchema, type LocalTexts } from '../../site/schema/local.ts';
import { localitiesFileSchema } from '../../site/schema/locality.ts';
import { legalFrontMatterSchema, postFrontMatterSchema } from '../../site/schema/post.ts';
import { airConditioningSchema, serviceSchema, type Service } from '../../site/schema/service.ts';
import { exampleValues, siteSchema, type Site } from '../../site/schema/site.ts';
import { stringsSchema } from '../../site/schema/strings.ts';
import { digest } from '../../support/files.cjs';
import { markdownFileAt, markdownFolders, type MarkdownFolder } from '../../site/markdown-paths.ts';
import { validate, valueAt } from './validate.ts';

export interface LoadOptions {
  /** Content files parsed, validated or inspected by the previous build (read), and this build's (filled). */
  parsed?: PreviousParse & { next: ParsedFiles };
  /** Refuse the example values of site.yaml, and entries marked `example: true`. */
  strict?: boolean;
  /** Whether a photo's files are already encoded: its data is then known to decode (photos/inspect.ts). */
  photoEncoded?: (photo: Photo) => boolean;
  /** Told each post's and legal text's Markdown as it is read, by the hash it is cached under, to start rendering it. */
  onMarkdown?: (text: MarkdownText) => void;
  /**
   * The page each parsed entry gave, kept by a dev session: it hands every build the entries of
   * its last one, and an unchanged file's entry is that very object, so its page is the same too,
   * not copied again. A one-off build keeps none: 4,000 weak entries only slow its collections.
   */
  pages?: WeakMap<ParsedFile, MarkdownPage>;
}

/**
 * Loads and validates the whole content folder. Every problem of the run is collected and
 * thrown together as one ContentError.
 */
export async function loadContent(contentDir: string, options: LoadOptions = {}): Promise<Content> {
  const issues: ContentIssue[] = [];
  const yaml = <S extends z.ZodType>(file: string, schema: S) => {
    const source = loadYaml(contentDir, file, issues, options.parsed);
    if (!source) return undefined;
    const entry = source.cacheEntry;
    const data = entry.valid !== undefined ? (entry.valid as z.infer<S>) : validate(schema, source, issues);
    options.parsed?.next.set(file, data === undefined ? entry : { ...entry, valid: data });
    return { source, data };
  };

  const [site, localitiesFile, airConditioning, stringsEs, stringsEn, serviceFiles, images] = await Promise.all([
    yaml('site.yaml', siteSchema),
    yaml('localities.yaml', localitiesFileSchema),
    yaml('air-conditioning.yaml', airConditioningSchema),
    yaml('i18n/es.yaml', stringsSchema),
    yaml('i18n/en.yaml', stringsSchema),
    listFiles(contentDir, 'services', '.yaml', issues).then((files) => files.map((f) => yaml(f, serviceSchema))),
    loadImages(join(contentDir, 'images'), issues, contentDir),
  ]);

  const checkImage = (source: Pick<Source, 'issue'>, path: PropertyKey[], name: string | undefined) => {
    if (name !== undefined && !images.has(name)) issues.push(source.issue(path, `image "${name}" is not in ${join(contentDir, 'images')}`));
  };

  if (site?.data && options.strict) {
    const known = exampleValues.filter(({ path, test }) => test(valueAt(site.data, path))).map(({ path }) => path);
    const marked = site.source.markedPaths(/^\s*example\b/);
    const paths = new Map([...known, ...marked].map((path) => [path.join('.'), path]));
    for (const path of paths.values()) {
      const value = JSON.stringify(valueAt(site.data, path));
      issues.push(site.source.issue(path, `still the example value ${value}; set the company's real value before publishing`));
    }
  }

  const listed = localitiesFile?.data?.localities ?? [];
  const localities: Place[] = listed.map((l) => ({ ...l, nearby: nearestLocalities(l, listed, 3) }));
  if (localitiesFile)
    uniqueBy(
      localities,
      (l) => l.slug,
      (i) => issues.push(localitiesFile.source.issue(['localities', i, 'slug'], 'duplicate locality slug')),
    );
  const rawLocalities = valueAt(localitiesFile?.source.data, ['localities']);
  const localitySlugs = new Set(Array.isArray(rawLocalities) ? rawLocalities.map((l) => valueAt(l, ['slug'])) : []);

  // Every photo some content shows, with the place that names it: each is checked and encoded once.
  const photoUses: PhotoUse[] = [];
  const services: Service[] = [];
  for (const file of serviceFiles) {
    if (!file?.data) continue;
    const { source, data } = file;
    for (const lang of langs) {
      const twin = services.find((s) => s.slug[lang] === data.slug[lang]);
      if (twin) issues.push(source.issue(['slug', lang], `"${data.slug[lang]}" is already the slug of another service`));
      for (const key of ['seoTitle', 'seoDescription', 'heroDescription', 'intro', 'closing'] as const) {
        for (const name of unknownPlaceholders(data[lang].local[key], localPlaceholders)) {
          issues.push(
            source.issue([lang, 'local', key], `unknown placeholder {${name}}; use ${localPlaceholders.map((p) => `{${p}}`).join(', ')}`),
          );
        }
      }
      data[lang].sections.forEach((section, i) =>
        section.gallery?.forEach((g, j) => {
          const at = [lang, 'sections', i, 'gallery', j];
          checkImage(source, [...at, 'image'], g.image);
          if (g.photo) photoUses.push({ name: g.photo, report: (m) => issues.push(source.issue([...at, 'photo'], m)) });
        }),
      );
    }
    checkImage(source, ['image'], data.image);
    services.push(data);
  }
  services.sort((a, b) => a.order - b.order);
  // Slugs come from the raw files too, so one invalid service file does not cascade into
  // "unknown service" errors in every post that names it.
  const serviceSlugs = new Set(serviceFiles.map((f) => valueAt(f?.source.data, ['slug', 'es'])).filter((s) => typeof s === 'string'));
  // Where posts, jobs and reviews name a service or a locality, it must be one the site has.
  const checkService = (source: Pick<Source, 'issue'>, path: PropertyKey[], slug: string) => {
    if (!serviceSlugs.has(slug))
      issues.push(source.issue(path, `no service has the Spanish slug "${slug}"; use one of ${[...serviceSlugs].join(', ')}`));
  };
  const checkLocality = (source: Pick<Source, 'issue'>, path: PropertyKey[], slug: string) => {
    if (!localitySlugs.has(slug)) issues.push(source.issue(path, `"${slug}" is not a locality in localities.yaml`));
  };

  if (airConditioning?.data) {
    const { source, data } = airConditioning;
    if (!serviceSlugs.has(data.parent)) issues.push(source.issue(['parent'], `no service has the Spanish slug "${data.parent}"`));
    checkImage(source, ['image'], data.image);
  }

  // What each trade means in each town: one file per service (and air conditioning), by Spanish slug.
  const families = new Set([...serviceSlugs, ...(airConditioning?.data ? [airConditioning.data.slug.es] : [])]);
  const localTexts: Record<string, LocalTexts> = {};
  for (const file of await listFiles(contentDir, 'local', '.yaml', issues)) {
    const family = basename(file, '.yaml');
    const loaded = yaml(file, localFileSchema);
    if (!loaded?.data) continue;
    if (!families.has(family)) {
      issues.push({
        file: join(contentDir, file),
        message: `"${family}" is not the Spanish slug of a service or of air conditioning; name the file after one of ${[...families].join(', ')}`,
      });
      continue;
    }
    for (const slug of Object.keys(loaded.data)) checkLocality(loaded.source, [slug], slug);
    localTexts[family] = loaded.data;
  }

  const posts = await loadPairs(contentDir, 'blog', postFrontMatterSchema, issues, options, {
    check(page, source) {
      checkService(source, ['service'], page.service);
      page.localities.forEach((slug, i) => checkLocality(source, ['localities', i], slug));
      checkImage(source, ['image'], page.image);
    },
  });
  for (const lang of langs) posts[lang].sort((a, b) => byCodeUnits(b.date, a.date) || byCodeUnits(a.slug, b.slug));

  // Finished jobs and reviews: made-up ones (`example: true`) never reach a strict build.
  const refuseExample = (source: Source, entry: { example?: boolean }, what: string) => {
    if (options.strict && entry.example)
      issues.push(source.issue(['example'], `this ${what} is marked as an example: publish only real ${what}s, and delete this file`));
  };
  const knownPlace = (source: Source, entry: { service: string; locality: string }) => {
    checkService(source, ['service'], entry.service);
    checkLocality(source, ['locality'], entry.locality);
  };
  const projects: ProjectSource[] = [];
  for (const file of await listFiles(contentDir, 'projects', '.yaml', issues)) {
    const loaded = yaml(file, projectSchema);
    // Photos named by an invalid job are still checked, so that one run reports every problem.
    const named = loaded && valueAt(loaded.source.data, ['photos']);
    if (Array.isArray(named))
      named.forEach((photo, i) => {
        const name = valueAt(photo, ['file']);
        if (photoRef.safeParse(name).success)
          photoUses.push({ name: name as string, report: (m) => issues.push(loaded!.source.issue(['photos', i, 'file'], m)) });
      });
    if (!loaded?.data) continue;
    const { source, data } = loaded;
    refuseExample(source, data, 'job');
    knownPlace(source, data);
    for (const lang of langs) {
      if (projects.some((p) => p[lang].slug === data[lang].slug))
        issues.push(source.issue([lang, 'slug'], `"${data[lang].slug}" is already the slug of another job`));
    }
    projects.push({ ...data, file: source.file });
  }
  projects.sort((a, b) => byCodeUnits(b.date, a.date) || byCodeUnits(a.es.slug, b.es.slug));
  const reviews: Review[] = [];
  for (const file of await listFiles(contentDir, 'reviews', '.yaml', issues)) {
    const loaded = yaml(file, reviewSchema);
    if (!loaded?.data) continue;
    refuseExample(loaded.source, loaded.data, 'review');
    knownPlace(loaded.source, loaded.data);
    reviews.push(loaded.data);
  }
  reviews.sort((a, b) => byCodeUnits(b.date, a.date) || a.author.localeCompare(b.author));
  const photos = await inspectPhotos(join(contentDir, 'photos'), photoUses, issues, {
    isCached: options.photoEncoded,
    parsed: options.parsed,
  });

  const legal = await loadPairs(contentDir, 'legal', legalFrontMatterSchema, issues, options, {
    body: site?.data && fillLegal(legalPlaceholderValues(site.data), issues),
  });

  const published = readPublished(contentDir, issues);
  if (issues.length > 0 || !site?.data || !airConditioning?.data || !stringsEs?.data || !stringsEn?.data) {
    throw new ContentError(issues);
  }
  return {
    site: site.data,
    strings: { es: stringsEs.data, en: stringsEn.data },
    services,
    airConditioning: airConditioning.data,
    localities,
    localTexts,
    published,
    posts,
    legal,
    images,
    photos,
    projects,
    reviews,
  };
}

/** Where a Markdown file's problems are reported. */
type Locator = Pick<Source, 'issue' | 'file'>;

interface PairPage {
  slug: string;
  counterpart: string;
}

interface PairHooks<S extends z.ZodType<PairPage>> {
  check?: (page: z.infer<S>, source: Locator) => void;
  /** Rewrites the Markdown body before it is rendered. */
  body?: (text: string, page: z.infer<S> & { lang: Lang }, source: Locator, bodyLine: number) => string;
}

/**
 * Loads content/<folder>/{es,en}/*.md: front matter validated, slug equal to the file name, and
 * each page's counterpart in the other language pointing back at it.
 */
async function loadPairs<S extends z.ZodType<PairPage>>(
  contentDir: string,
  folder: MarkdownFolder,
  schema: S,
  issues: ContentIssue[],
  options: LoadOptions,
  hooks: PairHooks<S>,
): Promise<Record<Lang, (z.infer<S> & MarkdownPage)[]>> {
  const pages: Record<Lang, { page: z.infer<S> & MarkdownPage; source: Locator }[]> = { es: [], en: [] };
  for (const lang of langs) {
    for (const file of await listFiles(contentDir, join(folder, lang), '.md', issues)) {
      const loaded = loadPage(contentDir, file, lang, schema, issues, options, hooks);
      if (loaded) pages[lang].push(loaded);
    }
  }
  const bySlug = { es: new Map(pages.es.map((p) => [p.page.slug, p.page])), en: new Map(pages.en.map((p) => [p.page.slug, p.page])) };
  for (const lang of langs) {
    const other = lang === 'es' ? 'en' : 'es';
    for (const { page, source } of pages[lang]) {
      const twin = bySlug[other].get(page.counterpart);
      if (!twin)
        issues.push(
          source.issue(['counterpart'], `no ${other} page in ${join(contentDir, folder, other)} has the slug "${page.counterpart}"`),
        );
      else if (twin.counterpart !== page.slug)
        issues.push(
          source.issue(['counterpart'], `"${page.counterpart}" names "${twin.counterpart}" as its counterpart, not "${page.slug}"`),
        );
    }
  }
  return { es: pages.es.map((p) => p.page), en: pages.en.map((p) => p.page) };
}

/** One Markdown file of a pair folder in `lang`: its front matter validated, its slug the file's name. */
function loadPage<S extends z.ZodType<PairPage>>(
  contentDir: string,
  file: string,
  lang: Lang,
  schema: S,
  issues: ContentIssue[],
  { parsed, onMarkdown, pages: pageOf }: LoadOptions,
  hooks: PairHooks<S>,
): { page: z.infer<S> & MarkdownPage; source: Locator } | undefined {
  type Page = z.infer<S> & MarkdownPage;
  const md = loadMarkdown(contentDir, file, issues, parsed);
  const front = md && ((md.cached?.data as z.infer<S> | undefined) ?? validate(schema, md.frontMatter, issues));
  if (!md || !front) return undefined;
  if (front.slug !== basename(file, '.md')) {
    issues.push(md.frontMatter.issue(['slug'], `"${front.slug}" must match the file name ${basename(file)}`));
    return undefined;
  }
  const frontMatterHash = md.cached?.dataHash ?? digest(front);
  const entry = md.unchanged ?? {
    hash: md.hash,
    ...md.times,
    data: front,
    dataHash: frontMatterHash,
    bodyLine: md.bodyLine,
  };
  parsed?.next.set(file, entry);
  // Positions are parsed only when there is a problem to point at.
  const source: Locator = {
    get file() {
      return join(contentDir, file);
    },
    issue: (path, message) => md.frontMatter.issue(path, message),
  };
  hooks.check?.(front, source);
  // The file's hash stands for the body, unless the body was rewritten from other content.
  const body = hooks.body?.(md.body, { ...front, lang }, source, md.bodyLine);
  const sourceHash = body === undefined || body === md.body ? md.hash : digest([md.hash, body]);
  const bodyAt = { file: join(contentDir, file), line: md.bodyLine };
  onMarkdown?.({ hash: sourceHash, markdown: body ?? md.body, lang, ...bodyAt });
  let page = body === undefined ? (pageOf?.get(entry) as Page | undefined) : undefined;
  if (!page) {
    page = { ...front, lang, frontMatterHash, sourceHash, bodyAt } as Page;
    // Not enumerable: copies of the page (withHtml) must not read a body the build may not need.
    Object.defineProperty(page, 'markdown', body === undefined ? { get: () => md.body } : { value: body });
    if (body === undefined) pageOf?.set(entry, page);
  }
  return { page, source };
}

/**
 * The content `last` was loaded from, with the posts and legal texts among `changed` (paths in the
 * content folder) read again: for a dev session, whose watcher names every file that changed since
 * `last`. Undefined unless each changed content file is a post or legal text `last` had, still valid
 * and with the same front matter: then nothing else can differ, since lists, links and checks read
 * only front matter, and the 4,000 other files need not be looked at. Otherwise loadContent reads
 * everything and reports what is wrong.
 */
export function reloadBodies(
  contentDir: string,
  last: Content,
  changed: ReadonlySet<string>,
  options: LoadOptions & { parsed: NonNullable<LoadOptions['parsed']> },
): Content | undefined {
  const { previous, next } = options.parsed;
  const issues: ContentIssue[] = [];
  const edited: ParsedFiles = new Map();
  const replaced = new Map<MarkdownPage, MarkdownPage>();
  const into = { ...options, parsed: { ...options.parsed, next: edited } };
  const legalHooks = { body: fillLegal(legalPlaceholderValues(last.site), issues) };
  for (const file of changed) {
    if (file.startsWith(`..${sep}`)) continue; // a template: not content
    const markdownFile = markdownFileAt(file);
    if (!previous.has(file) || !markdownFile) return undefined;
    const { folder, lang, slug } = markdownFile;
    const lastPage = (folder === 'blog' ? last.posts : last.legal)[lang].find((p) => p.slug === slug);
    const loaded =
      folder === 'blog'
        ? loadPage(contentDir, file, lang, postFrontMatterSchema, issues, into, {})
        : loadPage(contentDir, file, lang, legalFrontMatterSchema, issues, into, legalHooks);
    if (!loaded || !lastPage || issues.length > 0 || loaded.page.frontMatterHash !== lastPage.frontMatterHash) return undefined;
    replaced.set(lastPage, loaded.page);
  }
  for (const [file, entry] of previous) next.set(file, edited.get(file) ?? entry);
  const swap = <P extends MarkdownPage>(pages: Record<Lang, P[]>) => ({
    es: pages.es.map((p) => (replaced.get(p) as P | undefined) ?? p),
    en: pages.en.map((p) => (replaced.get(p) as P | undefined) ?? p),
  });
  return { ...last, posts: swap(last.posts), legal: swap(last.legal) };
}

/** The body hook of legal texts: their {{placeholders}} filled with the site's values, unknown ones reported. */
function fillLegal(values: Record<Lang, Record<string, string>>, issues: ContentIssue[]) {
  return (text: string, page: { lang: Lang }, source: Locator, bodyLine: number) => {
    const filled = fillDouble(text, values[page.lang]);
    for (const { name, line } of filled.unknown) {
      const known = Object.keys(values.es)
        .map((k) => `{{${k}}}`)
        .join(', ');
      issues.push({ file: source.file, line: bodyLine + line - 1, message: `unknown placeholder {{${name}}}; use ${known}` });
    }
    return filled.text;
  };
}

function legalPlaceholderValues(site: Site): Record<Lang, Record<string, string>> {
  const common = {
    brand: site.brand,
    email: site.email,
    phone: site.phone.display,
    baseUrl: site.baseUrl,
    serviceArea: site.serviceArea,
    'owner.name': site.owner.name,
    'owner.nif': site.owner.nif,
    'owner.address': site.owner.address,
  };
  return {
    es: { ...common, 'owner.registry': site.owner.registry ?? 'no inscrito en el Registro Mercantil' },
    en: { ...common, 'owner.registry': site.owner.registry ?? 'not registered in the Commercial Registry' },
  };
}

/** How many Markdown files (posts and legal texts) the content folder holds, without reading them. */
export async function countMarkdown(contentDir: string): Promise<number> {
  const folders = markdownFolders.flatMap((folder) => langs.map((lang) => join(folder, lang)));
  const lists = await Promise.all(folders.map((folder) => listFiles(contentDir, folder, '.md')));
  return lists.reduce((sum, files) => sum + files.length, 0);
}

/**
 * The files of a content folder with an extension, relative to `root`. The folder is left out
 * when it is a link that leads outside the content folder; its files are checked as they are read.
 */
async function listFiles(root: string, folder: string, extension: string, issues: ContentIssue[] = []): Promise<string[]> {
  const leak = outsideLink(root, join(root, folder));
  if (leak) {
    issues.push({ file: join(root, folder), message: leak });
    return [];
  }
  const entries = await readdir(join(root, folder), { withFileTypes: true }).catch(() => []);
  // Joined by hand (`folder` is normalized, a name holds no separator): path.join for each of
  // 4,000 posts made ~6 MB of garbage on every dev rebuild.
  const files: string[] = [];
  for (const entry of entries) if (entry.name.endsWith(extension)) files.push(`${folder}${sep}${entry.name}`);
  return files.sort();
}

function uniqueBy<T>(items: T[], key: (item: T) => string, onDuplicate: (index: number) => void): void {
  const seen = new Set<string>();
  items.forEach((item, i) => (seen.has(key(item)) ? onDuplicate(i) : seen.add(key(item))));
}

/** The list of every path the site has published, kept by the build (write/published-urls.ts). */
const publishedFile = 'published-urls.txt';

/** A path as a page or alias has it; anything else on a line of the list is a mistake (or not the list at all). */
const publishedPath = /^\/[^\s\p{Cc}]*$/u;

/** The list of published paths, one a line: every line that is not a path, a # comment or blank is reported. */
function readPublished(contentDir: string, issues: ContentIssue[]): Content['published'] {
  const file = join(contentDir, publishedFile);
  const read = readContentText(contentDir, file, sizeLimits.list);
  if ('issue' in read) {
    if (!read.missing) issues.push(read.issue);
    return { file, paths: [] };
  }
  const paths = read.text.split('\n').map((line) => line.trim());
  paths.forEach((line, i) => {
    if (line && !line.startsWith('#') && !publishedPath.test(line))
      issues.push({
        file,
        line: i + 1,
        column: 1,
        message: `${excerpt(line)} is not a path: each line is a path that starts with /, or a comment that starts with #`,
      });
  });
  return { file, paths };
}
