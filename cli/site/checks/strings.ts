// Rules of the interface strings (content/i18n/<lang>.yaml): the blog's categories, each once in
// every language, by the same key.
import { errors } from '../errors.ts';
import type { Lang } from '../lang.ts';
import type { Strings } from '../schema/strings.ts';
import type { Entry, Finding, Known } from './entry.ts';
import { inSiteLanguage } from './languages.ts';

/** Strings of the site's languages; each category's key and slug once per language, and each key in every language. */
export function checkStrings(all: readonly Entry<Strings>[], known: Known): Finding[] {
  const findings: Finding[] = [];
  const entries = all.filter((entry) => inSiteLanguage(entry, known, findings));
  const keysOf = new Map<Lang | undefined, Set<string>>();
  for (const entry of entries) {
    const seen = { key: new Set<string>(), slug: new Set<string>() };
    entry.data.blog.categories.forEach((category, i) => {
      for (const field of ['key', 'slug'] as const) {
        if (seen[field].has(category[field]))
          findings.push({ entry, path: ['blog', 'categories', i, field], problem: errors.DuplicateCategory(field, category[field]) });
        seen[field].add(category[field]);
      }
    });
    keysOf.set(entry.lang, seen.key);
  }
  // Only between files that are valid: an invalid one is reported as such.
  for (const entry of entries)
    entry.data.blog.categories.forEach((category, i) => {
      for (const lang of keysOf.keys()) {
        const keys = keysOf.get(lang);
        if (keys && !keys.has(category.key))
          findings.push({
            entry,
            path: ['blog', 'categories', i, 'key'],
            problem: errors.UntranslatedCategory(category.key, `content/i18n/${lang}.yaml`),
          });
      }
    });
  return findings;
}
