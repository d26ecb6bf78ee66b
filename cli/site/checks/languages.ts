// Rules of languages (site.yaml `languages`): every entry has a text in the site's first language,
// texts only in the site's languages, and where an entry has a text in a language, the values it
// keeps per language (its slug, a photo's alt text) in that language too.
import { errors } from '../errors.ts';
import type { Lang } from '../lang.ts';
import { type Entry, type Finding, type Known, type Path, valueAt } from './entry.ts';

/**
 * The language blocks of an entry (schema/common.ts withTexts) at `at` in its data, given the
 * names of its shared fields: each must be a site language, the first language's must be there.
 * Returns the blocks' languages, for the per-language values the caller checks with `inEach`.
 */
export function textBlocks(entry: Entry<unknown>, at: Path, shared: readonly string[], known: Known, findings: Finding[]): Lang[] {
  const data = valueAt(entry.data, at);
  const blocks = data && typeof data === 'object' ? Object.keys(data).filter((key) => !shared.includes(key)) : [];
  if (known.languages.length === 0) return blocks;
  for (const lang of blocks)
    if (!known.languages.includes(lang))
      findings.push({ entry, path: [...at, lang], problem: errors.UnknownLanguage(lang, known.languages) });
  const first = known.languages[0]!;
  if (!blocks.includes(first)) findings.push({ entry, path: at.length ? at : undefined, problem: errors.NoDefaultText(first) });
  return blocks.filter((lang) => known.languages.includes(lang));
}

/**
 * A value kept per language at `path` (e.g. `slug: { es: …, en: … }`): there in each of `langs`,
 * and in no language the site does not have. `what` names it in the message ("a slug").
 */
export function inEach(entry: Entry<unknown>, path: Path, langs: readonly Lang[], what: string, known: Known, findings: Finding[]): void {
  const values = valueAt(entry.data, path);
  if (!values || typeof values !== 'object') return;
  for (const lang of langs) if (!(lang in values)) findings.push({ entry, path, problem: errors.MissingInLanguage(lang, what) });
  if (known.languages.length === 0) return;
  for (const lang of Object.keys(values))
    if (!known.languages.includes(lang))
      findings.push({ entry, path: [...path, lang], problem: errors.UnknownLanguage(lang, known.languages) });
}

/** A file kept in a language's folder (a post, a legal text) or named after one (strings): a site language. */
export function inSiteLanguage(entry: Entry<unknown>, known: Known, findings: Finding[]): boolean {
  if (entry.lang === undefined || known.languages.length === 0 || known.languages.includes(entry.lang)) return true;
  findings.push({ entry, problem: errors.UnknownLanguage(entry.lang, known.languages) });
  return false;
}
