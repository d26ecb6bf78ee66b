import { posix } from 'node:path';
import { matchPattern, type RedirectRule } from '../serve/rules.ts';

/** How a host answers a path: with a file of the output folder, a problem, or a redirect to another site. */
export type Answer = { file: string } | { problem: string } | { elsewhere: string };

/** Redirects fetch follows before it gives up, and linkinator with it. */
const maxRedirects = 20;

/** The one URL form the site uses: no trailing slash, no `.html`, no `/index` (as serve/server.ts). */
const cleanUrl = (path: string) =>
  path
    .replace(/\/+$/, '')
    .replace(/\.html$/, '')
    .replace(/(^|\/)index$/, '') || '/';

/**
 * The built site as Netlify and Cloudflare Pages serve it, and as `serve` does (serve/server.ts),
 * answered from the list of its files instead of over HTTP: clean URLs, `_redirects` rules in order,
 * redirects followed.
 */
export class HostedSite {
  /**
   * @param files every file of the output folder, relative and with "/" separators
   * @param rules the rules of its `_redirects`
   */
  constructor(
    private readonly files: ReadonlySet<string>,
    private readonly rules: readonly RedirectRule[],
  ) {}

  /** What the hosts answer for `pathname`, percent-encoded as in a URL. */
  answer(pathname: string, redirects = 0): Answer {
    let path: string;
    try {
      path = posix.normalize(decodeURIComponent(pathname)); // an absolute path cannot climb above "/"
    } catch {
      return { problem: 'HTTP 400: malformed percent-encoding' };
    }
    if (path.includes('\0')) return { problem: 'HTTP 400: the path holds a NUL character' };
    // A path other than its clean form is redirected to the clean form when that has a page.
    const file = this.routeFile(cleanUrl(path)) ?? this.routeFile(path);
    if (file) return { file };
    for (const rule of this.rules) {
      const splat = matchPattern(rule.from, path);
      if (splat === undefined) continue;
      const target = rule.to.replace(':splat', splat);
      if (rule.status >= 300 && rule.status < 400) {
        if (!target.startsWith('/')) return { elsewhere: target };
        if (redirects === maxRedirects) return { problem: `more than ${maxRedirects} redirects in a row: fix the loop in _redirects` };
        return this.answer(encodeURI(target), redirects + 1);
      }
      const served = posix.normalize(target).slice(1);
      if (this.files.has(served)) return rule.status < 300 ? { file: served } : { problem: `HTTP ${rule.status}` };
    }
    return { problem: 'HTTP 404' };
  }

  /** `/` → index.html, `/x/y` → the file x/y or x/y.html; never a `_` config file or a dotfile. */
  private routeFile(path: string): string | undefined {
    if (path.includes('/.') || /^\/_(headers|redirects)$/.test(path)) return undefined;
    const candidates = path === '/' ? ['index.html'] : [path.slice(1), `${path.slice(1)}.html`];
    return candidates.find((candidate) => this.files.has(candidate));
  }
}
