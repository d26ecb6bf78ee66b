/**
 * Each look check on a tiny page with the defect it is for planted in it, and on the same page
 * without it: a check that cannot see its defect would let the site's pages pass for nothing.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desktop, launchChromium, phone } from '../site.ts';
import { contrast, contrastOverImages, failing } from './contrast.ts';
import { bannerCover, fieldsCovered } from './cover.ts';
import { repeatedHeadings, repeatedHeadingsInHtml } from './headings.ts';
import { gridHoles, largestGap } from './layout.ts';
import { longestLine } from './lines.ts';

let browser: Browser;
beforeAll(async () => void (browser = await launchChromium()), 60_000);
afterAll(() => browser?.close());

/** A page of `body` (and `css`) at `screen`, closed with its context after the test. */
const pages: Page[] = [];
async function pageOf(body: string, { css = '', screen = desktop } = {}): Promise<Page> {
  const page = await browser.newPage({ viewport: screen });
  pages.push(page);
  await page.setContent(`<!doctype html><html lang="en"><style>body { margin: 0; font: 16px/1.5 sans-serif } ${css}</style><body>${body}`);
  return page;
}
afterAll(() => Promise.all(pages.map((p) => p.close())));

/** An SVG picture as a data URL: dark on the left, light from x = 250 on. */
const halfDark = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="200"><rect width="250" height="200" fill="#0c2d48"/><rect x="250" width="550" height="200" fill="#dbeafe"/></svg>',
)}`;

describe('contrast over images', { timeout: 30_000 }, () => {
  it('computes the WCAG ratio', () => {
    expect(contrast([0, 0, 0], [255, 255, 255])).toBeCloseTo(21, 5);
    expect(contrast([0x76, 0x76, 0x76], [255, 255, 255])).toBeCloseTo(4.54, 2);
  });

  it('finds white text over the light half of a picture behind it, from the pixels', async () => {
    const page = await pageOf(
      `<section style="position: relative; width: 800px; height: 200px">
         <img src="${halfDark}" alt="" style="position: absolute; inset: 0">
         <p style="position: relative; margin: 0; padding: 80px 20px; color: #fff">Light words across a dark and a light half of the drawing</p>
       </section>`,
    );
    const [text] = failing(await contrastOverImages(page));
    expect(text).toMatchObject({ text: 'Light words across a dark and a light half of the drawing', required: 4.5 });
    expect(text!.ratio).toBeLessThan(1.3); // white on #dbeafe
    // The dark half passes: only the words over the light half fall short.
    expect(text!.shareBelow).toBeGreaterThan(0.2);
    expect(text!.shareBelow).toBeLessThan(0.8);
  });

  it('holds small text over a gradient to 4.5:1 and large text to 3:1', async () => {
    const page = await pageOf(
      `<div style="background: linear-gradient(#ffffff, #eeeeee); color: #777; padding: 20px">
         <p>Small grey words</p><p style="font-size: 32px">Large grey words</p><p style="color: #222">Dark words</p>
       </div>`,
    );
    const found = await contrastOverImages(page);
    expect(found.map((t) => t.text).sort()).toEqual(['Dark words', 'Large grey words', 'Small grey words']);
    expect(failing(found).map((t) => t.text)).toEqual(['Small grey words']);
    expect(found.find((t) => t.text === 'Large grey words')).toMatchObject({ required: 3 });
  });

  it('leaves text over a plain colour to the other checkers', async () => {
    const page = await pageOf('<p style="background: #eee; color: #999">Plain background</p>');
    expect(await contrastOverImages(page)).toEqual([]);
  });
});

describe('what covers the page', { timeout: 30_000 }, () => {
  const hero = `<section style="height: 700px; padding: 24px"><h1>Fix it today</h1>
    <a href="#call" style="display: inline-block; margin-top: 520px">Call now</a></section>`;
  const banner = (height: string) =>
    `<section aria-label="Your privacy" style="position: fixed; bottom: 0; left: 0; right: 0; height: ${height}; background: #fff">Cookies</section>`;

  it("measures the share of a phone's first screen a consent banner covers, and the calls to action under it", async () => {
    const page = await pageOf(hero + banner('38%'), { screen: phone });
    const cover = await bannerCover(page, page.getByRole('region', { name: 'Your privacy' }), page.locator('section a'));
    expect(cover).toEqual({ share: 0.38, covered: ['Call now'] });
  });

  it('passes a banner that leaves the calls to action free', async () => {
    const page = await pageOf(hero + banner('12%'), { screen: phone });
    const cover = await bannerCover(page, page.getByRole('region', { name: 'Your privacy' }), page.locator('section a'));
    expect(cover).toEqual({ share: 0.12, covered: [] });
  });

  it('finds a floating button over a form field, as the page loads and once a field has the focus', async () => {
    // The browser scrolls a focused field below the screen only just into view: to the bottom edge.
    const page = await pageOf(
      `<form style="padding: 16px"><div style="height: 760px"></div>
         <label>Name <input name="name" style="display: block; width: 100%; box-sizing: border-box"></label>
         <div style="height: 900px"></div>
         <label>Message <textarea name="message" style="display: block; width: 100%; box-sizing: border-box"></textarea></label>
       </form>
       <a href="#chat" aria-label="Chat" style="position: fixed; right: 16px; bottom: 16px; width: 56px; height: 56px; background: green"></a>`,
      { screen: phone },
    );
    expect(await fieldsCovered(page)).toEqual([
      { field: 'Name', by: 'Chat', when: 'as loaded' },
      { field: 'Message', by: 'Chat', when: 'focused' },
    ]);
  });

  it('passes fields that nothing fixed covers', async () => {
    const page = await pageOf(
      `<form style="padding: 16px 96px 16px 16px"><label>Name <input name="name"></label></form>
       <a href="#chat" aria-label="Chat" style="position: fixed; right: 16px; top: 16px; width: 56px; height: 56px"></a>`,
      { screen: phone },
    );
    expect(await fieldsCovered(page)).toEqual([]);
  });
});

describe('prose lines', { timeout: 30_000 }, () => {
  const words = 'the quick brown fox jumps over the lazy dog and keeps running across the field '.repeat(8);

  it('counts the characters of each rendered line', async () => {
    const page = await pageOf(`<main><p style="font: 16px monospace; width: 50ch">${words}</p></main>`);
    const line = await longestLine(page);
    expect(line.chars).toBeLessThanOrEqual(50);
    expect(line.chars).toBeGreaterThan(44);
    expect(words).toContain(line.text);
  });

  it('finds a line past 80 characters in a paragraph as wide as a laptop screen', async () => {
    const page = await pageOf(`<main><p style="padding: 0 32px">${words}</p></main>`);
    expect((await longestLine(page)).chars).toBeGreaterThan(120);
  });

  it('reads inline markup as part of its line, and leaves out text outside main', async () => {
    const page = await pageOf(
      `<header><p>${words}</p></header><main><ul><li>Some <strong>bold</strong> and\n  <a href="#a">linked</a>   words</li></ul></main>`,
    );
    expect(await longestLine(page)).toEqual({ chars: 26, text: 'Some bold and linked words' });
  });
});

describe('holes in the layout', { timeout: 30_000 }, () => {
  it('measures the blank run between two paragraphs', async () => {
    const page = await pageOf('<main><p>First</p><p style="margin-top: 240px">Second</p></main>');
    expect(await largestGap(page)).toMatchObject({ above: 'p "First"', below: 'p "Second"' });
    expect((await largestGap(page)).height).toBeGreaterThan(230);
  });

  it('finds the blank under a short column beside a tall picture, and not under a ragged right edge', async () => {
    const tall = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="600"/>')}`;
    const page = await pageOf(
      `<main style="width: 900px">
         <p>A long first line of text that runs the whole width of the paragraph and then some more words to wrap onto
            the next line.</p><p>Short.</p>
         <div style="display: flex; gap: 20px"><p style="flex: 1">A caption beside the picture.</p><img src="${tall}" alt="" width="400" height="600"></div>
         <p>After the picture.</p>
       </main>`,
    );
    const gap = await largestGap(page);
    expect(gap).toMatchObject({ above: 'p "A caption beside the picture."', below: 'p "After the picture."' });
    expect(gap.height).toBeGreaterThan(500);
  });

  it('passes sections whose blank runs stay short, and counts a band of colour as an edge', async () => {
    const page = await pageOf(
      `<main><section style="padding: 80px 0"><p>One</p></section>
         <section style="padding: 80px 0; background: #eef"><p>Two</p></section></main>`,
    );
    expect((await largestGap(page)).height).toBeLessThanOrEqual(100);
  });

  it('finds grid rows left with an empty column that another column count would fill', async () => {
    const grid = (id: string, columns: number, items: number) =>
      `<section><h2>${id}</h2><ul style="display: grid; grid-template-columns: repeat(${columns}, 1fr); list-style: none">${'<li>Card</li>'.repeat(items)}</ul></section>`;
    const page = await pageOf(
      grid('Two in three', 3, 2) +
        grid('Four in three', 3, 4) +
        grid('Alone in two', 2, 1) +
        grid('Six in three', 3, 6) +
        grid('Five in three', 3, 5) +
        `<div style="display: grid; grid-template-columns: 1fr 1fr"><p style="grid-column: span 2">Wide</p><p>Half</p></div>`,
    );
    expect(await gridHoles(page)).toEqual([
      { grid: 'ul "Two in three"', columns: 3, items: 2, fits: [2] },
      { grid: 'ul "Four in three"', columns: 3, items: 4, fits: [2] },
      { grid: 'ul "Alone in two"', columns: 2, items: 1, fits: [1] },
    ]);
  });
});

