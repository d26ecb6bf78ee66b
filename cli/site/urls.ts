import { langPrefix, type Lang } from './lang.ts';

/**
 * Where the site's own files are published, for the pages that link to them and the build that
 * writes them: each language's feed and web manifest under its URL prefix.
 */
export const feedPath = (languages: readonly Lang[], lang: Lang): string => `${langPrefix(languages, lang)}/blog/feed.xml`;
export const manifestPath = (languages: readonly Lang[], lang: Lang): string => `${langPrefix(languages, lang)}/manifest.webmanifest`;
/** Any language's feed or web manifest, by its path: what no alias may take, whichever languages the site has. */
export const languageFile = /^(?:\/[a-z]{2,3})?\/(?:blog\/feed\.xml|manifest\.webmanifest)$/;
export const robotsPath = '/robots.txt';
export const sitemapPath = '/sitemap.xml';

/** The public URL of a site path; the home page "/" is the bare base URL, as in canonical links. */
export const absoluteUrl = (site: { baseUrl: string }, path: string): string => site.baseUrl + (path === '/' ? '' : path);
