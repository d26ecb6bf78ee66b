import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { phone, useSite, timeouts } from './site.ts';

const site = useSite();

interface MenuEvent {
  type: 'enter' | 'leave' | 'opened' | 'closed' | 'open at 100 ms' | 'closed at 100 ms' | 'open at 75 ms' | 'closed at 75 ms';
  at: number;
}
declare global {
  interface Window {
    menuLog: MenuEvent[];
  }
}

/**
 * Logs, in the page's own clock, when the pointer enters and leaves the Services menu and when it
 * opens and closes, plus its state a little before the delays are due. The listeners capture, so
 * they run before the menu's own and time the delays from their true start.
 */
async function recordMenu(page: Page) {
  await page.evaluate(() => {
    const menu = document.querySelector('[data-menu]')!;
    const button = menu.querySelector('button')!;
    const log: MenuEvent[] = (window.menuLog = []);
    const state = () => (button.getAttribute('aria-expanded') === 'true' ? 'open' : 'closed');
    const probe = (ms: 75 | 100) => setTimeout(() => log.push({ type: `${state()} at ${ms} ms`, at: performance.now() }), ms);
    // Capturing also sees the events of the menu's children: keep the menu's own.
    const on = (type: 'pointerenter' | 'pointerleave', logged: MenuEvent['type'], probeAfter: 75 | 100) =>
      menu.addEventListener(type, (e) => e.target === menu && (log.push({ type: logged, at: performance.now() }), probe(probeAfter)), true);
    on('pointerenter', 'enter', 100);
    on('pointerleave', 'leave', 75);
    new MutationObserver(() => log.push({ type: state() === 'open' ? 'opened' : 'closed', at: performance.now() })).observe(button, {
      attributeFilter: ['aria-expanded'],
    });
  });
}
const menuLog = (page: Page) => page.evaluate(() => window.menuLog);
const at = (log: MenuEvent[], type: MenuEvent['type'], nth = 0) => log.filter((e) => e.type === type)[nth]?.at ?? NaN;
const untilExpanded = (page: Page, expanded: boolean) =>
  page.waitForFunction((value) => document.querySelector('[data-menu] button')?.getAttribute('aria-expanded') === value, String(expanded), {
    polling: 'raf',
  });

/** A point in the page body, away from the header and the Services panel. */
const away = { x: 20, y: 500 };

