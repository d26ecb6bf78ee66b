import { beforeAll, describe, expect, it } from 'vitest';
import { feed, feedLength } from '../../../../cli/engine/write/feeds.ts';
import { categoryOf } from '../../../../cli/site/blog.ts';
import { feedPath } from '../../../../cli/site/urls.ts';
import { RouteMap } from '../../../../cli/site/routes.ts';
import { contentSets, fixtureDir, languagesIn, loadSite, type Site } from './fixture.ts';
import { child, childrenNamed, parseXml } from './xml.ts';

const rfc3339 = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:\d\d)$/;
const cases = contentSets.flatMap((set) => languagesIn(set.dir).map((lang) => ({ ...set, lang })));

describe.each(cases)('Atom feed ($name, $lang)', ({ dir, lang }) => {
  let site: Site;
  beforeAll(async () => (site = await loadSite(dir)));
  const parse = () => parseXml(feed(site.model, site.routes, lang));

  it('is a well-formed Atom 1.0 feed in its language, titled with the brand', () => {
    const root = parse();
    expect(root.name).toBe('feed');
    expect(root.attrs.xmlns).toBe('http://www.w3.org/2005/Atom');
    expect(root.attrs['xml:lang']).toBe(lang);
    expect(child(root, 'title').text).toContain(site.model.site.brand);
    expect(child(root, 'title').text).not.toMatch(/[{}]/);
    expect(child(root, 'updated').text).toMatch(rfc3339);
    expect(child(child(root, 'author'), 'name').text).toBe(site.model.site.brand);
  });

  it('identifies itself by its own URL and links to the blog page', () => {
    const { model, routes } = site;
    const root = parse();
    const links = childrenNamed(root, 'link');
    expect(links.find((l) => l.attrs.rel === 'self')?.attrs.href).toBe(model.site.baseUrl + feedPath(model.site.languages, lang));
    const blog = model.site.baseUrl + routes.href('blog', lang);
    expect(links.find((l) => l.attrs.rel === 'alternate')?.attrs.href).toBe(blog);
    expect(child(root, 'id').text).toBe(blog);
  });

  it('has one entry per post of its language, newest first, with what feed readers show', () => {
    const { model, routes } = site;
    const root = parse();
    const entries = childrenNamed(root, 'entry');
    expect(entries).toHaveLength(Math.min(model.posts[lang]!.length, feedLength));
    const dates = entries.map((e) => child(e, 'updated').text);
    expect(dates).toEqual(dates.toSorted().reverse());
    expect(child(root, 'updated').text).toBe(dates[0]);
    for (const entry of entries) {
      const url = child(entry, 'id').text;
      const post = routes.byFamily('post', lang).find((r) => model.site.baseUrl + r.path === url)?.post;
      expect(post, `${url} is a ${lang} post page`).toBeDefined();
      expect(child(entry, 'title').text).toBe(post!.title);
      expect(child(entry, 'link').attrs).toMatchObject({ rel: 'alternate', type: 'text/html', href: url });
      expect(child(entry, 'updated').text).toBe(`${post!.date}T00:00:00Z`);
      expect(child(entry, 'summary').text).toBe(post!.excerpt);
      expect(child(entry, 'category').attrs.term).toBe(categoryOf(model.strings[lang]!, post!.category).name);
      expect(child(entry, 'content').attrs.type).toBe('html');
      expect(child(entry, 'content').text).toBe(post!.html);
    }
  });
});

describe('Atom feed edge cases', () => {
  it('keeps an ampersand in a post title as written', async () => {
    const { model, routes } = await loadSite(fixtureDir);
    const titles = childrenNamed(parseXml(feed(model, routes, 'en')), 'entry').map((e) => child(e, 'title').text);
    expect(titles).toContain('Summer pool care: pH, chlorine & filter');
  });

  it('is still a valid feed when the blog has no posts yet, standing for the home page, as there is no blog page', async () => {
    const { model } = await loadSite(fixtureDir);
    // No published URL asks for the blog's pages.
    const empty = { ...model, posts: { es: [], en: [] }, published: { ...model.published, paths: [] } };
    const routes = new RouteMap(empty);
    expect(routes.find('blog', 'es')).toBeUndefined();
    const root = parseXml(feed(empty, routes, 'es'));
    expect(childrenNamed(root, 'entry')).toEqual([]);
    expect(child(root, 'updated').text).toMatch(rfc3339);
    expect(childrenNamed(root, 'link').find((l) => l.attrs.rel === 'alternate')?.attrs.href).toBe(model.site.baseUrl);
    expect(child(root, 'id').text).toBe(model.site.baseUrl);
    expect(childrenNamed(parseXml(feed(empty, routes, 'en')), 'link').find((l) => l.attrs.rel === 'alternate')?.attrs.href).toBe(
      `${model.site.baseUrl}/en`,
    );
  });

  it('carries only the newest posts of a long-running blog', async () => {
    const { model } = await loadSite(fixtureDir);
    const [first] = model.posts.es!;
    const many = Array.from({ length: feedLength + 5 }, (_, i) => ({
      ...first!,
      key: `post-${i}`,
      slug: `post-${i}`,
      counterpart: `post-${i}-en`,
      date: `2024-01-${String(i + 1).padStart(2, '0')}`,
    })).reverse();
    const big = {
      ...model,
      published: { ...model.published, paths: [] },
      posts: { es: many, en: many.map((p) => ({ ...p, lang: 'en' as const, slug: p.counterpart, counterpart: p.slug })) },
    };
    const entries = childrenNamed(parseXml(feed(big, new RouteMap(big), 'es')), 'entry');
    expect(entries.map((e) => child(e, 'id').text)).toEqual(many.slice(0, feedLength).map((p) => `${model.site.baseUrl}/blog/${p.slug}`));
  });
});
