/**
 * One page of every family, in both languages, on the real content and on the worked example,
 * looked at as a person would on a phone (390×844) and a laptop (1280×800): the checks of
 * tests/e2e/look, each proven on a planted defect in planted.test.ts. Prints each family's figures.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { outputFile, sampledFamilies } from '../../../cli/site/routes.ts';
import { contentDir, workedExampleDir } from '../../helpers.ts';
import { desktop, phone, timeouts, useSite } from '../site.ts';
import { contrastOverImages, failing } from './contrast.ts';
import { bannerCover, fieldsCovered } from './cover.ts';
import { repeatedHeadings, repeatedHeadingsInHtml } from './headings.ts';
import { gridHoles, largestGap } from './layout.ts';
import { longestLine } from './lines.ts';

/** The limits a page is held to. */
const limits = { bannerShare: 0.25, lineChars: 80, gap: 160 };

/** A family's figures, the worst of its pages in both languages and on both screens. */
interface Figures {
  /** Lowest contrast of text over an image against what it needs, e.g. "3.87 (4.5)". */
  contrast: string;
  bannerShare: number;
  longestLine: number;
  gap: number;
  repeated: string[];
  /** Calls to action the banner covers, fields a fixed element covers, grids with a hole: "page: what". */
  covered: string[];
  holes: string[];
}

const banner = (page: Page) => page.getByRole('region', { name: /^(Tu privacidad|Your privacy)$/ });
/** The first screen's calls to action: the links and buttons of the page's first band. */
const heroActions = (page: Page) => page.locator('main section').first().locator('a, button');

for (const [name, content] of [
  ['real content', contentDir],
  ['worked example', workedExampleDir],
] as const) {
  describe(`what a person sees, on the ${name}`, { timeout: timeouts.test * 4 }, () => {
    const site = useSite({ content });
    const figures = new Map<string, Figures>();
    afterAll(() => console.log(`Look figures, ${name}:\n${table(figures)}`));

    for (const family of sampledFamilies)
      it(`${family}: legible over images, nothing covered, short lines, no holes, unique headings`, async (test) => {
        const [route] = site.routes.byFamily(family, 'es');
        if (!route) return test.skip(`the ${name} has no ${family} page`);
        const found: Figures = { contrast: '', bannerShare: 0, longestLine: 0, gap: 0, repeated: [], covered: [], holes: [] };
        let lowest = Number.POSITIVE_INFINITY;
        for (const { path } of site.routes.counterparts(route))
          for (const screen of [phone, desktop]) {
            const where = `${path} at ${screen.width} px`;
            const { page } = await site.open(path, { viewport: screen });

            // A first visit: the consent banner is up.
            await banner(page).waitFor();
            const cover = await bannerCover(page, banner(page), heroActions(page));
            if (screen === phone) {
              expect.soft(cover.share, `${where}: share of the screen the consent banner covers`).toBeLessThanOrEqual(limits.bannerShare);
              found.bannerShare = Math.max(found.bannerShare, cover.share);
            }
            expect.soft(cover.covered, `${where}: calls to action under the consent banner`).toEqual([]);
            found.covered.push(...cover.covered.map((cta) => `${where}: "${cta}" under the banner`));
            await banner(page)
              .getByRole('button', { name: /^(Rechazar|Reject)$/ })
              .click();
            await banner(page).waitFor({ state: 'hidden' });

            const fields = await fieldsCovered(page);
            expect.soft(fields, `${where}: form fields under a fixed element`).toEqual([]);
            found.covered.push(...fields.map((f) => `${where}: field "${f.field}" under "${f.by}" ${f.when}`));
            const line = await longestLine(page);
            expect.soft(line.chars, `${where}: longest prose line, "${line.text}"`).toBeLessThanOrEqual(limits.lineChars);
            found.longestLine = Math.max(found.longestLine, line.chars);
            const holes = await gridHoles(page);
            expect.soft(holes, `${where}: grid rows with an empty column`).toEqual([]);
            found.holes.push(...holes.map((h) => `${where}: ${h.items} in ${h.columns} columns, ${h.grid}`));
            if (screen === desktop) {
              const gap = await largestGap(page);
              expect.soft(gap.height, `${where}: blank run from ${gap.above} down to ${gap.below}`).toBeLessThanOrEqual(limits.gap);
              found.gap = Math.max(found.gap, gap.height);
              const repeated = await repeatedHeadings(page);
              expect.soft(repeated, `${where}: headings repeated`).toEqual([]);
              found.repeated = [...new Set([...found.repeated, ...repeated])];
            }
            // Last: it makes the page's text transparent.
            const texts = await contrastOverImages(page);
            expect.soft(failing(texts), `${where}: text over an image below its contrast`).toEqual([]);
            for (const text of texts)
              if (text.ratio / text.required < lowest)
                (lowest = text.ratio / text.required), (found.contrast = `${text.ratio} (${text.required})`);
            await site.closePages();
          }
        figures.set(family, found);
      });

    // One page of a family shows one service's copy: the others may repeat a heading of their own.
    it('no page of the site repeats a heading', async () => {
      const repeats: Record<string, string[]> = {};
      for (const { path } of site.routes.routes) {
        const repeated = repeatedHeadingsInHtml(await readFile(join(site.dir, outputFile(path)), 'utf8'));
        if (repeated.length) repeats[path] = repeated;
      }
      expect(repeats).toEqual({});
    });
  });
}

function table(figures: Map<string, Figures>): string {
  const rows = [
    ['family', 'lowest contrast over an image (needed)', 'banner share at 390', 'longest line', 'largest gap at 1280', 'headings repeated'],
    ...[...figures].map(([family, f]) => [
      family,
      f.contrast || 'no text over an image',
      `${Math.round(f.bannerShare * 100)} %`,
      `${f.longestLine} chars`,
      `${f.gap} px`,
      f.repeated.join(', ') || 'none',
    ]),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  const lines = rows.map((row) =>
    row
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join('  ')
      .trimEnd(),
  );
  const found = [...figures.values()].flatMap((f) => [...f.covered, ...f.holes]);
  return [...lines, ...(found.length ? ['', 'Covered and holed:', ...found.map((line) => `  ${line}`)] : [])].join('\n');
}