describe('Services dropdown', { timeout: timeouts.test }, () => {
  it('opens about 200 ms after the pointer arrives, and is still closed at 100 ms', async () => {
    const { page, errors } = await site.open('/');
    await recordMenu(page);
    const button = page.getByRole('button', { name: 'Servicios' });
    await page.mouse.move(away.x, away.y);
    await button.hover();
    await untilExpanded(page, true);
    const log = await menuLog(page);
    expect(log.map((e) => e.type)).toContain('closed at 100 ms');
    const delay = at(log, 'opened') - at(log, 'enter');
    expect(delay).toBeGreaterThanOrEqual(190);
    expect(delay).toBeLessThan(1000);
    expect(await page.locator('#services-menu').isVisible()).toBe(true);
    expect(await page.locator('#services-menu a').count()).toBe(8);
    expect(errors).toEqual([]);
  });

  it('closes about 150 ms after the pointer leaves, and reopens at once within the 300 ms skip delay', async () => {
    const { page } = await site.open('/');
    const button = page.getByRole('button', { name: 'Servicios' });
    await button.hover();
    await untilExpanded(page, true);
    await recordMenu(page);
    await page.mouse.move(away.x, away.y);
    await untilExpanded(page, false);
    await button.hover();
    await untilExpanded(page, true);
    const log = await menuLog(page);
    expect(log.map((e) => e.type)).toContain('open at 75 ms');
    const closeDelay = at(log, 'closed') - at(log, 'leave');
    expect(closeDelay).toBeGreaterThanOrEqual(140);
    expect(closeDelay).toBeLessThan(1000);
    // Back within the skip delay: no second 200 ms wait.
    expect(at(log, 'enter') - at(log, 'closed')).toBeLessThan(300);
    expect(at(log, 'opened') - at(log, 'enter')).toBeLessThan(100);
  });

  it('toggles on click and stays as the click left it while the pointer rests on it', async () => {
    const { page } = await site.open('/');
    const button = page.getByRole('button', { name: 'Servicios' });
    await button.click();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    await button.click();
    await page.waitForTimeout(400); // longer than any hover delay
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await page.locator('#services-menu').isVisible()).toBe(false);
  });

  it('stays open when clicked after hovering has opened it, and a second click closes it', async () => {
    const { page } = await site.open('/');
    const button = page.getByRole('button', { name: 'Servicios' });
    await button.hover();
    await untilExpanded(page, true);
    await button.click();
    await page.waitForTimeout(400);
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    await button.click();
    expect(await button.getAttribute('aria-expanded')).toBe('false');
  });

  it('works from the keyboard: Enter and Space open it, Tab reaches the links, Escape closes it and returns focus', async () => {
    const { page } = await site.open('/en');
    const button = page.getByRole('button', { name: 'Services' });
    expect(await button.getAttribute('aria-controls')).toBe('services-menu');
    await button.focus();
    await page.keyboard.press('Enter');
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('#services-menu') !== null)).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe('/en/electricians');
    await page.keyboard.press('Escape');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await button.evaluate((b) => b === document.activeElement)).toBe(true);

    await page.keyboard.press('Space');
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes when keyboard focus moves past its last link', async () => {
    const { page } = await site.open('/');
    const button = page.getByRole('button', { name: 'Servicios' });
    await button.focus();
    await page.keyboard.press('Enter');
    for (let i = 0; i < 8; i++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('#services-menu') !== null)).toBe(true);
    await page.keyboard.press('Tab');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Empresa');
  });

  it('opens on hover and keyboard focus without JavaScript too', async () => {
    const { page } = await site.open('/', { javaScriptEnabled: false });
    const panel = page.locator('#services-menu');
    expect(await panel.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Servicios' }).hover();
    expect(await panel.isVisible()).toBe(true);
    await page.mouse.move(away.x, away.y);
    expect(await panel.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Servicios' }).focus();
    expect(await panel.isVisible()).toBe(true);
  });
});

describe('mobile menu', { timeout: timeouts.test }, () => {
  it('opens and closes with its button at phone width, announcing its state', async () => {
    const { page, errors } = await site.open('/', { viewport: phone, hasTouch: true, isMobile: true });
    const menu = page.locator('#mobile-menu');
    expect(await page.getByRole('navigation', { name: 'Navegación principal' }).isVisible()).toBe(false);
    const button = page.getByRole('button', { name: 'Abrir menú' });
    expect(await button.getAttribute('aria-controls')).toBe('mobile-menu');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await menu.isVisible()).toBe(false);

    await button.tap();
    const close = page.getByRole('button', { name: 'Cerrar menú' });
    expect(await close.getAttribute('aria-expanded')).toBe('true');
    expect(await menu.isVisible()).toBe(true);
    expect(await menu.getByRole('link', { name: 'Contacto' }).isVisible()).toBe(true);
    expect(await menu.getByRole('link', { name: 'Fontaneros' }).isVisible()).toBe(true);

    await close.tap();
    expect(await menu.isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Abrir menú' }).getAttribute('aria-expanded')).toBe('false');
    expect(errors).toEqual([]);
  });

  it('closes on Escape and gives focus back to its button', async () => {
    const { page } = await site.open('/en', { viewport: phone });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.locator('#mobile-menu').getByRole('link', { name: 'Plumbers' }).focus();
    await page.keyboard.press('Escape');
    expect(await page.locator('#mobile-menu').isVisible()).toBe(false);
    const button = page.getByRole('button', { name: 'Open menu' });
    expect(await button.evaluate((b) => b === document.activeElement)).toBe(true);
    expect(await button.getAttribute('aria-expanded')).toBe('false');
  });
});
