import { readdir } from 'node:fs/promises';
import { basename, join, sep } from 'node:path';
import type { z } from 'zod';
import { type Entry, knownOf, type Path } from '../../site/checks/entry.ts';
import { notPaths } from '../../site/checks/published.ts';
import { localTextFamilies } from '../../site/checks/services.ts';
import {
  type Collection,
  type CollectionFiles,
  type CollectionName,
  collections,
  imagesFolder,
  languageAt,
  pathIn,
  perLanguage,
} from '../../site/collections.ts';
import { errors, type Problem } from '../../site/errors.ts';
import { ContentError, type ContentIssue } from '../../site/issues.ts';
import { linkProblem, readContentText, sizeLimits } from './guarded-read.ts';
import { loadImages } from './images.ts';
import { loadMarkdown, loadYaml, type MarkdownFile, type ParsedFile, type ParsedFiles, type PreviousParse, type Source } from './parse.ts';
import { type MarkdownWords, setSource } from './page-sources.ts';
import { fillDouble } from '../../site/placeholders.ts';
import { nearestLocalities } from '../../site/geo.ts';
import type { AirConditioningPage, Content, MarkdownPage, Photo, Place, ProjectSource, Service } from '../../site/model.ts';
import type { Lang } from '../../site/lang.ts';
import { byCodeUnits } from '../../site/order.ts';
import type { LocalTexts } from '../../site/schema/local.ts';
import type { Site } from '../../site/schema/site.ts';
import type { Strings } from '../../site/schema/strings.ts';
import { digest } from '../../support/files.cjs';
import { markdownFolders } from '../../site/markdown-paths.ts';
import { validate } from './validate.ts';

/**
 * A post's or legal text's Markdown as loaded, to render: its source, the hash that names it, its language (what its
 * footnotes and tables say), and the file and line where it starts, which problems and failures
 * in it name.
 */
export interface MarkdownText {
  hash: string;
  markdown: string;
  lang: Lang;
  words: MarkdownWords;
  file: string;
  line: number;
}

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
  /** The content folder as listed already (listContent), to count its Markdown before it loads: not listed again. */
  listing?: ContentListing;
}

/**
 * Checks the photos that content names (photos/inspect.ts, handed in by engine/content.ts: photos
 * are a stage after loading), each use told of a photo that is missing, other problems to `issues`.
 */
export type InspectPhotos = (
  photosDir: string,
  uses: { name: string; report: () => void }[],
  issues: ContentIssue[],
  options: { isCached?: (photo: Photo) => boolean; parsed?: LoadOptions['parsed'] },
) => Promise<Map<string, Photo>>;

/**
 * One file of a collection as the loader read it: what its parse gave, valid or not, and its data
 * once the schema passed it. A class: a load makes one for each of thousands of posts.
 */
class ContentFile implements Entry<unknown> {
  constructor(
    private readonly root: string,
    /** Its path in the content folder. */
    readonly path: string,
    readonly lang: Lang | undefined,
    /** What its parse gave (for Markdown, the front matter). */
    readonly parsed: unknown,
    /** As the schema returned it; undefined when invalid. */
    readonly data: unknown,
    /** Where its problems are located: for Markdown, the front matter, parsed only when there is one. */
    private readonly located: Source | MarkdownFile,
    readonly page?: MarkdownPage,
  ) {}

  get file(): string {
    return join(this.root, this.path);
  }

  get name(): string {
    const name = basename(this.path);
    return name.slice(0, name.lastIndexOf('.'));
  }

  private get source(): Source {
    return 'frontMatter' in this.located ? this.located.frontMatter : this.located;
  }

  commentedPaths(pattern: RegExp): Path[] {
    return this.source.markedPaths(pattern);
  }

  /** The problem at `path` of its data, or of the whole file without one. */
  issue(path: Path | undefined, problem: Problem): ContentIssue {
    return path ? this.source.issue(path, problem) : { file: this.file, ...problem };
  }
}

