/**
 * Contrast of text over an image or a gradient, measured on pixels: axe, htmlcs and Lighthouse
 * compare the text colour with the CSS background colour and cannot see a picture behind it.
 */
import type { Page } from 'playwright-core';
import sharp, { type OutputInfo } from 'sharp';

export interface TextOverImage {
  /** The text's first words. */
  text: string;
  /** The lowest contrast between the text colour and a background pixel under it. */
  ratio: number;
  /** 4.5, or 3 for large text (24 px, or 18.66 px bold). */
  required: number;
  /** Share of the pixels under the text below `required`. */
  shareBelow: number;
}

type Rgb = [number, number, number];

/** A text's line boxes in page coordinates, its colour (sRGB, alpha folded with opacity) and size. */
interface Candidate {
  text: string;
  rects: { x: number; y: number; width: number; height: number }[];
  color: [number, number, number, number];
  large: boolean;
}

const channel = (c: number) => {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};
/** WCAG 2 relative luminance of an sRGB colour. */
export const luminance = ([r, g, b]: Rgb) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
/** WCAG 2 contrast ratio of two colours. */
export const contrast = (a: Rgb, b: Rgb) => {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
};

/**
 * Every text over an image or a gradient on the page, with the lowest contrast of its colour
 * against the pixels behind it, found from screenshots taken with all text transparent.
 */
export async function contrastOverImages(page: Page): Promise<TextOverImage[]> {
  await settle(page);
  const candidates = await page.evaluate(findCandidates);
  if (candidates.length === 0) return [];
  await page.evaluate((css) => {
    // Through the CSSOM, which the site's Content-Security-Policy allows, unlike a <style> element.
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    // Fixed and sticky things move with the scroll: they are not behind the text. Hidden, not removed, so nothing moves.
    for (const el of document.querySelectorAll<HTMLElement>('body *'))
      if (/^(fixed|sticky)$/.test(getComputedStyle(el).position)) el.style.setProperty('visibility', 'hidden', 'important');
  }, hideText);
  const viewport = page.viewportSize()!;
  const samples = new Map<Candidate, number[]>();
  // One screenshot per screenful that holds text, scrolled to the first text not yet sampled.
  const pending = [...candidates].sort((a, b) => a.rects[0]!.y - b.rects[0]!.y);
  while (pending.length) {
    const first = pending[0]!;
    const scrollY = await page.evaluate((y) => {
      window.scrollTo(0, y);
      return window.scrollY;
    }, first.rects[0]!.y - 8);
    const shot = await sharp(await page.screenshot({ animations: 'disabled' }))
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const inView = (c: Candidate) => c.rects.every((r) => r.y >= scrollY && r.y + r.height <= scrollY + viewport.height);
    const taken = pending.filter((c, i) => i === 0 || inView(c));
    for (const candidate of taken) {
      pending.splice(pending.indexOf(candidate), 1);
      samples.set(candidate, ratiosUnder(candidate, shot, scrollY));
    }
  }
  return candidates
    .map((c) => {
      const ratios = samples.get(c)!;
      const required = c.large ? 3 : 4.5;
      return {
        text: c.text,
        ratio: Math.round(Math.min(...ratios) * 100) / 100,
        required,
        shareBelow: Math.round((ratios.filter((r) => r < required).length / ratios.length) * 100) / 100,
      };
    })
    .sort((a, b) => a.ratio / a.required - b.ratio / b.required);
}

/** The texts that fall short, worst first. */
export const failing = (found: TextOverImage[]) => found.filter((t) => t.ratio < t.required);

/** Loads every image now, lazy or not, and waits for them and the fonts. */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (const img of document.images) img.loading = 'eager';
    await Promise.all([...document.images].map((img) => img.decode().catch(() => undefined)));
    await document.fonts.ready;
  });
}

/** Every glyph, decoration and shadow of text transparent; backgrounds, images and SVG drawings as they are. */
const hideText = `*, *::before, *::after, *::marker, *::placeholder {
  -webkit-text-fill-color: transparent !important; text-decoration-color: transparent !important;
  text-shadow: none !important; caret-color: transparent !important; transition: none !important; animation: none !important;
}`;

