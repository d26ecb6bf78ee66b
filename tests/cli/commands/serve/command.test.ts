import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { get } from 'node:http';
import { join } from 'node:path';
import { afterAll, expect, it, vi } from 'vitest';
import { serve } from '../../../../cli/commands/serve/command.ts';
import { englishEnquiry } from '../../../functions/contact/fixtures.ts';
import { scratchDir } from '../../../helpers.ts';

const root = await scratchDir('serve-command-test-');
afterAll(() => rm(root, { recursive: true, force: true }));

it('refuses to start without a built site and says to build first', async () => {
  await expect(serve({ dir: join(root, 'missing'), port: 0, host: '127.0.0.1' })).rejects.toThrow(/npm run build/);
});

it('serves the built site with the contact function writing to the outbox, and logs the URL to open', async () => {
  const dist = join(root, 'dist');
  await mkdir(dist, { recursive: true });
  await writeFile(join(dist, 'index.html'), '<h1>Inicio</h1>');
  vi.stubEnv('SMTP_URL', '');
  vi.stubEnv('OUTBOX_DIR', join(root, 'outbox'));
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});

  await serve({ dir: dist, port: 0, host: '127.0.0.1' });
  vi.unstubAllEnvs();

  const url = /Serving .* at (http:\/\/127\.0\.0\.1:\d+)/.exec(log.mock.calls.flat().join('\n'))?.[1];
  expect(url).toBeDefined();
  expect(log.mock.calls.flat().join('\n')).toContain(`.eml files in ${join(root, 'outbox')}`);
  expect(await (await fetch(`${url}/`)).text()).toBe('<h1>Inicio</h1>');
  const post = await fetch(`${url}/api/send-contact-email`, {
    method: 'POST',
    body: new URLSearchParams(englishEnquiry),
    redirect: 'manual',
  });
  expect(post.status).toBe(303);
  expect(post.headers.get('location')).toBe('/en/message-sent');
  expect(await readdir(join(root, 'outbox'))).toHaveLength(1);

  // On 127.0.0.1 it answers only as itself: a domain resolved to this computer (DNS rebinding) reads nothing.
  const { port } = new URL(url!);
  const statusFor = (host: string) =>
    new Promise<number>((done, fail) =>
      get({ host: '127.0.0.1', port, path: '/', headers: { host } }, (res) => done(res.resume().statusCode!)).on('error', fail),
    );
  for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `marina.localhost:${port}`]) expect(await statusFor(host), host).toBe(200);
  for (const host of [`evil.example:${port}`, 'evil.example', `localhost.evil.example:${port}`, `127.0.0.1:${Number(port) + 1}`])
    expect(await statusFor(host), host).toBe(421);
});
