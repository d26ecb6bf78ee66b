import type { Lang } from './lang.ts';

/** Where the site's own files are published, for the pages that link to them and the build that writes them. */
export const feedPaths: Record<Lang, string> = { es: '/blog/feed.xml', en: '/en/blog/feed.xml' };
export const manifestPaths: Record<Lang, string> = { es: '/manifest.webmanifest', en: '/en/manifest.webmanifest' };
export const robotsPath = '/robots.txt';
export const sitemapPath = '/sitemap.xml';

/** The public URL of a site path; the home page "/" is the bare base URL, as in canonical links. */
export const absoluteUrl = (site: { baseUrl: string }, path: string): string => site.baseUrl + (path === '/' ? '' : path);
