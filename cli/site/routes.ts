import { dirname, join as joinPath } from 'node:path';
import { type ListPage, pagesOf, postLinks, type PostLinks } from './blog.ts';
import { ContentError, type ContentIssue } from './issues.ts';
import { errors } from './errors.ts';
import type { LegalPage, Place, Post, ProjectPage, SiteModel } from './model.ts';
import { langPrefix, type Lang } from './lang.ts';
import type { Service } from './model.ts';
import { hostPath, servedBy, matchForm } from './served.ts';

interface Base {
  /** The same in every language: the translation key that pairs a page with its counterparts. */
  key: string;
  lang: Lang;
  /** URL path without trailing slash: "/", "/en", "/electricistas/javea". */
  path: string;
  /** Listed in the sitemap and linked with hreflang; false for 404 and form result pages. */
  indexable: boolean;
}

/**
 * One page of a list of posts (blog.ts, pagesOf): its number (0 for the list's first page, else
 * counted from the oldest page, 1), the numbers of the pages of newer and of older posts beside
 * it, and the posts it shows, newest first.
 */
type Listing = Readonly<ListPage<Post>>;

export type Route = Base &
  (
    | { family: 'home' | 'about' | 'contact' | 'projects' | 'air-conditioning' | 'not-found' | 'thanks' | 'send-error' }
    | { family: 'project'; project: ProjectPage }
    | { family: 'service'; service: Service }
    | { family: 'air-conditioning-locality'; locality: Place }
    | { family: 'service-locality'; service: Service; locality: Place }
    /** The blog index (`blog`: its first page, /blog, the newest posts; `blog-page`: the numbered ones, /blog/pagina/1 the oldest). */
    | ({ family: 'blog' } & Listing)
    | ({ family: 'blog-page' } & Listing)
    /**
     * The posts of a category, by its key (`blog-category`: its first page, /blog/categoria/<slug>;
     * `blog-category-page`: the numbered ones, /blog/categoria/<slug>/pagina/1 …). Apart, so that the
     * pages that list the categories (byFamily) do not depend on how many pages each has.
     */
    | ({ family: 'blog-category'; category: string } & Listing)
    | ({ family: 'blog-category-page'; category: string } & Listing)
    | ({ family: 'post'; post: Post } & PostLinks)
    | { family: 'legal'; page: LegalPage }
  );
export type Family = Route['family'];
/** A page of a list of posts. */
export type ListingRoute = Extract<Route, Listing>;

/** Whether a page is one of a list of posts. */
const listingFamilies = new Set<Family>(['blog', 'blog-page', 'blog-category', 'blog-category-page']);
export const isListing = (route: Route): route is ListingRoute => listingFamilies.has(route.family);

/**
 * Whether a page's path is one the site keeps answering (content/published-urls.txt): every
 * indexable page but the numbered pages of a list of posts, which a post removed or backdated
 * can take away.
 */
export const isLasting = (route: Route): boolean => route.indexable && !(isListing(route) && route.page > 0);

/**
 * The posts a page shows besides its own text (a list's cards, a post's neighbours and related
 * posts): what the route map chose for it, which is part of the page as much as its path is.
 */
export function listedPosts(route: Route): readonly Post[] {
  if (isListing(route)) return route.posts;
  if (route.family !== 'post') return [];
  const { older, newer, related } = route;
  return [...(older ? [older] : []), ...(newer ? [newer] : []), ...related];
}

/** The post or legal text whose HTML a page shows in full, if any. */
export const markdownPageOf = (route: Route): Post | LegalPage | undefined =>
  route.family === 'post' ? route.post : route.family === 'legal' ? route.page : undefined;

/** The families reports sample one page of (size, audit): every page family but the form results. */
export const sampledFamilies: Family[] = [
  'home',
  'service',
  'service-locality',
  'air-conditioning',
  'air-conditioning-locality',
  'about',
  'contact',
  'blog',
  'blog-page',
  'blog-category',
  'blog-category-page',
  'post',
  'projects',
  'project',
  'legal',
  'not-found',
];

