/**
 * The editor against the other pages of the same browser: `npm run cms` on a scratch repository (a
 * git repository with markers planted in .git/config, in a root file and in a folder outside it,
 * reached by links inside content/), attacked from Chromium pages of other origins on the same computer
 * (another loopback address, another port of 127.0.0.1, a domain resolved to 127.0.0.1), from raw
 * requests, and, past the doors, from its own /admin/ page with requests the editor never sends.
 * At the end the repository and the outside folder are byte for byte as they were, and no marker
 * (nor the run's secret) reached any answer an attacker could read.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cp, lstat, mkdir, readdir, readFile, readlink, symlink, writeFile } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, relative } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumFlags, chromiumPath } from '../../cli/commands/audit/chromium.ts';
import { polyglots } from '../cli/commands/cms/polyglots.ts';
import { scratchDir, workedExampleDir } from '../helpers.ts';
import { type CmsRun, listeningPorts, startCms } from './cms-run.ts';

const timeouts = { setup: 240_000, step: 120_000 };

const markers = { git: 'GIT-CONFIG-MARKER-7f3a', root: 'ROOT-FILE-MARKER-91c2', outside: 'OUTSIDE-MARKER-c04e' };

let scratch: string;
let repo: string;
let content: string;
let outside: string;
let cms: CmsRun;
let site: string;
let sitePort: number;
let browser: Browser;
/** The repository and the outside folder before any attack. */
let before: Map<string, string>;
/** Everything an attacker's page or request could read, as text. */
const seen: string[] = [];
/** Every answer the editor's own page got to requests it never sends. */
const answered: string[] = [];

/** Every entry under `dir`: a folder, a link and where it leads, or a file and its hash (at most 20,000). */
async function treeOf(dir: string, into = new Map<string, string>(), root = dir): Promise<Map<string, string>> {
  for (const entry of (await readdir(dir)).sort()) {
    if (into.size > 20_000) throw new Error(`${root} holds over 20,000 entries`);
    const path = join(dir, entry);
    const info = await lstat(path);
    const key = relative(root, path);
    if (info.isSymbolicLink()) into.set(key, `link ${await readlink(path)}`);
    else if (info.isDirectory()) {
      into.set(key, 'folder');
      await treeOf(path, into, root);
    } else
      into.set(
        key,
        `file ${createHash('sha256')
          .update(await readFile(path))
          .digest('hex')}`,
      );
  }
  return into;
}

const snapshot = async () =>
  new Map([...(await treeOf(repo)), ...[...(await treeOf(outside))].map(([k, v]) => [`outside/${k}`, v] as const)]);

/** A server on `host` for an attacker's pages: `/` is an empty page, `/form` a form that posts itself to `target`. */
async function attackerServer(host: string): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://attacker');
    res.setHeader('content-type', 'text/html; charset=utf-8');
    if (url.pathname !== '/form') return void res.end('<!doctype html><title>Ofertas</title><p>Nada que ver aquí.</p>');
    // A text/plain form whose one field makes the body JSON: name `{"…","x":"` and value `"}`.
    const body = JSON.parse(url.searchParams.get('body')!) as Record<string, unknown>;
    const json = JSON.stringify({ ...body, x: '' });
    const name = json.slice(0, -2);
    const attribute = (text: string) => text.replaceAll('&', '&amp;').replaceAll("'", '&#39;');
    const target = url.searchParams.get('frame') ? " target='sink'" : '';
    res.end(
      `<!doctype html><iframe name='sink'></iframe><form method='POST' enctype='text/plain' action='${attribute(url.searchParams.get('target')!)}'${target}>` +
        `<input type='hidden' name='${attribute(name)}' value='"}'></form><script>document.forms[0].submit()</script>`,
    );
  });
  await new Promise<void>((done) => server.listen(0, host, done));
  return { server, origin: `http://${host}:${(server.address() as AddressInfo).port}` };
}

