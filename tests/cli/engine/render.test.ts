import { describe, expect, it } from 'vitest';
import { createRenderer } from '../../../cli/engine/render/engine.ts';
import { indexModel, tracker } from '../../../cli/engine/render/reads.ts';
import { loadModel } from '../../../cli/engine/model.ts';
import { RouteMap } from '../../../cli/site/routes.ts';
import { contentDir } from '../../helpers.ts';

const assets = { css: '/assets/styles.css', js: '/assets/client.js', islands: { CookieConsent: ['/assets/chunk.js'] } };

describe('one renderer for many pages', { timeout: 60_000 }, () => {
  it('credits each page with its own reads alone, whatever it rendered before', async () => {
    const model = await loadModel(contentDir);
    const routes = new RouteMap(model);
    const fresh = (route: (typeof routes.routes)[number]) => createRenderer(model, routes, assets, 2026)(route);
    // One page of each family and language, each rendered after the others, in both orders.
    const families = [...new Set(routes.routes.map((r) => r.family))];
    const one = routes.routes.filter((r, i, all) => all.findIndex((o) => o.family === r.family && o.lang === r.lang) === i);
    for (const order of [one, [...one].reverse()]) {
      const render = createRenderer(model, routes, assets, 2026);
      for (const route of order) {
        const [after, alone] = [render(route), fresh(route)];
        expect(after.html, route.path).toBe(alone.html);
        expect(after.read.toSorted(), route.path).toEqual(alone.read.toSorted());
        expect(after.read, route.path).toContain(`route:${route.key}:${route.lang}`);
        if (route.family === 'post') expect(after.read, route.path).toContain(`post:${route.lang}:${route.post.slug}.body`);
      }
    }
    expect(one.length).toBe(families.length * 2);
  });

  it('refuses a read of the model outside a page being made, which no page would depend on', async () => {
    const model = await loadModel(contentDir);
    const routes = new RouteMap(model);
    const track = tracker(model, routes, indexModel(model, routes));
    const home = routes.routes[0]!;
    expect(() => track.page(home)).toThrow(/outside a page or file being made/);
    const read = new Set<string>();
    const { model: seen } = track.during(read, () => track.page(home));
    expect(() => seen.site.brand).toThrow(/outside a page or file being made/);
    expect(read).toContain(`route:${home.key}:${home.lang}`);
  });
});
