// Which finished jobs and reviews a page shows, most relevant first: the work nearest the reader.
import { distanceKm } from './geo.ts';
import { byCodeUnits } from './order.ts';
import type { Lang } from './lang.ts';
import type { Place, ProjectPage, SiteModel } from './model.ts';
import type { Review } from './schema/review.ts';

/** What a page is about: a service, a locality, both, or neither (the home page). */
export interface Focus {
  /** The service, by its key. */
  service?: string;
  locality?: Place;
}

interface Entry {
  service: string;
  locality: string;
  date: string;
}

/**
 * The entries of `focus`, ranked. With a locality, those there come first, then those elsewhere in
 * its comarca by distance; the rest of the area is left out, as it says nothing about this place.
 * Ties go to the newest.
 */
function rank<T extends Entry>(entries: readonly T[], model: Pick<SiteModel, 'localities'>, focus: Focus): T[] {
  const { locality } = focus;
  const place = (slug: string) => model.localities.find((l) => l.slug === slug);
  const distance = (entry: T) => {
    if (!locality) return 0;
    if (entry.locality === locality.slug) return -1;
    const other = place(entry.locality);
    return other?.comarca === locality.comarca ? distanceKm(locality.geo, other.geo) : Number.POSITIVE_INFINITY;
  };
  return entries
    .filter((e) => !focus.service || e.service === focus.service)
    .map((entry) => ({ entry, km: distance(entry) }))
    .filter(({ km }) => km !== Number.POSITIVE_INFINITY)
    .sort((a, b) => a.km - b.km || byCodeUnits(b.entry.date, a.entry.date))
    .map(({ entry }) => entry);
}

/** Finished jobs for a page in `lang`, most relevant first, at most `limit`: those with a text in that language. */
export const relevantProjects = (
  model: Pick<SiteModel, 'localities' | 'projects'>,
  focus: Focus,
  lang: Lang,
  limit: number,
): ProjectPage[] =>
  rank(
    model.projects.filter((p) => p[lang]),
    model,
    focus,
  ).slice(0, limit);

/** Reviews for a page, most relevant first, at most `limit`. */
export const relevantReviews = (model: Pick<SiteModel, 'localities' | 'reviews'>, focus: Focus, limit: number): Review[] =>
  rank(model.reviews, model, focus).slice(0, limit);
