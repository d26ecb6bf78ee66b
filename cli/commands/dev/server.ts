import type { IncomingMessage, RequestListener, Server } from 'node:http';
import { build } from 'esbuild';
import { join } from 'node:path';
import { repoRoot } from '../../support/paths.ts';
import { createSiteServer, type NodeHandler } from '../serve/server.ts';
import { eventStream } from './events.ts';
import { injectIntoHtml } from './inject.ts';
import { devPaths, type DevEvent } from './protocol.ts';

export interface DevServer {
  server: Server;
  /** Tells every open page, and each page that opens later, about the latest build. */
  notify(event: DevEvent): void;
  /** Ends the pages' event streams and stops the server. */
  close(): Promise<void>;
}

const reloadEntry = join(repoRoot, 'cli/commands/dev/client/reload.ts');

/**
 * Whether a request names this server as its `Host`: 127.0.0.1 or localhost, at the port it came
 * in on. Any other name is a page that resolved its own domain to this machine (DNS rebinding).
 */
export function isOwnHost(req: IncomingMessage): boolean {
  const port = req.socket.localPort;
  return ['127.0.0.1', 'localhost'].some((name) => req.headers.host === `${name}:${port}` || (port === 80 && req.headers.host === name));
}

/**
 * The site server `npm start` uses (clean URLs, 404s, `_headers`, the `api` routes), plus the
 * reload script and its event stream under /__dev/, and the script's tag added to every HTML page.
 * With `ownHostOnly`, a request for any other `Host` than isOwnHost's is refused.
 */
export async function createDevServer({
  dir,
  api,
  ownHostOnly = false,
}: {
  dir: string;
  api: Record<string, NodeHandler>;
  ownHostOnly?: boolean;
}): Promise<DevServer> {
  const script = await bundle(reloadEntry);
  const events = eventStream();
  const server = createSiteServer({
    dir,
    api: {
      ...api,
      [devPaths.script]: (_req, res) =>
        void res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' }).end(script),
      [devPaths.events]: events.connect,
    },
  });
  // The site server has one request listener; answer through it, with the tag added to HTML.
  const [site] = server.listeners('request') as RequestListener[];
  server.removeAllListeners('request');
  const injected = injectIntoHtml(site!, `<script type="module" src="${devPaths.script}"></script>`);
  server.on('request', (req, res) => {
    if (!ownHostOnly || isOwnHost(req)) return injected(req, res);
    res.writeHead(421, { 'content-type': 'text/plain; charset=utf-8' }).end('This server answers only as 127.0.0.1 or localhost.\n');
  });

  return {
    server,
    notify: events.publish,
    async close() {
      events.close();
      await new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections(); // idle keep-alive sockets would hold close() for seconds
      });
    },
  };
}

async function bundle(entry: string): Promise<string> {
  const result = await build({ entryPoints: [entry], bundle: true, format: 'esm', target: 'es2022', write: false, logLevel: 'silent' });
  return result.outputFiles[0]!.text;
}
