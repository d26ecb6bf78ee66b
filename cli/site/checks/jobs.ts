// Rules of finished jobs and reviews: real ones in a strict build, naming a service and a locality the site has.
import { errors } from '../errors.ts';
import { type ProjectEntry as Project, projectSchema } from '../schema/project.ts';
import type { Review } from '../schema/review.ts';
import type { Entry, Finding, Known } from './entry.ts';
import { inEach, textBlocks } from './languages.ts';
import { referencesOf } from './references.ts';

type Job = Pick<Project, 'example' | 'service' | 'locality'>;

/** Made-up entries (`example: true`) never reach a strict build; service and locality exist. */
function checkJob(entry: Entry<Job>, what: string, known: Known, findings: Finding[]): void {
  if (known.strict && entry.data.example) findings.push({ entry, path: ['example'], problem: errors.ExampleEntry(what) });
  const refer = referencesOf(entry, known, findings);
  refer.service(['service'], entry.data.service);
  refer.locality(['locality'], entry.data.locality);
}

/** Jobs: as checkJob, texts in the site's languages, each photo's alt text in each, each slug once per language. */
export function checkProjects(entries: readonly Entry<Project>[], known: Known): Finding[] {
  const findings: Finding[] = [];
  const slugs = new Map<string, Set<string>>();
  for (const entry of entries) {
    checkJob(entry, 'job', known, findings);
    const langs = textBlocks(entry, [], Object.keys(projectSchema.shape), known, findings);
    entry.data.photos.forEach((_, i) => inEach(entry, ['photos', i, 'alt'], langs, 'alt text', known, findings));
    for (const lang of langs) {
      const { slug } = entry.data[lang]!;
      const taken = slugs.get(lang) ?? slugs.set(lang, new Set()).get(lang)!;
      if (taken.has(slug)) findings.push({ entry, path: [lang, 'slug'], problem: errors.DuplicateJob(slug) });
      taken.add(slug);
    }
  }
  return findings;
}

/** Reviews: as checkJob, written in one of the site's languages. */
export function checkReviews(entries: readonly Entry<Review>[], known: Known): Finding[] {
  const findings: Finding[] = [];
  for (const entry of entries) {
    checkJob(entry, 'review', known, findings);
    const { lang } = entry.data;
    if (known.languages.length > 0 && !known.languages.includes(lang))
      findings.push({ entry, path: ['lang'], problem: errors.UnknownLanguage(lang, known.languages) });
  }
  return findings;
}
