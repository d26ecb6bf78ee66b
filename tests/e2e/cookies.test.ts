import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hydrated, phone, useSite, timeouts } from './site.ts';

const site = useSite();

const stored = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('cookieConsent') ?? 'null') as unknown);
const banner = (page: Page) => page.getByRole('region', { name: /Tu privacidad|Your privacy/ });
const dialog = (page: Page) => page.locator('dialog');
const dialogOpen = (page: Page) => dialog(page).evaluate((d: HTMLDialogElement) => d.open);
const focusInDialog = (page: Page) => page.evaluate(() => document.activeElement?.closest('dialog') !== null);
const analyticsScripts = (page: Page) => page.locator('script[src$="/test-analytics.js"]').count();

/** Clicks a choice and checks what the browser keeps: exactly the four fields, saved just now. */
async function choose(page: Page, button: string, analytics: boolean) {
  const before = Date.now();
  await page.getByRole('button', { name: button, exact: true }).click();
  await banner(page).waitFor({ state: 'hidden' });
  expect(await stored(page)).toEqual({ necessary: true, analytics, version: 1, savedAt: expect.any(String) });
  const savedAt = Date.parse(((await stored(page)) as { savedAt: string }).savedAt);
  expect(savedAt).toBeGreaterThanOrEqual(before - 1000);
  expect(savedAt).toBeLessThanOrEqual(Date.now() + 1000);
}

/** Stores a choice made `monthsAgo` months ago and reloads, as a returning visitor. */
async function returnAfter(page: Page, monthsAgo: number, analytics: boolean) {
  await page.evaluate(
    ([months, analytics]) => {
      const savedAt = new Date();
      savedAt.setMonth(savedAt.getMonth() - months);
      localStorage.setItem('cookieConsent', JSON.stringify({ necessary: true, analytics, version: 1, savedAt: savedAt.toISOString() }));
    },
    [monthsAgo, analytics] as const,
  );
  await page.reload();
  await hydrated(page);
}

describe('cookie banner', { timeout: timeouts.test }, () => {
  it('shows on a first visit with Reject beside Accept and just as prominent, and nothing optional loaded', async () => {
    const { page, errors } = await site.open('/');
    await banner(page).waitFor();
    const reject = page.getByRole('button', { name: 'Rechazar', exact: true });
    const accept = page.getByRole('button', { name: 'Aceptar', exact: true });
    const look = (b: typeof reject) =>
      b.evaluate((el) => ['background-color', 'color', 'font-weight', 'height'].map((p) => getComputedStyle(el).getPropertyValue(p)));
    expect(await look(reject)).toEqual(await look(accept));
    expect(await page.getByRole('button', { name: 'Configurar', exact: true }).isVisible()).toBe(true);
    expect(await stored(page)).toBeNull();
    expect(await analyticsScripts(page)).toBe(0);
    expect(errors).toEqual([]);
  });

  it('Aceptar stores necessary and analytics true and only then loads the analytics script', async () => {
    const { page } = await site.open('/');
    const hits = site.analyticsHits();
    await choose(page, 'Aceptar', true);
    expect(await analyticsScripts(page)).toBe(1);
    await page.waitForFunction(() => performance.getEntriesByType('resource').some((r) => r.name.endsWith('/test-analytics.js')));
    expect(site.analyticsHits()).toBe(hits + 1);
  });

  it('Rechazar stores analytics false, loads nothing, and the banner stays away on the next page', async () => {
    const { page } = await site.open('/');
    const hits = site.analyticsHits();
    await choose(page, 'Rechazar', false);
    await page.goto(`${site.origin}/fontaneros`);
    await hydrated(page);
    expect(await banner(page).isVisible()).toBe(false);
    expect(await analyticsScripts(page)).toBe(0);
    expect(site.analyticsHits()).toBe(hits);
  });

  it('Configurar opens a dialog with necessary on and locked, analytics off; Rechazar todo stores analytics false', async () => {
    const { page } = await site.open('/');
    await page.getByRole('button', { name: 'Configurar', exact: true }).click();
    expect(await dialogOpen(page)).toBe(true);
    const necessary = page.getByRole('switch', { name: 'Necesarias' });
    const analytics = page.getByRole('switch', { name: 'Analíticas' });
    expect(await necessary.getAttribute('aria-checked')).toBe('true');
    expect(await necessary.isDisabled()).toBe(true);
    expect(await analytics.getAttribute('aria-checked')).toBe('false');
    await choose(page, 'Rechazar todo', false);
    expect(await dialogOpen(page)).toBe(false);
    expect(await analyticsScripts(page)).toBe(0);
  });

  it('Guardar preferencias stores the switched-on analytics, closes dialog and banner, and loads the script', async () => {
    const { page } = await site.open('/en');
    await page.getByRole('button', { name: 'Configure', exact: true }).click();
    const analytics = page.getByRole('switch', { name: 'Analytics' });
    await analytics.click();
    expect(await analytics.getAttribute('aria-checked')).toBe('true');
    await choose(page, 'Save preferences', true);
    expect(await dialogOpen(page)).toBe(false);
    expect(await analyticsScripts(page)).toBe(1);
  });

  it('stays hidden for a valid stored choice, which keeps loading analytics, and returns once it is over 24 months old', async () => {
    const { page } = await site.open('/');
    await returnAfter(page, 23, true);
    // The footer link working shows the island is live, so the banner is hidden by choice.
    await page.getByRole('link', { name: 'Configurar cookies' }).click();
    expect(await dialogOpen(page)).toBe(true);
    expect(await banner(page).isVisible()).toBe(false);
    expect(await analyticsScripts(page)).toBe(1);

    await returnAfter(page, 25, true);
    await banner(page).waitFor();
    expect(await analyticsScripts(page)).toBe(0);
  });

  it('keeps the focused element clear of the banner', async () => {
    const { page } = await site.open('/', { viewport: phone });
    await banner(page).waitFor();
    const link = page.getByRole('link', { name: 'Configurar cookies' });
    await link.focus();
    const [linkBox, bannerBox] = [await link.boundingBox(), await banner(page).boundingBox()];
    expect(linkBox!.y + linkBox!.height).toBeLessThanOrEqual(bannerBox!.y);
  });
});

