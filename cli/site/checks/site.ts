// Rules of site.yaml: the company's own values, not the examples it ships with, once publishing.
import { errors } from '../errors.ts';
import { exampleValues, type Site } from '../schema/site.ts';
import { type Entry, type Finding, type Known, valueAt } from './entry.ts';
import { inEach } from './languages.ts';

/** Strings for each language; the service area in each; in a strict build: every known example value, and every value marked `# example`. */
export function checkSite(entries: readonly Entry<Site>[], known: Known): Finding[] {
  const findings: Finding[] = [];
  for (const entry of entries) {
    entry.data.languages.forEach((lang, i) => {
      if (!known.stringsFiles.has(lang)) findings.push({ entry, path: ['languages', i], problem: errors.MissingStrings(lang) });
    });
    inEach(entry, ['serviceArea'], entry.data.languages, 'service area', known, findings);
  }
  if (!known.strict) return findings;
  for (const entry of entries) {
    const still = exampleValues.filter(({ path, test }) => test(valueAt(entry.data, path))).map(({ path }) => path);
    const paths = new Map([...still, ...entry.commentedPaths(/^\s*example\b/)].map((path) => [path.join('.'), path]));
    for (const path of paths.values())
      findings.push({ entry, path, problem: errors.ExampleValue(JSON.stringify(valueAt(entry.data, path))) });
  }
  return findings;
}
