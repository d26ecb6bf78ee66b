/** Headings that say the same thing twice on one page: a reader cannot tell the sections apart. */
import { Parser } from 'htmlparser2';
import type { Page } from 'playwright-core';

/** The texts that occur more than once in `texts`, compared without case or extra spaces. */
function repeated(texts: string[]): string[] {
  const seen = new Map<string, number>();
  for (const text of texts) {
    const key = text.trim().replace(/\s+/g, ' ').toLocaleLowerCase();
    seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  return [...seen].filter(([, n]) => n > 1).map(([text]) => text);
}

/** The texts more than one rendered heading (h1–h6) of the page holds. */
export async function repeatedHeadings(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() =>
    // A closed dialog or a hidden section renders nothing; a visually hidden heading is still read out.
    [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].filter((h) => h.getClientRects().length > 0).map((h) => h.textContent ?? ''),
  );
  return repeated(texts);
}

/**
 * The same from a page's HTML, to check every page of a site quickly: headings inside a closed
 * dialog, a template or a hidden element do not count, as they do not show.
 */
export function repeatedHeadingsInHtml(html: string): string[] {
  const texts: string[] = [];
  const hidden: boolean[] = [];
  let heading: string | undefined;
  const parser = new Parser({
    onopentag(name, attribs) {
      const hides = 'hidden' in attribs || name === 'template' || name === 'noscript' || (name === 'dialog' && !('open' in attribs));
      hidden.push(hides || hidden.at(-1) === true);
      if (/^h[1-6]$/.test(name) && !hidden.at(-1)) heading = '';
    },
    ontext(text) {
      if (heading !== undefined) heading += text;
    },
    onclosetag(name) {
      hidden.pop();
      if (/^h[1-6]$/.test(name) && heading !== undefined) texts.push(heading), (heading = undefined);
    },
  });
  parser.end(html);
  return repeated(texts);
}
