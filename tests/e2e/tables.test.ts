import { describe, expect, it } from 'vitest';
import { phone, timeouts, useSite } from './site.ts';

const site = useSite();

describe("a post's table on a phone", () => {
  it.each(['/blog/mantenimiento-piscinas-verano', '/en/blog/summer-pool-maintenance-tips'])(
    'scrolls sideways in its own region, which the keyboard reaches, and never widens the page: %s',
    async (path) => {
      const { page, errors } = await site.open(path, { viewport: phone });
      const region = page.getByRole('region', { name: /pH|Parámetro|Parameter/ });
      await expect(region.locator('th').count()).resolves.toBe(3);
      const fits = () =>
        page.evaluate(() => {
          const box = document.querySelector('.table-scroll')!;
          return {
            page: document.documentElement.scrollWidth,
            right: box.getBoundingClientRect().right,
            scrolls: box.scrollWidth > box.clientWidth,
          };
        });
      expect(await fits()).toMatchObject({ page: phone.width });
      expect((await fits()).right).toBeLessThanOrEqual(phone.width);
      // A cell too long to wrap, as a wider table would have: the region scrolls, the page does not.
      await page.evaluate(() => {
        document.querySelector('.table-scroll td')!.textContent = 'x'.repeat(200);
      });
      expect(await fits()).toMatchObject({ page: phone.width, scrolls: true });
      await region.focus();
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => region.evaluate((box) => box.scrollLeft)).toBeGreaterThan(0);
      expect(errors).toEqual([]);
    },
    timeouts.test,
  );
});
