// Rules of Markdown pages kept per language (posts, legal texts): each page's slug is its file's
// name; a page in any language but the first names its first-language page as `counterpart`.
import { errors } from '../errors.ts';
import type { Lang } from '../lang.ts';
import type { PostFrontMatter } from '../schema/post.ts';
import type { Entry, Finding, Known } from './entry.ts';
import { inSiteLanguage } from './languages.ts';
import { referencesOf } from './references.ts';

interface PairPage {
  slug: string;
  counterpart?: string | undefined;
}

/**
 * Pages of `folder` (with `{lang}`, e.g. "blog/{lang}"): in the site's languages, slug and file name
 * alike, counterparts paired. A page in another language than the first names the first-language
 * page it translates, and one page a language translates it; a first-language page may name one of
 * its translations back. A page whose slug is not its file's name is left out of the pairs, and of
 * `each`; `paired` sees each translation with its first-language page.
 */
function checkPairs<P extends PairPage>(
  entries: readonly Entry<P>[],
  folder: string,
  known: Known,
  each: (entry: Entry<P>, findings: Finding[]) => void,
  paired?: (entry: Entry<P>, twin: P, findings: Finding[]) => void,
): Finding[] {
  const findings: Finding[] = [];
  const first = known.languages[0];
  const bySlug = new Map<Lang | undefined, Map<string, P>>();
  const pages: Entry<P>[] = [];
  for (const entry of entries) {
    if (!inSiteLanguage(entry, known, findings)) continue;
    const { slug } = entry.data;
    if (slug !== entry.name) {
      findings.push({ entry, path: ['slug'], problem: errors.SlugNotFileName(slug, `${entry.name}.md`) });
      continue;
    }
    each(entry, findings);
    (bySlug.get(entry.lang) ?? bySlug.set(entry.lang, new Map()).get(entry.lang)!).set(slug, entry.data);
    pages.push(entry);
  }
  const translated = new Map<string, string>();
  for (const entry of pages) {
    const { slug, counterpart } = entry.data;
    const where = (lang: Lang) => folder.replace('{lang}', lang);
    if (entry.lang === first) {
      if (counterpart === undefined) continue;
      // One of its translations, which translates it.
      const named = [...bySlug]
        .filter(([lang, pages]) => lang !== first && pages.has(counterpart))
        .map(([, pages]) => pages.get(counterpart)!);
      if (named.length === 0)
        findings.push({ entry, path: ['counterpart'], problem: errors.NoCounterpart('other-language', counterpart, where('{lang}')) });
      else if (!named.some((page) => page.counterpart === slug))
        findings.push({
          entry,
          path: ['counterpart'],
          problem: errors.CounterpartMismatch(counterpart, named[0]!.counterpart ?? '', slug),
        });
      continue;
    }
    if (first === undefined || entry.lang === undefined) continue;
    if (counterpart === undefined) {
      findings.push({ entry, problem: errors.NoCounterpartGiven(first, where(first)) });
      continue;
    }
    const twin = bySlug.get(first)?.get(counterpart);
    const mine = `${entry.lang}:${counterpart}`;
    if (!twin) findings.push({ entry, path: ['counterpart'], problem: errors.NoCounterpart(first, counterpart, where(first)) });
    else if (translated.has(mine))
      findings.push({ entry, path: ['counterpart'], problem: errors.CounterpartMismatch(counterpart, translated.get(mine)!, slug) });
    else if (twin.counterpart !== undefined && twin.counterpart !== slug && bySlug.get(entry.lang)?.has(twin.counterpart))
      findings.push({ entry, path: ['counterpart'], problem: errors.CounterpartMismatch(counterpart, twin.counterpart, slug) });
    else paired?.(entry, twin, findings);
    if (twin && !translated.has(mine)) translated.set(mine, slug);
  }
  return findings;
}

/** Posts: paired, in the same category as their counterpart, naming a category, service, localities and an image the site has. */
export const checkPosts = (entries: readonly Entry<PostFrontMatter>[], known: Known): Finding[] =>
  checkPairs(
    entries,
    'blog/{lang}',
    known,
    (entry, findings) => {
      const refer = referencesOf(entry, known, findings);
      refer.category(['category'], entry.data.category);
      refer.service(['service'], entry.data.service);
      entry.data.localities.forEach((slug, i) => refer.locality(['localities', i], slug));
      refer.image(['image'], entry.data.image);
    },
    (entry, twin, findings) => {
      // An unknown category is reported as such: no mismatch on top of it.
      const bothKnown = known.categories.has(entry.data.category) && known.categories.has(twin.category);
      if (bothKnown && twin.category !== entry.data.category)
        findings.push({ entry, path: ['category'], problem: errors.CategoryMismatch(twin.slug, twin.category) });
    },
  );
/** Legal texts: paired. */
export const checkLegal = (entries: readonly Entry<PairPage>[], known: Known): Finding[] =>
  checkPairs(entries, 'legal/{lang}', known, () => {});
