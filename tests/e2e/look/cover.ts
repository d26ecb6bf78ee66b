/**
 * What sits on top of the page: the consent banner of a first visit, and fixed or sticky things
 * (the floating WhatsApp link, the header) over the fields of a form.
 */
import type { Locator, Page } from 'playwright-core';

export interface BannerCover {
  /** Share of the screen the banner covers. */
  share: number;
  /** The calls to action of the first screen the banner covers, by their text. */
  covered: string[];
}

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) =>
  Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)) *
  Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));

/** How much of the screen `banner` covers, and which of `ctas` in the first screen it covers. */
export async function bannerCover(page: Page, banner: Locator, ctas: Locator): Promise<BannerCover> {
  const viewport = page.viewportSize()!;
  const screen = { x: 0, y: 0, ...viewport };
  const box = await banner.boundingBox();
  if (!box) return { share: 0, covered: [] };
  const covered: string[] = [];
  for (const cta of await ctas.all()) {
    const at = await cta.boundingBox();
    if (at && at.y < viewport.height && overlap(at, box) > 0) covered.push((await cta.innerText()).trim());
  }
  return { share: Math.round((overlap(box, screen) / (viewport.width * viewport.height)) * 100) / 100, covered };
}

export interface CoveredField {
  field: string;
  by: string;
  /** "as loaded", or "focused" once the field has the focus (the browser scrolls it into view). */
  when: 'as loaded' | 'focused';
}

/**
 * The form fields a fixed or sticky element covers, as the page loads and with each field focused
 * in turn, as someone filling the form from the keyboard or by tapping would.
 */
export async function fieldsCovered(page: Page): Promise<CoveredField[]> {
  const found: CoveredField[] = [];
  const fields = page.locator('input:not([type="hidden"]), textarea, select');
  for (const [when, index] of [['as loaded', -1] as const, ...(await fields.all()).map((_, i) => ['focused', i] as const)]) {
    if (index >= 0) await fields.nth(index).focus();
    const hits = await page.evaluate(coveringNow, index);
    for (const hit of hits) if (!found.some((f) => f.field === hit.field && f.by === hit.by)) found.push({ ...hit, when });
  }
  return found;
}

/** Runs in the page: fields on screen (the `focused`th alone when ≥ 0) that a fixed or sticky element overlaps. */
function coveringNow(focused: number): { field: string; by: string }[] {
  const name = (el: Element) =>
    el.getAttribute('aria-label') ||
    (el as HTMLInputElement).labels?.[0]?.textContent?.trim() ||
    el.getAttribute('name') ||
    el.textContent?.trim().slice(0, 40) ||
    el.tagName.toLowerCase();
  const on = [...document.querySelectorAll('body *')].filter((el) => {
    const style = getComputedStyle(el);
    return /^(fixed|sticky)$/.test(style.position) && style.visibility === 'visible' && el.getClientRects().length > 0;
  });
  const all = [...document.querySelectorAll('input:not([type="hidden"]), textarea, select')];
  const fields = focused >= 0 ? [all[focused]!] : all;
  const hits: { field: string; by: string }[] = [];
  for (const field of fields) {
    const f = field.getBoundingClientRect();
    if (f.width === 0 || f.bottom <= 0 || f.top >= innerHeight) continue;
    for (const el of on) {
      if (el.contains(field)) continue;
      const c = el.getBoundingClientRect();
      const w = Math.min(f.right, c.right) - Math.max(f.left, c.left);
      const h = Math.min(f.bottom, c.bottom) - Math.max(f.top, c.top);
      if (w > 0 && h > 0) hits.push({ field: name(field), by: name(el) });
    }
  }
  return hits;
}
