// The list of every path the site has published (content/published-urls.txt, kept by the build:
// engine/write/published-urls.ts), one a line.
import { errors, type Problem } from '../errors.ts';

/** A path as a page or alias has it; anything else on a line of the list is a mistake (or not the list at all). */
const publishedPath = /^\/[^\s\p{Cc}]*$/u;

/** Each line (trimmed) that is not a path, a # comment or blank, by its number from 1. */
export function notPaths(lines: readonly string[]): { line: number; problem: Problem }[] {
  const found: { line: number; problem: Problem }[] = [];
  lines.forEach((line, i) => {
    if (line && !line.startsWith('#') && !publishedPath.test(line)) found.push({ line: i + 1, problem: errors.NotAPath(line) });
  });
  return found;
}
