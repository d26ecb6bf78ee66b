import { describe, expect, it } from 'vitest';
import { oldPath } from '../../../cli/site/schema/common.ts';

/** The outcome of validating an alias, and how long it took. */
function validate(path: string): { ok: boolean; messages: string[]; ms: number } {
  const start = performance.now();
  const result = oldPath.safeParse(path);
  const ms = performance.now() - start;
  return { ok: result.success, messages: result.error?.issues.map((i) => i.message) ?? [], ms };
}

describe('an alias (a path a page was published at before)', () => {
  it.each([
    '/blog/mantenimiento-piscinas-verano.html',
    '/index.php',
    '/Servicios/Fontaner%C3%ADa',
    '/servicios/fontaneria/',
    '/Trabajos_2019/Reforma.Bano.html',
    '/fontaneros/xalo',
  ])('accepts the legacy path %s at once', (path) => {
    const { ok, messages, ms } = validate(path);
    expect(messages).toEqual([]);
    expect(ok).toBe(true);
    expect(ms).toBeLessThan(50);
  });

  it.each([
    ['a run of letters that backtracked exponentially', `/${'a'.repeat(28)}-!`],
    ['a long path ending in a character an alias cannot have', `/${'a-'.repeat(50_000)}!`],
  ])('rejects %s in well under 100 ms', (_, path) => {
    const { ok, ms } = validate(path);
    expect(ok).toBe(false);
    expect(ms).toBeLessThan(50);
  });

  it('refuses one longer than 300 characters, as the 30,006 that reached _redirects', () => {
    expect(validate(`/${'a/'.repeat(15_002)}a`).messages).toEqual([
      'must be at most 300 characters: shorten the path, or leave it out: an old page that long is unlikely to be linked',
    ]);
    expect(validate(`/${'a'.repeat(299)}`).ok).toBe(true);
  });

  it.each([
    ['/Servicios/Fontanería', 'other characters percent-encoded ("%C3%A9" for "é")'],
    ['/a//b', 'has an empty segment ("//")'],
    ['/blog/../api', 'has a "." or ".." segment'],
    ['/blog%2F..%2Fapi', 'percent-encodes "/" (%2F)'],
    ['/caf%E9', 'percent-escapes that are not UTF-8'],
    ['blog/old', 'must be a site path'],
  ])('refuses %s, saying why', (path, why) => {
    expect(validate(path).messages).toEqual([expect.stringContaining(why)]);
  });

  it.each([
    ['/api/send-contact-email', "is under /api/, where the site's functions answer"],
    ['/API', 'is under /API/'],
    ['/assets/app.js', 'is under /assets/'],
    ['/admin/', 'is under /admin/, where the content editor is served'],
    ['/images/logo.svg', 'is under /images/'],
    ['/sitemap.xml', 'is /sitemap.xml, the sitemap the build writes'],
    ['/robots.txt/', 'is /robots.txt'],
    ['/en/blog/feed.xml', 'is /en/blog/feed.xml'],
    ['/manifest.webmanifest', 'is /manifest.webmanifest'],
    ['/_redirects', 'is /_redirects'],
  ])('may not take %s, which the site serves', (path, why) => {
    expect(validate(path).messages).toEqual([expect.stringContaining(why)]);
  });
});
