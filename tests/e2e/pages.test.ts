import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { outputFile, sampledFamilies, type Route } from '../../cli/site/routes.ts';
import { jsBudget, pageWeight } from '../../cli/commands/size/measure.ts';
import { hydrated, useSite, timeouts } from './site.ts';

const site = useSite();

describe('404 page', { timeout: timeouts.test }, () => {
  for (const [path, title, text] of [
    ['/fontaneros/denia', 'Página no encontrada', 'El servicio o localidad solicitado no existe.'],
    ['/en/plumbers/denia', 'Page not found', 'The requested service or location does not exist.'],
    ['/no-existe', '¡Vaya! Página no encontrada', 'La página que buscas no existe o ha cambiado de dirección.'],
  ] as const) {
    it(`${path} logs the missing path with console.error and says "${text}"`, async () => {
      const { page, errors } = await site.newPage();
      const response = await page.goto(site.origin + path);
      expect(response?.status()).toBe(404);
      await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
      expect(await page.locator('main').textContent()).toContain(text);
      await expect.poll(() => errors.filter((e) => e.includes(path))).toEqual([`404 Not Found: ${path}`]);
    });
  }
});

/**
 * One page per family and language, and the form result pages. Not the 404 page: it logs the
 * missing path to the console on purpose (tested above).
 */
const samples = (): Route[] => {
  const families = [...sampledFamilies.filter((family) => family !== 'not-found'), 'thanks', 'send-error'] as const;
  return families.flatMap((f) => site.routes.byFamily(f, 'es').slice(0, 1)).flatMap((r) => site.routes.counterparts(r));
};

describe('every page family', { timeout: timeouts.test * 3 }, () => {
  it('hydrates under the strict CSP with no console errors or inline scripts, loading at most 12 KB of JavaScript with what it loads on first use, as `npm run size` counts it', async () => {
    for (const { path } of samples()) {
      const { page, errors } = await site.newPage();
      const scripts: Response[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script') scripts.push(response);
      });
      const response = await page.goto(site.origin + path); // after the load event: module scripts and preloads are in
      expect(response?.headers()['content-security-policy'], path).toMatch(/script-src 'self'/);
      await hydrated(page);
      const inline = await page.evaluate(() => ({
        scripts: [...document.querySelectorAll('script:not([src])')]
          .map((s) => s.getAttribute('type'))
          .filter((t) => t !== 'application/ld+json'),
        handlers: [...document.querySelectorAll('*')].flatMap((el) => el.getAttributeNames().filter((a) => a.startsWith('on'))),
        javascriptUrls: document.querySelectorAll('[href^="javascript:"], [src^="javascript:"]').length,
      }));
      expect(inline, path).toEqual({ scripts: [], handlers: [], javascriptUrls: 0 });
      expect(errors, path).toEqual([]);

      const loaded = new Map(
        await Promise.all(scripts.map(async (r) => [new URL(r.url()).pathname, gzipSync(await r.body()).length] as const)),
      );
      const measured = await pageWeight(site.dir, outputFile(path));
      expect([...loaded.keys()].sort(), path).toEqual(measured.js.sort());
      const total = [...loaded.values()].reduce((sum, bytes) => sum + bytes, 0);
      expect(total, path).toBe(measured.jsGzip);
      expect(total + measured.firstUseGzip, path).toBeLessThanOrEqual(jsBudget);
      await site.closePages();
    }
  });

  it('loads, when the visitor uses the contact form, just the JavaScript `npm run size` counts as first use', async () => {
    const { page } = await site.open('/contacto');
    await page.waitForLoadState('networkidle');
    const later: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') later.push(new URL(response.url()).pathname);
    });
    await page.getByLabel('Nombre', { exact: true }).fill('A');
    await page.getByRole('button', { name: 'Enviar mensaje' }).click();
    await page.locator('[name="nombre"][aria-invalid="true"]').waitFor();
    await page.waitForLoadState('networkidle');
    expect(later.sort()).toEqual((await pageWeight(site.dir, outputFile('/contacto'))).firstUse.sort());
  });

  it('ships no zod to the browser: the form validates with constraints derived from the schema at build time', async () => {
    const scripts = (await readdir(join(site.dir, 'assets'))).filter((file) => file.endsWith('.js'));
    for (const file of scripts) expect(await readFile(join(site.dir, 'assets', file), 'utf8'), file).not.toContain('$ZodType');
  });
});
