import { describe, expect, it } from 'vitest';
import { manifest } from '../../../../cli/engine/write/web-manifest.ts';
import { fixtureDir, languagesIn, loadSite } from './fixture.ts';

describe.each(languagesIn(fixtureDir))('web app manifest (%s)', (lang) => {
  it('is valid JSON that names the brand and opens on the home page of its language', async () => {
    const { model, routes } = await loadSite(fixtureDir);
    const data = JSON.parse(manifest(model, lang));
    expect(data).toMatchObject({
      name: model.site.brand,
      short_name: model.site.brand,
      lang,
      start_url: routes.href('home', lang),
      theme_color: '#0b4f7c',
      background_color: '#ffffff',
    });
    expect(['browser', 'minimal-ui']).toContain(data.display);
  });

  it('offers 192 and 512 pixel PNG icons', async () => {
    const { model } = await loadSite(fixtureDir);
    expect(JSON.parse(manifest(model, lang)).icons).toEqual([
      { src: '/images/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/images/icon-512.png', sizes: '512x512', type: 'image/png' },
    ]);
  });
});
