import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { HostEnv } from '../contact/config.ts';
import { failure, handleContact, methodNotAllowed } from '../contact/handle.ts';
import { handleEditorAuth, type EditorAuthEnv } from '../editor-auth/handle.ts';

/** What a Host header may hold: a name or address and a port, so no credentials, path or spaces. */
const hostCharacters = /^[A-Za-z0-9.:[\]-]+$/;

/** The contact function on Node's http server: the client IP from the socket. */
export const nodeContactHandler = (env: HostEnv) =>
  nodeHandler(
    (request, req) => handleContact(request, { ...env, clientIp: req.socket.remoteAddress }),
    (status) => (status === 405 ? methodNotAllowed() : failure(400, 'bad_request')),
  );

/** The editor's sign-in on Node's http server. */
export const nodeEditorAuthHandler = (env: EditorAuthEnv) =>
  nodeHandler(
    (request) => handleEditorAuth(request, env),
    (status) => new Response(null, { status }),
  );

/**
 * A Web-standard handler on Node's http server: streams the request body in and the answer out.
 * `refuse` answers a request that cannot become a fetch Request (TRACE, a malformed Host).
 */
function nodeHandler(handle: (request: Request, req: IncomingMessage) => Promise<Response>, refuse: (status: 400 | 405) => Response) {
  return async (req: IncomingMessage, res: ServerResponse) => {
    const request = toRequest(req);
    const response = typeof request === 'number' ? refuse(request) : await handle(request, req);
    // Set-Cookie stays one header per cookie.
    const headers = [...response.headers].filter(([name]) => name !== 'set-cookie');
    res.writeHead(response.status, [...headers, ...response.headers.getSetCookie().map((c) => ['set-cookie', c])].flat());
    res.end(Buffer.from(await response.arrayBuffer()));
  };
}

/** The request as a fetch Request, or the status to refuse it with when it cannot be one. */
function toRequest(req: IncomingMessage): Request | 400 | 405 {
  // The one method Node hands on that a fetch Request cannot carry (CONNECT and TRACK never get here).
  if (req.method === 'TRACE') return 405;
  const url = urlOf(req.headers.host ?? 'localhost', req.url ?? '/');
  if (!url) return 400;
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(url, {
    method: req.method,
    headers: Object.entries(req.headers).flatMap(([name, value]) => [value ?? []].flat().map((v): [string, string] => [name, v])),
    body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : null,
    duplex: 'half',
  } as RequestInit);
}

/** The request's URL, from its Host header and the path of its target; undefined when either is malformed. */
function urlOf(host: string, target: string): URL | undefined {
  if (!hostCharacters.test(host)) return undefined;
  try {
    // Only the path of the target: an absolute-form one could carry credentials.
    const { pathname, search } = new URL(target, 'http://localhost');
    return Object.assign(new URL(`http://${host}`), { pathname, search });
  } catch {
    return undefined;
  }
}
