import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadModelWithoutHtml } from '../../../cli/engine/model.ts';
import { type ListPage, pagesOf, postLinks } from '../../../cli/site/blog.ts';
import type { Post, SiteModel } from '../../../cli/site/model.ts';
import { listedPosts, RouteMap } from '../../../cli/site/routes.ts';
import { repoRoot } from '../../helpers.ts';

/** Posts newest first, as the model keeps them: a slug, a service and a category each. */
const posts = (...specs: [slug: string, service: string, category: string][]) =>
  specs.map(([slug, service, category]) => ({ slug, service, category }) as Post);

/** The numbers 1 … n, newest first: n is the newest post, 1 the oldest. */
const blogOf = (n: number) => Array.from({ length: n }, (_, i) => n - i);

/** Each page by its number (0: the first), as what it shows and the pages beside it. */
const byNumber = <T>(pages: ListPage<T>[]) => new Map(pages.map((p) => [p.page, JSON.stringify(p)]));

describe("the pages of the blog's lists", () => {
  it('counts numbered pages from the oldest post and shows the newest page of posts on the first page', () => {
    // 25 posts a page of 12: posts 1–12 fill page 1, 13–24 page 2; post 25 starts a third, which is
    // the first page's alone: it shows 25–14, as many as a page, 14–24 on page 2 too.
    expect(pagesOf(blogOf(25), 12)).toEqual([
      { page: 0, older: 2, posts: blogOf(25).slice(0, 12) },
      { page: 2, newer: 0, older: 1, posts: blogOf(24).slice(0, 12) },
      { page: 1, newer: 2, posts: blogOf(12) },
    ]);
    expect(pagesOf(blogOf(7), 2)).toEqual([
      { page: 0, older: 3, posts: [7, 6] },
      { page: 3, newer: 0, older: 2, posts: [6, 5] },
      { page: 2, newer: 3, older: 1, posts: [4, 3] },
      { page: 1, newer: 2, posts: [2, 1] },
    ]);
    // A full newest chunk is the first page alone.
    expect(pagesOf(blogOf(6), 2).map((p) => p.posts)).toEqual([
      [6, 5],
      [4, 3],
      [2, 1],
    ]);
    // A page's worth or fewer: all on the first page, which has no other beside it.
    expect(pagesOf(blogOf(12), 12)).toEqual([{ page: 0, posts: blogOf(12) }]);
    expect(pagesOf([], 12)).toEqual([{ page: 0, posts: [] }]);
  });

  it('shows a page of cards on every page, the first the newest, and every post on one, newest first', () => {
    for (const size of [1, 2, 5, 12])
      for (let n = 0; n <= 6 * size + 1; n++) {
        const [first, ...numbered] = pagesOf(blogOf(n), size);
        expect(first!.posts, `${n} posts, ${size} a page`).toEqual(blogOf(n).slice(0, size));
        for (const page of numbered) expect(page.posts).toHaveLength(size);
        // In reading order, the pages' numbers go down to 1, and with the first page's they hold every post.
        expect(numbered.map((p) => p.page)).toEqual(blogOf(numbered.length));
        expect(new Set([first!, ...numbered].flatMap((p) => p.posts)).size).toBe(n);
        expect(numbered.flatMap((p) => p.posts)).toEqual(blogOf(numbered.length * size));
      }
  });

  it('adding a post changes only the first page of its lists, and when it starts a page, adds the page of the one before', () => {
    for (const size of [1, 3, 12])
      for (let n = 0; n <= 5 * size; n++) {
        const [before, after] = [byNumber(pagesOf(blogOf(n), size)), byNumber(pagesOf(blogOf(n + 1), size))];
        const changed = [...after].filter(([page, shown]) => before.get(page) !== shown).map(([page]) => page);
        const split = n % size === 0 && n >= size ? n / size : undefined;
        // The page that was the highest gains a newer page besides the first one: that alone changes in it.
        const below = split !== undefined && split > 1 ? [split - 1] : [];
        expect(changed, `${n} posts, ${size} a page`).toEqual(split === undefined ? [0] : [0, split, ...below]);
        for (const page of below) {
          const [was, is] = [JSON.parse(before.get(page)!), JSON.parse(after.get(page)!)] as ListPage<number>[];
          expect({ ...is, newer: 0 }, `${n} posts, ${size} a page`).toEqual(was);
        }
        expect([...before.keys()].filter((page) => !after.has(page))).toEqual([]);
      }
  });
});

