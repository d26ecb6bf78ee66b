import { describe, expect, it } from 'vitest';
import { type ListPage, pagesOf, postLinks } from '../../../cli/site/blog.ts';
import type { Post } from '../../../cli/site/model.ts';

/** Posts newest first, as the model keeps them: a slug, a service and a category each. */
const posts = (...specs: [slug: string, service: string, category: string][]) =>
  specs.map(([slug, service, category]) => ({ slug, service, category }) as Post);

/** The numbers 1 … n, newest first: n is the newest post, 1 the oldest. */
const blogOf = (n: number) => Array.from({ length: n }, (_, i) => n - i);

/** Each page by its number (0: the first), as what it shows and the pages beside it. */
const byNumber = <T>(pages: ListPage<T>[]) => new Map(pages.map((p) => [p.page, JSON.stringify(p)]));

describe("the pages of the blog's lists", () => {
  it('counts numbered pages from the oldest post and shows the newest on the first page, with the full page before them', () => {
    // 25 posts a page of 12: posts 1–12 fill page 1; 13–24 would be page 2, but with post 25 (not
    // yet a full page) they are the first page's, which shows 13 cards.
    expect(pagesOf(blogOf(25), 12)).toEqual([
      { page: 0, older: 1, posts: blogOf(25).slice(0, 13) },
      { page: 1, newer: 0, posts: blogOf(12) },
    ]);
    expect(pagesOf(blogOf(7), 2)).toEqual([
      { page: 0, older: 2, posts: [7, 6, 5] },
      { page: 2, newer: 0, older: 1, posts: [4, 3] },
      { page: 1, newer: 2, posts: [2, 1] },
    ]);
    // A full newest chunk is the first page alone.
    expect(pagesOf(blogOf(6), 2).map((p) => p.posts)).toEqual([
      [6, 5],
      [4, 3],
      [2, 1],
    ]);
    // Fewer than two pages' worth: all on the first page, which has no other beside it.
    expect(pagesOf(blogOf(23), 12)).toEqual([{ page: 0, posts: blogOf(23) }]);
    expect(pagesOf([], 12)).toEqual([{ page: 0, posts: [] }]);
  });

  it('shows size to 2·size − 1 cards on the first page and exactly size on the others, every post once, newest first', () => {
    for (const size of [1, 2, 5, 12])
      for (let n = 0; n <= 6 * size + 1; n++) {
        const [first, ...numbered] = pagesOf(blogOf(n), size);
        expect(first!.posts.length, `${n} posts, ${size} a page`).toBe(n < 2 * size ? n : size + (n % size));
        for (const page of numbered) expect(page.posts).toHaveLength(size);
        // In reading order, the pages' numbers go down to 1 and their posts are the whole list.
        expect(numbered.map((p) => p.page)).toEqual(blogOf(numbered.length));
        expect([first!, ...numbered].flatMap((p) => p.posts)).toEqual(blogOf(n));
      }
  });

  it('adding a post changes only the first page of its lists, and when it fills a page, adds the page that splits off it', () => {
    for (const size of [1, 3, 12])
      for (let n = 0; n <= 5 * size; n++) {
        const [before, after] = [byNumber(pagesOf(blogOf(n), size)), byNumber(pagesOf(blogOf(n + 1), size))];
        const changed = [...after].filter(([page, shown]) => before.get(page) !== shown).map(([page]) => page);
        const split = (n + 1) % size === 0 && n + 1 >= 2 * size ? (n + 1) / size - 1 : undefined;
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
  it('links each post to the ones just before and after it, and relates the newest of its service, then of its category', () => {
    const list = posts(
      ['a', 'piscinas', 'agua'],
      ['b', 'fontaneros', 'agua'],
      ['c', 'piscinas', 'verano'],
      ['d', 'fontaneros', 'agua'],
      ['e', 'fontaneros', 'agua'],
      ['f', 'jardineros', 'agua'],
      ['g', 'piscinas', 'agua'],
    );
    const links = postLinks(list);
    const slugs = (p: Post[]) => p.map((post) => post.slug);
    const of = (slug: string) => links.get(list.find((p) => p.slug === slug)!)!;
    // Two more of its service, then the newest of its category in another service.
    expect(slugs(of('a').related)).toEqual(['c', 'g', 'b']);
    // The two others of its service, the newest first, then its category.
    expect(slugs(of('e').related)).toEqual(['b', 'd', 'a']);
    // Alone in its service: the newest of its category.
    expect(slugs(of('f').related)).toEqual(['a', 'b', 'd']);
    expect(of('a').newer).toBeUndefined();
    expect(of('a').older?.slug).toBe('b');
    expect(of('g').older).toBeUndefined();
    expect(of('d').newer?.slug).toBe('c');
    for (const [post, { related }] of links) expect(related).not.toContain(post);
    expect(postLinks(list)).toEqual(links);
  });
});
