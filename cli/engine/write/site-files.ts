import type { SiteModel } from '../../site/model.ts';
import type { RouteMap } from '../../site/routes.ts';
import { langs } from '../../site/lang.ts';
import { feedPaths, manifestPaths, robotsPath, sitemapPath } from '../../site/urls.ts';
import { feed } from './feeds.ts';
import { manifest } from './web-manifest.ts';
import { robots } from './robots.ts';
import { sitemap } from './sitemap.ts';

/** Output file of a site path, relative to dist: "/en/blog/feed.xml" → "en/blog/feed.xml". */
const fileAt = (path: string) => path.slice(1);

/** The files for search engines, feed readers and browsers, keyed by their path relative to dist. */
export function siteFiles(model: SiteModel, routes: RouteMap): Map<string, string> {
  return new Map([
    [fileAt(sitemapPath), sitemap(model, routes)],
    [fileAt(robotsPath), robots(model)],
    ...langs.flatMap((lang) => [
      [fileAt(feedPaths[lang]), feed(model, routes, lang)] as const,
      [fileAt(manifestPaths[lang]), manifest(model, lang)] as const,
    ]),
  ]);
}
