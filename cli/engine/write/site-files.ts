import type { SiteModel } from '../../site/model.ts';
import type { RouteMap } from '../../site/routes.ts';
import type { Lang } from '../../site/lang.ts';
import { feedPath, manifestPath, robotsPath, sitemapPath } from '../../site/urls.ts';
import { feed } from './feeds.ts';
import { manifest } from './web-manifest.ts';
import { robots } from './robots.ts';
import { sitemap } from './sitemap.ts';

/** Output file of a site path, relative to dist: "/en/blog/feed.xml" → "en/blog/feed.xml". */
const fileAt = (path: string) => path.slice(1);

/** What makes a file from the model. The build tracks what it reads, as it does for pages. */
export type SiteFile = (model: SiteModel, routes: RouteMap) => string;

/** The files for search engines, feed readers and browsers, keyed by their path relative to dist: a feed and a manifest per language. */
export const siteFiles = (languages: readonly Lang[]): ReadonlyMap<string, SiteFile> =>
  new Map<string, SiteFile>([
    [fileAt(sitemapPath), sitemap],
    [fileAt(robotsPath), robots],
    ...languages.flatMap((lang) => [
      [fileAt(feedPath(languages, lang)), (model: SiteModel, routes: RouteMap) => feed(model, routes, lang)] as const,
      [fileAt(manifestPath(languages, lang)), (model: SiteModel) => manifest(model, lang)] as const,
    ]),
  ]);