describe('repeated headings', { timeout: 30_000 }, () => {
  it('finds two headings with the same words, whatever their level, case or spacing', async () => {
    const page = await pageOf('<h1>Plumbers</h1><h2>What we do</h2><h2>Our work</h2><h3>what  we DO</h3>');
    expect(await repeatedHeadings(page)).toEqual(['what we do']);
  });

  it('passes headings that differ, and leaves out one that is not rendered', async () => {
    const page = await pageOf('<h1>Plumbers</h1><h2>What we do</h2><dialog><h2>What we do</h2></dialog><h2 hidden>Plumbers</h2>');
    expect(await repeatedHeadings(page)).toEqual([]);
  });

  it('reads the same from the HTML alone, to check every page of a site', () => {
    expect(repeatedHeadingsInHtml('<h1>Plumbers</h1><h2>What we <em>do</em></h2><h3>what  we DO</h3>')).toEqual(['what we do']);
    expect(
      repeatedHeadingsInHtml('<h1>Plumbers</h1><h2>What we do</h2><dialog><h2>What we do</h2></dialog><div hidden><h2>Plumbers</h2></div>'),
    ).toEqual([]);
    expect(repeatedHeadingsInHtml('<h2>Cookies</h2><dialog open><h2>Cookies</h2></dialog>')).toEqual(['cookies']);
  });
});
