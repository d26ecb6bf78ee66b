import { mkdir, rm, writeFile } from 'node:fs/promises';
import { get as httpGet, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteServer } from '../../../../cli/commands/serve/server.ts';
import { scratchDir } from '../../../helpers.ts';

/** A small dist/ in the fixed output layout. */
const files: Record<string, string> = {
  'index.html': '<h1>Inicio</h1>',
  'en.html': '<h1>Home</h1>',
  'electricistas.html': '<h1>Electricistas</h1>',
  'electricistas/javea.html': '<h1>Electricistas en Jávea</h1>',
  'en/electricians.html': '<h1>Electricians</h1>',
  '404.html': '<h1>¡Vaya! Página no encontrada</h1>',
  'en/404.html': '<h1>Oops! Page not found</h1>',
  'assets/app.3f2a1b.js': 'console.log(1);',
  'assets/site.9c8d7e.css': 'body{margin:0}',
  'sitemap.xml': '<urlset/>',
  _headers: [
    '/*',
    '  X-Content-Type-Options: nosniff',
    "  Content-Security-Policy: default-src 'self'",
    '',
    '/assets/*',
    '  Cache-Control: public, max-age=31536000, immutable',
    '',
  ].join('\n'),
  _redirects: '# per-language 404\n/en/*  /en/404.html  404\n/*  /404.html  404\n',
};

let root: string;
let server: Server;
let base: string;
beforeAll(async () => {
  root = await scratchDir('serve-test-');
  const dist = join(root, 'dist');
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(dist, path)), { recursive: true });
    await writeFile(join(dist, path), text);
  }
  await writeFile(join(root, 'secret.txt'), 'outside dist');
  server = createSiteServer({
    dir: dist,
    api: { '/api/echo': (req, res) => void res.writeHead(200, { 'content-type': 'text/plain' }).end(`${req.method} handled`) },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(root, { recursive: true, force: true });
});

const get = (path: string, init: RequestInit = {}) => fetch(base + path, { redirect: 'manual', ...init });

describe('clean URLs', () => {
  it.each([
    ['/', '<h1>Inicio</h1>'],
    ['/en', '<h1>Home</h1>'],
    ['/electricistas', '<h1>Electricistas</h1>'],
    ['/electricistas/javea', '<h1>Electricistas en Jávea</h1>'],
    ['/en/electricians', '<h1>Electricians</h1>'],
    ['/electricistas/%6Aavea', '<h1>Electricistas en Jávea</h1>'],
  ])('serves %s as an HTML page', async (path, body) => {
    const response = await get(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await response.text()).toBe(body);
  });

  it.each([
    ['/electricistas/', '/electricistas'],
    ['/electricistas.html', '/electricistas'],
    ['/en/', '/en'],
    ['/en.html', '/en'],
    ['/index.html', '/'],
    ['/electricistas/javea.html?utm_source=x', '/electricistas/javea?utm_source=x'],
  ])('redirects %s permanently to %s', async (path, location) => {
    const response = await get(path);
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe(location);
  });
});

describe('not found', () => {
  it('answers an unknown Spanish path with the Spanish 404 page and status 404', async () => {
    const response = await get('/fontaneros/denia');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await response.text()).toBe('<h1>¡Vaya! Página no encontrada</h1>');
  });

  it('answers an unknown English path with the English 404 page and status 404', async () => {
    const response = await get('/en/plumbers/denia');
    expect(response.status).toBe(404);
    expect(await response.text()).toBe('<h1>Oops! Page not found</h1>');
  });

  it('does not redirect a trailing slash to a page that does not exist', async () => {
    expect((await get('/nothing/')).status).toBe(404);
  });

  it('lists no folder and serves none of the host configuration files', async () => {
    for (const path of ['/assets', '/assets/', '/_headers', '/_redirects']) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(await response.text()).toBe('<h1>¡Vaya! Página no encontrada</h1>');
    }
  });

  it('never serves a file outside the folder, however the path is written', async () => {
    // Sent raw: fetch would resolve the dots before the server saw them.
    const rawGet = (path: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        httpGet(`${base}/`, { path }, (res) => {
          let body = '';
          res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode!, body }));
        }).on('error', reject);
      });
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/../../secret.txt', '/..%2fsecret.txt', '/..%5csecret.txt']) {
      const { status, body } = await rawGet(path);
      expect(status, path).toBe(404);
      expect(body, path).not.toContain('outside dist');
    }
    expect((await rawGet('/%E0%A4%A')).status).toBe(400);
  });
});

describe('assets and headers', () => {
  it('serves assets with their content type and the headers of every matching _headers block', async () => {
    const script = await get('/assets/app.3f2a1b.js');
    const style = await get('/assets/site.9c8d7e.css');
    const sitemap = await get('/sitemap.xml');

    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(script.headers.get('x-content-type-options')).toBe('nosniff');
    expect(style.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(sitemap.headers.get('content-type')).toBe('application/xml; charset=utf-8');
  });

  it('puts the _headers on pages, 404 pages and redirects alike, with pages revalidated', async () => {
    for (const path of ['/', '/nothing', '/en/']) {
      const response = await get(path);
      expect(response.headers.get('content-security-policy'), path).toBe("default-src 'self'");
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
    }
    expect((await get('/')).headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
  });

  it('answers HEAD with the headers and no body', async () => {
    const response = await get('/electricistas', { method: 'HEAD', headers: { 'accept-encoding': 'identity' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength(files['electricistas.html']!)));
    expect(await response.text()).toBe('');
  });

  it('compresses text for clients that accept gzip, as the hosts do', async () => {
    const response = await get('/electricistas', { headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(await response.text()).toBe(files['electricistas.html']);
  });

  it('answers a repeated request with 304 when the ETag still matches', async () => {
    const first = await get('/en');
    const etag = first.headers.get('etag')!;
    const again = await get('/en', { headers: { 'if-none-match': etag } });

    expect(etag).toMatch(/^".+"$/);
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('refuses other methods on static files with 405', async () => {
    const response = await get('/', { method: 'POST', body: 'x' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });

  it('answers a request target it cannot parse with 400 and goes on serving', async () => {
    const statusLine = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(new URL(base).port), '127.0.0.1', () =>
        socket.write('GET http://[/x HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'),
      );
      let answer = '';
      socket
        .on('data', (chunk) => (answer += chunk))
        .on('end', () => resolve(answer.split('\r\n')[0]!))
        .on('error', reject);
    });

    expect(statusLine).toBe('HTTP/1.1 400 Bad Request');
    expect((await get('/')).status).toBe(200);
  });

  it('hands API paths, whatever the method, to their handler', async () => {
    const response = await get('/api/echo', { method: 'POST', body: 'x' });
    expect(await response.text()).toBe('POST handled');
  });
});
