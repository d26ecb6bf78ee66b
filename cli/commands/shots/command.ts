import { mkdir, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join, relative, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { consentKey, consentVersion } from '../../../templates/islands/consent.ts';
import { loadModelWithoutHtml } from '../../engine/model.ts';
import { RouteMap } from '../../site/routes.ts';
import { chromiumFlags } from '../audit/chromium.ts';
import { chosenFamilies } from '../audit/families.ts';
import { createSiteServer } from '../serve/server.ts';
import { messages } from '../../messages.ts';

/** A path relative to the working folder when it is inside it. */
const shown = (path: string) => (relative(process.cwd(), path).startsWith('..') ? path : relative(process.cwd(), path) || '.');

/** A phone and a laptop: the two screens the pages are checked at (tests/e2e/look). */
export const screens = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

export interface ShotsOptions {
  /** The built site. */
  dir: string;
  /** The content it was built from, which says what pages there are. */
  content: string;
  /** Where the PNG files go. */
  out: string;
  /** The Chromium to drive. */
  chromium: string;
  /** Only these families (`--family`); all by default. */
  family?: string[];
}

/**
 * `sitegen shots`: a full-page PNG of one page of each family, in both languages, on a phone and a
 * laptop screen, for people to look at. Builds nothing; serves the built site as the hosts do.
 * The pages are shown as to a returning visitor who declined analytics, so the cookie banner
 * covers nothing; and the home page's first screen once more on a phone as a first visit shows it,
 * banner and all.
 */
export async function shots(opts: ShotsOptions): Promise<void> {
  const dir = resolve(opts.dir);
  if (!(await stat(join(dir, 'index.html')).catch(() => undefined)))
    throw new Error(messages.notBuilt(`${dir} has no index.html`, 'then "npm run shots" again'));
  const families = chosenFamilies(opts.family);
  const routes = new RouteMap(await loadModelWithoutHtml(opts.content));
  // A family the content has no page of (no finished jobs yet, say) is left out.
  const samples = families
    .flatMap((family) => routes.byFamily(family, routes.languages[0]).slice(0, 1))
    .flatMap((route) => routes.counterparts(route));
  const out = resolve(opts.out);
  await mkdir(out, { recursive: true });
  const browser = await chromium.launch({ executablePath: opts.chromium, args: chromiumFlags }).catch((cause: unknown) => {
    throw new Error(messages.noChromium(opts.chromium), { cause });
  });
  const server = createSiteServer({ dir });
  try {
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const declined = JSON.stringify({ necessary: true, analytics: false, version: consentVersion, savedAt: new Date().toISOString() });
    // The first visit, banner and all, on a phone: the home page's first screen as a newcomer sees it.
    const firstVisit = samples.find((route) => route.family === 'home' && route.lang === routes.languages[0]);
    const total = samples.length * screens.length + (firstVisit ? 1 : 0);
    let done = 0;
    for (const screen of screens) {
      const context = await browser.newContext({ viewport: screen });
      try {
        await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [consentKey, declined] as const);
        const page = await context.newPage();
        for (const route of samples) {
          await page.goto(origin + route.path);
          // A full-page picture shows what is below the first screen: lazy images are loaded first.
          await page.evaluate(async () => {
            for (const img of document.images) img.loading = 'eager';
            await Promise.all([...document.images].map((img) => img.decode().catch(() => undefined)));
            await document.fonts.ready;
          });
          const file = join(out, `${route.family}-${route.lang}-${screen.width}.png`);
          await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
          console.log(`  [${++done}/${total}] ${shown(file)}  ${route.path}`);
        }
      } finally {
        await context.close();
      }
    }
    if (firstVisit) {
      const context = await browser.newContext({ viewport: screens[0] });
      try {
        const page = await context.newPage();
        await page.goto(origin + firstVisit.path);
        await page.locator('.cookie-banner').waitFor({ state: 'visible' });
        const file = join(out, `${firstVisit.family}-${firstVisit.lang}-${screens[0].width}-first-visit.png`);
        await page.screenshot({ path: file, animations: 'disabled' });
        console.log(`  [${++done}/${total}] ${shown(file)}  ${firstVisit.path} (first visit)`);
      } finally {
        await context.close();
      }
    }
    console.log(`${done} screenshots of ${samples.length} pages in ${shown(out)}`);
  } finally {
    await browser.close();
    server.close();
  }
}
