import type { SiteModel } from '../../site/model.ts';
import { absoluteUrl, sitemapPath } from '../../site/urls.ts';

/** robots.txt: every page may be crawled; the sitemap tells crawlers what exists. */
export function robots(model: SiteModel): string {
  return ['User-agent: *', 'Allow: /', '', `Sitemap: ${absoluteUrl(model.site, sitemapPath)}`, ''].join('\n');
}
