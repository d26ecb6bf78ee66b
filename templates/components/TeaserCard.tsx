import type { ReactNode } from 'react';
import { usePage } from '../context.tsx';
import { formatDate } from '../pages/dates.ts';

/**
 * A card that leads to a page, as the blog index lists posts and job lists show jobs: its picture,
 * a tag and the date, the title as a link, a summary and a "read more" link. `tagHref`: the page
 * of the tag (a post's category). `alone`: the only card of its list, with the picture beside the
 * text rather than a full-width picture over it.
 */
export function TeaserCard({
  picture,
  tag,
  tagHref,
  date,
  title,
  summary,
  href,
  readMore,
  heading: Heading = 'h2',
  alone = false,
}: {
  picture: ReactNode;
  tag: string;
  tagHref?: string;
  date: string;
  title: string;
  summary: string;
  href: string;
  readMore: string;
  heading?: 'h2' | 'h3';
  alone?: boolean;
}) {
  const { t } = usePage();
  return (
    <article
      className={`flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 ${alone ? 'md:grid md:grid-cols-2 md:items-center' : ''}`}
    >
      {picture}
      <div className="flex flex-1 flex-col p-6">
        <p className="flex flex-wrap items-center gap-3 text-sm">
          <Tag href={tagHref}>{tag}</Tag>
          <time dateTime={date} className="text-slate-600">
            {formatDate(date, t)}
          </time>
        </p>
        <Heading className="mt-3 text-xl font-bold text-sea-900">
          <a href={href} className="hover:underline">
            {title}
          </a>
        </Heading>
        <p className="mt-2 flex-1 text-slate-700">{summary}</p>
        <a href={href} className="mt-4 font-semibold text-sea-700 underline underline-offset-2" aria-label={`${readMore}: ${title}`}>
          {readMore}
        </a>
      </div>
    </article>
  );
}

/** A post's category, or a card's tag: a link to its page where it has one. */
export function Tag({ href, children }: { href?: string; children: string }) {
  const look = 'rounded-full bg-sand-100 px-3 font-semibold text-sea-900';
  return href ? (
    // Taller than the plain tag: a link is something to tap.
    <a href={href} className={`${look} py-1 underline-offset-2 hover:underline`}>
      {children}
    </a>
  ) : (
    <span className={`${look} py-0.5`}>{children}</span>
  );
}