type DataOf<N extends CollectionName> = z.infer<Extract<(typeof collections)[number], { name: N }>['schema']>;

/**
 * Loads the whole content folder, collection by collection (site/collections.ts): lists each one's
 * files, reads and parses them (parse.ts), validates them against its schema, then runs each one's
 * rules between files (site/checks/) and inspects the photos they name. Every problem of the run is
 * collected and thrown together as one ContentError.
 */
export async function loadContentWith(contentDir: string, inspectPhotos: InspectPhotos, options: LoadOptions = {}): Promise<Content> {
  const issues: ContentIssue[] = [];
  const imageIssues: ContentIssue[] = [];
  // The images (their SVGs cleaned) before the files are parsed, also with a listing handed over:
  // cleaning them after the YAML raised the real site's cold build's peak memory by ~5 MiB.
  const [images, listing] = await Promise.all([
    loadImages(join(contentDir, imagesFolder), imageIssues, contentDir, options.parsed),
    options.listing ?? listContent(contentDir),
  ]);
  issues.push(...listing.links);
  const listed = await Promise.all(collections.map((c) => listCollection(contentDir, c, listing.names)));

  const read = {} as Record<CollectionName, ContentFile[]>;
  const readAll = (format: 'yaml' | 'markdown-frontmatter', each: (c: Collection, file: string, lang?: Lang) => ContentFile | undefined) =>
    collections.forEach((c, i) => {
      if (c.files.format !== format) return;
      const files: ContentFile[] = [];
      for (const { lang, paths } of listed[i]!)
        for (const path of paths) {
          const file = each(c, path, lang);
          if (file) files.push(file);
        }
      read[c.name] = files;
    });
  const valid = <N extends CollectionName>(name: N) =>
    read[name].filter((f) => f.data !== undefined) as (ContentFile & { data: DataOf<N> })[];

  // YAML first: legal texts are filled with values of site.yaml and the strings as they are read,
  // and a page's key is its slug in the site's first language.
  readAll('yaml', (c, file, lang) => readYaml(contentDir, file, lang, c.schema, issues, options.parsed));
  const site = valid('site')[0]?.data;
  const strings: Record<Lang, Strings> = {};
  for (const f of valid('strings')) if (f.lang) strings[f.lang] = f.data;
  const bodies: Partial<Record<CollectionName, PageBody>> = { legal: site && fillLegal(legalPlaceholderValues(site, strings), issues) };
  const first = site?.languages[0];
  // A text's HTML depends on its language's words too: their hash joins each text's.
  const wordsOf = new Map(Object.entries(strings).map(([lang, s]) => [lang, { words: s.markdown, tag: digest(s.markdown).slice(0, 12) }]));
  readAll('markdown-frontmatter', (c, file, lang) =>
    readPage(contentDir, file, { lang: lang!, first, ...wordsOf.get(lang!) }, c.schema, issues, options, bodies[c.name as CollectionName]),
  );

  issues.push(...imageIssues);
  const airConditioning = valid('airConditioning')[0]?.data;
  const parsedOf = (name: CollectionName) => read[name].map((f) => f.parsed);
  const known = knownOf(
    {
      site: parsedOf('site')[0],
      services: parsedOf('services'),
      localities: parsedOf('localities')[0],
      strings: read.strings.map((f) => ({ lang: f.lang, parsed: f.parsed })),
      airConditioning,
    },
    images,
    options.strict === true,
  );
  // Every photo some content names, with the place that names it: each is checked and encoded once.
  const photoUses: Parameters<InspectPhotos>[1] = [];
  for (const c of collections as readonly Collection[]) {
    for (const { entry, path, problem } of c.check?.(valid(c.name as CollectionName), known) ?? [])
      issues.push((entry as ContentFile).issue(path, problem));
    if (c.photos)
      for (const file of read[c.name as CollectionName])
        for (const { path, name } of c.photos(file.parsed))
          photoUses.push({ name, report: () => issues.push(file.issue(path, errors.MissingPhoto(name))) });
  }
  const photos = await inspectPhotos(join(contentDir, 'photos'), photoUses, issues, {
    isCached: options.photoEncoded,
    parsed: options.parsed,
  });
  const published = readPublished(contentDir, issues);

  if (issues.length > 0 || !site || !airConditioning || first === undefined) throw new ContentError(distinct(issues));

  const listedLocalities = valid('localities')[0]?.data.localities ?? [];
  const families = localTextFamilies(known);
  const localTexts: Record<string, LocalTexts> = {};
  for (const f of valid('localTexts')) if (families.has(f.name)) localTexts[f.name] = f.data;
  const pagesOf = <N extends 'posts' | 'legal'>(name: N) => {
    const pages = Object.fromEntries(site.languages.map((lang) => [lang, []])) as Record<Lang, (DataOf<N> & MarkdownPage)[]>;
    for (const f of valid(name)) pages[f.lang!]!.push(f.page as DataOf<N> & MarkdownPage);
    return pages;
  };
  const posts = pagesOf('posts');
  for (const list of Object.values(posts)) list.sort((a, b) => byCodeUnits(b.date, a.date) || byCodeUnits(a.slug, b.slug));
  return {
    site,
    strings,
    services: valid('services')
      .map((f) => ({ ...f.data, key: f.data.slug[first]! }) as Service)
      .sort((a, b) => a.order - b.order),
    airConditioning: { ...airConditioning, key: airConditioning.slug[first]! } as AirConditioningPage,
    localities: listedLocalities.map((l) => ({ ...l, nearby: nearestLocalities(l, listedLocalities, 3) }) as Place),
    localTexts,
    published,
    posts,
    legal: pagesOf('legal'),
    images,
    photos,
    projects: valid('projects')
      .map((f) => ({ ...f.data, key: f.data[first]!.slug, file: f.file }) as ProjectSource)
      .sort((a, b) => byCodeUnits(b.date, a.date) || byCodeUnits(a.key, b.key)),
    reviews: valid('reviews')
      .map((f) => f.data)
      .sort((a, b) => byCodeUnits(b.date, a.date) || a.author.localeCompare(b.author)),
  };
}

