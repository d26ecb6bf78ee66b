import type { SiteModel } from '../model.ts';
import type { RouteMap } from '../routes.ts';
import { langs } from '../schema/common.ts';
import { feed, feedPaths } from './feeds.ts';
import { manifest, manifestPaths } from './manifest.ts';
import { robots, robotsPath } from './robots.ts';
import { sitemap, sitemapPath } from './sitemap.ts';

export { feedPaths } from './feeds.ts';
export { manifestIcons, manifestPaths } from './manifest.ts';
export { robotsPath } from './robots.ts';
export { sitemapPath } from './sitemap.ts';
export { absoluteUrl } from './url.ts';

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
