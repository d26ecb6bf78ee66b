import { describe, expect, it } from 'vitest';
import { HostedSite } from '../../../../cli/commands/check-links/hosted-site.ts';
import { parseRedirects } from '../../../../cli/commands/serve/rules.ts';

const site = new HostedSite(
  new Set(['index.html', 'blog.html', 'blog/post.html', 'año.html', 'en/404.html', '404.html', 'images/logo.svg', '_redirects']),
  parseRedirects(
    [
      '/old-post  /blog/post  301',
      '/loop-a  /loop-b  301',
      '/loop-b  /loop-a  301',
      '/shop  https://shop.example.org/  301',
      '/app/*  /index.html  200',
      '/en/*  /en/404.html  404',
      '/*  /404.html  404',
    ].join('\n'),
  ),
);

describe('the hosted site, answered from its files', () => {
  it('serves pages at their clean URL, and redirects other forms of it there', () => {
    expect(site.answer('/')).toEqual({ file: 'index.html' });
    expect(site.answer('/blog/post')).toEqual({ file: 'blog/post.html' });
    for (const other of ['/blog/', '/blog.html', '/index.html', '/index']) expect(site.answer(other), other).toHaveProperty('file');
    expect(site.answer('/a%C3%B1o')).toEqual({ file: 'año.html' });
    expect(site.answer('/images/logo.svg')).toEqual({ file: 'images/logo.svg' });
  });

  it('follows _redirects in order, as the hosts do', () => {
    expect(site.answer('/old-post')).toEqual({ file: 'blog/post.html' });
    expect(site.answer('/shop')).toEqual({ elsewhere: 'https://shop.example.org/' });
    expect(site.answer('/app/settings')).toEqual({ file: 'index.html' });
    expect(site.answer('/en/gone')).toEqual({ problem: 'HTTP 404' });
    expect(site.answer('/loop-a')).toEqual({ problem: 'more than 20 redirects in a row: fix the loop in _redirects' });
  });

  it('never serves its configuration files, and refuses malformed paths', () => {
    expect(site.answer('/_redirects')).toEqual({ problem: 'HTTP 404' });
    expect(site.answer('/%E0%A4%A')).toEqual({ problem: 'HTTP 400: malformed percent-encoding' });
  });
});