/** The files of a collection, by language, as paths in the content folder. */
function listCollection(contentDir: string, { files }: Collection, listing: Listing) {
  return Promise.all(
    (perLanguage(files) ? languagesListed(files, listing) : [undefined]).map(async (lang) => {
      const at = join(...pathIn(files, lang ?? '').split('/'));
      return { lang, paths: 'file' in files ? [at] : await listFiles(contentDir, at, `.${files.extension}`, listing) };
    }),
  );
}

/**
 * The languages a collection kept per language has a file or folder for, as listed: those of the
 * site and any other, which checks/languages.ts names. Read before site.yaml is, from the listing.
 */
function languagesListed(files: CollectionFiles, listing: Listing): Lang[] {
  const before = ('file' in files ? files.file : files.folder).split('{lang}')[0]!;
  const parent = before.replace(/\/$/, '');
  const names = listing.get(parent ? join(...parent.split('/')) : '') ?? [];
  return names.flatMap((name) => languageAt(files, `${before}${name}`) ?? []).sort();
}

/** The names in each folder of the content folder, by its path there ('' for the folder itself). */
type Listing = Map<string, string[]>;

/** The content folder as listContent found it: its names, and the problems of its links. */
export interface ContentListing {
  names: Listing;
  links: ContentIssue[];
}

/**
 * Lists the whole content folder without following links, and reports every link in it that
 * leads outside it, or to nothing, used or not: whatever follows links there (an editor's write,
 * a watcher, a later collection) would reach the repository or the rest of the disk.
 */
