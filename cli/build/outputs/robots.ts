import type { SiteModel } from '../model.ts';
import { sitemapPath } from './sitemap.ts';
import { absoluteUrl } from './url.ts';

export const robotsPath = '/robots.txt';

/** robots.txt: every page may be crawled; the sitemap tells crawlers what exists. */
export function robots(model: SiteModel): string {
  return ['User-agent: *', 'Allow: /', '', `Sitemap: ${absoluteUrl(model.site, sitemapPath)}`, ''].join('\n');
}
