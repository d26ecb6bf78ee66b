import type { SiteModel } from '../../site/model.ts';
import type { Route, RouteMap } from '../../site/routes.ts';
import { absoluteUrl } from '../../site/urls.ts';
import { escapeXml } from './xml.ts';

/** The date a page's content last changed, where the content says so. */
const lastmod = (route: Route): string | undefined => {
  if (route.family === 'post') return route.post.updated ?? route.post.date;
  if (route.family === 'project') return route.project.date;
  return route.family === 'legal' ? route.page.updated : undefined;
};

/**
 * sitemap.xml: every indexable page of every language, each with its hreflang alternates from the
 * route map (the first language's page is the x-default).
 */
export function sitemap(model: SiteModel, routes: RouteMap): string {
  const url = (route: Route) => escapeXml(absoluteUrl(model.site, route.path));
  const entries = routes.routes
    .filter((route) => route.indexable)
    .map((route) => {
      const date = lastmod(route);
      const href = (path: string) => escapeXml(absoluteUrl(model.site, path));
      return [
        '  <url>',
        `    <loc>${url(route)}</loc>`,
        ...(date ? [`    <lastmod>${date}</lastmod>`] : []),
        ...routes.alternates(route).map((a) => `    <xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${href(a.path)}"/>`),
        '  </url>',
      ].join('\n');
    });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}
