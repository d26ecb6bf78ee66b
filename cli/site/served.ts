// The paths the site answers with something other than a page: an alias may not take them.
import { contactPath } from './contact/fields.ts';
import { languageFile, robotsPath, sitemapPath } from './urls.ts';

/** Where the editor signs in to GitHub (functions/editor-auth/): beside the contact function. */
export const editorAuthPath = '/api/auth';

/** Top-level folders whose every path the host answers from the build or a function. */
const servedFolders = new Map([
  [contactPath.split('/')[1]!, "the site's functions answer"],
  ['assets', 'the build writes stylesheets, scripts and photos'],
  ['images', 'the images of content/images/ are published'],
  ['admin', 'the content editor is served'],
]);

/** Files the build writes besides pages, by path. */
const servedFiles = new Map<string, string>([
  [sitemapPath, 'the sitemap'],
  [robotsPath, 'the rules for search engines'],
  ['/_headers', "the hosts' header rules"],
  ['/_redirects', "the hosts' redirect rules"],
]);

/** `path` percent-decoded (when it is UTF-8) and without trailing slashes: the form in which hosts match it against redirects. */
export function matchForm(path: string): string {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // Not UTF-8: the alias schema reports it; compared as written.
  }
  // Trimmed by hand: /\/+$/ takes time quadratic in a run of slashes.
  let end = decoded.length;
  while (decoded[end - 1] === '/') end--;
  return decoded.slice(0, end) || '/';
}

/**
 * The page path a static host answers a request for `path` with: percent-decoded, and without a
 * trailing slash, ".html" or a last "/index", as Netlify, Cloudflare Pages and `npm start` do.
 */
export function hostPath(path: string): string {
  return (
    matchForm(path)
      .replace(/\.html$/, '')
      .replace(/(^|\/)index$/, '') || '/'
  );
}

/** What answers `path` instead of a page, if anything: the reason an alias there is refused. */
export function servedBy(path: string): string | undefined {
  const at = hostPath(path);
  const folder = servedFolders.get(at.split('/')[1]!.toLowerCase());
  if (folder) return `under /${at.split('/')[1]}/, where ${folder}`;
  const file =
    servedFiles.get(at) ??
    (languageFile.test(at) ? (at.endsWith('.xml') ? "a language's blog feed" : "a language's web manifest") : undefined);
  return file && `${at}, ${file} the build writes`;
}
