const isSpace = (char: string) => char === ' ' || char === '\t' || char === '\n' || char === '\f' || char === '\r';

/**
 * The URLs of a `srcset` value ("a-480.avif 480w, a-800.avif 800w"), split as the HTML standard
 * says browsers split it: a URL runs to the next whitespace and may hold commas, and a comma inside
 * a descriptor's parentheses does not end a candidate.
 */
export function srcsetUrls(srcset: string): string[] {
  const urls: string[] = [];
  let i = 0;
  while (i < srcset.length) {
    while (i < srcset.length && (isSpace(srcset[i]!) || srcset[i] === ',')) i++;
    const start = i;
    while (i < srcset.length && !isSpace(srcset[i]!)) i++;
    const url = srcset.slice(start, i);
    if (!url) break;
    const bare = url.replace(/,+$/, '');
    if (bare === url) {
      // Skip the descriptors ("480w", "2x") up to the comma that ends this candidate.
      for (let depth = 0; i < srcset.length && (depth > 0 || srcset[i] !== ','); i++) {
        if (srcset[i] === '(') depth++;
        else if (srcset[i] === ')') depth = Math.max(0, depth - 1);
      }
    }
    if (bare) urls.push(bare);
  }
  return urls;
}
