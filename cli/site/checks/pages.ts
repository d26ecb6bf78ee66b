// Rules of Markdown pages kept per language (posts, legal texts): each page's slug is its file's
// name, and its counterpart in the other language names it back.
import { errors } from '../errors.ts';
import { langs, type Lang } from '../lang.ts';
import type { PostFrontMatter } from '../schema/post.ts';
import type { Entry, Finding, Known } from './entry.ts';
import { referencesOf } from './references.ts';

interface PairPage {
  slug: string;
  counterpart: string;
}

/**
 * Pages of `folder` (with `{lang}`, e.g. "blog/{lang}"): slug and file name alike, counterparts
 * paired. A page whose slug is not its file's name is left out of the pairs, and of `each`;
 * `paired` sees each page of a language after the first with its counterpart.
 */
function checkPairs<P extends PairPage>(
  entries: readonly Entry<P>[],
  folder: string,
  each: (entry: Entry<P>, findings: Finding[]) => void,
  paired?: (entry: Entry<P>, twin: P, findings: Finding[]) => void,
): Finding[] {
  const findings: Finding[] = [];
  const bySlug = new Map<Lang, Map<string, P>>(langs.map((lang) => [lang, new Map()]));
  const pages: Entry<P>[] = [];
  for (const entry of entries) {
    const { slug } = entry.data;
    if (slug !== entry.name) {
      findings.push({ entry, path: ['slug'], problem: errors.SlugNotFileName(slug, `${entry.name}.md`) });
      continue;
    }
    each(entry, findings);
    bySlug.get(entry.lang ?? langs[0])!.set(slug, entry.data);
    pages.push(entry);
  }
  for (const entry of pages) {
    const other = entry.lang === 'en' ? 'es' : 'en';
    const { slug, counterpart } = entry.data;
    const twin = bySlug.get(other)!.get(counterpart);
    if (!twin)
      findings.push({ entry, path: ['counterpart'], problem: errors.NoCounterpart(other, counterpart, folder.replace('{lang}', other)) });
    else if (twin.counterpart !== slug)
      findings.push({ entry, path: ['counterpart'], problem: errors.CounterpartMismatch(counterpart, twin.counterpart, slug) });
    else if (entry.lang !== langs[0]) paired?.(entry, twin, findings);
  }
  return findings;
}

/** Posts: paired, in the same category as their counterpart, naming a category, service, localities and an image the site has. */
export const checkPosts = (entries: readonly Entry<PostFrontMatter>[], known: Known): Finding[] =>
  checkPairs(
    entries,
    'blog/{lang}',
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
export const checkLegal = (entries: readonly Entry<PairPage>[]): Finding[] => checkPairs(entries, 'legal/{lang}', () => {});
