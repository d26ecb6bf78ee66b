/**
 * Service-in-locality pages are most of the site: each must say something of its own about its
 * place, or search engines treat them as one template with the town's name swapped.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { mainWords, shingles, similarity } from '../../cli/commands/report/similarity.ts';
import type { Route } from '../../cli/site/routes.ts';
import { type BuiltSite, builtSite } from '../cli/engine/built-site.ts';

let site: BuiltSite;
beforeAll(async () => {
  site = await builtSite();
}, 120_000);

describe('service-in-locality pages', () => {
  it('share at most 0.35 of their 5-word shingles with any page of the same service and language', () => {
    const families = new Map<string, Route[]>();
    for (const route of site.result.routes.routes) {
      if (route.family !== 'service-locality' && route.family !== 'air-conditioning-locality') continue;
      const family = `${route.lang} ${route.family === 'service-locality' ? route.service.slug.es : 'air-conditioning'}`;
      families.set(family, [...(families.get(family) ?? []), route]);
    }
    expect(families.size).toBe(18);
    const worst: Record<string, number> = {};
    for (const [family, routes] of families) {
      const pages = routes.map((r) => shingles(mainWords(site.page(r.path))));
      let max = 0;
      for (let i = 0; i < pages.length; i++)
        for (let j = i + 1; j < pages.length; j++) max = Math.max(max, similarity(pages[i]!, pages[j]!));
      worst[family] = Math.round(max * 100) / 100;
    }
    expect(Object.entries(worst).filter(([, max]) => max > 0.35)).toEqual([]);
  });

  it('show the trade in that place, three questions with answers, and the nearest localities', () => {
    const page = site.page('/fontaneros/javea');
    const text = site.model.localTexts.fontaneros!.javea!.es!;
    expect(page).toContain(`>${text.heading}</h2>`);
    expect(page).toContain('>Preguntas frecuentes en Jávea</h2>');
    for (const { question } of text.faq) expect(page).toContain(`>${question}</h3>`);
    const nearby = site.result.routes.byPath('/fontaneros/javea');
    expect(nearby.family === 'service-locality' && nearby.locality.nearby).toEqual(['benitachell', 'gata-de-gorgos', 'teulada']);
    for (const slug of ['benitachell', 'gata-de-gorgos', 'teulada']) expect(page).toContain(`href="/fontaneros/${slug}"`);
    expect(site.page('/en/electricians/air-conditioning-installation/polop')).toContain('>Questions homeowners in Polop ask</h2>');
  });
});
