import { beforeAll, describe, expect, it } from 'vitest';
import type { SiteModel } from '../../../../cli/site/model.ts';
import { RouteMap } from '../../../../cli/site/routes.ts';
import { sitemap } from '../../../../cli/engine/write/sitemap.ts';
import { contentSets, fixtureDir, loadSite } from './fixture.ts';
import { child, childrenNamed, parseXml, type XmlElement } from './xml.ts';

const loc = (url: XmlElement) => child(url, 'loc').text;
const alternates = (url: XmlElement) =>
  Object.fromEntries(childrenNamed(url, 'xhtml:link').map((link) => [link.attrs.hreflang!, link.attrs.href!]));

describe.each(contentSets)('sitemap ($name)', ({ dir }) => {
  let model: SiteModel;
  let routes: RouteMap;
  let urls: XmlElement[];
  beforeAll(async () => {
    ({ model, routes } = await loadSite(dir));
    urls = childrenNamed(parseXml(sitemap(model, routes)), 'url');
  });

  it('is a well-formed urlset in the sitemap namespace with the xhtml namespace for alternates', () => {
    const root = parseXml(sitemap(model, routes));
    expect(root.name).toBe('urlset');
    expect(root.attrs.xmlns).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    expect(root.attrs['xmlns:xhtml']).toBe('http://www.w3.org/1999/xhtml');
  });

  it('lists every indexable page exactly once and leaves out the 404 and form result pages', () => {
    const base = model.site.baseUrl;
    const expected = routes.routes.filter((r) => r.indexable).map((r) => (r.path === '/' ? base : base + r.path));
    expect(urls.map(loc).sort()).toEqual(expected.sort());
    expect(new Set(urls.map(loc)).size).toBe(urls.length);
    for (const path of ['/404', '/en/404', '/mensaje-enviado', '/en/message-sent', '/error-envio', '/en/send-error']) {
      expect(urls.map(loc)).not.toContain(base + path);
    }
  });

  it('uses the bare base URL for the Spanish home and /en for the English one', () => {
    expect(urls.map(loc)).toContain(model.site.baseUrl);
    expect(urls.map(loc)).toContain(`${model.site.baseUrl}/en`);
    expect(urls.map(loc).filter((u) => u.endsWith('/'))).toEqual([]);
  });

  it('gives every page Spanish, English and x-default alternates that the counterpart page repeats', () => {
    const byLoc = new Map(urls.map((url) => [loc(url), url]));
    for (const url of urls) {
      const links = alternates(url);
      expect(Object.keys(links).sort()).toEqual(['en', 'es', 'x-default']);
      expect(links['x-default']).toBe(links.es);
      expect([links.es, links.en]).toContain(loc(url));
      for (const lang of ['es', 'en']) {
        const twin = byLoc.get(links[lang]!);
        expect(twin, `${loc(url)} names ${links[lang]} as its ${lang} version`).toBeDefined();
        expect(alternates(twin!)).toEqual(links);
      }
    }
  });

  it('pairs each page with its true counterpart from the route map', () => {
    const contact = urls.find((url) => loc(url) === `${model.site.baseUrl}/contacto`)!;
    expect(alternates(contact).en).toBe(`${model.site.baseUrl}/en/contact`);
    const post = routes.byFamily('post', 'es')[0]!;
    const postUrl = urls.find((url) => loc(url) === model.site.baseUrl + post.path)!;
    expect(alternates(postUrl).en).toBe(model.site.baseUrl + routes.find(post.key, 'en')!.path);
  });

  it('dates posts and legal pages by their content and leaves other pages undated', () => {
    const dates = new Map(urls.map((url) => [loc(url), childrenNamed(url, 'lastmod')[0]?.text]));
    for (const route of routes.routes.filter((r) => r.indexable)) {
      const expected = route.family === 'post' ? route.post.date : route.family === 'legal' ? route.page.updated : undefined;
      expect(dates.get(route.path === '/' ? model.site.baseUrl : model.site.baseUrl + route.path)).toBe(expected);
    }
    expect([...dates.values()].filter(Boolean)).toHaveLength(routes.byFamily('post').length + routes.byFamily('legal').length);
  });
});

describe('sitemap of a site whose pages are not all in every language', () => {
  it('lists a page in one language alone without alternates, and no blog for a language without posts', async () => {
    const { model } = await loadSite(fixtureDir);
    // The English posts gone, and with them every English page of the blog; no published URL asks for them.
    const partial = { ...model, posts: { es: model.posts.es! }, published: { ...model.published, paths: [] } };
    const routes = new RouteMap(partial);
    const post = routes.byFamily('post', 'es')[0]!;
    expect(routes.counterparts(post)).toEqual([post]);
    expect(routes.alternates(post)).toEqual([]);
    expect(routes.find(post.key, 'en')).toBeUndefined();
    expect(routes.routes.filter((r) => r.lang === 'en' && /^(blog|post)/.test(r.family))).toEqual([]);

    const base = partial.site.baseUrl;
    const urls = childrenNamed(parseXml(sitemap(partial, routes)), 'url');
    expect(childrenNamed(urls.find((url) => loc(url) === base + post.path)!, 'xhtml:link')).toEqual([]);
    expect(urls.map(loc)).not.toContain(`${base}/en/blog`);
    // A page in both languages keeps its alternates.
    expect(alternates(urls.find((url) => loc(url) === `${base}/contacto`)!)).toEqual({
      es: `${base}/contacto`,
      en: `${base}/en/contact`,
      'x-default': `${base}/contacto`,
    });
  });
});
