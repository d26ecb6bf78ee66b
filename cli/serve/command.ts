import { stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { nodeContactHandler } from '../../functions/adapters/node.ts';
import { contactPath, createContactEnv } from '../../functions/contact/config.ts';
import { createSiteServer } from './server.ts';

/** Serves the built site with the contact function, as the static hosts would. */
export async function serve(opts: { dir: string; port: number; host: string }): Promise<void> {
  const dir = resolve(opts.dir);
  if (!(await stat(join(dir, 'index.html')).catch(() => undefined))) {
    throw new Error(`${dir} has no index.html: run "npm run build" first, then start the server again.`);
  }
  const env = createContactEnv(process.env, { outbox: true });
  const server = createSiteServer({ dir, api: { [contactPath]: nodeContactHandler(env) } });
  await new Promise<void>((done, fail) => {
    server.once('error', (cause) => fail(new Error(`Cannot listen on ${opts.host}:${opts.port}; set PORT or HOST to a free address.`, { cause })));
    server.listen(opts.port, opts.host, done);
  });
  const { port } = server.address() as AddressInfo;
  const host = ['0.0.0.0', '::'].includes(opts.host) ? 'localhost' : opts.host.includes(':') ? `[${opts.host}]` : opts.host;
  console.log(`Serving ${dir} at http://${host}:${port}`);
  console.log(`Contact form enquiries go to ${env.mailer.destination}`);
}