/** A raw HTTP request to the editor's port, with any headers: what it answers. */
function raw(
  path: string,
  { method = 'GET', headers = {}, body = '' }: { method?: string; headers?: Record<string, string>; body?: string },
) {
  return new Promise<{ status: number; text: string }>((done, fail) => {
    const req = request({ host: '127.0.0.1', port: sitePort, path, method, headers, timeout: 20_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done({ status: res.statusCode!, text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', fail);
    req.on('timeout', () => req.destroy(new Error(`${path} did not answer in 20 s`)));
    req.end(body);
  });
}

/** Requests a real editor would write, to content the worked example has. */
const attacks = {
  create: {
    action: 'persistEntry',
    params: { dataFiles: [{ path: 'content/blog/es/csrf.md', raw: '---\ntitle: Hackeado\n---\nPhishing\n' }], assets: [] },
  },
  remove: { action: 'deleteFile', params: { path: 'content/reviews/ana-javea.yaml' } },
  rewrite: { action: 'persistEntry', params: { dataFiles: [{ path: 'content/site.yaml', raw: 'phishing: true\n' }], assets: [] } },
  escape: {
    action: 'persistEntry',
    params: { dataFiles: [{ path: '.git/hooks/pre-commit', raw: '#!/bin/sh\ntouch /tmp/pwned\n' }], assets: [] },
  },
  read: { action: 'getEntry', params: { path: '.git/config' } },
};

let key: string;

beforeAll(async () => {
  scratch = await scratchDir('cms-hostile-');
  repo = join(scratch, 'repo');
  content = join(repo, 'content');
  outside = join(scratch, 'outside');
  await cp(workedExampleDir, content, { recursive: true });
  await writeFile(join(repo, 'package.json'), `{ "name": "sitio", "description": "${markers.root}" }\n`);
  await mkdir(outside);
  await writeFile(join(outside, 'secreto.yaml'), `secret: ${markers.outside}\n`);
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#224466' } })
    .jpeg()
    .toBuffer();
  await writeFile(join(outside, 'foto.jpg'), Buffer.concat([photo, Buffer.from(markers.outside)]));
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=Prueba', '-c', 'user.email=prueba@example.com', ...args], { cwd: repo, stdio: 'ignore' });
  git('init', '-q');
  git('add', '-A');
  git('commit', '-q', '-m', 'Contenido de ejemplo');
  git('config', 'marina.marker', markers.git);

  cms = await startCms(
    { content, out: join(scratch, 'dist'), cache: join(scratch, 'cache'), env: { OUTBOX_DIR: join(scratch, 'outbox') } },
    timeouts.setup,
  );
  site = new URL(cms.editor).origin;
  sitePort = Number(new URL(cms.editor).port);
  // Links inside content/ to the folder outside: a photo folder and a review. The rebuild they
  // start fails (a link leading outside is a content error) and dev keeps serving the last build.
  await symlink('../../../outside', join(content, 'photos/fuera'));
  await symlink('../../../outside/secreto.yaml', join(content, 'reviews/enlace.yaml'));
  await cms.printed(/build failed/, timeouts.step);

  const session = await raw('/admin/api/session', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: site, host: `127.0.0.1:${sitePort}` },
    body: '{}',
  });
  key = new URL((JSON.parse(session.text) as { backend: string }).backend, site).searchParams.get('key')!;
  expect(key).toMatch(/^[\w-]{43}$/);

  browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [...chromiumFlags, '--host-resolver-rules=MAP rebind.test 127.0.0.1'],
  });
  before = await snapshot();
}, timeouts.setup);

afterAll(async () => {
  await browser?.close();
  cms?.kill();
}, timeouts.setup);

/** A fresh page at `url`. */
async function pageAt(url: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  page.setDefaultTimeout(30_000);
  await page.goto(url);
  return page;
}

/** How many refusals the editor printed for requests from `origin`. */
const refusalsFrom = (origin: string) =>
  cms
    .terminal()
    .split('\n')
    .filter((line) => line.includes(`refused POST`) && line.includes(`(Origin ${origin})`)).length;

