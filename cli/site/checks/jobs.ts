// Rules of finished jobs and reviews: real ones in a strict build, naming a service and a locality the site has.
import { errors } from '../errors.ts';
import { langs } from '../lang.ts';
import type { Project } from '../schema/project.ts';
import type { Review } from '../schema/review.ts';
import type { Entry, Finding, Known } from './entry.ts';
import { referencesOf } from './references.ts';

type Job = Pick<Project, 'example' | 'service' | 'locality'>;

/** Made-up entries (`example: true`) never reach a strict build; service and locality exist. */
function checkJob(entry: Entry<Job>, what: string, known: Known, findings: Finding[]): void {
  if (known.strict && entry.data.example) findings.push({ entry, path: ['example'], problem: errors.ExampleEntry(what) });
  const refer = referencesOf(entry, known, findings);
  refer.service(['service'], entry.data.service);
  refer.locality(['locality'], entry.data.locality);
}

/** Jobs: as checkJob, each slug once per language. */
export function checkProjects(entries: readonly Entry<Project>[], known: Known): Finding[] {
  const findings: Finding[] = [];
  const slugs = { es: new Set<string>(), en: new Set<string>() };
  for (const entry of entries) {
    checkJob(entry, 'job', known, findings);
    for (const lang of langs) {
      const { slug } = entry.data[lang];
      if (slugs[lang].has(slug)) findings.push({ entry, path: [lang, 'slug'], problem: errors.DuplicateJob(slug) });
      slugs[lang].add(slug);
    }
  }
  return findings;
}

export function checkReviews(entries: readonly Entry<Review>[], known: Known): Finding[] {
  const findings: Finding[] = [];
  for (const entry of entries) checkJob(entry, 'review', known, findings);
  return findings;
}
