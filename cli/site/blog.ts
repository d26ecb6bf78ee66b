// How the blog's posts are grouped into pages and tied to each other: the route map (routes.ts)
// gives each page what it lists, so that a page reads only the posts it shows.
import type { Post } from './model.ts';
import type { Category, Strings } from './schema/strings.ts';

/** How many related posts a post's page shows at most. */
export const relatedCount = 3;

/** A language's category by its key; posts are checked to name one (checks/pages.ts). */
export function categoryOf(strings: Strings, key: string): Category {
  const category = strings.blog.categories.find((c) => c.key === key);
  if (!category) throw new Error(`no category has the key "${key}"`);
  return category;
}

/**
 * One page of a list of posts. A list is cut from its oldest post: chunk k holds its posts
 * [(k-1)·size, k·size) in age order, so that a full chunk keeps its posts and its number as posts
 * are added. Every chunk but the newest is the numbered page of its k; the list's first page shows
 * its newest `size` posts: the newest chunk, and the newest of the chunk before it when that one is
 * not full.
 */
export interface ListPage<T> {
  /** 0 for the list's first page (at the list's own path: its newest posts), else its number from the oldest page, 1. */
  page: number;
  /** The page of the posts just newer (0: the first page), and just older; none at either end. */
  newer?: number;
  older?: number;
  /** Newest first. */
  posts: T[];
}

/**
 * The pages of a list of posts, newest first (as the model keeps them), in reading order: the
 * first page, then the numbered pages from the highest down to 1. Every page shows `size` posts
 * (the first all of them when there are fewer, none without posts), and every post is on a
 * numbered page or the first, some of the first page's on the highest numbered page too. A post
 * added at the top changes the first page only, and, each time it starts a chunk, adds the page of
 * the chunk it follows; the pages beside a page depend on its own number alone but for the
 * highest, whose newer page is the first page until then.
 */
export function pagesOf<T>(posts: readonly T[], size: number): ListPage<T>[] {
  // Chunks 1 … numbered have pages of their own; the newest chunk is on the first page alone.
  const numbered = Math.max(Math.ceil(posts.length / size) - 1, 0);
  const at = (k: number) => posts.length - k * size;
  const first: ListPage<T> = { page: 0, posts: posts.slice(0, size) };
  if (numbered > 0) first.older = numbered;
  const pages = [first];
  for (let k = numbered; k >= 1; k--) {
    const page: ListPage<T> = { page: k, newer: k < numbered ? k + 1 : 0, posts: posts.slice(at(k), at(k - 1)) };
    if (k > 1) page.older = k - 1;
    pages.push(page);
  }
  return pages;
}

/** What a post's page links besides its own text. */
export interface PostLinks {
  /** The post published just before it, and just after it, in its language. */
  older?: Post;
  newer?: Post;
  /** Up to `relatedCount`: the nearest in time of the same service, then of the same category (`nearest`). */
  related: Post[];
}

/**
 * Up to `count` posts of `list` (newest first) nearest to the one at `at` by their place in it,
 * and that `fits`: the one just older, then the one just newer, the second older, the second
 * newer, and so on; when one side runs out, the other alone. A post's nearest change only when a
 * post is added or removed next to it, and adding one at the top changes those of the post that was
 * there, whose "just newer" it becomes, but not of those beyond it, who already had one.
 */
function nearest(list: readonly Post[], at: number, count: number, fits: (p: Post) => boolean): Post[] {
  const found: Post[] = [];
  for (let step = 1; found.length < count && (at - step >= 0 || at + step < list.length); step++)
    for (const i of [at + step, at - step]) if (found.length < count && i >= 0 && i < list.length && fits(list[i]!)) found.push(list[i]!);
  return found;
}

/**
 * The links of each post of one language, `posts` newest first (as the model keeps them, ties by
 * slug): the same input always gives the same links, and each post's depend only on the posts
 * near it in time, so that a post added changes the links of a few posts. Linear in the posts,
 * for blogs of thousands.
 */
export function postLinks(posts: readonly Post[]): Map<Post, PostLinks> {
  const group = (by: (p: Post) => string) => {
    const groups = new Map<string, Post[]>();
    const place = new Map<Post, number>();
    for (const post of posts) {
      let list = groups.get(by(post));
      if (!list) groups.set(by(post), (list = []));
      place.set(post, list.push(post) - 1);
    }
    return { list: (p: Post) => groups.get(by(p))!, place: (p: Post) => place.get(p)! };
  };
  const byService = group((p) => p.service);
  const byCategory = group((p) => p.category);
  const links = new Map<Post, PostLinks>();
  posts.forEach((post, i) => {
    const related = nearest(byService.list(post), byService.place(post), relatedCount, () => true);
    // Fewer than `relatedCount` others in its service: they are all taken, the rest is of its category.
    if (related.length < relatedCount)
      related.push(
        ...nearest(byCategory.list(post), byCategory.place(post), relatedCount - related.length, (p) => p.service !== post.service),
      );
    links.set(post, { older: posts[i + 1], newer: posts[i - 1], related });
  });
  return links;
}