export async function listContent(root: string): Promise<ContentListing> {
  const listing: Listing = new Map();
  const links: ContentIssue[] = [];
  const visit = async (folder: string): Promise<void> => {
    const entries = await readdir(folder ? join(root, folder) : root, { withFileTypes: true }).catch(() => []);
    const names: string[] = [];
    const inside: Promise<void>[] = [];
    for (const entry of entries) {
      names.push(entry.name);
      if (!entry.isDirectory() && !entry.isSymbolicLink()) continue;
      const path = folder ? `${folder}${sep}${entry.name}` : entry.name;
      if (entry.isDirectory()) inside.push(visit(path));
      else {
        const leak = linkProblem(root, join(root, path));
        if (leak) links.push(leak);
      }
    }
    listing.set(folder, names);
    await Promise.all(inside);
  };
  await visit('');
  return { names: listing, links: links.sort((a, b) => byCodeUnits(a.file, b.file)) };
}

/** `issues` without repeats: a link outside is reported by the listing and again by the read that refuses it. */
function distinct(issues: ContentIssue[]): ContentIssue[] {
  const seen = new Set<string>();
  return issues.filter((issue) => {
    const key = JSON.stringify([issue.file, issue.line, issue.column, issue.code, issue.message]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A YAML file of a collection: parsed, validated unless a previous build validated this very text, cached. */
function readYaml(
  contentDir: string,
  file: string,
  lang: Lang | undefined,
  schema: z.ZodType,
  issues: ContentIssue[],
  parsed: LoadOptions['parsed'],
): ContentFile | undefined {
  const source = loadYaml(contentDir, file, issues, parsed);
  if (!source) return undefined;
  const entry = source.cacheEntry;
  const data = entry.valid !== undefined ? entry.valid : validate(schema, source, issues);
  parsed?.next.set(file, data === undefined ? entry : { ...entry, valid: data });
  return new ContentFile(contentDir, file, lang, source.data, data, source);
}

/** Rewrites a page's Markdown body before it is rendered: `file` and `bodyLine` place its problems. */
type PageBody = (text: string, lang: Lang, file: string, bodyLine: number) => string;

/**
 * One Markdown file of a collection in `lang`: its front matter validated, its page made (keyed by
 * its slug in the site's `first` language), its body sent to render.
 */
function readPage(
  contentDir: string,
  file: string,
  { lang, first, words, tag = '' }: { lang: Lang; first: Lang | undefined; words?: MarkdownWords; tag?: string },
  schema: z.ZodType,
  issues: ContentIssue[],
  { parsed, onMarkdown, pages: pageOf }: LoadOptions,
  rewrite?: PageBody,
): ContentFile | undefined {
  const md = loadMarkdown(contentDir, file, issues, parsed);
  const front = md && (md.cached?.data ?? validate(schema, md.frontMatter, issues));
  if (!md || !front) return undefined;
  const frontMatterHash = md.cached?.dataHash ?? digest(front);
  const entry = md.unchanged ?? {
    hash: md.hash,
    ...md.times,
    data: front,
    dataHash: frontMatterHash,
    bodyLine: md.bodyLine,
  };
  parsed?.next.set(file, entry);
  const bodyAt = { file: join(contentDir, file), line: md.bodyLine };
  // The file's hash stands for the body, unless the body was rewritten from other content.
  const body = rewrite?.(md.body, lang, bodyAt.file, md.bodyLine);
  // Without strings for its language the build fails on that; the text is not rendered.
  if (!words) return new ContentFile(contentDir, file, lang, front, front, md);
  const hash = (body === undefined || body === md.body ? md.hash : digest([md.hash, body])) + tag;
  onMarkdown?.({ hash, markdown: body ?? md.body, lang, words, ...bodyAt });
  let page = body === undefined ? pageOf?.get(entry) : undefined;
  if (!page) {
    page = { ...(front as object), lang } as MarkdownPage;
    setSource(page, { hash, frontMatterHash, bodyAt, words });
    // Not enumerable: copies of the page (withHtml) must not read a body the build may not need.
    Object.defineProperty(page, 'markdown', body === undefined ? { get: () => md.body } : { value: body });
    if (body === undefined) pageOf?.set(entry, page);
  }
  // Set on a kept page too: the site's first language may have changed since it was made.
  const { slug, counterpart } = front as { slug: string; counterpart?: string };
  page.key = lang === first ? slug : (counterpart ?? slug);
  return new ContentFile(contentDir, file, lang, front, front, md, page);
}

/** The body of legal texts: their {{placeholders}} filled with the site's values, unknown ones reported. */
function fillLegal(values: (lang: Lang) => Record<string, string>, issues: ContentIssue[]): PageBody {
  return (text, lang, file, bodyLine) => {
    const filled = fillDouble(text, values(lang));
    for (const { name, line } of filled.unknown) {
      const known = Object.keys(values(lang)).map((k) => `{{${k}}}`);
      issues.push({ file, line: bodyLine + line - 1, ...errors.UnknownPlaceholder(`{{${name}}}`, known) });
    }
    return filled.text;
  };
}

/** The values of a legal text's {{placeholders}} in a language: site.yaml's, and the strings' words for what it lacks. */
function legalPlaceholderValues(site: Site, strings: Record<Lang, Strings>): (lang: Lang) => Record<string, string> {
  const common = {
    brand: site.brand,
    email: site.email,
    phone: site.phone.display,
    baseUrl: site.baseUrl,
    'owner.name': site.owner.name,
    'owner.nif': site.owner.nif,
    'owner.address': site.owner.address,
  };
  return (lang) => ({
    ...common,
    serviceArea: site.serviceArea[lang] ?? '',
    'owner.registry': site.owner.registry ?? strings[lang]?.unregistered ?? '',
  });
}

/** How many Markdown files (posts and legal texts) the content folder holds, from its listing, without reading them. */
export async function countMarkdown(contentDir: string, listing: ContentListing): Promise<number> {
  const folders = markdownFolders.flatMap((folder) =>
    (listing.names.get(folder) ?? []).filter((name) => listing.names.has(join(folder, name))).map((name) => join(folder, name)),
  );
  const lists = await Promise.all(folders.map((folder) => listFiles(contentDir, folder, '.md', listing.names)));
  return lists.reduce((sum, files) => sum + files.length, 0);
}

/**
 * The files of a content folder with an extension, relative to `root`, from `listing` when it has
 * the folder. One that is not there is a link (listContent does not follow them): it is read when
 * it leads inside the content folder, and left out otherwise (listContent reported it). Its files
 * are checked as they are read.
 */
async function listFiles(root: string, folder: string, extension: string, listing?: Listing): Promise<string[]> {
  let names = listing?.get(folder);
  if (!names) {
    const at = join(root, folder);
    names = linkProblem(root, at) ? [] : await readdir(at).catch(() => []);
  }
  // Joined by hand (`folder` is normalized, a name holds no separator): path.join for each of
  // 4,000 posts made ~6 MB of garbage on every dev rebuild.
  const files: string[] = [];
  for (const name of names) if (name.endsWith(extension)) files.push(`${folder}${sep}${name}`);
  return files.sort();
}

/** The list of every path the site has published, kept by the build (write/published-urls.ts). */
const publishedFile = 'published-urls.txt';

/** The list of published paths, one a line: every line that is not a path, a # comment or blank is reported. */
function readPublished(contentDir: string, issues: ContentIssue[]): Content['published'] {
  const file = join(contentDir, publishedFile);
  const read = readContentText(contentDir, file, sizeLimits.list);
  if ('issue' in read) {
    if (!read.missing) issues.push(read.issue);
    return { file, paths: [] };
  }
  const paths = read.text.split('\n').map((line) => line.trim());
  for (const { line, problem } of notPaths(paths)) issues.push({ file, line, column: 1, ...problem });
  return { file, paths };
}
