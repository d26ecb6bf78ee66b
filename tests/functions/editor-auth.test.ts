/**
 * The editor's sign-in function over HTTP, as `npm start` serves it (functions/adapters/node.ts),
 * against a GitHub on 127.0.0.1: the handshake Decap expects, and what it refuses.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeEditorAuthHandler } from '../../functions/adapters/node.ts';
import { createEditorAuthEnv } from '../../functions/editor-auth/config.ts';
import type { EditorAuthEnv } from '../../functions/editor-auth/handle.ts';
import { scratchDir } from '../helpers.ts';
import { startFakeGitHub, type FakeGitHub } from './fake-github.ts';

const app = { clientId: 'Iv1.editor-test', clientSecret: 'a-secret-only-the-function-knows' };
let github: FakeGitHub;
let site: string;
let server: Server;
let logged: string[];
/** Where the function's clock stands, moved by a test. */
let clock = Date.now();

beforeAll(async () => {
  const gitDir = join(await scratchDir('editor-auth-'), 'site.git');
  await promisify(execFile)('git', ['init', '--quiet', '--bare', gitDir]);
  github = await startFakeGitHub({ gitDir, repo: 'marina/web', ...app, user: { login: 'marina', name: 'Marina' } });
  const env: EditorAuthEnv = {
    ...createEditorAuthEnv({ GITHUB_CLIENT_ID: app.clientId, GITHUB_CLIENT_SECRET: app.clientSecret, EDITOR_GITHUB_URL: github.url }),
    now: () => clock,
    logger: { error: (...args: unknown[]) => void logged.push(args.map(String).join(' ')) },
  };
  ({ server, origin: site } = await listen(nodeEditorAuthHandler(env)));
});
afterAll(async () => {
  server?.close();
  await github?.close();
});

async function listen(handler: Parameters<typeof createServer>[1]): Promise<{ server: Server; origin: string }> {
  const server = createServer(handler);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** A GET with exactly these headers (fetch would set its own Sec-Fetch-Mode), answered as text. */
function get(url: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((done, fail) => {
    request(url, { headers }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      res.on('end', () =>
        done({ status: res.statusCode!, headers: new Headers(res.headers as Record<string, string>), text: async () => body }),
      );
    })
      .on('error', fail)
      .end();
  });
}
interface Answer {
  status: number;
  headers: Headers;
  text(): Promise<string>;
}

