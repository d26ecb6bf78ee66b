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

/** The posts of a list cut into pages of `size`, in order: always one page, empty when there are no posts. */
export function pagesOf<T>(posts: readonly T[], size: number): T[][] {
  const pages: T[][] = [];
  for (let i = 0; i < posts.length; i += size) pages.push(posts.slice(i, i + size));
  return pages.length > 0 ? pages : [[]];
}

/** What a post's page links besides its own text. */
export interface PostLinks {
  /** The post published just before it, and just after it, in its language. */
  older?: Post;
  newer?: Post;
  /** Up to `relatedCount`: the newest of the same service, then the newest of the same category. */
  related: Post[];
}

/**
 * The links of each post of one language, `posts` newest first (as the model keeps them, ties by
 * slug): the same input always gives the same links. Linear in the posts, for blogs of thousands.
 */
export function postLinks(posts: readonly Post[]): Map<Post, PostLinks> {
  const group = (by: (p: Post) => string) => {
    const groups = new Map<string, Post[]>();
    for (const post of posts) {
      const list = groups.get(by(post));
      if (list) list.push(post);
      else groups.set(by(post), [post]);
    }
    return groups;
  };
  const byService = group((p) => p.service);
  const byCategory = group((p) => p.category);
  const links = new Map<Post, PostLinks>();
  posts.forEach((post, i) => {
    const related: Post[] = [];
    const take = (candidates: readonly Post[], also: (p: Post) => boolean) => {
      for (const p of candidates) {
        if (related.length === relatedCount) return;
        if (p !== post && also(p)) related.push(p);
      }
    };
    take(byService.get(post.service)!, () => true);
    take(byCategory.get(post.category)!, (p) => p.service !== post.service);
    links.set(post, { older: posts[i + 1], newer: posts[i - 1], related });
  });
  return links;
}
