import type { RequestListener, Server } from 'node:http';
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
 * The site server `npm start` uses (clean URLs, 404s, `_headers`, the `api` routes), plus the
 * reload script and its event stream under /__dev/, and the script's tag added to every HTML page.
 * With `ownHostOnly`, a request for any other `Host` is refused (serve/server.ts).
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
    ownHostOnly,
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
  server.on('request', injected);

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
