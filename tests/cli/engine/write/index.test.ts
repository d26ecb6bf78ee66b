import { describe, expect, it } from 'vitest';
import { siteFiles } from '../../../../cli/engine/write/site-files.ts';
import { fixtureDir, loadSite } from './fixture.ts';
import { childrenNamed, parseXml } from './xml.ts';

describe('siteFiles', () => {
  it('returns the sitemap, robots.txt and a feed and a manifest per language under their dist paths', async () => {
    const { model, routes } = await loadSite(fixtureDir);
    const files = new Map([...siteFiles(model.site.languages)].map(([file, make]) => [file, make(model, routes)]));
    expect([...files.keys()].sort()).toEqual(
      ['blog/feed.xml', 'en/blog/feed.xml', 'en/manifest.webmanifest', 'manifest.webmanifest', 'robots.txt', 'sitemap.xml'].sort(),
    );
    expect(parseXml(files.get('blog/feed.xml')!).attrs['xml:lang']).toBe('es');
    expect(parseXml(files.get('en/blog/feed.xml')!).attrs['xml:lang']).toBe('en');
    expect(JSON.parse(files.get('manifest.webmanifest')!).lang).toBe('es');
    expect(JSON.parse(files.get('en/manifest.webmanifest')!).lang).toBe('en');
  });

  it('points robots.txt and each feed at files it ships in the same output', async () => {
    const { model, routes } = await loadSite(fixtureDir);
    const files = new Map([...siteFiles(model.site.languages)].map(([file, make]) => [file, make(model, routes)]));
    const shipped = (url: string) => files.has(url.slice(`${model.site.baseUrl}/`.length));
    expect(shipped(/^Sitemap: (.+)$/m.exec(files.get('robots.txt')!)![1]!)).toBe(true);
    for (const name of ['blog/feed.xml', 'en/blog/feed.xml']) {
      const self = childrenNamed(parseXml(files.get(name)!), 'link').find((l) => l.attrs.rel === 'self')!;
      expect(self.attrs.href).toBe(`${model.site.baseUrl}/${name}`);
      expect(shipped(self.attrs.href!)).toBe(true);
    }
  });
});