/** Route keys, so templates ask the map for a page instead of concatenating URLs. */
export const routeKey = {
  home: () => 'home',
  about: () => 'about',
  contact: () => 'contact',
  blog: () => 'blog',
  /**
   * A page of the blog index, or of a category's posts given its key: without a page number (or 0)
   * the list's first page, with its newest posts; else its numbered page, 1 the oldest (blog.ts, pagesOf).
   */
  blogPage: (category?: string, page = 0) => `${category ? `blog/category/${category}` : 'blog'}${page > 0 ? `/page/${page}` : ''}`,
  projects: () => 'projects',
  project: (p: Pick<ProjectPage, 'key'>) => `project/${p.key}`,
  notFound: () => 'not-found',
  thanks: () => 'thanks',
  sendError: () => 'send-error',
  airConditioning: () => 'air-conditioning',
  airConditioningLocality: (l: Pick<Place, 'slug'>) => `air-conditioning/${l.slug}`,
  service: (s: Pick<Service, 'key'>) => `service/${s.key}`,
  serviceLocality: (s: Pick<Service, 'key'>, l: Pick<Place, 'slug'>) => `service/${s.key}/${l.slug}`,
  post: (p: Pick<Post, 'key'>) => `post/${p.key}`,
  /** A legal text, by its key: its slug in the site's first language. */
  legal: (key: string) => `legal/${key}`,
  /** The legal text the cookie-settings links fall back to without JavaScript. */
  cookiePolicy: () => 'legal/politica-cookies',
};

/** The route key of page `n` (0: the first) of the list of posts that `route` is a page of. */
export const listingPageKey = (route: ListingRoute, n: number): string =>
  routeKey.blogPage('category' in route ? route.category : undefined, n);

/** Where a route's HTML goes in the output folder: "/" → index.html, "/a/b" → a/b.html. */
export const outputFile = (path: string): string => (path === '/' ? 'index.html' : `${path.slice(1)}.html`);

/** Every page of the site, computed from content: the spine of the build. */
export class RouteMap {
  readonly routes: Route[] = [];
  /** Old paths and the page that answers each with a 301 (see addRedirects). */
  readonly redirects: { from: string; to: string }[] = [];
  private readonly byKey = new Map<string, Partial<Record<Lang, Route>>>();
  private readonly pathIndex = new Map<string, Route>();
  private readonly families = new Map<string, readonly Route[]>();

  /** The site's languages, the default first (site.yaml `languages`). */
  readonly languages: readonly Lang[];

