/**
 * Serves a built `dist/` the way Netlify and Cloudflare Pages serve it: clean URLs without a
 * trailing slash, `_headers`, the rules of `_redirects`, and optional API routes.
 */
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, posix, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { headersFor, matchRedirect, parseHeaders, parseRedirects, withoutTrailingSlashes } from './rules.ts';

export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

export interface SiteServerOptions {
  /** The built site, e.g. "dist". */
  dir: string;
  /** Handlers by exact path, e.g. { '/api/send-contact-email': … }; they get every method. */
  api?: Record<string, NodeHandler>;
  /** Refuse every request whose `Host` is not isOwnHost's; answersOwnHostOnly tells when. */
  ownHostOnly?: boolean;
}

/**
 * Whether a request names this server as its `Host`: 127.0.0.1, localhost or a name under
 * .localhost (which browsers resolve to this computer whatever DNS says), at the port it came in
 * on. Any other name is a page that resolved its own domain to this computer (DNS rebinding).
 */
export function isOwnHost(req: IncomingMessage): boolean {
  const port = req.socket.localPort;
  const [, name, at] = /^([^:]*)(?::(\d+))?$/.exec(req.headers.host ?? '') ?? [];
  if (name === undefined || Number(at ?? 80) !== port) return false;
  return name === '127.0.0.1' || name === 'localhost' || /^[a-z0-9-]+(\.[a-z0-9-]+)*\.localhost$/.test(name);
}

/**
 * A local server on a loopback address answers only as 127.0.0.1 or localhost, so that a page
 * whose domain resolves to this computer reads nothing; on another (--host 0.0.0.0, to try the site
 * on a phone) it answers to any name, since the phone knows it by the computer's address.
 */
export const answersOwnHostOnly = (host: string) => ['127.0.0.1', 'localhost', '::1'].includes(host);

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.pdf': 'application/pdf',
};

export function createSiteServer({ dir, api = {}, ownHostOnly = false }: SiteServerOptions): Server {
  const root = resolve(dir);
  return createServer((req, res) => {
    if (ownHostOnly && !isOwnHost(req))
      return send(res, 421, {}, 'This server answers only as 127.0.0.1 or localhost (or a name under .localhost).\n');
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      return send(res, 400, {}, 'Bad request: malformed request target\n'); // e.g. "GET http://[ HTTP/1.1"
    }
    const route = api[url.pathname];
    Promise.resolve(route ? route(req, res) : serveStatic(root, url, req, res)).catch((error: unknown) => {
      // A browser that hangs up mid-response (a closed tab) is not a server fault.
      if ((error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE') return;
      console.error(`serve: ${req.method} ${req.url} failed`, error);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Internal server error\n');
    });
  });
}

async function serveStatic(root: string, url: URL, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, { allow: 'GET, HEAD' }, 'Method not allowed\n');
  let path: string;
  try {
    path = posix.normalize(decodeURIComponent(url.pathname)); // an absolute path cannot climb above "/"
  } catch {
    return send(res, 400, {}, 'Bad request: malformed percent-encoding\n');
  }
  if (path.includes('\0')) return send(res, 400, {}, 'Bad request\n');
  const ruleHeaders = headersFor(parseHeaders(await readOptional(join(root, '_headers'))), path);

  // A folder's index.html (the editor at /admin/) answers at the folder's path with its slash, as on the hosts.
  const index = path.endsWith('/') ? fileIn(root, `${path}index.html`) : undefined;
  if (index && path !== '/' && (await isFile(index))) return sendFile(req, res, index, 200, ruleHeaders);
  const folderIndex = fileIn(root, `${path}/index.html`);
  if (!path.endsWith('/') && folderIndex && (await isFile(folderIndex)))
    return send(res, 301, { ...ruleHeaders, location: `${encodeURI(path)}/${url.search}` }, `Moved to ${path}/\n`);

  const clean = cleanUrl(path);
  if (clean !== path && (await routeFile(root, clean))) {
    return send(res, 301, { ...ruleHeaders, location: encodeURI(clean) + url.search }, `Moved to ${clean}\n`);
  }
  const file = await routeFile(root, path);
  if (file) return sendFile(req, res, file, 200, ruleHeaders);

  for (const rule of parseRedirects(await readOptional(join(root, '_redirects')))) {
    const splat = matchRedirect(rule.from, path);
    if (splat === undefined) continue;
    const target = rule.to.replace(':splat', splat);
    if (rule.status >= 300 && rule.status < 400)
      return send(res, rule.status, { ...ruleHeaders, location: encodeURI(target) }, `Moved to ${target}\n`);
    const targetFile = fileIn(root, target);
    if (targetFile && (await isFile(targetFile))) return sendFile(req, res, targetFile, rule.status, ruleHeaders);
  }
  return send(res, 404, ruleHeaders, 'Not found\n');
}

/** The one URL form the site uses: no trailing slash, no `.html`, no `/index`. */
function cleanUrl(path: string): string {
  const bare = withoutTrailingSlashes(path)
    .replace(/\.html$/, '')
    .replace(/(^|\/)index$/, '');
  return bare || '/';
}

/** `/` → index.html, `/x/y` → x/y.html or the file x/y itself; never a folder, `_` config or dotfile. */
async function routeFile(root: string, path: string): Promise<string | undefined> {
  if (path.includes('/.') || /^\/_(headers|redirects)$/.test(path)) return undefined;
  const candidates = path === '/' ? ['/index.html'] : [path, `${path}.html`];
  for (const candidate of candidates) {
    const file = fileIn(root, candidate);
    if (file && (await isFile(file))) return file;
  }
  return undefined;
}

function fileIn(root: string, path: string): string | undefined {
  const file = join(root, path);
  return file.startsWith(root + sep) ? file : undefined;
}

async function sendFile(req: IncomingMessage, res: ServerResponse, file: string, status: number, ruleHeaders: Record<string, string>) {
  const info = await stat(file);
  const etag = `"${info.size.toString(36)}-${Math.trunc(info.mtimeMs).toString(36)}"`;
  // Lower-case names throughout, so a `_headers` value replaces a default instead of doubling it.
  const headers: Record<string, string> = {
    'content-type': contentTypes[extname(file).toLowerCase()] ?? 'application/octet-stream',
    'cache-control': 'public, max-age=0, must-revalidate',
    ...(status === 200 ? { etag } : {}),
    ...ruleHeaders,
  };
  if (status === 200 && req.headers['if-none-match'] === etag) {
    res.writeHead(304, headers).end();
    return;
  }
  // The hosts compress text on the fly; so does this server, so audits measure what visitors get.
  const compress =
    /^(text\/|application\/(json|xml|manifest)|image\/svg)/.test(headers['content-type']!) &&
    /\bgzip\b/.test(String(req.headers['accept-encoding']));
  if (compress) {
    res.writeHead(status, { ...headers, 'content-encoding': 'gzip', vary: 'Accept-Encoding' });
    if (req.method === 'HEAD') res.end();
    else await pipeline(createReadStream(file), createGzip(), res);
    return;
  }
  res.writeHead(status, { ...headers, 'content-length': String(info.size) });
  if (req.method === 'HEAD') res.end();
  else await pipeline(createReadStream(file), res);
}

function send(res: ServerResponse, status: number, headers: Record<string, string>, body: string) {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...headers }).end(body);
}

async function isFile(file: string): Promise<boolean> {
  return stat(file).then(
    (info) => info.isFile(),
    () => false,
  );
}

async function readOptional(file: string): Promise<string> {
  return readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return '';
    throw new Error(`serve: could not read ${file}`, { cause: error });
  });
}
