import { byCodeUnits } from './order.ts';
import type { Locality } from './schema/locality.ts';

/** Distance in kilometres between two points, close enough for towns a few kilometres apart. */
export function distanceKm(a: Locality['geo'], b: Locality['geo']): number {
  const toRad = Math.PI / 180;
  const x = (b.lon - a.lon) * toRad * Math.cos(((a.lat + b.lat) / 2) * toRad);
  const y = (b.lat - a.lat) * toRad;
  return Math.hypot(x, y) * 6371;
}

/** The slugs of the `count` localities nearest to `from`, nearest first. */
export function nearestLocalities(from: Locality, localities: readonly Locality[], count: number): string[] {
  return localities
    .filter((l) => l.slug !== from.slug)
    .map((l) => ({ slug: l.slug, km: distanceKm(from.geo, l.geo) }))
    .sort((a, b) => a.km - b.km || byCodeUnits(a.slug, b.slug))
    .slice(0, count)
    .map((l) => l.slug);
}