describe('npm run cms against other pages of the same browser', { timeout: timeouts.step }, () => {
  it('listens on one port, 127.0.0.1, and nothing else: no proxy a page could find', async () => {
    expect(await listeningPorts(cms.process.pid!)).toEqual([{ address: '127.0.0.1', port: sitePort }]);
  });

  it('lets a page of another origin neither write, delete nor read: no-cors fetches, JSON fetches, forms in a frame and at the top', async () => {
    for (const host of ['127.0.0.2', '127.0.0.1']) {
      const attacker = await attackerServer(host);
      try {
        const page = await pageAt(`${attacker.origin}/`);
        const targets = [`${site}/admin/api/v1`, `${site}/admin/api/v1?key=${'A'.repeat(43)}`, `${site}/admin/api/session`];
        const results = await page.evaluate(
          async ({ targets, bodies }) => {
            const out: { url: string; how: string; read?: string; error?: string }[] = [];
            for (const url of targets)
              for (const body of bodies) {
                // A simple request, sent without asking: the answer cannot be read, the write would happen.
                await fetch(url, { method: 'POST', mode: 'no-cors', headers: { 'content-type': 'text/plain' }, body }).then(
                  (r) => out.push({ url, how: 'no-cors', read: `${r.type} ${r.status}` }),
                  (e: Error) => out.push({ url, how: 'no-cors', error: e.message }),
                );
                // JSON asks first (preflight): only a server that says yes gets the request.
                await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then(
                  async (r) => out.push({ url, how: 'cors', read: await r.text() }),
                  (e: Error) => out.push({ url, how: 'cors', error: e.message }),
                );
              }
            for (const path of ['/admin/', '/admin/config.json'])
              await fetch(new URL(path, targets[0]), { credentials: 'include' }).then(
                async (r) => out.push({ url: path, how: 'read', read: await r.text() }),
                (e: Error) => out.push({ url: path, how: 'read', error: e.message }),
              );
            return out;
          },
          { targets, bodies: Object.values(attacks).map((a) => JSON.stringify(a)) },
        );
        seen.push(...results.flatMap((r) => (r.read ? [r.read] : [])));
        // Nothing but opaque answers: no body of the editor's server reached the page.
        expect(results.filter((r) => r.how !== 'no-cors' && r.read !== undefined)).toEqual([]);
        expect(results.filter((r) => r.how === 'no-cors').every((r) => r.read === 'opaque 0')).toBe(true);

        for (const body of [attacks.create, attacks.remove]) {
          const form = (frame: boolean) =>
            `${attacker.origin}/form?${new URLSearchParams({ target: targets[0]!, body: JSON.stringify(body), ...(frame && { frame: '1' }) })}`;
          // In a frame of the attacker's page: the answer lands there, out of the page's reach.
          const framed = await (await browser.newContext()).newPage();
          const answered = framed.waitForResponse((r) => r.url().startsWith(`${site}/admin/api/v1`) && r.request().method() === 'POST');
          await framed.goto(form(true));
          expect((await answered).status()).toBe(415);
          await framed.context().close();
          // At the top: the page leaves for the editor's server, which answers with its refusal.
          const top = await pageAt(form(false));
          await top.waitForURL(`${site}/**`);
          expect(await top.locator('body').textContent()).toMatch(/solo atiende a su propia página \/admin\//);
          await top.context().close();
        }
        await page.context().close();
        // Every attempt reached the server and was refused there, not lost on the way.
        expect(refusalsFrom(attacker.origin)).toBeGreaterThanOrEqual(targets.length * Object.keys(attacks).length + 4);
      } finally {
        attacker.server.close();
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a form posted at the top from an origin Chromium treats as public', async () => {
    const attacker = await attackerServer('127.0.0.3');
    const { port } = attacker.server.address() as AddressInfo;
    // Chromium blocks a public page's fetches to the local computer, not its top-level form posts.
    const publicBrowser = await chromium.launch({
      executablePath: chromiumPath,
      args: [...chromiumFlags, `--ip-address-space-overrides=127.0.0.3:${port}=public`],
    });
    try {
      for (const body of [attacks.create, attacks.remove, attacks.escape]) {
        const page = await (await publicBrowser.newContext()).newPage();
        await page.goto(`${attacker.origin}/form?${new URLSearchParams({ target: `${site}/admin/api/v1`, body: JSON.stringify(body) })}`);
        await page.waitForURL(`${site}/**`);
        const text = (await page.locator('body').textContent()) ?? '';
        seen.push(text);
        expect(text).toMatch(/solo atiende a su propia página \/admin\//);
        await page.context().close();
      }
      expect(refusalsFrom(attacker.origin)).toBe(3);
    } finally {
      await publicBrowser.close();
      attacker.server.close();
    }
    expect(await snapshot()).toEqual(before);
  });

  it('is found by a port scan from another port of 127.0.0.1, and still refuses it everything', async () => {
    const ports = (await listeningPorts(cms.process.pid!)).map((p) => p.port);
    // Every port the editor's processes listen on, and the 150 on each side.
    const range = [...new Set(ports.flatMap((p) => Array.from({ length: 301 }, (_, i) => p - 150 + i)))].filter((p) => p > 0 && p < 65536);
    for (const port of ports) expect(range).toContain(port);
    const attacker = await attackerServer('127.0.0.1');
    try {
      const page = await pageAt(`${attacker.origin}/`);
      const scan = await page.evaluate(
        async ({ range, targets, info, writes }) => {
          const open: number[] = [];
          const read: { port: number; text: string }[] = [];
          const probe = async (port: number) => {
            const signal = AbortSignal.timeout(5000);
            const base = `http://127.0.0.1:${port}`;
            await fetch(`${base}/`, { mode: 'no-cors', signal }).then(
              () => open.push(port),
              () => {},
            );
            // decap-server's path, and the editor's: a server whose CORS lets this origin in answers readably.
            for (const path of ['/api/v1', '/admin/api/v1', '/admin/api/session'])
              await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: info, signal }).then(
                async (r) => read.push({ port, text: await r.text() }),
                () => {},
              );
          };
          // 30 at a time, each bounded by its timeout.
          for (let i = 0; i < range.length; i += 30) await Promise.all(range.slice(i, i + 30).map(probe));
          // The writes go only to the editor's own ports: other servers of the computer are left alone.
          for (const port of targets.filter((p) => open.includes(p)))
            for (const path of ['/api/v1', '/admin/api/v1'])
              for (const body of writes)
                await fetch(`http://127.0.0.1:${port}${path}`, { method: 'POST', mode: 'no-cors', body }).catch(() => {});
          return { open, read };
        },
        { range, targets: ports, info: '{"action":"info"}', writes: Object.values(attacks).map((a) => JSON.stringify(a)) },
      );
      seen.push(...scan.read.map((r) => r.text));
      // The scan works: it finds the editor's port open...
      expect(scan.open).toContain(sitePort);
      // ...and reads nothing from any port of the editor.
      expect(scan.read.filter((r) => ports.includes(r.port))).toEqual([]);
      await page.context().close();
      expect(refusalsFrom(attacker.origin)).toBeGreaterThanOrEqual(Object.keys(attacks).length);
    } finally {
      attacker.server.close();
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a Host that is not its own (DNS rebinding), from a browser and from raw requests', async () => {
    const rebound = await pageAt(`http://rebind.test:${sitePort}/admin/`);
    const text = (await rebound.locator('body').textContent()) ?? '';
    seen.push(text);
    expect(text).toMatch(/answers only as 127\.0\.0\.1 or localhost/);
    await rebound.context().close();

    const json = { 'content-type': 'application/json' };
    for (const host of [
      'evil.example',
      `evil.example:${sitePort}`,
      `127.0.0.1.nip.io:${sitePort}`,
      `127.0.0.1:${sitePort + 1}`,
      `[::1]:${sitePort}`,
    ]) {
      for (const [path, method, body] of [
        ['/admin/', 'GET', ''],
        ['/admin/config.json', 'GET', ''],
        ['/admin/api/session', 'POST', '{}'],
        [`/admin/api/v1?key=${key}`, 'POST', JSON.stringify(attacks.read)],
        [`/admin/api/v1?key=${key}`, 'POST', JSON.stringify(attacks.create)],
      ] as const) {
        const answer = await raw(path, { method, body, headers: { ...json, host, origin: `http://${host}` } });
        seen.push(answer.text);
        expect(answer.status, `${host} ${path}`).toBe(421);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses requests without its own Origin, JSON, same-origin fetch or secret, even with every other part right', async () => {
    const right = { host: `127.0.0.1:${sitePort}`, origin: site, 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' };
    const body = JSON.stringify(attacks.create);
    const path = `/admin/api/v1?key=${key}`;
    for (const [change, status] of [
      [{ origin: undefined }, 403],
      [{ origin: 'null' }, 403],
      [{ origin: 'http://127.0.0.2:8080' }, 403],
      [{ origin: `http://localhost:${sitePort}` }, 403],
      [{ 'sec-fetch-site': 'cross-site' }, 403],
      [{ 'sec-fetch-site': 'same-site' }, 403],
      [{ 'content-type': 'text/plain' }, 415],
      [{ 'content-type': 'application/x-www-form-urlencoded' }, 415],
      [{ 'content-type': undefined }, 415],
    ] as const) {
      const headers = Object.fromEntries(Object.entries({ ...right, ...change }).filter(([, v]) => v !== undefined)) as Record<
        string,
        string
      >;
      const answer = await raw(path, { method: 'POST', headers, body });
      seen.push(answer.text);
      expect(answer.status, JSON.stringify(change)).toBe(status);
      expect(JSON.parse(answer.text).error).toMatch(/solo atiende a su propia página \/admin\//);
    }
    for (const wrong of ['', '?key=', `?key=${key.slice(1)}`, `?key=${'x'.repeat(43)}`]) {
      const answer = await raw(`/admin/api/v1${wrong}`, { method: 'POST', headers: right, body });
      seen.push(answer.text);
      expect(answer.status, wrong).toBe(403);
    }
    const got = await raw(path, { method: 'GET', headers: right });
    expect(got.status).toBe(405);
    expect(await snapshot()).toEqual(before);
  });
});

describe('the editor page asking for what the editor never asks', { timeout: timeouts.step }, () => {
  let editor: Page;

  /** Posts each of `bodies` to the backend as the editor's own page does, with this run's secret. */
  async function ask(bodies: unknown[]): Promise<{ status: number; text: string }[]> {
    editor ??= await pageAt(cms.editor);
    const answers = await editor.evaluate(async (bodies) => {
      const session = (await (
        await fetch('/admin/api/session', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
      ).json()) as { backend: string };
      const out: { status: number; text: string }[] = [];
      for (const body of bodies) {
        const response = await fetch(session.backend, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        out.push({ status: response.status, text: await response.text() });
      }
      return out;
    }, bodies);
    answered.push(...answers.map((a) => a.text));
    return answers;
  }

  /** Each answer is a refusal: 4xx, JSON, a Spanish message that names `named` and says nothing was touched. */
  function expectRefused(answers: { status: number; text: string }[], named: (string | RegExp)[]) {
    answers.forEach(({ status, text }, i) => {
      expect(status, text).toBeGreaterThanOrEqual(400);
      expect(status, text).toBeLessThan(500);
      const { error } = JSON.parse(text) as { error: string };
      expect(error, text).toMatch(/No se ha tocado ningún archivo\.$/);
      const name = named[i]!;
      if (typeof name === 'string') expect(error).toContain(name);
      else expect(error).toMatch(name);
    });
  }

  it('answers it as before: entries, one entry and the photos, links left out', async () => {
    const [info, reviews, review, media] = await ask([
      { action: 'info' },
      { action: 'entriesByFolder', params: { folder: 'content/reviews', extension: 'yaml', depth: 1 } },
      { action: 'getEntry', params: { path: 'content/reviews/ana-javea.yaml' } },
      { action: 'getMedia', params: { mediaFolder: 'content/photos' } },
    ]);
    expect(JSON.parse(info!.text)).toEqual({ repo: 'repo', publish_modes: ['simple'], type: 'local_fs' });
    const listed = (JSON.parse(reviews!.text) as { file: { path: string } }[]).map((e) => e.file.path);
    expect(listed).toContain('content/reviews/ana-javea.yaml');
    expect(listed).not.toContain('content/reviews/enlace.yaml');
    expect(JSON.parse(review!.text).data).toMatch(/author: Ana E\./);
    const photos = (JSON.parse(media!.text) as { path: string }[]).map((p) => p.path);
    expect(photos).toContain('content/photos/piscina-javea-antes.jpg');
    expect(photos.some((p) => p.includes('fuera'))).toBe(false);
  });

  it('reads nothing outside the collections and photos, nor through a link', async () => {
    const cases: [unknown, string | RegExp][] = [
      [{ action: 'getEntry', params: { path: '.git/config' } }, '«.git/config»'],
      [{ action: 'getEntry', params: { path: 'content/../.git/config' } }, '«content/../.git/config»'],
      [{ action: 'getEntry', params: { path: `${repo}/package.json` } }, `«${repo}/package.json»`],
      [{ action: 'getEntry', params: { path: 'content/reviews/enlace.yaml' } }, /«content\/reviews\/enlace\.yaml» pasa por un enlace/],
      [{ action: 'getEntry', params: { path: 'content/reviews/x\u0000.yaml' } }, 'carácter nulo'],
      [{ action: 'getEntry', params: { path: { toString: 'content/site.yaml' } } }, '«{"toString":"content/site.yaml"}»'],
      [{ action: 'entriesByFiles', params: { files: [{ path: 'package.json' }] } }, '«package.json»'],
      [{ action: 'entriesByFolder', params: { folder: 'content', extension: 'yaml', depth: 1 } }, '«content»'],
      [{ action: 'entriesByFolder', params: { folder: 'content/photos/fuera', extension: 'yaml', depth: 1 } }, '«content/photos/fuera»'],
      [{ action: 'getMedia', params: { mediaFolder: '.' } }, '«.»'],
      [{ action: 'getMedia', params: { mediaFolder: '..' } }, '«..»'],
      [{ action: 'getMedia', params: { mediaFolder: '/' } }, '«/»'],
      [
        { action: 'getMediaFile', params: { path: 'content/photos/fuera/foto.jpg' } },
        /«content\/photos\/fuera\/foto\.jpg» pasa por un enlace/,
      ],
      [{ action: 'getMediaFile', params: { path: '.git/config' } }, '«.git/config»'],
    ];
    expectRefused(
      await ask(cases.map(([body]) => body)),
      cases.map(([, named]) => named),
    );
    expect(await snapshot()).toEqual(before);
  });

  it('writes, renames and deletes nothing outside them, nor what the build would refuse', async () => {
    const entry = (path: unknown, raw = 'x: 1\n', newPath?: unknown) => ({
      action: 'persistEntry',
      params: { dataFiles: [{ path, raw, slug: 'x', ...(newPath !== undefined && { newPath }) }], assets: [], options: {} },
    });
    const cases: [unknown, string | RegExp][] = [
      [entry('content/photos/x.html', '<script>alert(1)</script>'), '«content/photos/x.html»'],
      [entry('content/images/x.svg', '<svg onload="alert(1)"/>'), '«content/images/x.svg»'],
      [entry('content/zz.js', 'alert(1)'), '«content/zz.js»'],
      [entry('content/blog/es/x.html', '<script>'), '«content/blog/es/x.html»'],
      [entry('content/photos/nota.md', '# x'), '«content/photos/nota.md»'],
      [entry('package.json', '{}'), '«package.json»'],
      [entry('.git/hooks/pre-commit', '#!/bin/sh'), '«.git/hooks/pre-commit»'],
      [entry('content/reviews/enlace.yaml'), /«content\/reviews\/enlace\.yaml» pasa por un enlace/],
      [entry('content/reviews/ana-javea.yaml', 'x: 1\n', '../package.json'), '«../package.json»'],
      [entry('content/reviews/ana-javea.yaml', 'x: 1\n', 'content/blog/es/ana.md'), '«content/reviews/ana-javea.yaml»'],
      [entry('content/site.yaml', 'x: 1\n', 'content/reviews/site.yaml'), '«content/site.yaml»'],
      [entry('content/reviews/ana-javea.yaml', 'a: "\u0000"\n'), 'carácter nulo'],
      [entry('content/reviews/b.yaml', 'x'.repeat(3 * 2 ** 20)), '«content/reviews/b.yaml» ocupa más de 2 MB'],
      [entry(['content/reviews/a.yaml']), '«["content/reviews/a.yaml"]»'],
      [{ action: 'deleteFile', params: { path: 'content/site.yaml' } }, '«content/site.yaml» no se puede borrar'],
      [{ action: 'deleteFile', params: { path: 'content/reviews/enlace.yaml' } }, /«content\/reviews\/enlace\.yaml» pasa por un enlace/],
      [{ action: 'deleteFile', params: { path: 'content/photos/fuera/foto.jpg' } }, /pasa por un enlace/],
      [{ action: 'deleteFiles', params: { paths: [{ path: 'content/site.yaml' }] } }, '«{"path":"content/site.yaml"}»'],
      [{ action: 'deleteFiles', params: { paths: ['content/photos'] } }, '«content/photos»'],
      [{ action: 'deleteFiles', params: { paths: ['content/reviews'] } }, '«content/reviews»'],
      [{ action: 'deleteFiles', params: { paths: ['content/reviews/ana-javea.yaml\u0000'] } }, 'carácter nulo'],
      [{ action: 'deleteFiles', params: { paths: ['content/reviews/ana-javea.yaml', '.git/config'] } }, '«.git/config»'],
      [{ action: 'deleteFiles', params: { paths: 'content/reviews/ana-javea.yaml' } }, 'params.paths'],
      [
        { action: 'persistMedia', params: { asset: { path: 'content/photos/fuera/nueva.jpg', content: '', encoding: 'base64' } } },
        /pasa por un enlace/,
      ],
      [{ action: 'persistMedia', params: { asset: { path: { a: 1 }, content: '', encoding: 'base64' } } }, '«{"a":1}»'],
      [{ action: 'unpublishedEntries', params: {} }, '«unpublishedEntries»'],
      [{ action: { toString: 1 } }, '«{"toString":1}»'],
    ];
    expectRefused(
      await ask(cases.map(([body]) => body)),
      cases.map(([, named]) => named),
    );
    expect(await snapshot()).toEqual(before);
  });

  it('uploads only photos that decode, with names the build can cache: five polyglots and two long names refused', async () => {
    const jpeg = (await readFile(join(workedExampleDir, 'photos/piscina-javea-antes.jpg'))).toString('base64');
    const media = (path: string, content: string) => ({
      action: 'persistMedia',
      params: { asset: { path, content, encoding: 'base64' }, options: { commitMessage: 'x' } },
    });
    const withEntry = (path: string, content: string) => ({
      action: 'persistEntry',
      params: {
        dataFiles: [{ path: 'content/reviews/poliglota.yaml', raw: 'x: 1\n', slug: 'poliglota' }],
        assets: [{ path, content, encoding: 'base64' }],
        options: {},
      },
    });
    const cases: [unknown, string | RegExp][] = [];
    for (const { name, bytes } of await polyglots()) {
      cases.push([media(`content/photos/${name}`, bytes.toString('base64')), `«${name}» no se puede abrir como foto`]);
      cases.push([withEntry(`content/photos/${name}`, bytes.toString('base64')), `«${name}» no se puede abrir como foto`]);
    }
    for (const length of [240, 300]) {
      const name = `${'a'.repeat(length - 4)}.jpg`;
      cases.push([media(`content/photos/${name}`, jpeg), `tiene ${length} caracteres`]);
    }
    cases.push([media('content/images/logo.jpg', jpeg), '«content/images/logo.jpg»']);
    expectRefused(
      await ask(cases.map(([body]) => body)),
      cases.map(([, named]) => named),
    );
    expect(await snapshot()).toEqual(before);
  });

  it('leaves the repository and the folder outside it as they were, and let no secret out', async () => {
    expect(await snapshot()).toEqual(before);
    expect(seen.length).toBeGreaterThan(0);
    for (const text of [...seen, ...answered]) for (const marker of Object.values(markers)) expect(text).not.toContain(marker);
    for (const text of seen) expect(text).not.toContain(key);
    // The run's own log shows no request that failed rather than being refused.
    expect(cms.terminal()).not.toMatch(/editor: \S+ \S+ failed/);
  });
});
