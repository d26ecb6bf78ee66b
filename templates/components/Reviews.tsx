import type { Review } from '../../cli/site/schema/review.ts';
import { fill } from '../../cli/site/placeholders.ts';
import { usePage } from '../context.tsx';
import { formatDate } from '../pages/dates.ts';
import { Band, gridColumns, measure } from './ui.tsx';

/**
 * What customers said, each in the language it was written (marked with `lang`), and its
 * translation when there is one. No review markup: a business may not mark up reviews of itself.
 */
export function Reviews({ reviews, tone }: { reviews: readonly Review[]; tone?: 'white' | 'sea' | 'sand' }) {
  const { model, lang, t } = usePage();
  if (reviews.length === 0) return null;
  const { reviewUrl } = model.site;
  return (
    <Band id="reviews" heading={t.reviews.heading} intro={t.reviews.intro} tone={tone}>
      <ul className={`grid gap-6 ${gridColumns(reviews.length, 2)}`}>
        {reviews.map((review) => {
          const locality = model.localities.find((l) => l.slug === review.locality);
          const stars = fill(t.reviews.rating, { rating: String(review.rating) });
          const via = fill(t.reviews.via, { source: t.reviews.sources[review.source] });
          return (
            <li key={`${review.author}-${review.date}`}>
              <figure className="flex h-full flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                <p className="text-lg tracking-widest text-terracotta-600">
                  <span aria-hidden="true">
                    {'★'.repeat(review.rating)}
                    {'☆'.repeat(5 - review.rating)}
                  </span>
                  <span className="sr-only">{stars}</span>
                </p>
                <blockquote lang={review.lang === lang ? undefined : review.lang} className={`mt-3 flex-1 text-slate-800 ${measure}`}>
                  <p>{review.text}</p>
                </blockquote>
                {review.lang !== lang && review.translation?.[lang] && (
                  <p className={`mt-3 text-sm text-slate-700 ${measure}`}>
                    <span className="font-semibold">{t.reviews.translation}: </span>
                    {review.translation[lang]}
                  </p>
                )}
                <figcaption className="mt-4 text-sm text-slate-600">
                  <span className="font-semibold text-sea-900">{review.author}</span>
                  {locality && `, ${locality.name}`} · <time dateTime={review.date}>{formatDate(review.date, t)}</time> ·{' '}
                  {review.url ? (
                    <a href={review.url} className="underline underline-offset-2" rel="noopener">
                      {via}
                    </a>
                  ) : (
                    via
                  )}
                </figcaption>
              </figure>
            </li>
          );
        })}
      </ul>
      {reviewUrl && (
        <p className="mt-8">
          <a href={reviewUrl} className="font-semibold text-sea-700 underline underline-offset-2" rel="noopener">
            {t.reviews.leave}
          </a>
        </p>
      )}
    </Band>
  );
}