describe('cookie dialog', { timeout: timeouts.test }, () => {
  it('takes focus, keeps Tab inside, closes on Escape and gives focus back to Configurar', async () => {
    const { page } = await site.open('/');
    const configure = page.getByRole('button', { name: 'Configurar', exact: true });
    await configure.focus();
    await page.keyboard.press('Enter');
    expect(await dialogOpen(page)).toBe(true);
    expect(await focusInDialog(page)).toBe(true);
    const visited = new Set<string>();
    for (const key of [...Array(8).fill('Tab'), ...Array(8).fill('Shift+Tab')]) {
      await page.keyboard.press(key);
      expect(await focusInDialog(page), `focus after ${key}`).toBe(true);
      visited.add(await page.evaluate(() => document.activeElement!.textContent || document.activeElement!.id));
    }
    expect([...visited].sort()).toEqual(['Cerrar', 'Guardar preferencias', 'Rechazar todo', 'consent-analytics'].sort());

    await page.keyboard.press('Escape');
    expect(await dialogOpen(page)).toBe(false);
    await page.waitForFunction(() => document.activeElement?.textContent === 'Configurar');
    expect(await banner(page).isVisible()).toBe(true);
    expect(await stored(page)).toBeNull();
  });

  it('reopens from the footer link with the stored choice, and saves a change', async () => {
    const { page } = await site.open('/en/contact');
    await choose(page, 'Accept', true);
    const link = page.getByRole('link', { name: 'Cookie settings' });
    await link.click();
    expect(await dialogOpen(page)).toBe(true);
    expect(page.url()).toBe(`${site.origin}/en/contact`);
    const analytics = page.getByRole('switch', { name: 'Analytics' });
    expect(await analytics.getAttribute('aria-checked')).toBe('true');
    await analytics.click();
    await page.getByRole('button', { name: 'Save preferences' }).click();
    expect(await dialogOpen(page)).toBe(false);
    expect(await stored(page)).toMatchObject({ necessary: true, analytics: false });
    await page.waitForFunction(() => document.activeElement?.textContent === 'Cookie settings');
    expect(await banner(page).isVisible()).toBe(false);
  });
});
