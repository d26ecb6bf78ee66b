import { rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DevEvent } from '../../../../cli/commands/dev/protocol.ts';
import { createDevServer, type DevServer } from '../../../../cli/commands/dev/server.ts';
import { scratchDir } from '../../../helpers.ts';

const page = '<!DOCTYPE html><html lang="es"><head><title>Inicio</title></head><body><h1>Inicio</h1></body></html>';
const css = 'body{margin:0}'.repeat(200); // long enough that the site server would gzip it
const csp = "default-src 'none'; script-src 'self'; connect-src 'self'";
const tag = '<script type="module" src="/__dev/reload.js"></script>';

let root: string;
let dev: DevServer;
let base: string;
beforeAll(async () => {
  root = await scratchDir('dev-server-test-');
  await writeFile(join(root, 'index.html'), page);
  await writeFile(join(root, 'styles.css'), css);
  await writeFile(join(root, '_headers'), `/*\n  Content-Security-Policy: ${csp}\n`);
  dev = await createDevServer({ dir: root, api: {} });
  await new Promise<void>((done) => dev.server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(dev.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await dev.close();
  await rm(root, { recursive: true, force: true });
});

describe('dev server pages', () => {
  it("adds the reload script before </head>, with the right length and the site's CSP kept", async () => {
    const res = await fetch(`${base}/`);
    const body = await res.text();
    expect(body).toBe(page.replace('</head>', `${tag}</head>`));
    expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(body)));
    expect(res.headers.get('content-security-policy')).toBe(csp);
  });

  it('passes other files through byte for byte', async () => {
    const res = await fetch(`${base}/styles.css`);
    expect(res.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(await res.text()).toBe(css);
  });

  it('answers a revalidation of an unchanged page with 304, so a reload is cheap', async () => {
    const etag = (await fetch(`${base}/`)).headers.get('etag')!;
    const res = await fetch(`${base}/`, { headers: { 'if-none-match': etag } });
    expect(res.status).toBe(304);
    expect(await res.text()).toBe('');
  });

  it("serves the reload script from its own origin, for script-src 'self'", async () => {
    const res = await fetch(`${base}/__dev/reload.js`);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const script = await res.text();
    expect(script).toContain('new EventSource(');
    expect(script).toContain('"/__dev/events"');
  });
});

/** A page's event stream, open once the server has taken it on; `read` waits for `count` events, then closes it. */
async function openEvents(): Promise<{ read(count: number): Promise<unknown[]> }> {
  const controller = new AbortController();
  const res = await fetch(`${base}/__dev/events`, { signal: controller.signal });
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  return {
    async read(count) {
      const received: unknown[] = [];
      let text = '';
      while (received.length < count) {
        const { value, done } = await reader.read();
        if (done) break;
        text += value;
        for (let end = text.indexOf('\n\n'); end >= 0; end = text.indexOf('\n\n')) {
          received.push(JSON.parse(text.slice(0, end).replace(/^data: /, '')));
          text = text.slice(end + 2);
        }
      }
      controller.abort();
      return received;
    },
  };
}

const problems: DevEvent = {
  type: 'problems',
  messages: ['content/localities.yaml:6:14  localities.0.comarca: expected one of "Marina Alta", "Marina Baja"'],
};

describe('dev server events', () => {
  it('tells open pages to reload, or which problems the last build had', async () => {
    const page = await openEvents();
    dev.notify(problems);
    dev.notify({ type: 'reload' });
    expect(await page.read(2)).toEqual([problems, { type: 'reload' }]);
  });

  it('tells a page that opens while the last build is broken at once, and no longer once a build succeeds', async () => {
    dev.notify(problems);
    expect(await (await openEvents()).read(1)).toEqual([problems]);
    dev.notify({ type: 'reload' });
    const later = await openEvents();
    dev.notify({ type: 'reload' });
    expect(await later.read(1)).toEqual([{ type: 'reload' }]);
  });
});
