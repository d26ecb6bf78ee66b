import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../../cli/engine/render/html.ts';
import { createRenderer } from '../../../cli/engine/render/engine.ts';
import { loadModel } from '../../../cli/engine/model.ts';
import { RouteMap } from '../../../cli/site/routes.ts';
import { contentDir } from '../../helpers.ts';

const assets = { css: '/assets/styles.css', js: '/assets/client.js', islands: { CookieConsent: ['/assets/chunk.js'] } };

describe('parts shared by every page of a language', { timeout: 60_000 }, () => {
  it('render on every page exactly as the page itself would render them, with no dependency lost', async () => {
    const model = await loadModel(contentDir);
    const routes = new RouteMap(model);
    const [shared, own] = [createRenderer(model, routes, assets, 2026), createRenderer(model, routes, assets, 2026, { shareParts: false })];
    for (const route of routes.routes) {
      const [withParts, alone] = [shared(route), own(route)];
      expect(withParts.html, route.path).toBe(alone.html);
      expect(withParts.read, route.path).toEqual(expect.arrayContaining(alone.read));
    }
  });
});

describe('a hole in a shared part', () => {
  it('is filled with the value escaped exactly as React escapes it', () => {
    for (const value of [`/en/o'neill & "sons" <x>`, '/calp?a=1&b=2', 'Xaló › Llíber', '&amp;']) {
      const react = renderToStaticMarkup(createElement('a', { href: value, title: value }, value));
      expect(react).toBe(`<a href="${escapeHtml(value)}" title="${escapeHtml(value)}">${escapeHtml(value)}</a>`);
    }
  });
});
