import { describe, expect, it } from 'vitest';
import { deployFiles } from '../../../cli/engine/write/deploy.ts';
import { headersFor, parseHeaders, parseRedirects } from '../../../cli/commands/serve/rules.ts';

const site = { baseUrl: 'https://www.marina.test', analytics: undefined };
/** The 404 pages of the shipped site, one per language, in the site's order. */
const notFound = ['/404', '/en/404'];
const directives = (csp: string) => new Map(csp.split(/;\s*/).map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')]));

describe('_headers', () => {
  const rules = parseHeaders(deployFiles(site).headers);

  it('gives every page a CSP that allows only the site itself', () => {
    const csp = directives(headersFor(rules, '/electricistas')['content-security-policy']!);
    expect(csp.get('default-src')).toBe("'none'");
    for (const directive of ['script-src', 'style-src', 'font-src', 'connect-src', 'form-action'])
      expect(csp.get(directive), directive).toBe("'self'");
    expect(csp.get('img-src')).toBe("'self' data:");
    expect(csp.get('frame-ancestors')).toBe("'none'");
    expect(csp.get('base-uri')).toBe("'self'");
    expect(csp.get('object-src')).toBe("'none'");
    expect(headersFor(rules, '/electricistas')['content-security-policy']).not.toMatch(/unsafe|\*/);
  });

  it('adds the analytics origin to scripts and connections only when analytics is configured', () => {
    const withAnalytics = parseHeaders(deployFiles({ analytics: { src: 'https://stats.example.org/script.js' } }).headers);
    const csp = directives(headersFor(withAnalytics, '/')['content-security-policy']!);
    expect(csp.get('script-src')).toBe("'self' https://stats.example.org");
    expect(csp.get('connect-src')).toBe("'self' https://stats.example.org");
    expect(csp.get('img-src')).toBe("'self' data:");
  });

  it('sends HSTS, nosniff, the referrer policy and a permissions policy that denies device access', () => {
    const headers = headersFor(rules, '/en/contact');
    expect(headers['strict-transport-security']).toMatch(/^max-age=31536000/);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment'])
      expect(headers['permissions-policy']).toContain(`${feature}=()`);
  });

  it('caches hashed assets for a year as immutable, and nothing else', () => {
    expect(headersFor(rules, '/assets/app.3f2a1b.js')['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(headersFor(rules, '/assets/app.3f2a1b.js')['content-security-policy']).toBeDefined();
    expect(headersFor(rules, '/electricistas')['cache-control']).toBeUndefined();
  });
});

describe('_redirects', () => {
  it('sends unknown English paths to the English 404 page and everything else to the Spanish one, with status 404', () => {
    expect(parseRedirects(deployFiles(site, [], undefined, notFound).redirects)).toEqual([
      { from: '/en/*', to: '/en/404.html', status: 404 },
      { from: '/*', to: '/404.html', status: 404 },
    ]);
  });

  it("sends unknown paths under each prefixed language to that language's 404 page, before the first language's catch-all", () => {
    expect(parseRedirects(deployFiles(site, [], undefined, ['/404', '/en/404', '/de/404']).redirects)).toEqual([
      { from: '/en/*', to: '/en/404.html', status: 404 },
      { from: '/de/*', to: '/de/404.html', status: 404 },
      { from: '/*', to: '/404.html', status: 404 },
    ]);
  });

  it('moves each old path permanently, with and without a trailing slash, before the 404 rules', () => {
    const moved = [
      { from: '/fontaneros/xalo', to: '/fontaneros/jalon' },
      { from: '/servicios/', to: '/fontaneros' },
    ];
    expect(parseRedirects(deployFiles(site, moved, undefined, notFound).redirects)).toEqual([
      { from: '/fontaneros/xalo', to: '/fontaneros/jalon', status: 301 },
      { from: '/fontaneros/xalo/', to: '/fontaneros/jalon', status: 301 },
      { from: '/servicios/', to: '/fontaneros', status: 301 },
      { from: '/servicios', to: '/fontaneros', status: 301 },
      { from: '/en/*', to: '/en/404.html', status: 404 },
      { from: '/*', to: '/404.html', status: 404 },
    ]);
  });
});
