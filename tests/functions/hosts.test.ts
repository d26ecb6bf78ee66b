import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest';
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

it('gives Cloudflare Pages exactly one routable file, at /api/send-contact-email', async () => {
  const routable = [];
  for (const file of await filesUnder(functionsDir)) {
    if (/export (const|async function|function) onRequest/.test(await readFile(join(functionsDir, file), 'utf8'))) routable.push(file);
  }
  expect(routable).toEqual(['api/send-contact-email.ts']);
});

it("gives Netlify exactly one function in netlify.toml's functions directory", async () => {
  const toml = await readFile(join(functionsDir, '../netlify.toml'), 'utf8');
  const directory = /directory\s*=\s*"([^"]+)"/.exec(toml)?.[1];
  expect(directory).toBe('functions/netlify');
  expect(await filesUnder(join(functionsDir, 'netlify'))).toEqual(['netlify/send-contact-email.ts']);
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
