/** Holes in the layout: blank runs down the page, and grid rows that leave a column empty. */
import type { Page } from 'playwright-core';

export interface Gap {
  /** Pixels of nothing below `above`, down to `below`. */
  height: number;
  above: string;
  below: string;
}

/**
 * The tallest blank run in `scope`: below any piece of content (a line of text, an image, a field,
 * the edge of a card or of a band of colour), down to the next one in the same stretch of width.
 */
export async function largestGap(page: Page, scope = 'main'): Promise<Gap> {
  return page.evaluate(gapsOf, scope);
}

export interface GridHole {
  grid: string;
  columns: number;
  items: number;
  /** The column counts that would have no hole. */
  fits: number[];
}

/**
 * Grids whose last row leaves a column empty where another column count would fill every row: two
 * items in three columns, four in three, a hero's text alone in a two-column grid.
 */
export async function gridHoles(page: Page, scope = 'body'): Promise<GridHole[]> {
  return page.evaluate(holesOf, scope);
}

/** Runs in the page. */
function gapsOf(scope: string): Gap {
  type Box = { top: number; bottom: number; left: number; right: number; what: string };
  const root = document.querySelector(scope);
  if (!root) return { height: 0, above: '', below: '' };
  const describe = (el: Element | null) => {
    const text = el?.textContent?.trim().replace(/\s+/g, ' ').slice(0, 50);
    return `${el?.tagName.toLowerCase()}${text ? ` "${text}"` : ''}`;
  };
  const boxes: Box[] = [];
  const add = (r: DOMRect, what: string, top = r.top, bottom = r.bottom) =>
    boxes.push({ top: top + scrollY, bottom: bottom + scrollY, left: r.left, right: r.right, what });
  const shown = (el: Element) => {
    const style = getComputedStyle(el);
    const r = el.getBoundingClientRect();
    return style.visibility === 'visible' && Number(style.opacity) > 0 && r.width >= 2 && r.height >= 2;
  };
  const opaque = (color: string) => !/^(transparent|rgba\(.*, 0\))$/.test(color);
  const backgroundOf = (el: Element | null): string => {
    for (let e = el; e; e = e.parentElement) {
      const color = getComputedStyle(e).backgroundColor;
      if (opaque(color)) return color;
    }
    return 'rgb(255, 255, 255)';
  };
  // A line of text counts across its paragraph's width: a ragged right edge is not a hole.
  const blockOf = (el: Element) => {
    let e: Element | null = el;
    while (e && /^(inline|contents)/.test(getComputedStyle(e).display)) e = e.parentElement;
    return (e ?? el).getBoundingClientRect();
  };
  const range = document.createRange();
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent?.trim() || !node.parentElement || !shown(node.parentElement)) continue;
    const block = blockOf(node.parentElement);
    range.selectNodeContents(node);
    for (const r of range.getClientRects())
      if (r.width >= 2)
        boxes.push({
          top: r.top + scrollY,
          bottom: r.bottom + scrollY,
          left: block.left,
          right: block.right,
          what: describe(node.parentElement),
        });
  }
  for (const el of root.querySelectorAll('*')) {
    if (!shown(el) || el.closest('svg svg')) continue;
    const style = getComputedStyle(el);
    if (/^fixed$/.test(style.position)) continue;
    const r = el.getBoundingClientRect();
    if (/^(img|svg|video|canvas|iframe|input|textarea|select|button|hr)$/i.test(el.tagName) || style.backgroundImage !== 'none') {
      add(r, describe(el));
      continue;
    }
    // A card or band shows where it starts and ends: its background, border or shadow.
    const framed =
      (opaque(style.backgroundColor) && style.backgroundColor !== backgroundOf(el.parentElement)) ||
      (Number.parseFloat(style.borderTopWidth) > 0 && opaque(style.borderTopColor)) ||
      style.boxShadow !== 'none';
    if (framed) add(r, `top of ${describe(el)}`, r.top, r.top + 1), add(r, `bottom of ${describe(el)}`, r.bottom - 1, r.bottom);
  }
  let largest: Gap = { height: 0, above: '', below: '' };
  boxes.sort((a, b) => a.top - b.top || a.bottom - b.bottom);
  for (const box of boxes) {
    // What lies in the box's stretch of width, top to bottom; the first thing that starts below all that covers the box's bottom.
    const column = boxes.filter((b) => Math.min(b.right, box.right) - Math.max(b.left, box.left) > 4);
    let reach = Number.NEGATIVE_INFINITY;
    let last: Box | undefined;
    for (const b of column) {
      if (reach >= box.bottom && b.top > reach) {
        if (b.top - reach > largest.height) largest = { height: Math.round(b.top - reach), above: last!.what, below: b.what };
        break;
      }
      if (b.bottom > reach) (reach = b.bottom), (last = b);
    }
  }
  return largest;
}

/** Runs in the page. */
function holesOf(scope: string): GridHole[] {
  const holes: GridHole[] = [];
  for (const grid of document.querySelectorAll(`${scope}, ${scope} *`)) {
    const style = getComputedStyle(grid);
    if (!/grid$/.test(style.display) || grid.getClientRects().length === 0) continue;
    const tracks = style.gridTemplateColumns
      .replace(/\[[^\]]*\]/g, '')
      .trim()
      .split(/\s+/)
      .map(Number.parseFloat);
    const columns = tracks.length;
    if (columns < 2) continue;
    const items = [...grid.children].filter((el) => {
      const s = getComputedStyle(el);
      return el.getClientRects().length > 0 && !/^(absolute|fixed)$/.test(s.position);
    });
    // Only grids of like items, one column each: a wider item is a layout choice, not a hole.
    if (items.length === 0 || items.some((el) => el.getBoundingClientRect().width > Math.max(...tracks) + 1)) continue;
    const count = items.length;
    if (count % columns === 0) continue;
    // Fewer columns that divide the items, or one row of exactly the items when they are fewer than the columns.
    const fits = [...Array(columns).keys()].filter((n) => n >= 2 && count % n === 0);
    if (count < columns && !fits.includes(count)) fits.push(count);
    if (!fits.length) continue;
    const heading = grid.closest('section')?.querySelector('h1, h2, h3')?.textContent?.trim();
    const text = grid.textContent?.trim().replace(/\s+/g, ' ').slice(0, 40);
    holes.push({ grid: `${grid.tagName.toLowerCase()} "${heading ?? text}"`, columns, items: count, fits });
  }
  return holes;
}
