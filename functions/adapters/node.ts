import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { HostEnv } from '../contact/config.ts';
import { failure, handleContact, methodNotAllowed } from '../contact/handle.ts';

/** What a Host header may hold: a name or address and a port, so no credentials, path or spaces. */
const hostCharacters = /^[A-Za-z0-9.:[\]-]+$/;

/** Node http adapter: streams the request body in and takes the client IP from the socket. */
export const nodeContactHandler = (env: HostEnv) => async (req: IncomingMessage, res: ServerResponse) => {
  const request = toRequest(req);
  const response = request instanceof Response ? request : await handleContact(request, { ...env, clientIp: req.socket.remoteAddress });
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(Buffer.from(await response.arrayBuffer()));
};

/** The request as a fetch Request, or the answer when it cannot be one. */
function toRequest(req: IncomingMessage): Request | Response {
  // The one method Node hands on that a fetch Request cannot carry (CONNECT and TRACK never get here).
  if (req.method === 'TRACE') return methodNotAllowed();
  const url = urlOf(req.headers.host ?? 'localhost', req.url ?? '/');
  if (!url) return failure(400, 'bad_request');
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