/** The contrast of the text colour against each pixel under the text's line boxes. */
function ratiosUnder(c: Candidate, shot: { data: Buffer; info: OutputInfo }, scrollY: number): number[] {
  const { width, height, channels } = shot.info;
  const [r, g, b, a] = c.color;
  const ratios: number[] = [];
  for (const rect of c.rects) {
    const top = Math.max(0, Math.round(rect.y - scrollY));
    const bottom = Math.min(height, Math.round(rect.y + rect.height - scrollY));
    const left = Math.max(0, Math.round(rect.x));
    const right = Math.min(width, Math.round(rect.x + rect.width));
    for (let y = top; y < bottom; y++)
      for (let x = left; x < right; x++) {
        const i = (y * width + x) * channels;
        const bg: Rgb = [shot.data[i]!, shot.data[i + 1]!, shot.data[i + 2]!];
        // A translucent text colour shows the background through it.
        const fg: Rgb = [r * a + bg[0] * (1 - a), g * a + bg[1] * (1 - a), b * a + bg[2] * (1 - a)];
        ratios.push(contrast(fg, bg));
      }
  }
  return ratios.length ? ratios : [Number.POSITIVE_INFINITY];
}

/**
 * Runs in the page: each element's own text whose line boxes lie over an image (img, svg, video,
 * canvas, a background image or gradient) of the element, an ancestor or anything overlapping it.
 */
function findCandidates(): Candidate[] {
  const visible = (el: Element) => {
    const style = getComputedStyle(el);
    return style.visibility === 'visible' && el.getClientRects().length > 0;
  };
  const imageLike = (el: Element) => {
    if (/^(img|svg|video|canvas)$/i.test(el.tagName)) return true;
    return [null, '::before', '::after'].some((pseudo) => getComputedStyle(el, pseudo).backgroundImage !== 'none');
  };
  const images = [...document.querySelectorAll('body *')].filter((el) => imageLike(el) && visible(el) && !el.closest('svg svg'));
  const overlapShare = (a: DOMRect, b: DOMRect) => {
    const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
    const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
    return w > 0 && h > 0 ? (w * h) / (a.width * a.height) : 0;
  };
  // sRGB through a canvas: computed colours may be oklch() or color(), which a canvas converts.
  const canvas = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
  const rgba = (color: string): [number, number, number, number] => {
    canvas.clearRect(0, 0, 1, 1);
    canvas.fillStyle = color;
    canvas.fillRect(0, 0, 1, 1);
    const [r, g, b, a] = canvas.getImageData(0, 0, 1, 1).data;
    return [r!, g!, b!, a! / 255];
  };
  const opacity = (el: Element | null): number => (el ? Number(getComputedStyle(el).opacity) * opacity(el.parentElement) : 1);

  const found: Candidate[] = [];
  const owners = new Set<Element>();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || owners.has(el) || !node.textContent?.trim() || el.closest('script, style, noscript, svg') || !visible(el)) continue;
    owners.add(el);
    const range = document.createRange();
    const rects = [...el.childNodes]
      .filter((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim())
      .flatMap((n) => {
        range.selectNodeContents(n);
        return [...range.getClientRects()];
      })
      .filter((r) => r.width >= 2 && r.height >= 2);
    if (!rects.length) continue;
    const overImage = rects.some((rect) =>
      images.some((img) => img.contains(el) || (!el.contains(img) && [...img.getClientRects()].some((b) => overlapShare(rect, b) > 0.2))),
    );
    if (!overImage) continue;
    const style = getComputedStyle(el);
    const [r, g, b, a] = rgba(style.color);
    const size = Number.parseFloat(style.fontSize);
    found.push({
      text: (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60),
      rects: rects.map((rect) => ({ x: rect.x + scrollX, y: rect.y + scrollY, width: rect.width, height: rect.height })),
      color: [r, g, b, a * opacity(el)],
      large: size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700),
    });
  }
  return found;
}
