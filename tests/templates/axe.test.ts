import { describe, expect, it } from 'vitest';
import { timeouts, useSite } from '../e2e/site.ts';
import { itHasNoViolations, violations } from './axe.ts';
import { samplePaths } from './families.ts';

const site = useSite();
describe('axe-core, WCAG 2.2 AA, one page of each family in both languages', { timeout: timeouts.test * 4 }, () => {
  it('catches a planted violation, so a clean result means something', async () => {
    const { page } = await site.open('/');
    await page.evaluate(() =>
      document
        .querySelector('main')!
        .insertAdjacentHTML('afterbegin', '<p class="bg-white text-sea-100">faint text</p><img src="/images/logo.svg">'),
    );
    await page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<p>Text outside every landmark</p>'));
    const found = await violations(page);
    expect(found).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^color-contrast:/),
        expect.stringMatching(/^image-alt:/),
        expect.stringMatching(/^region:/),
      ]),
    );
  });

  itHasNoViolations(site, samplePaths);
});
