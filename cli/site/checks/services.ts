// Rules of services, air conditioning, localities and the texts of services in each locality.
import { errors } from '../errors.ts';
import { localPlaceholders } from '../model.ts';
import { unknownPlaceholders } from '../placeholders.ts';
import type { LocalTexts } from '../schema/local.ts';
import { localitySchema } from '../schema/locality.ts';
import { airConditioningSchema, type AirConditioning, type ServiceEntry as Service, serviceSchema } from '../schema/service.ts';
import type { Entry, Finding, Known } from './entry.ts';
import { inEach, textBlocks } from './languages.ts';
import { referencesOf } from './references.ts';

/** The texts of service-in-locality pages that fill `{placeholders}`. */
const localKeys = ['seoTitle', 'seoDescription', 'heroDescription', 'intro', 'closing'] as const;

/** Texts in the site's languages, a slug for each; each slug once per language, placeholders the pages fill, images that exist. */
export function checkServices(entries: readonly Entry<Service>[], known: Known): Finding[] {
  const findings: Finding[] = [];
  const slugs = new Map<string, Set<string>>();
  for (const entry of entries) {
    const { data } = entry;
    const refer = referencesOf(entry, known, findings);
    const langs = textBlocks(entry, [], Object.keys(serviceSchema.shape), known, findings);
    inEach(entry, ['slug'], langs, 'slug', known, findings);
    for (const lang of langs) {
      const text = data[lang]!;
      const slug = data.slug[lang];
      const taken = slugs.get(lang) ?? slugs.set(lang, new Set()).get(lang)!;
      if (slug !== undefined && taken.has(slug)) findings.push({ entry, path: ['slug', lang], problem: errors.DuplicateService(slug) });
      if (slug !== undefined) taken.add(slug);
      for (const key of localKeys) {
        for (const name of unknownPlaceholders(text.local[key], localPlaceholders)) {
          const problem = errors.UnknownPlaceholder(
            `{${name}}`,
            localPlaceholders.map((p) => `{${p}}`),
          );
          findings.push({ entry, path: [lang, 'local', key], problem });
        }
      }
      text.sections.forEach((section, i) =>
        section.gallery?.forEach((g, j) => refer.image([lang, 'sections', i, 'gallery', j, 'image'], g.image)),
      );
    }
    refer.image(['image'], data.image);
  }
  return findings;
}

/** Texts in the site's languages, a slug for each; its parent is a service; its image exists. */
export function checkAirConditioning(entries: readonly Entry<AirConditioning>[], known: Known): Finding[] {
  const findings: Finding[] = [];
  for (const entry of entries) {
    const langs = textBlocks(entry, [], Object.keys(airConditioningSchema.shape), known, findings);
    inEach(entry, ['slug'], langs, 'slug', known, findings);
    const refer = referencesOf(entry, known, findings);
    refer.service(['parent'], entry.data.parent);
    refer.image(['image'], entry.data.image);
  }
  return findings;
}

/** Each locality's slug once; its texts in the site's languages. */
export function checkLocalities(entries: readonly Entry<{ localities: readonly { slug: string }[] }>[], known: Known): Finding[] {
  const findings: Finding[] = [];
  const shared = Object.keys(localitySchema.shape);
  for (const entry of entries) {
    const seen = new Set<string>();
    entry.data.localities.forEach(({ slug }, i) => {
      textBlocks(entry, ['localities', i], shared, known, findings);
      if (seen.has(slug)) findings.push({ entry, path: ['localities', i, 'slug'], problem: errors.DuplicateLocality(slug) });
      seen.add(slug);
    });
  }
  return findings;
}

/** Named after a service (or air conditioning), by its key; keyed by localities there are, in the site's languages. */
export function checkLocalTexts(entries: readonly Entry<LocalTexts>[], known: Known): Finding[] {
  const findings: Finding[] = [];
  const families = localTextFamilies(known);
  for (const entry of entries) {
    if (!families.has(entry.name)) {
      findings.push({ entry, problem: errors.LocalTextName(entry.name, families) });
      continue;
    }
    const refer = referencesOf(entry, known, findings);
    for (const [slug, texts] of Object.entries(entry.data)) {
      refer.locality([slug], slug);
      inEach(entry, [slug], Object.keys(texts), 'text', known, findings);
    }
  }
  return findings;
}

/** The names a file of local texts may have: the keys of services and of air conditioning. */
export const localTextFamilies = (known: Known): ReadonlySet<unknown> =>
  known.airConditioning === undefined ? known.services : new Set([...known.services, known.airConditioning]);
