// Rules of site.yaml: the company's own values, not the examples it ships with, once publishing.
import { errors } from '../errors.ts';
import { exampleValues, type Site } from '../schema/site.ts';
import { type Entry, type Finding, type Known, valueAt } from './entry.ts';

/** In a strict build: every known example value, and every value marked `# example`. */
export function checkSite(entries: readonly Entry<Site>[], known: Known): Finding[] {
  if (!known.strict) return [];
  const findings: Finding[] = [];
  for (const entry of entries) {
    const still = exampleValues.filter(({ path, test }) => test(valueAt(entry.data, path))).map(({ path }) => path);
    const paths = new Map([...still, ...entry.commentedPaths(/^\s*example\b/)].map((path) => [path.join('.'), path]));
    for (const path of paths.values())
      findings.push({ entry, path, problem: errors.ExampleValue(JSON.stringify(valueAt(entry.data, path))) });
  }
  return findings;
}
