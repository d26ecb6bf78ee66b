import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { HostEnv } from '../contact/config.ts';
import { handleContact } from '../contact/handle.ts';

/** Node http adapter: streams the request body in and takes the client IP from the socket. */
export const nodeContactHandler = (env: HostEnv) => async (req: IncomingMessage, res: ServerResponse) => {
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  const request = new Request(new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`), {
    method: req.method,
    headers: Object.entries(req.headers).flatMap(([name, value]) => [value ?? []].flat().map((v): [string, string] => [name, v])),
    body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : null,
    duplex: 'half',
  } as RequestInit);
  const response = await handleContact(request, { ...env, clientIp: req.socket.remoteAddress });
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(Buffer.from(await response.arrayBuffer()));
};
