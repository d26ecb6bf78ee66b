import { listingPageKey, type ListingRoute } from '../../cli/site/routes.ts';
import { fill } from '../../cli/site/placeholders.ts';
import { usePage } from '../context.tsx';
import { ArrowLeft, ArrowRight } from './icons.tsx';

/**
 * The numbered pages a page of a list links by their number, the newest first, 'gap' where some are
 * left out: those beside it and page 1, the oldest; from the list's first page, the two newest and
 * page 1. Not the highest from a numbered page: it changes as posts are added, and a numbered page's
 * links depend on its own number alone (blog.ts, pagesOf), which keeps it unchanged.
 */
export function pageWindow({ page, newer, older }: Pick<ListingRoute, 'page' | 'newer' | 'older'>): (number | 'gap')[] {
  const near = page > 0 ? [newer, page, older, 1] : older !== undefined ? [older, older - 1, 1] : [];
  // Newer is 0 from the highest: the first page, which has no number.
  const shown = [...new Set(near)].filter((n): n is number => n !== undefined && n >= 1).sort((a, b) => b - a);
  return shown.flatMap((n, i) => (i > 0 && shown[i - 1]! - n > 1 ? ['gap' as const, n] : [n]));
}

const step = 'inline-flex min-h-11 items-center gap-2 rounded-full px-4 font-semibold text-sea-700 ring-1 ring-sea-200 hover:bg-sea-50';

/**
 * The links between the pages of a list of posts, in reading order from the newest: the page of
 * newer posts and of older ones, and the numbers of the nearest pages and of page 1, the oldest;
 * the current one marked for screen readers too. The list's first page, with the newest posts, has
 * no number: the link to newer posts leads to it from the highest.
 */
export function Pagination({ route }: { route: ListingRoute }) {
  const { href, t } = usePage();
  if (route.newer === undefined && route.older === undefined) return null;
  const strings = t.blog.pagination;
  const pageAt = (n: number) => href(listingPageKey(route, n));
  return (
    <nav aria-label={strings.label} className="mt-12 flex flex-wrap items-center justify-center gap-3">
      {route.newer !== undefined && (
        <a href={pageAt(route.newer)} rel="prev" className={step}>
          <ArrowLeft className="size-4" />
          {strings.previous}
        </a>
      )}
      <ol className="flex flex-wrap items-center justify-center gap-1">
        {pageWindow(route).map((n, i) =>
          n === 'gap' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no number of its own
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-slate-600">
              …
            </li>
          ) : (
            <li key={n}>
              <a
                href={pageAt(n)}
                aria-label={fill(strings.page, { page: n })}
                aria-current={n === route.page ? 'page' : undefined}
                className={`inline-flex size-11 items-center justify-center rounded-full font-semibold ${
                  n === route.page ? 'bg-sea-800 text-white' : 'text-sea-700 hover:bg-sea-50 hover:underline'
                }`}
              >
                {n}
              </a>
            </li>
          ),
        )}
      </ol>
      {route.older !== undefined && (
        <a href={pageAt(route.older)} rel="next" className={step}>
          {strings.next}
          <ArrowRight className="size-4" />
        </a>
      )}
    </nav>
  );
}
