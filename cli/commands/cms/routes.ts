// The editor's doors on the dev server: the routes that give /admin/ this run's secret, and that
// answer its local backend. Other pages the person has open in the same browser (any site, any
// port of this computer) may send requests here too; each is refused unless it is the editor's:
//   - POST, with `Content-Type: application/json`, which a page of another origin cannot send
//     without asking first (CORS preflight), and this server never says yes;
//   - `Host` 127.0.0.1 or localhost at this port, so a domain resolved to this computer (DNS
//     rebinding) is refused before it reads anything;
//   - `Origin` this very origin, and `Sec-Fetch-Site` same-origin when the browser sends it. A
//     request without `Origin` is refused: browsers send it with every POST, and a program that
//     is not a browser must send it too;
//   - for the backend, the secret this run made, which only a page of this origin can read (it
//     answers the session route, which no other origin can read).
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { editorApi } from '../../engine/write/admin/api.ts';
import { isOwnHost } from '../serve/server.ts';
import type { NodeHandler } from '../serve/server.ts';
import { Refused, shown } from './places.ts';

/** Why `req` may not pass, or undefined when it is the editor's own. */
function doorRefusal(req: IncomingMessage): Refused | undefined {
  const refuse = (status: number, why: string) =>
    new Refused(status, `El servidor del editor solo atiende a su propia página /admin/: ${why}.`);
  if (req.method !== 'POST') return refuse(405, `acepta POST, no ${shown(req.method)}`);
  if (!isOwnHost(req)) return refuse(421, `la petición es para «${shown(req.headers.host)}»`);
  const type = req.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json')
    return refuse(415, `la petición no es JSON (${shown(req.headers['content-type'] ?? 'sin Content-Type')})`);
  if (req.headers.origin !== `http://${req.headers.host}`)
    return refuse(403, `la petición viene de ${shown(req.headers.origin ?? 'un origen sin nombre')}`);
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') return refuse(403, `la petición viene de otro sitio (Sec-Fetch-Site: ${shown(site)})`);
  return undefined;
}

const answer = (res: ServerResponse, status: number, body: unknown) =>
  void res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end(JSON.stringify(body));

/** The body of `req` as JSON: at most `limit` bytes. */
async function jsonBody(req: IncomingMessage, limit: number): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      req.resume();
      throw new Refused(
        413,
        `La petición pasa de ${Math.round(limit / 2 ** 20)} MB: una foto puede ocupar como mucho 30 MB; expórtala a 4000 px de ancho como mucho.`,
      );
    }
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new Refused(400, 'La petición del editor no es JSON válido: recarga la página y vuelve a intentarlo.');
  }
}

/** A secret of this run: 256 random bits, in a URL as is. */
export const newSecret = () => randomBytes(32).toString('base64url');

const sameSecret = (given: string | null, secret: string) =>
  given !== null && given.length === secret.length && timingSafeEqual(Buffer.from(given), Buffer.from(secret));

/**
 * The routes of the editor's API: `session` gives the page the backend's address with `secret`,
 * `backend` answers `act` (backend.ts) for requests that bring it. `log` hears every refusal and
 * every failure, so the person sees them in the terminal.
 */
export function editorRoutes({
  secret,
  act,
  limit,
  log,
}: {
  secret: string;
  act: (body: unknown) => Promise<unknown>;
  limit: number;
  log: (line: string) => void;
}): Record<string, NodeHandler> {
  const guarded =
    (handle: (req: IncomingMessage) => Promise<unknown>): NodeHandler =>
    async (req, res) => {
      const path = new URL(req.url ?? '/', 'http://localhost').pathname;
      try {
        const refused = doorRefusal(req);
        if (refused) {
          req.resume();
          throw refused;
        }
        answer(res, 200, await handle(req));
      } catch (error) {
        if (error instanceof Refused) {
          log(`editor: refused ${shown(req.method)} ${path} (Origin ${shown(req.headers.origin ?? 'none')}): ${error.message}`);
          return answer(res, error.status, { error: error.message });
        }
        log(`editor: ${req.method} ${path} failed: ${(error as Error).stack ?? String(error)}`);
        const cause = (error as NodeJS.ErrnoException).code ?? 'error inesperado';
        answer(res, 500, {
          error: `El servidor del editor no ha podido hacerlo (${cause}). Mira la terminal donde corre npm run cms: dice qué archivo y por qué.`,
        });
      }
    };
  const backend = `${editorApi.backend}?key=${secret}`;
  return {
    [editorApi.session]: guarded(async (req) => {
      req.resume();
      return { backend };
    }),
    [editorApi.backend]: guarded(async (req) => {
      const key = new URL(req.url ?? '/', 'http://localhost').searchParams.get('key');
      if (!sameSecret(key, secret)) {
        req.resume();
        throw new Refused(403, `Falta la clave de esta sesión del editor: recarga la página /admin/.`);
      }
      return act(await jsonBody(req, limit));
    }),
  };
}