/** A window's navigation, as a browser sends it: from the editor, unless `headers` say otherwise. */
const navigate = (url: string, headers: Record<string, string> = {}) =>
  get(url, { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', 'sec-fetch-site': 'same-origin', ...headers });

/** Starts a sign-in as Decap's window does, and follows GitHub back: the callback's URL and the cookie it needs. */
async function signInUntilCallback(): Promise<{ callback: string; cookie: string; setCookie: string }> {
  const started = await navigate(`${site}/api/auth?provider=github&site_id=127.0.0.1&scope=repo`);
  expect(started.status).toBe(302);
  const setCookie = started.headers.get('set-cookie')!;
  const granted = await fetch(started.headers.get('location')!, { redirect: 'manual' });
  expect(granted.status).toBe(302);
  return { callback: granted.headers.get('location')!, cookie: setCookie.split(';')[0]!, setCookie };
}

/** What a page hands the editor, as its data block holds it. */
const outcomeOf = (html: string) => JSON.parse(/<script type="application\/json" id="outcome">(.*?)<\/script>/s.exec(html)![1]!) as string;

describe('the sign-in', () => {
  it("sends the editor's window to GitHub with a state bound to this browser by a signed, HttpOnly, Secure, SameSite=Lax cookie", async () => {
    logged = [];
    const started = await navigate(`${site}/api/auth?provider=github&site_id=127.0.0.1&scope=repo`);
    const location = new URL(started.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(`${github.url}/login/oauth/authorize`);
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      client_id: app.clientId,
      redirect_uri: `${site}/api/auth`,
      scope: 'repo',
    });
    const state = location.searchParams.get('state')!;
    expect(state).toMatch(/^[\w-]{43}$/);
    const cookie = started.headers.get('set-cookie')!;
    expect(cookie).toMatch(
      new RegExp(`^__Secure-editor-auth=${state}\\.\\d+\\.[\\w-]+; Max-Age=600; Path=/api/auth; HttpOnly; Secure; SameSite=Lax$`),
    );
    expect(started.headers.get('cache-control')).toBe('no-store');
    // Each sign-in its own state.
    const again = new URL((await navigate(`${site}/api/auth?provider=github`)).headers.get('location')!);
    expect(again.searchParams.get('state')).not.toBe(state);
    expect(logged).toEqual([]);
  });

  it('hands the token to the editor on a page that allows its one script by hash, and clears the cookie', async () => {
    const { callback, cookie } = await signInUntilCallback();
    const page = await navigate(callback, { cookie, 'sec-fetch-site': 'same-site' });
    const html = await page.text();

    expect(page.status).toBe(200);
    expect(outcomeOf(html)).toMatch(/^authorization:github:success:\{"token":"gho_[0-9a-f]{36}","provider":"github"\}$/);
    const script = /<script>(.*?)<\/script>/s.exec(html)![1]!;
    const hash = createHash('sha256').update(script).digest('base64');
    expect(page.headers.get('content-security-policy')).toBe(
      `default-src 'none'; script-src 'sha256-${hash}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    );
    // Posted to this page's own origin, never "*", and only after the editor there answered the handshake.
    expect(script).toContain("editor.postMessage('authorizing:github', location.origin)");
    expect(script).toContain('editor.postMessage(message, location.origin)');
    expect(script).not.toContain("'*'");
    expect(page.headers.get('set-cookie')).toBe('__Secure-editor-auth=; Max-Age=0; Path=/api/auth; HttpOnly; Secure; SameSite=Lax');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
  });
});

describe('the sign-in refuses', () => {
  it('a state that is not the one this browser was given, without asking GitHub for a token', async () => {
    const { callback, cookie } = await signInUntilCallback();
    const other = await signInUntilCallback();
    const exchanges = github.exchanges.length;
    const wrong = new URL(callback);
    wrong.searchParams.set('state', new URL(other.callback).searchParams.get('state')!);

    for (const [what, url, headers] of [
      ["another sign-in's state", wrong.href, { cookie }],
      ['no cookie', callback, {}],
      ["another sign-in's cookie", callback, { cookie: other.cookie }],
      // The signature's first character: its last holds bits base64 decoding drops.
      [
        'a cookie whose signature was changed',
        callback,
        { cookie: cookie.replace(/\.([\w-])([\w-]+)$/, (_, c, rest) => `.${c === 'A' ? 'B' : 'A'}${rest}`) },
      ],
      ['a cookie whose expiry was moved', callback, { cookie: cookie.replace(/\.(\d+)\./, (_, t) => `.${Number(t) + 60_000}.`) }],
    ] as const) {
      const page = await navigate(url, headers);
      const html = await page.text();
      expect(page.status, what).toBe(403);
      expect(html, what).toContain('No se pudo comprobar que este inicio de sesión lo empezó este navegador');
      expect(outcomeOf(html), what).toMatch(/^authorization:github:error:/);
      expect(html, what).not.toContain('gho_');
    }
    expect(github.exchanges.length).toBe(exchanges);
  });

  it('a state older than ten minutes', async () => {
    const { callback, cookie } = await signInUntilCallback();
    clock += 10 * 60_000 + 1;
    try {
      const page = await navigate(callback, { cookie });
      expect(page.status).toBe(403);
      expect(await page.text()).not.toContain('gho_');
    } finally {
      clock -= 10 * 60_000 + 1;
    }
  });

  it('a replayed code: the browser has no cookie left, and GitHub takes a code once', async () => {
    const { callback, cookie } = await signInUntilCallback();
    const first = await navigate(callback, { cookie });
    expect(first.status).toBe(200);
    expect(first.headers.get('set-cookie')).toMatch(/^__Secure-editor-auth=; Max-Age=0;/);

    // The same browser, going back to the page: its cookie is gone.
    expect((await navigate(callback)).status).toBe(403);
    // Someone who kept the cookie as well: GitHub refuses the used code, and no token is shown.
    logged = [];
    const replay = await navigate(callback, { cookie });
    expect(replay.status).toBe(502);
    expect(await replay.text()).not.toContain('gho_');
    expect(github.exchanges.at(-1)).toEqual({ code: new URL(callback).searchParams.get('code'), granted: false });
    expect(logged).toEqual([
      expect.stringContaining('GitHub refused the code: bad_verification_code (The code passed is incorrect or expired.)'),
    ]);
  });

  it('a sign-in started from another origin, or by a script, and sets no cookie', async () => {
    for (const [what, headers] of [
      ['a page of another site', { 'sec-fetch-site': 'cross-site' }],
      ['a page of the same site on another origin', { 'sec-fetch-site': 'same-site' }],
      ["another origin's script", { 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty', 'sec-fetch-site': 'cross-site' }],
      ["this origin's script", { 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' }],
    ] as const) {
      const page = await navigate(`${site}/api/auth?provider=github`, headers);
      expect(page.status, what).toBe(403);
      expect(page.headers.get('set-cookie'), what).toBeNull();
      expect(page.headers.get('location'), what).toBeNull();
    }
  });

  it("a callback fetched by another origin's script, even with the right state and cookie", async () => {
    const { callback, cookie } = await signInUntilCallback();
    const exchanges = github.exchanges.length;
    const page = await get(callback, { cookie, origin: 'http://evil.test', 'sec-fetch-mode': 'cors', 'sec-fetch-site': 'cross-site' });
    expect(page.status).toBe(403);
    expect(page.headers.get('access-control-allow-origin')).toBeNull();
    expect(await page.text()).not.toContain('gho_');
    expect(github.exchanges.length).toBe(exchanges);
  });

  it('another provider than GitHub, and every method but GET', async () => {
    expect((await navigate(`${site}/api/auth?provider=gitlab`)).status).toBe(403);
    const post = await fetch(`${site}/api/auth`, { method: 'POST' });
    expect([post.status, post.headers.get('allow')]).toEqual([405, 'GET']);
  });
});

it('says which variables are missing, on a page and in the log, with no stack trace', async () => {
  const lines: string[] = [];
  const env = { ...createEditorAuthEnv({ GITHUB_CLIENT_ID: app.clientId }), logger: { error: (line: string) => void lines.push(line) } };
  const unconfigured = await listen(nodeEditorAuthHandler(env));
  try {
    const page = await navigate(`${unconfigured.origin}/api/auth?provider=github`);
    const html = await page.text();
    expect(page.status).toBe(500);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(html).toContain('<h1>El inicio de sesión del editor no está configurado</h1>');
    expect(html).toContain('Falta GITHUB_CLIENT_SECRET en las variables de entorno del sitio');
    expect(html).not.toMatch(/\bat \S+:\d+/);
    expect(lines).toEqual(["Editor sign-in: GITHUB_CLIENT_SECRET not set in the host's environment variables (docs/editor.md)."]);
  } finally {
    unconfigured.server.close();
  }
});
