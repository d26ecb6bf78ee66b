import { writeFileAtomic } from '../../support/files.cjs';
import type { SiteModel } from '../../site/model.ts';

const header = [
  '# Every path this site has published: each must keep answering, as a page or as an alias',
  '# ("aliases" in the entry that replaced it). The build adds new pages; delete a line only to',
  '# retire that URL on purpose (it will then answer 404).',
];

/**
 * Adds the paths of this build's pages to content/published-urls.txt, which then names every URL
 * the site has ever published. Written only when a page is new; lines are never removed here.
 * Returns whether it wrote the file.
 */
export function writePublished({ file, paths: listed }: SiteModel['published'], paths: readonly string[]): boolean {
  const known = new Set(listed);
  const added = paths.filter((path) => !known.has(path));
  if (added.length === 0) return false;
  const kept = listed.length ? listed.slice(0, listed.at(-1) === '' ? -1 : undefined) : header;
  writeFileAtomic(file, `${[...kept, ...added.sort()].join('\n')}\n`);
  return true;
}
