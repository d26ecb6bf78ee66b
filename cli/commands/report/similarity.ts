// How much of a page's text is its own: words of its <main>, 5-word shingles, Jaccard similarity.
import { Parser } from 'htmlparser2';

/** The visible words of a page's <main>, lowercased. */
export function mainWords(html: string): string[] {
  const words: string[] = [];
  let inMain = 0;
  let hidden = 0;
  const parser = new Parser(
    {
      onopentag(name) {
        if (name === 'main') inMain++;
        if (name === 'script' || name === 'style') hidden++;
      },
      onclosetag(name) {
        if (name === 'main') inMain--;
        if (name === 'script' || name === 'style') hidden--;
      },
      ontext(text) {
        if (inMain > 0 && hidden === 0)
          words.push(
            ...text
              .toLowerCase()
              .split(/[^\p{L}\p{N}'’-]+/u)
              .filter(Boolean),
          );
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  return words;
}

/** Every run of five consecutive words. */
export const shingles = (words: readonly string[]): Set<string> => new Set(words.slice(4).map((_, i) => words.slice(i, i + 5).join(' ')));

/** Jaccard similarity of two sets of shingles: what they share over what either has. */
export function similarity(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let shared = 0;
  for (const shingle of a) if (b.has(shingle)) shared++;
  const union = a.size + b.size - shared;
  return union === 0 ? 0 : shared / union;
}
