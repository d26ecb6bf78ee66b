/**
 * A GitHub on 127.0.0.1 for tests, over a real bare git repository: the OAuth app's authorize and
 * token endpoints (a code serves once, for the redirect it was issued to), and the part of the REST
 * API that Decap CMS's GitHub backend calls to sign in, list, read and commit (user, repository,
 * branches, commits, git blobs, trees, commits and refs). What it does not serve is answered 404,
 * as GitHub does, and listed in `unexpected`, so a test sees what Decap asked that it lacks.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface FakeGitHub {
  /** The web address (OAuth) and the API root, one origin: as GitHub Enterprise serves both. */
  url: string;
  /** Each authorization asked for, as the browser came with it. */
  authorizations: URLSearchParams[];
  /** Each code trade, with what GitHub answered. */
  exchanges: { code: string; granted: boolean }[];
  /** Requests it has no answer for, "METHOD /path". */
  unexpected: string[];
  close(): Promise<void>;
}

export interface FakeGitHubOptions {
  /** The bare repository, served as `repo` ("owner/name"). */
  gitDir: string;
  repo: string;
  clientId: string;
  clientSecret: string;
  user: { login: string; name: string };
}

interface Grant {
  redirectUri: string;
  scope: string;
  used: boolean;
}

const notFound = { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' };

export async function startFakeGitHub(options: FakeGitHubOptions): Promise<FakeGitHub> {
  const codes = new Map<string, Grant>();
  const tokens = new Set<string>();
  const fake: Omit<FakeGitHub, 'url' | 'close'> = { authorizations: [], exchanges: [], unexpected: [] };
  const git = async (args: string[], input?: Buffer | string, env: Record<string, string> = {}) => {
    const child = run('git', ['--git-dir', options.gitDir, ...args], {
      encoding: 'buffer',
      maxBuffer: 256 * 2 ** 20,
      env: { ...process.env, ...env },
    });
    child.child.stdin!.end(input);
    return (await child).stdout;
  };
  const text = async (args: string[], input?: Buffer | string, env?: Record<string, string>) =>
    (await git(args, input, env)).toString('utf8').trim();

  const server = createServer((req, res) => {
    answer(req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, { message: String(error) });
    });
  });

  async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method === 'OPTIONS') return send(res, 204);
    if (url.pathname === '/login/oauth/authorize' && req.method === 'GET') return authorize(url.searchParams, res);
    if (url.pathname === '/login/oauth/access_token' && req.method === 'POST') return exchange(await body(req), res);
    const token = /^token (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!token || !tokens.has(token)) return send(res, 401, { message: 'Bad credentials' });
    if (url.pathname === '/user' && req.method === 'GET') return send(res, 200, { ...options.user, id: 1, type: 'User' });
    const prefix = `/repos/${options.repo}`;
    if (url.pathname.startsWith(`${prefix}/`) || url.pathname === prefix) {
      const handled = await repository(req.method ?? 'GET', url.pathname.slice(prefix.length), url.searchParams, req, res);
      if (handled) return;
    }
    fake.unexpected.push(`${req.method} ${url.pathname}`);
    send(res, 404, notFound);
  }

  /** GitHub's consent page, already granted: straight back with a code. */
  function authorize(params: URLSearchParams, res: ServerResponse): void {
    fake.authorizations.push(params);
    const redirectUri = params.get('redirect_uri');
    if (params.get('client_id') !== options.clientId || !redirectUri) {
      send(res, 404, notFound);
      return;
    }
    const code = randomBytes(10).toString('hex');
    codes.set(code, { redirectUri, scope: params.get('scope') ?? '', used: false });
    const back = new URL(redirectUri);
    back.searchParams.set('code', code);
    if (params.has('state')) back.searchParams.set('state', params.get('state')!);
    res.writeHead(302, { location: back.href }).end();
  }

  /** A code for a token, once, by the app that asked for it and for the same redirect. */
  function exchange(raw: string, res: ServerResponse): void {
    const params = JSON.parse(raw) as Record<string, string>;
    const grant = codes.get(params.code ?? '');
    const granted =
      params.client_id === options.clientId &&
      params.client_secret === options.clientSecret &&
      grant !== undefined &&
      !grant.used &&
      grant.redirectUri === params.redirect_uri;
    fake.exchanges.push({ code: params.code ?? '', granted });
    if (!granted) {
      // GitHub answers 200 with an error, not an HTTP error.
      send(res, 200, { error: 'bad_verification_code', error_description: 'The code passed is incorrect or expired.' });
      return;
    }
    grant.used = true;
    const token = `gho_${randomBytes(18).toString('hex')}`;
    tokens.add(token);
    send(res, 200, { access_token: token, token_type: 'bearer', scope: grant.scope });
  }

  async function repository(
    method: string,
    path: string,
    query: URLSearchParams,
    req: IncomingMessage,
    res: ServerResponse,
  ): Promise<boolean> {
    const [owner, name] = options.repo.split('/');
    let match: RegExpExecArray | null;
    if (method === 'GET' && path === '') {
      send(res, 200, {
        name,
        full_name: options.repo,
        owner: { login: owner },
        private: true,
        default_branch: 'main',
        permissions: { admin: false, maintain: false, push: true, triage: true, pull: true },
      });
    } else if (method === 'GET' && (match = /^\/branches\/(.+)$/.exec(path))) {
      const sha = await text(['rev-parse', '--verify', '--quiet', `refs/heads/${decodeURIComponent(match[1]!)}`]).catch(() => '');
      if (!sha) send(res, 404, { message: 'Branch not found' });
      else send(res, 200, { name: decodeURIComponent(match[1]!), commit: { sha, url: '' } });
    } else if (method === 'GET' && path === '/commits') {
      const args = ['log', '-1', '--format=%H%x00%an%x00%ae%x00%aI%x00%s', query.get('sha') ?? 'main', '--', query.get('path') ?? '.'];
      const [sha, author, email, date, message] = (await text(args)).split('\0');
      send(res, 200, sha ? [{ sha, commit: { author: { name: author, email, date }, message } }] : []);
    } else if (method === 'GET' && (match = /^\/git\/trees\/(.+)$/.exec(path))) {
      const treeish = decodeURIComponent(match[1]!);
      const listing = await text(['ls-tree', '-l', ...(query.get('recursive') ? ['-r'] : []), treeish]).catch(() => undefined);
      if (listing === undefined) send(res, 404, notFound);
      else send(res, 200, { sha: await text(['rev-parse', treeish]), tree: treeEntries(listing), truncated: false });
    } else if (method === 'GET' && (match = /^\/git\/blobs\/([0-9a-f]{40})$/.exec(path))) {
      const bytes = await git(['cat-file', 'blob', match[1]!]).catch(() => undefined);
      if (!bytes) send(res, 404, notFound);
      else send(res, 200, { sha: match[1], size: bytes.length, encoding: 'base64', content: bytes.toString('base64') });
    } else if (method === 'POST' && path === '/git/blobs') {
      const { content, encoding } = JSON.parse(await body(req)) as { content: string; encoding: string };
      const sha = await text(['hash-object', '-w', '--stdin'], Buffer.from(content, encoding === 'base64' ? 'base64' : 'utf8'));
      send(res, 201, { sha, url: '' });
    } else if (method === 'POST' && path === '/git/trees') {
      const { base_tree: base, tree } = JSON.parse(await body(req)) as {
        base_tree?: string;
        tree: { path: string; mode: string; sha: string | null }[];
      };
      const sha = await writeTree(base, tree);
      send(res, 201, { sha, tree: treeEntries(await text(['ls-tree', '-l', sha])), truncated: false });
    } else if (method === 'POST' && path === '/git/commits') {
      const commit = JSON.parse(await body(req)) as {
        message: string;
        tree: string;
        parents: string[];
        author?: { name?: string; email?: string };
      };
      const who = {
        name: commit.author?.name ?? options.user.name,
        email: commit.author?.email ?? `${options.user.login}@users.noreply.test`,
      };
      const env = { GIT_AUTHOR_NAME: who.name, GIT_AUTHOR_EMAIL: who.email, GIT_COMMITTER_NAME: who.name, GIT_COMMITTER_EMAIL: who.email };
      const args = ['commit-tree', commit.tree, ...commit.parents.flatMap((p) => ['-p', p]), '-m', commit.message];
      const sha = await text(args, undefined, env);
      send(res, 201, { sha, tree: { sha: commit.tree }, parents: commit.parents.map((p) => ({ sha: p })), message: commit.message });
    } else if (method === 'PATCH' && (match = /^\/git\/refs\/heads\/(.+)$/.exec(path))) {
      const ref = `refs/heads/${decodeURIComponent(match[1]!)}`;
      const { sha, force } = JSON.parse(await body(req)) as { sha: string; force?: boolean };
      const old = await text(['rev-parse', ref]);
      const fastForward = await git(['merge-base', '--is-ancestor', old, sha]).then(
        () => true,
        () => false,
      );
      if (!force && !fastForward) send(res, 422, { message: 'Update is not a fast forward' });
      else {
        await git(['update-ref', ref, sha, old]);
        send(res, 200, { ref, object: { sha, type: 'commit' } });
      }
    } else return false;
    return true;
  }

  /** A tree: `base`'s (a tree or a commit) with `changes`, where a null sha removes the path. */
  async function writeTree(base: string | undefined, changes: { path: string; mode: string; sha: string | null }[]): Promise<string> {
    const index = { GIT_INDEX_FILE: join(options.gitDir, `index-${randomBytes(6).toString('hex')}`) };
    try {
      if (base) await git(['read-tree', base], undefined, index);
      else await git(['read-tree', '--empty'], undefined, index);
      for (const change of changes) {
        if (change.sha === null) await git(['update-index', '--force-remove', '--', change.path], undefined, index);
        else await git(['update-index', '--add', '--cacheinfo', `${change.mode},${change.sha},${change.path}`], undefined, index);
      }
      return await text(['write-tree'], undefined, index);
    } finally {
      await rm(index.GIT_INDEX_FILE, { force: true });
    }
  }

  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    ...fake,
    url,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/** `git ls-tree -l` lines as the API's tree entries. */
function treeEntries(listing: string) {
  return listing
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [meta, path] = line.split('\t') as [string, string];
      const [mode, type, sha, size] = meta.split(/\s+/) as [string, string, string, string];
      return { path, mode, type, sha, ...(type === 'blob' && { size: Number(size) }) };
    });
}

/** Every response crosses origins, as api.github.com's do: the editor runs on the site's. */
function send(res: ServerResponse, status: number, json?: unknown): void {
  res.writeHead(status, {
    'access-control-allow-origin': '*',
    'access-control-allow-headers': 'Authorization, Content-Type',
    'access-control-allow-methods': 'GET, POST, PATCH, PUT, DELETE',
    ...(json !== undefined && { 'content-type': 'application/json; charset=utf-8' }),
  });
  res.end(json === undefined ? undefined : JSON.stringify(json));
}

async function body(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
