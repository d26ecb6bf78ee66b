import { describe, expect, it } from 'vitest';
import { pagesOf, postLinks } from '../../../cli/site/blog.ts';
import type { Post } from '../../../cli/site/model.ts';

/** Posts newest first, as the model keeps them: a slug, a service and a category each. */
const posts = (...specs: [slug: string, service: string, category: string][]) =>
  specs.map(([slug, service, category]) => ({ slug, service, category }) as Post);

describe("the blog's pages and the links between its posts", () => {
  it('cuts a list into pages of the page size, keeping one empty page for no posts', () => {
    expect(pagesOf([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(pagesOf([1, 2], 2)).toEqual([[1, 2]]);
    expect(pagesOf([], 12)).toEqual([[]]);
  });

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
