/**
 * The static hosts' configuration files: `_headers` (security headers and caching) and
 * `_redirects` (old paths to their pages, and a 404 page per language). Netlify reads both; Cloudflare Pages reads `_headers`
 * and finds the nearest 404.html on its own.
 */
import type { Site } from '../../site/schema/site.ts';
import type { EditorRepository } from './admin/config.ts';
import { adminFolder, adminPolicy, readEditorRepository } from './admin/files.ts';

export interface DeployFiles {
  headers: string;
  redirects: string;
}

/**
 * `notFound` are the paths of the 404 pages, one per language ("/404", "/en/404"): a missing path
 * under a language's prefix gets that language's.
 */
export function deployFiles(
  site: Pick<Site, 'analytics'>,
  redirects: readonly { from: string; to: string }[] = [],
  editor: EditorRepository = readEditorRepository(),
  notFound: readonly string[] = ['/404'],
): DeployFiles {
  const analytics = site.analytics ? ` ${new URL(site.analytics.src).origin}` : '';
  const csp = [
    "default-src 'none'",
    `script-src 'self'${analytics}`,
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self'${analytics}`,
    "manifest-src 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join('; ');
  const permissions = ['accelerometer', 'camera', 'geolocation', 'gyroscope', 'magnetometer', 'microphone', 'payment', 'usb']
    .map((feature) => `${feature}=()`)
    .join(', ');
  const headers = [
    '/*',
    `  Content-Security-Policy: ${csp}`,
    '  Strict-Transport-Security: max-age=31536000; includeSubDomains',
    '  X-Content-Type-Options: nosniff',
    '  Referrer-Policy: strict-origin-when-cross-origin',
    `  Permissions-Policy: ${permissions}`,
    '',
    '# File names under /assets/ carry a content hash, so they never change.',
    '/assets/*',
    '  Cache-Control: public, max-age=31536000, immutable',
    '',
    "# The content editor's own policy in place of the site's (write/admin/files.ts): Cloudflare Pages",
    '# drops the inherited one on "!", Netlify serves the later rule\'s value.',
    `/${adminFolder}/*`,
    '  ! Content-Security-Policy',
    `  Content-Security-Policy: ${adminPolicy(editor)}`,
    '  X-Robots-Tag: noindex',
    '',
  ].join('\n');
  // Old paths first: the hosts apply the first rule that matches. Each with and without a trailing
  // slash: Netlify matches either way, Cloudflare Pages only the path as written.
  const moved = redirects.flatMap(({ from, to }) => [from, slashTwin(from)].map((path) => `${path}  ${to}  301`));
  // The prefixed languages' first: the hosts apply the first rule that matches.
  const missing = [...notFound]
    .sort((a, b) => b.split('/').length - a.split('/').length)
    .map((path) => `${path.slice(0, path.lastIndexOf('/'))}/*  ${path}.html  404`);
  return { headers, redirects: [...moved, ...missing, ''].join('\n') };
}

/** "/x/" for "/x", and "/x" for "/x/". */
function slashTwin(path: string): string {
  return path.endsWith('/') ? path.slice(0, -1) : `${path}/`;
}
