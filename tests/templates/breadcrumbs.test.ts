/** A trail of links that wraps on a phone must read as a trail: no line may start with its separator. */
import { describe, expect, it } from 'vitest';
import { phone, timeouts, useSite } from '../e2e/site.ts';

const site = useSite();

describe('breadcrumbs', { timeout: timeouts.test }, () => {
  it('wrap at phone width with each line starting at a crumb, the "/" ending the line before', async () => {
    const { page } = await site.open('/en/electricians/air-conditioning-installation/callosa-den-sarria', { viewport: phone });
    const crumbs = await page.getByRole('navigation', { name: 'Breadcrumb' }).evaluate((nav) => {
      const items = [...nav.querySelectorAll('li')];
      const top = (el: Element) => el.getClientRects()[0]!.top;
      return items.map((li, i) => ({
        text: (li as HTMLElement).innerText.trim(),
        startsLine: i === 0 || top(li) > top(items[i - 1]!) + 2,
        after: getComputedStyle(li, '::after').content,
      }));
    });
    // The trail is long enough to wrap, so the test sees a line that starts after the first.
    expect(crumbs.filter((c) => c.startsLine).length).toBeGreaterThan(1);
    for (const crumb of crumbs) expect(crumb.text).not.toMatch(/^\//);
    expect(crumbs.slice(0, -1).map((c) => c.after)).toEqual(crumbs.slice(0, -1).map(() => expect.stringMatching(/^"\/"/)));
    expect(crumbs.at(-1)!.after).toBe('none');
  });
});
