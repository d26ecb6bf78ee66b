/** What search engines and share previews read from every page, as the validators check it. */
import { Parser } from 'htmlparser2';
import { beforeAll, describe, expect, it } from 'vitest';
import { type BuiltSite, builtSite } from '../cli/engine/built-site.ts';

let site: BuiltSite;
beforeAll(async () => {
  site = await builtSite();
}, 120_000);

const pages = () => site.result.routes.routes.map((route) => ({ route, html: site.page(route.path) }));

/** The page's JSON-LD blocks, parsed. */
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);

/** Sections with no heading inside them (the Nu checker's "Section lacks heading"). */
function sectionsWithoutHeading(html: string): number {
  const open: boolean[] = [];
  let missing = 0;
  const parser = new Parser({
    onopentag(name, attributes) {
      // A section named by its own label (a table's scrolling region) needs no heading.
      if (name === 'section') open.push('aria-label' in attributes || 'aria-labelledby' in attributes);
      if (/^h[1-6]$/.test(name) && open.length) open[open.length - 1] = true;
    },
    onclosetag(name) {
      if (name === 'section' && !open.pop()) missing++;
    },
  });
  parser.end(html);
  return missing;
}

describe('every page', () => {
  it('describes its share image for people who cannot see it', () => {
    for (const { route, html } of pages()) {
      expect(html, route.path).toMatch(/<meta property="og:image:alt" content="[^"]{20,}"/);
      expect(html, route.path).toMatch(/<meta name="twitter:image:alt" content="[^"]{20,}"/);
    }
  });

  it('carries structured data, and gives every section a heading or a label', () => {
    for (const { route, html } of pages()) {
      expect(jsonLd(html).length, route.path).toBeGreaterThan(0);
      expect(sectionsWithoutHeading(html), route.path).toBe(0);
    }
    expect(jsonLd(site.page('/empresa')).map((d) => d['@type'])).toEqual(['AboutPage']);
    expect(jsonLd(site.page('/en/blog')).map((d) => d['@type'])).toEqual(['CollectionPage']);
  });
});

describe('structured data', () => {
  it('dates each post when it changed, its publication date by default, and links its author', () => {
    const post = site.model.posts.es![0]!;
    const article = jsonLd(site.page(`/blog/${post.slug}`)).find((d) => d['@type'] === 'BlogPosting')!;
    expect(article.dateModified).toBe(post.updated ?? post.date);
    expect(article.author).toMatchObject({ '@type': 'Organization', url: `${site.model.site.baseUrl}/empresa` });
  });

  it('gives each service page its breadcrumb trail', () => {
    for (const route of site.result.routes.byFamily('service')) {
      const trail = jsonLd(site.page(route.path)).find((d) => d['@type'] === 'BreadcrumbList');
      expect(trail, route.path).toMatchObject({
        itemListElement: [{ position: 1 }, { position: 2, item: `${site.model.site.baseUrl}${route.path}` }],
      });
    }
  });
});
