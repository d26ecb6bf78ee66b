/** The length of prose lines as the browser laid them out: past ~80 characters the eye loses the next line. */
import type { Page } from 'playwright-core';

/** Running text: the paragraphs, list items and quotes of the page's main content. */
export const proseSelector = 'main :is(p, li, blockquote, dd, figcaption)';

export interface LongestLine {
  /** Characters on the line, spaces between words included. */
  chars: number;
  text: string;
}

/** The longest rendered line of the elements `selector` matches (an empty line when none match). */
export async function longestLine(page: Page, selector = proseSelector): Promise<LongestLine> {
  return page.evaluate(linesOf, selector);
}

/** Runs in the page: splits each element's text into lines by where each character's box lands. */
function linesOf(selector: string): LongestLine {
  let longest = { chars: 0, text: '' };
  const range = document.createRange();
  for (const block of document.querySelectorAll(selector)) {
    if (getComputedStyle(block).visibility !== 'visible') continue;
    let line = '';
    let bottom = Number.NEGATIVE_INFINITY;
    const end = () => {
      const text = line.trim();
      if (text.length > longest.chars) longest = { chars: text.length, text };
    };
    const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let i = 0; i < text.length; i++) {
        // A character outside the Basic Multilingual Plane is two code units and one character.
        const size = text.codePointAt(i)! > 0xffff ? 2 : 1;
        range.setStart(node, i);
        range.setEnd(node, i + size);
        const box = range.getBoundingClientRect();
        i += size - 1;
        if (box.width === 0) continue; // white space collapsed into the one before it
        // A character whose middle is below the line so far starts the next line.
        if (box.top + box.height / 2 > bottom) end(), (line = ''), (bottom = box.bottom);
        line += text.slice(i - size + 1, i + 1).replace(/\s/, ' ');
        bottom = Math.max(bottom, box.bottom);
      }
    }
    end();
  }
  return longest;
}
