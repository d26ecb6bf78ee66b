/**
 * A blog that grows: 2,000 posts in each language, built for real from the minimal fixture and the
 * bench's generated posts, read back from the output folder as a visitor and a crawler would.
 */
import { cp, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { addSyntheticPosts, generateCorpus } from '../../../cli/commands/bench/corpus.ts';
import { addPost } from '../../../cli/commands/bench/edits.ts';
import { checkLinks } from '../../../cli/commands/check-links/command.ts';
import { buildSite } from '../../../cli/engine/build-site.ts';
import { loadContent } from '../../../cli/engine/content.ts';
import { loadModelWithoutHtml } from '../../../cli/engine/model.ts';
import { ContentError, formatIssue } from '../../../cli/site/issues.ts';
import { isListing, type ListingRoute, listedPosts, outputFile, RouteMap, routeKey } from '../../../cli/site/routes.ts';
import { copyContent, editFile, lineOf, repoRoot, scratchDir, workedExampleDir } from '../../helpers.ts';

const minimalSite = join(repoRoot, 'tests/fixtures/minimal-site');
const perLanguage = 2000;
const pageSize = 12;

/** The `href` of every link (`<a>`) of a page. */
const linksOf = (html: string) => Array.from(html.matchAll(/<a\s[^>]*?href="([^"]*)"/g), (m) => m[1]!);
/** The `href` of a `<link>` of the head by its attributes, e.g. `rel="prev"` or `hreflang="en"`. */
const headLink = (html: string, attribute: string) =>
  new RegExp(`<link [^>]*${attribute}[^>]*href="([^"]*)"|<link [^>]*href="([^"]*)"[^>]*${attribute}`, 'i')
    .exec(html)
    ?.slice(1)
    .find(Boolean);

describe(`a blog of ${perLanguage} posts in each language`, { timeout: 600_000 }, () => {
  let content: string;
  let out: string;
  let cache: string;
  let routes: RouteMap;
  let baseUrl: string;
  const page = (path: string) => readFile(join(out, outputFile(path)), 'utf8');
  const listings = () => routes.routes.filter(isListing);

  beforeAll(async () => {
    const corpus = await scratchDir('corpus-');
    await generateCorpus(corpus, 2 * perLanguage);
    content = await copyContent(minimalSite);
    // The icons and the share image the minimal fixture leaves out, which every page names.
    for (const image of ['apple-touch-icon.png', 'icon-192.png', 'icon-512.png', 'og-image.png'])
      await cp(join(workedExampleDir, 'images', image), join(content, 'images', image));
    expect(await addSyntheticPosts(corpus, content)).toBe(perLanguage);
    const site = await scratchDir('site-');
    [out, cache] = [join(site, 'dist'), join(site, '.cache')];
    await buildSite({ content, out, cache });
    const model = await loadModelWithoutHtml(content);
    expect(model.site.blog.pageSize).toBe(pageSize); // the default: the fixture's site.yaml says nothing
    routes = new RouteMap(model);
    baseUrl = model.site.baseUrl;
  }, 900_000);

  it('shows a page of cards on every page of the index and of each category, the newest at its list’s own path', async () => {
    const index = routes.byFamily('blog', 'es');
    expect(index.map((r) => r.path)).toEqual(['/blog']);
    // The fixture's own post and the generated ones: the oldest 166 pages of 12 are numbered, the
    // newest 9 are the first page's alone, which shows them with the 3 before them.
    const posts = perLanguage + 1;
    expect(routes.byFamily('blog-page', 'es')).toHaveLength(Math.ceil(posts / pageSize) - 1);
    expect(index[0]!.posts).toHaveLength(pageSize);
    for (const route of listings()) {
      const cards = (await page(route.path)).match(/<article[\s>]/g)?.length ?? 0;
      expect(cards, route.path).toBe(route.posts.length);
      if (route.page > 0) expect(cards, route.path).toBe(pageSize);
      else expect(cards, route.path).toBeGreaterThan(0);
      expect(cards, route.path).toBeLessThanOrEqual(pageSize);
    }
    // Numbered from 1, the oldest, to the highest below the first page.
    const highest = routes.byFamily('blog-page', 'es')[0]!.page;
    expect(highest).toBe(Math.ceil(posts / pageSize) - 1);
    for (const path of ['/blog/pagina/1', '/en/blog/page/1', `/blog/pagina/${highest}`, '/blog/categoria/piscinas/pagina/1'])
      expect(routes.at(path), path).toBeDefined();
    for (const path of ['/blog/pagina/0', `/blog/pagina/${highest + 1}`]) expect(routes.at(path), path).toBeUndefined();
    expect(await readFile(join(out, '_redirects'), 'utf8')).not.toMatch(/\/(pagina|page)\//);
  });

  it('leads from /blog to every post through the links of the pages of the index and the categories', async () => {
    for (const lang of routes.languages) {
      const start = routes.byFamily('blog', lang)[0]!.path;
      const seen = new Set([start]);
      const posts = new Set<string>();
      const queue = [start];
      for (let path = queue.shift(); path !== undefined; path = queue.shift())
        for (const href of linksOf(await page(path))) {
          const target = routes.at(href);
          if (target?.family === 'post') posts.add(href);
          if (target && isListing(target) && target.lang === lang && !seen.has(href)) queue.push((seen.add(href), href));
        }
      // The fixture's own post, and the generated ones.
      expect(posts.size, lang).toBe(perLanguage + 1);
      expect(seen.size, lang).toBe(listings().filter((r) => r.lang === lang).length);
    }
  });

  it('gives each page of a list its own canonical address, a title with its number, the pages beside it and its counterpart of the same number', async () => {
    // Read from the newest: /blog, then the highest number down to 1, the oldest.
    const [second] = routes.byFamily('blog-page', 'es') as ListingRoute[];
    const n = second!.page;
    const html = await page(second!.path);
    expect(html).toContain(`<title>Blog de consejos para el hogar en la Marina Alta y Baja — página ${n}</title>`);
    expect(headLink(html, 'rel="canonical"')).toBe(`${baseUrl}/blog/pagina/${n}`);
    expect(headLink(html, 'rel="prev"')).toBe(`${baseUrl}/blog`);
    expect(headLink(html, 'rel="next"')).toBe(`${baseUrl}/blog/pagina/${n - 1}`);
    expect(headLink(html, 'hreflang="en"')).toBe(`${baseUrl}/en/blog/page/${n}`);
    expect(html).toMatch(new RegExp(`<a href="/blog/pagina/${n}" aria-label="Página ${n}" aria-current="page"`));
    expect(html).toMatch(/<a href="\/blog" rel="prev"[^>]*>.*Más recientes<\/a>/);
    expect(html).toMatch(new RegExp(`<a href="/blog/pagina/${n - 1}" rel="next"[^>]*>Más antiguos`));
    const first = await page('/blog');
    expect(headLink(first, 'rel="prev"')).toBeUndefined();
    expect(headLink(first, 'rel="next"')).toBe(`${baseUrl}/blog/pagina/${n}`);
    const oldest = await page('/en/blog/page/1');
    expect(headLink(oldest, 'rel="prev"')).toBe(`${baseUrl}/en/blog/page/2`);
    expect(headLink(oldest, 'rel="next"')).toBeUndefined();
    expect(oldest).toMatch(/<title>[^<]* — page 1\b[^<]*<\/title>/);

    // Every page of every list is in each language, and names its counterparts, which name it back.
    for (const route of listings()) {
      const counterparts = routes.counterparts(route);
      expect(
        counterparts.map((r) => r.lang),
        route.path,
      ).toEqual(routes.languages);
      const html = await page(route.path);
      for (const twin of counterparts.filter((r) => r !== route)) {
        expect(headLink(html, `hreflang="${twin.lang}"`), route.path).toBe(baseUrl + twin.path);
        expect(headLink(await page(twin.path), `hreflang="${route.lang}"`)).toBe(baseUrl + route.path);
      }
    }
  });

  it('lists every page of the index and of the categories in the sitemap', async () => {
    const sitemap = await readFile(join(out, 'sitemap.xml'), 'utf8');
    const listed = new Set(Array.from(sitemap.matchAll(/<loc>([^<]*)<\/loc>/g), (m) => m[1]!.slice(baseUrl.length)));
    const pages = listings().map((r) => r.path);
    expect(pages.length).toBeGreaterThan(2 * Math.ceil(perLanguage / pageSize));
    expect(pages.filter((path) => !listed.has(path))).toEqual([]);
  });

  it('links each post to the ones published before and after it, and to the three nearest in time of its service, never itself', async () => {
    const posts = routes.byFamily('post', 'en');
    for (const at of [0, 1, 1000, posts.length - 1]) {
      const { post, older, newer, related, path } = posts[at]!;
      const links = linksOf(await page(path));
      expect(older && routes.href(routeKey.post(older), 'en')).toBe(posts[at + 1]?.path);
      expect(newer && routes.href(routeKey.post(newer), 'en')).toBe(posts[at - 1]?.path);
      for (const neighbour of [posts[at - 1], posts[at + 1]]) if (neighbour) expect(links).toContain(neighbour.path);
      expect(related).toHaveLength(3);
      expect(related).not.toContain(post);
      expect(related.every((p) => p.service === post.service)).toBe(true);
      // The nearest of its service by their place among its posts, the older first of two as near.
      const ofService = posts.filter((r) => r.post.service === post.service).map((r) => r.post);
      const place = ofService.indexOf(post);
      const distance = (i: number) => 2 * Math.abs(i - place) - (i > place ? 1 : 0);
      const nearest = ofService.map((p, i) => ({ p, d: distance(i) })).filter(({ p }) => p !== post);
      expect(related).toEqual(
        nearest
          .sort((a, b) => a.d - b.d)
          .slice(0, 3)
          .map(({ p }) => p),
      );
    }
  });

  it('passes check-links: every page is reached from the home pages, and sitemap and hreflang agree', async () => {
    const summary = await checkLinks({ dir: out, content, json: true });
    expect(summary.problems).toEqual([]);
  });

  // Last: it adds posts.
  it('renders again, for each post added, only the pages whose posts or pages beside changed: a few, not the lists', async () => {
    /** What the route map chose for each page: its posts and, for a list's page, the pages beside it. */
    const chosen = (map: RouteMap) =>
      new Map(
        map.routes.map((r) => [
          `${r.lang} ${r.path}`,
          JSON.stringify([isListing(r) ? [r.newer, r.older] : [], listedPosts(r).map((p) => p.slug)]),
        ]),
      );
    const add = addPost(join(content, 'blog'));
    let before = chosen(routes);
    // The third fills the index's 167th chunk of 12 (2,004 posts); the fourth starts the 168th, and
    // chunk 167 gets its own page.
    for (const run of [0, 1, 2, 3]) {
      await add(run);
      const { rendered } = await buildSite({ content, out, cache });
      const after = chosen(new RouteMap(await loadModelWithoutHtml(content)));
      const changed = [...after].filter(([page, shown]) => before.get(page) !== shown).map(([page]) => page);
      // Per language: the post, the one before it, the posts of its service that now show it as
      // related (at most three: the posts added today, of one service, are each other's nearest),
      // the first pages of the index and its category, and where it starts a chunk of either list,
      // the page of the one before and the page below that, whose newer page it becomes.
      expect(rendered, changed.join('\n')).toBe(changed.length);
      expect(changed.length, changed.join('\n')).toBeLessThanOrEqual(2 * 11);
      if (run === 3)
        expect(changed).toEqual(expect.arrayContaining(['es /blog/pagina/167', 'es /blog/pagina/166', 'en /en/blog/page/167']));
      before = after;
    }
  });
});

describe('the categories of the blog', { timeout: 120_000 }, () => {
  it('gives a page only to a category with posts', async () => {
    const routes = new RouteMap(await loadModelWithoutHtml(minimalSite));
    expect(routes.byFamily('blog-category').map((r) => r.path)).toEqual(['/blog/categoria/piscinas', '/en/blog/category/pools']);
  });

  it('reports a post in a category the strings do not list, and a translation in another category, at their lines', async () => {
    const content = await copyContent(minimalSite);
    const [es, en] = ['blog/es/piscina-en-verano.md', 'blog/en/summer-pool-care.md'];
    await editFile(content, es, (md) => md.replace('category: "piscinas"', 'category: "Piscinas"'));
    await editFile(content, en, (md) => md.replace('category: "piscinas"', 'category: "electricidad"'));
    const error = await loadContent(content).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentError);
    const issues = (error as ContentError).issues;
    expect(issues.map(formatIssue)).toEqual([
      `${join(content, es)}:${await lineOf(content, es, 'category:')}:11  category: "Piscinas" is not a category`,
    ]);
    expect(issues[0]!.hint).toBe(
      'use the key of one of blog.categories in content/i18n/: piscinas, electricidad, fontaneria, jardineria, pintura, excavaciones',
    );

    await editFile(content, es, (md) => md.replace('category: "Piscinas"', 'category: "piscinas"'));
    const mismatch = ((await loadContent(content).catch((e: unknown) => e)) as ContentError).issues;
    expect(mismatch.map((issue) => [formatIssue(issue), issue.code])).toEqual([
      [
        `${join(content, en)}:${await lineOf(content, en, 'category:')}:11  category: its counterpart "piscina-en-verano" is in the category "piscinas"`,
        'E_CATEGORY_MISMATCH',
      ],
    ]);
  });

  it('refuses a page size that is not a whole number of posts, at its line', async () => {
    const content = await copyContent(minimalSite);
    await editFile(content, 'site.yaml', (yaml) => `${yaml}blog:\n  pageSize: 0\n`);
    const issues = ((await loadContent(content).catch((e: unknown) => e)) as ContentError).issues;
    expect(issues.map((issue) => [issue.line, issue.code])).toEqual([[await lineOf(content, 'site.yaml', 'pageSize'), 'E_INVALID_VALUE']]);
  });
});