describe('the links between posts', () => {
  it('links each post to the ones just before and after it', () => {
    const list = posts(['a', 'x', 'c1'], ['b', 'x', 'c1'], ['c', 'y', 'c1']);
    const links = postLinks(list);
    expect(links.get(list[0]!)).toMatchObject({ newer: undefined, older: list[1] });
    expect(links.get(list[1]!)).toMatchObject({ newer: list[0], older: list[2] });
    expect(links.get(list[2]!)).toMatchObject({ newer: list[1], older: undefined });
  });

  it("a post's related posts are its nearest of the same service, the older first, then the nearest of its category", () => {
    const list = posts(
      ['a', 'piscinas', 'agua'],
      ['b', 'fontaneros', 'agua'],
      ['c', 'piscinas', 'verano'],
      ['d', 'fontaneros', 'agua'],
      ['e', 'piscinas', 'agua'],
      ['f', 'jardineros', 'agua'],
      ['g', 'piscinas', 'agua'],
      ['h', 'piscinas', 'verano'],
      ['i', 'fontaneros', 'agua'],
    );
    const links = postLinks(list);
    const slugs = (p: Post[]) => p.map((post) => post.slug);
    const of = (slug: string) => links.get(list.find((p) => p.slug === slug)!)!;
    // Of the service piscinas (a c e g h): the newest has only older ones, the oldest only newer ones.
    expect(slugs(of('a').related)).toEqual(['c', 'e', 'g']);
    expect(slugs(of('h').related)).toEqual(['g', 'e', 'c']);
    // In between: just older, just newer, then the second older.
    expect(slugs(of('e').related)).toEqual(['g', 'c', 'h']);
    expect(slugs(of('g').related)).toEqual(['h', 'e', 'c']);
    // Two others in its service (b d i), then its category's nearest of another service, the older first.
    expect(slugs(of('d').related)).toEqual(['i', 'b', 'e']);
    // Alone in its service: the nearest of its category, alternating older and newer.
    expect(slugs(of('f').related)).toEqual(['g', 'e', 'i']);
    for (const [post, { related }] of links) expect(related).not.toContain(post);
    expect(postLinks(list)).toEqual(links);
  });

  it('adding a post changes the related posts of the one that was the newest of its service, and of no other', () => {
    const services = ['piscinas', 'fontaneros', 'jardineros'];
    const make = (n: number) => blogOf(n).map((i) => ({ slug: `p${i}`, service: services[i % 3]!, category: 'agua' }) as Post);
    const related = (list: Post[]) => new Map([...postLinks(list)].map(([post, links]) => [post.slug, slugsOf(links.related)]));
    const slugsOf = (list: Post[]) => list.map((p) => p.slug).join();
    const [before, after] = [related(make(60)), related(make(61))];
    // p61 is of the service of p58, which had three older ones and now has p61 beside it.
    expect([...before].filter(([slug, shown]) => after.get(slug) !== shown).map(([slug]) => slug)).toEqual(['p58']);
    expect(after.get('p58')).toBe('p55,p61,p52');
  });
});

describe('a blog of 2,000 posts in each language', () => {
  let model: SiteModel;
  let categories: string[];
  beforeAll(async () => {
    model = await loadModelWithoutHtml(join(repoRoot, 'tests/fixtures/minimal-site'));
    categories = model.strings.es!.blog.categories.map((c) => c.key);
  });

  /** `n` posts in each language, newest first, each Spanish one with its English counterpart: 8 services, each category in turn. */
  const withPosts = (n: number): SiteModel => {
    const made = (lang: 'es' | 'en', i: number) => {
      const [es, en] = [`post-${i}`, `post-${i}-en`];
      const [slug, counterpart] = lang === 'es' ? [es, en] : [en, es];
      return { key: es, lang, slug, counterpart, service: `service-${i % 8}`, category: categories[i % categories.length]! } as Post;
    };
    // No published URL asks for the fixture's own posts, which these replace.
    const published = { ...model.published, paths: [] };
    return { ...model, published, posts: { es: blogOf(n).map((i) => made('es', i)), en: blogOf(n).map((i) => made('en', i)) } };
  };
  /** What each page lists (a list's cards, a post's neighbours and related posts), by language and path. */
  const listed = (m: SiteModel) =>
    new Map(
      new RouteMap(m).routes.map((r) => [
        `${r.lang} ${r.path}`,
        listedPosts(r)
          .map((p) => p.slug)
          .join(),
      ]),
    );
  const changed = (before: SiteModel, after: SiteModel) => {
    const [was, is] = [listed(before), listed(after)];
    return [...is].filter(([page, shown]) => was.get(page) !== shown).map(([page]) => page);
  };

  it('adding a post changes what ten pages list: two lists’ first pages, itself and two posts near it, in each language', () => {
    // Post 2001 is of service-1 and the category of posts 3, 9, … (the 334th), newest of both.
    const category = categories[2001 % categories.length]!;
    const slug = model.strings.es!.blog.categories.find((c) => c.key === category)!.slug;
    const enSlug = model.strings.en!.blog.categories.find((c) => c.key === category)!.slug;
    expect(changed(withPosts(2000), withPosts(2001)).sort()).toEqual(
      [
        'en /en/blog',
        `en /en/blog/category/${enSlug}`,
        // Itself; post 2000, which it follows; post 1993, the newest of its service until then.
        'en /en/blog/post-2001-en',
        'en /en/blog/post-2000-en',
        'en /en/blog/post-1993-en',
        'es /blog',
        `es /blog/categoria/${slug}`,
        'es /blog/post-2001',
        'es /blog/post-2000',
        'es /blog/post-1993',
      ].sort(),
    );
  });

  it('a post that starts a page adds the page before it, and changes no other numbered page’s posts', () => {
    // 2,004 posts fill 167 pages of 12, the newest on the first page alone; the 2,005th gives page 167 its own.
    const pages = changed(withPosts(2004), withPosts(2005)).filter((page) => !page.includes('/post-'));
    expect(pages.filter((page) => page.includes('/categoria/') || page.includes('/category/'))).toHaveLength(2);
    expect(pages.filter((page) => !page.includes('/categoria/') && !page.includes('/category/')).sort()).toEqual(
      ['en /en/blog', 'en /en/blog/page/167', 'es /blog', 'es /blog/pagina/167'].sort(),
    );
  });
});
