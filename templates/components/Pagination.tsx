import { listingPageKey, type ListingRoute } from '../../cli/site/routes.ts';
import { fill } from '../../cli/site/placeholders.ts';
import { usePage } from '../context.tsx';
import { ArrowLeft, ArrowRight } from './icons.tsx';

/** The page numbers a list of `pages` shows from page `current`: the first, the last, and those beside it; 0 is a gap. */
export function pageWindow(current: number, pages: number): number[] {
  const shown = [...new Set([1, current - 1, current, current + 1, pages])].filter((n) => n >= 1 && n <= pages).sort((a, b) => a - b);
  return shown.flatMap((n, i) => (i > 0 && n - shown[i - 1]! > 1 ? [0, n] : [n]));
}

const step = 'inline-flex min-h-11 items-center gap-2 rounded-full px-4 font-semibold text-sea-700 ring-1 ring-sea-200 hover:bg-sea-50';

/**
 * The links between the pages of a list of posts: the previous and next page, and the numbers of
 * the first, the last and the nearest pages, the current one marked for screen readers too.
 */
export function Pagination({ route }: { route: ListingRoute }) {
  const { href, t } = usePage();
  if (route.pages < 2) return null;
  const strings = t.blog.pagination;
  const pageAt = (n: number) => href(listingPageKey(route, n));
  return (
    <nav aria-label={strings.label} className="mt-12 flex flex-wrap items-center justify-center gap-3">
      {route.page > 1 && (
        <a href={pageAt(route.page - 1)} rel="prev" className={step}>
          <ArrowLeft className="size-4" />
          {strings.previous}
        </a>
      )}
      <ol className="flex flex-wrap items-center justify-center gap-1">
        {pageWindow(route.page, route.pages).map((n, i) =>
          n === 0 ? (
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
      {route.page < route.pages && (
        <a href={pageAt(route.page + 1)} rel="next" className={step}>
          {strings.next}
          <ArrowRight className="size-4" />
        </a>
      )}
    </nav>
  );
}