  constructor(model: SiteModel) {
    const languages = (this.languages = model.site.languages);
    const ac = model.airConditioning;
    const parent = model.services.find((s) => s.key === ac.parent);
    const clashes: string[] = [];
    const add = (route: Route) => {
      const taken = this.pathIndex.get(route.path);
      if (taken) clashes.push(`${route.path} is both the ${taken.family} page "${taken.key}" and the ${route.family} page "${route.key}"`);
      this.pathIndex.set(route.path, route);
      let pair = this.byKey.get(route.key);
      if (!pair) this.byKey.set(route.key, (pair = {}));
      pair[route.lang] = route;
      this.routes.push(route);
    };

    // A page exists in a language where its text does: the strings make the fixed pages of every
    // language, content the others where it has a text in that language (checks/languages.ts).
    for (const lang of languages) {
      const slugs = model.strings[lang]!.slugs;
      const join = (...segments: string[]) => `${langPrefix(languages, lang)}/${segments.join('/')}`.replace(/\/$/, '') || '/';
      const page = (family: Route['family'], slug: string | undefined, indexable = true) =>
        ({ key: family, lang, family, path: slug ? join(slug) : join(), indexable }) as Route;
      add(page('home', undefined));
      const services = model.services.filter((s) => s[lang] && s.slug[lang]);
      const localities = model.localities.filter((l) => l[lang]);
      for (const service of services) {
        const slug = service.slug[lang]!;
        add({ key: routeKey.service(service), lang, family: 'service', service, path: join(slug), indexable: true });
        for (const locality of localities) {
          const path = join(slug, locality.slug);
          add({
            key: routeKey.serviceLocality(service, locality),
            lang,
            family: 'service-locality',
            service,
            locality,
            path,
            indexable: true,
          });
        }
      }
      if (parent && services.includes(parent) && ac[lang] && ac.slug[lang]) {
        const acPath = join(parent.slug[lang]!, ac.slug[lang]);
        add({ key: routeKey.airConditioning(), lang, family: 'air-conditioning', path: acPath, indexable: true });
        for (const locality of localities) {
          const path = `${acPath}/${locality.slug}`;
          add({
            key: routeKey.airConditioningLocality(locality),
            lang,
            family: 'air-conditioning-locality',
            locality,
            path,
            indexable: true,
          });
        }
      }
      add(page('about', slugs.about));
      add(page('contact', slugs.contact));
      // The blog of a language exists once it has a post.
      const posts = model.posts[lang] ?? [];
      const blog = join(slugs.blog);
      const listing = (path: string, list: readonly Post[], category?: string) =>
        pagesOf(list, model.site.blog.pageSize).forEach((shown) => {
          const at = { ...shown, key: routeKey.blogPage(category, shown.page), lang, indexable: true };
          const first = shown.page === 0;
          const paged = first ? path : `${path}/${slugs.blogPage}/${shown.page}`;
          add(
            category
              ? { ...at, family: first ? 'blog-category' : 'blog-category-page', category, path: paged }
              : { ...at, family: first ? 'blog' : 'blog-page', path: paged },
          );
        });
      if (posts.length > 0) listing(blog, posts);
      // A category without posts has no page.
      for (const category of model.strings[lang]!.blog.categories) {
        const inIt = posts.filter((p) => p.category === category.key);
        if (inIt.length > 0) listing(`${blog}/${slugs.blogCategory}/${category.slug}`, inIt, category.key);
      }
      for (const [post, links] of postLinks(posts)) {
        add({ key: routeKey.post(post), lang, family: 'post', post, ...links, path: `${blog}/${post.slug}`, indexable: true });
      }
      // The jobs' index exists once there is a job to show in the language.
      const projects = model.projects.filter((p) => p[lang]);
      if (projects.length > 0) add(page('projects', slugs.projects));
      for (const project of projects) {
        const path = join(slugs.projects, project[lang]!.slug);
        add({ key: routeKey.project(project), lang, family: 'project', project, path, indexable: true });
      }
      for (const legal of model.legal[lang] ?? []) {
        add({ key: routeKey.legal(legal.key), lang, family: 'legal', page: legal, path: join(legal.slug), indexable: true });
      }
      add(page('thanks', slugs.thanks, false));
      add(page('send-error', slugs.sendError, false));
      add(page('not-found', slugs.notFound, false));
    }
    const issues: ContentIssue[] = clashes.map((clash) => ({ file: 'routes', ...errors.SharedUrl(clash) }));
    issues.push(...this.addRedirects(parent, dirname(model.published.file)));
    const redirected = new Set(this.redirects.map((r) => matchForm(r.from)));
    model.published.paths.forEach((path, i) => {
      if (path && !path.startsWith('#') && !this.pathIndex.has(hostPath(path)) && !redirected.has(matchForm(path))) {
        issues.push({ file: model.published.file, line: i + 1, column: 1, ...errors.PublishedGone(path) });
      }
    });
    if (issues.length > 0) throw new ContentError(issues);
  }

