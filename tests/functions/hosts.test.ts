import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { editorAuthPath } from '../../functions/editor-auth/handle.ts';
import { englishEnquiry, postJson, spanishEnquiry } from './contact/fixtures.ts';
import { startSmtpServer, type TestSmtpServer } from './smtp-server.ts';

const functionsDir = join(import.meta.dirname, '../../functions');
let smtp: TestSmtpServer;
let vars: Record<string, string>;
beforeAll(async () => {
  smtp = await startSmtpServer();
  vars = { SMTP_URL: smtp.url, CONTACT_FROM: 'web@marina.test', CONTACT_TO: 'oficina@marina.test' };
});
afterAll(() => smtp.close());
beforeEach(() => {
  smtp.received.length = 0;
});

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => relative(functionsDir, join(e.parentPath, e.name)));
}

it('gives Cloudflare Pages exactly two routable files, at /api/auth and /api/send-contact-email', async () => {
  const routable = [];
  for (const file of await filesUnder(functionsDir)) {
    if (/export (const|async function|function) onRequest/.test(await readFile(join(functionsDir, file), 'utf8'))) routable.push(file);
  }
  expect(routable.sort()).toEqual(['api/auth.ts', 'api/send-contact-email.ts']);
});

it("gives Netlify exactly the two functions in netlify.toml's functions directory", async () => {
  const toml = await readFile(join(functionsDir, '../netlify.toml'), 'utf8');
  const directory = /directory\s*=\s*"([^"]+)"/.exec(toml)?.[1];
  expect(directory).toBe('functions/netlify');
  expect((await filesUnder(join(functionsDir, 'netlify'))).sort()).toEqual(['netlify/editor-auth.ts', 'netlify/send-contact-email.ts']);
});

it('serves the Netlify function at /api/send-contact-email and limits by the client IP Netlify reports', async () => {
  for (const [name, value] of Object.entries(vars)) vi.stubEnv(name, value);
  const netlify = await import('../../functions/netlify/send-contact-email.ts');
  vi.unstubAllEnvs();

  expect(netlify.config).toEqual({ path: '/api/send-contact-email' });
  const statuses = [];
  for (let i = 0; i < 6; i++) statuses.push((await netlify.default(postJson(spanishEnquiry), { ip: '203.0.113.7' })).status);
  const otherVisitor = await netlify.default(postJson(englishEnquiry), { ip: '198.51.100.20' });

  expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  expect(otherVisitor.status).toBe(200);
  expect(smtp.received).toHaveLength(6);
});

it('answers Cloudflare Pages requests with the env Cloudflare passes and limits by CF-Connecting-IP', async () => {
  const { onRequest } = await import('../../functions/api/send-contact-email.ts');
  const call = (ip: string) => onRequest({ request: postJson(englishEnquiry, { 'cf-connecting-ip': ip }), env: vars });

  const statuses = [];
  for (let i = 0; i < 6; i++) statuses.push((await call('203.0.113.7')).status);
  const otherVisitor = await call('198.51.100.20');
  const wrongMethod = await onRequest({ request: new Request('http://localhost/api/send-contact-email'), env: vars });

  expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  expect(otherVisitor.status).toBe(200);
  expect(wrongMethod.status).toBe(405);
  expect(smtp.received.map((r) => r.mail.subject)).toContain('Solicitud web: Piscinas en Altea Hills [EN]');
});

describe("the editor's sign-in on each host", () => {
  const app = { GITHUB_CLIENT_ID: 'Iv1.hosts-test', GITHUB_CLIENT_SECRET: 'hosts-test-secret' };
  const start = () =>
    new Request('https://www.marina.test/api/auth?provider=github&scope=repo', {
      headers: { 'sec-fetch-mode': 'navigate', 'sec-fetch-site': 'same-origin' },
    });
  const authorizeUrl = (response: Response) => new URL(response.headers.get('location')!);

  it('is served by Netlify at /api/auth, from the variables Netlify sets', async () => {
    for (const [name, value] of Object.entries(app)) vi.stubEnv(name, value);
    vi.resetModules();
    const netlify = await import('../../functions/netlify/editor-auth.ts');
    vi.unstubAllEnvs();

    expect(netlify.config).toEqual({ path: editorAuthPath });
    const response = await netlify.default(start());
    expect(response.status).toBe(302);
    expect(Object.fromEntries(authorizeUrl(response).searchParams)).toMatchObject({
      client_id: 'Iv1.hosts-test',
      redirect_uri: 'https://www.marina.test/api/auth',
    });
    expect(authorizeUrl(response).origin).toBe('https://github.com');
  });

  it('is served by Cloudflare Pages at /api/auth, from the env Cloudflare passes, and says what is missing', async () => {
    vi.resetModules();
    const configured = await import('../../functions/api/auth.ts');
    const response = await configured.onRequest({ request: start(), env: app });
    expect([response.status, authorizeUrl(response).searchParams.get('client_id')]).toEqual([302, 'Iv1.hosts-test']);

    vi.resetModules();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const unconfigured = await import('../../functions/api/auth.ts');
    const page = await unconfigured.onRequest({ request: start(), env: {} });
    error.mockRestore();
    expect(page.status).toBe(500);
    expect(await page.text()).toContain('Faltan GITHUB_CLIENT_ID y GITHUB_CLIENT_SECRET en las variables de entorno del sitio');
  });
});
