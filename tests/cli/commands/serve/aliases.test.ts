import { mkdir, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteServer } from '../../../../cli/commands/serve/server.ts';
import { scratchDir } from '../../../helpers.ts';

let server: Server;
let base: string;
beforeAll(async () => {
  const dist = join(await scratchDir('serve-aliases-'), 'dist');
  await mkdir(dist);
  await writeFile(join(dist, 'index.html'), '<h1>Inicio</h1>');
  await writeFile(join(dist, 'fontaneros.html'), '<h1>Fontaneros</h1>');
  await writeFile(join(dist, '404.html'), '<h1>No encontrada</h1>');
  // Each alias once, as written: the server must match it as the hosts do.
  await writeFile(
    join(dist, '_redirects'),
    [
      '/antiguo/  /fontaneros  301',
      '/viejo  /fontaneros  301',
      '/Servicios/Fontaner%C3%ADa  /fontaneros  301',
      '/*  /404.html  404',
      '',
    ].join('\n'),
  );
  server = createSiteServer({ dir: dist });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((closed) => server.close(closed)));

describe('npm start answers an alias as the hosts do', () => {
  it.each([
    ['/antiguo/', 'as written'],
    ['/antiguo', 'without its trailing slash'],
    ['/viejo', 'as written'],
    ['/viejo/', 'with a trailing slash'],
    ['/Servicios/Fontaner%C3%ADa', 'percent-encoded as written'],
    ['/Servicios/Fontaner%c3%ada', 'percent-encoded in lower case'],
    ['/Servicios/Fontanería', 'as a browser sends the letter'],
  ])('%s (%s) moves permanently to its page', async (path) => {
    const response = await fetch(base + path, { redirect: 'manual' });
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/fontaneros');
  });

  it('leaves other paths to the 404 page', async () => {
    const response = await fetch(`${base}/antiguo/otra`, { redirect: 'manual' });
    expect(response.status).toBe(404);
    expect(await response.text()).toBe('<h1>No encontrada</h1>');
  });
});