  /**
   * Old paths answered with a 301 by the page that replaced them: each service and locality alias
   * on every page that carried the old slug, and the old paths of posts, jobs and legal texts. Returns
   * the aliases that would hide a page or a file of the site, or repeat another alias, each with the
   * content file that gives it.
   */
  private addRedirects(parent: Service | undefined, contentDir: string): ContentIssue[] {
    const issues: ContentIssue[] = [];
    const seen = new Set<string>();
    const add = (from: string, route: Route, file: string) => {
      // The host answers it with the page already (a trailing slash, ".html"): no rule needed.
      if (hostPath(from) === route.path) return;
      const key = matchForm(from);
      const problem = this.taken(from) ?? (seen.has(key) ? 'is listed twice' : undefined);
      if (problem) {
        issues.push({ file, ...errors.AliasTaken(from, route.path, problem) });
        return;
      }
      seen.add(key);
      this.redirects.push({ from, to: route.path });
    };
    const content = (...parts: string[]) => joinPath(contentDir, ...parts);
    for (const route of this.routes) {
      if (route.family === 'post' || route.family === 'legal') {
        const page = route.family === 'post' ? route.post : route.page;
        const file = content(route.family === 'post' ? 'blog' : 'legal', route.lang, `${page.slug}.md`);
        for (const alias of page.aliases ?? []) add(alias, route, file);
        continue;
      }
      if (route.family === 'project') {
        const file = `${content('projects')} (the job "${route.project.key}")`;
        for (const alias of route.project.aliases?.[route.lang] ?? []) add(alias, route, file);
        continue;
      }
      const service =
        route.family === 'service' || route.family === 'service-locality'
          ? route.service
          : route.family.startsWith('air-conditioning')
            ? parent
            : undefined;
      const locality = route.family === 'service-locality' || route.family === 'air-conditioning-locality' ? route.locality : undefined;
      if (!service && !locality) continue;
      const segments = route.path.split('/').filter(Boolean);
      const at = langPrefix(this.languages, route.lang) ? 1 : 0;
      for (const serviceSlug of service ? [service.slug[route.lang]!, ...(service.aliases?.[route.lang] ?? [])] : [segments[at]!]) {
        for (const localitySlug of locality ? [locality.slug, ...(locality.aliases ?? [])] : [segments.at(-1)!]) {
          const old = [...segments];
          old[at] = serviceSlug;
          if (locality) old[old.length - 1] = localitySlug;
          const file =
            service && serviceSlug !== service.slug[route.lang]
              ? `${content('services')} (the service "${service.key}")`
              : content('localities.yaml');
          add(`/${old.join('/')}`, route, file);
        }
      }
    }
    return issues;
  }

  /**
   * Why a request for `path` can never reach an alias: the host answers it with a page (with or
   * without a trailing slash, ".html" or "/index"), a file the build writes or the contact function.
   */
  taken(path: string): string | undefined {
    const page = this.pathIndex.get(hostPath(path));
    if (page) return `is the path of the page "${page.key}"${page.path === path ? '' : ` (${page.path})`}`;
    const served = servedBy(path);
    return served && `is ${served}`;
  }

  get(key: string, lang: Lang): Route {
    const route = this.byKey.get(key)?.[lang];
    if (!route) throw new Error(`no ${lang} page has the route key "${key}"`);
    return route;
  }

  /** The page at a path, if there is one. */
  at(path: string): Route | undefined {
    return this.pathIndex.get(path);
  }

  byPath(path: string): Route {
    const route = this.at(path);
    if (!route) throw new Error(`no page has the path "${path}"`);
    return route;
  }

  /** The page of a key in a language, if the page exists there: a language may be partial. */
  find(key: string, lang: Lang): Route | undefined {
    return this.byKey.get(key)?.[lang];
  }

  href(key: string, lang: Lang): string {
    return this.get(key, lang).path;
  }

  /** The same page in each of the site's languages it exists in, `route` among them, in the site's order. */
  counterparts(route: Route): Route[] {
    const pair = this.byKey.get(route.key) ?? {};
    return this.languages.flatMap((lang) => pair[lang] ?? []);
  }

  /**
   * A page's hreflang alternates, for its <head> and the sitemap: each language it exists in, and
   * `x-default`, the first language's page. None for a page in one language alone.
   */
  alternates(route: Route): { hreflang: string; path: string }[] {
    const all = this.counterparts(route);
    if (all.length < 2) return [];
    return [...all.map((r) => ({ hreflang: r.lang, path: r.path })), { hreflang: 'x-default', path: all[0]!.path }];
  }

  /** The pages of a family, in map order. Every page asks for some, so each list is made once. */
  byFamily<F extends Family>(family: F, lang?: Lang): readonly Extract<Route, { family: F }>[] {
    const key = `${family}:${lang ?? '*'}`;
    let list = this.families.get(key);
    if (!list) this.families.set(key, (list = Object.freeze(this.routes.filter((r) => r.family === family && (!lang || r.lang === lang)))));
    return list as readonly Extract<Route, { family: F }>[];
  }
}
