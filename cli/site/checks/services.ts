// Rules of services, air conditioning, localities and the texts of services in each locality.
import { errors } from '../errors.ts';
import { langs } from '../lang.ts';
import { localPlaceholders } from '../model.ts';
import { unknownPlaceholders } from '../placeholders.ts';
import type { LocalTexts } from '../schema/local.ts';
import type { AirConditioning, Service } from '../schema/service.ts';
import type { Entry, Finding, Known } from './entry.ts';
import { referencesOf } from './references.ts';

/** The texts of service-in-locality pages that fill `{placeholders}`. */
const localKeys = ['seoTitle', 'seoDescription', 'heroDescription', 'intro', 'closing'] as const;

/** Each slug once per language, placeholders the pages fill, images that exist. */
export function checkServices(entries: readonly Entry<Service>[], known: Known): Finding[] {
  const findings: Finding[] = [];
  const slugs = { es: new Set<string>(), en: new Set<string>() };
  for (const entry of entries) {
    const { data } = entry;
    const refer = referencesOf(entry, known, findings);
    for (const lang of langs) {
      const slug = data.slug[lang];
      if (slugs[lang].has(slug)) findings.push({ entry, path: ['slug', lang], problem: errors.DuplicateService(slug) });
      slugs[lang].add(slug);
      for (const key of localKeys) {
        for (const name of unknownPlaceholders(data[lang].local[key], localPlaceholders)) {
          const problem = errors.UnknownPlaceholder(
            `{${name}}`,
            localPlaceholders.map((p) => `{${p}}`),
          );
          findings.push({ entry, path: [lang, 'local', key], problem });
        }
      }
      data[lang].sections.forEach((section, i) =>
        section.gallery?.forEach((g, j) => refer.image([lang, 'sections', i, 'gallery', j, 'image'], g.image)),
      );
    }
    refer.image(['image'], data.image);
  }
  return findings;
}

/** Its parent is a service; its image exists. */
export function checkAirConditioning(entries: readonly Entry<AirConditioning>[], known: Known): Finding[] {
  const findings: Finding[] = [];
  for (const entry of entries) {
    const refer = referencesOf(entry, known, findings);
    refer.service(['parent'], entry.data.parent);
    refer.image(['image'], entry.data.image);
  }
  return findings;
}

/** Each locality's slug once. */
export function checkLocalities(entries: readonly Entry<{ localities: readonly { slug: string }[] }>[]): Finding[] {
  const findings: Finding[] = [];
  for (const entry of entries) {
    const seen = new Set<string>();
    entry.data.localities.forEach(({ slug }, i) => {
      if (seen.has(slug)) findings.push({ entry, path: ['localities', i, 'slug'], problem: errors.DuplicateLocality(slug) });
      seen.add(slug);
    });
  }
  return findings;
}

/** Named after a service (or air conditioning), by its Spanish slug; keyed by localities there are. */
export function checkLocalTexts(entries: readonly Entry<LocalTexts>[], known: Known): Finding[] {
  const findings: Finding[] = [];
  const families = localTextFamilies(known);
  for (const entry of entries) {
    if (!families.has(entry.name)) {
      findings.push({ entry, problem: errors.LocalTextName(entry.name, families) });
      continue;
    }
    const refer = referencesOf(entry, known, findings);
    for (const slug of Object.keys(entry.data)) refer.locality([slug], slug);
  }
  return findings;
}

/** The names a file of local texts may have: the Spanish slugs of services and of air conditioning. */
export const localTextFamilies = (known: Known): ReadonlySet<unknown> =>
  known.airConditioning === undefined ? known.services : new Set([...known.services, known.airConditioning]);
