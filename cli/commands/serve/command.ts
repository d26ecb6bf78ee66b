import { stat } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { nodeContactHandler, nodeEditorAuthHandler } from '../../../functions/adapters/node.ts';
import { contactPath, createContactEnv } from '../../../functions/contact/config.ts';
import { createEditorAuthEnv } from '../../../functions/editor-auth/config.ts';
import { editorAuthPath } from '../../../functions/editor-auth/handle.ts';
import { answersOwnHostOnly, createSiteServer } from './server.ts';
import { messages } from '../../messages.ts';

/** Serves the built site with the contact function and the editor's sign-in, as the static hosts would. */
export async function serve(opts: { dir: string; port: number; host: string }): Promise<void> {
  const dir = resolve(opts.dir);
  if (!(await stat(join(dir, 'index.html')).catch(() => undefined))) {
    throw new Error(messages.notBuilt(`${dir} has no index.html`, 'then start the server again'));
  }
  const env = createContactEnv(process.env, { outbox: true });
  const auth = createEditorAuthEnv(process.env);
  const api = { [contactPath]: nodeContactHandler(env), [editorAuthPath]: nodeEditorAuthHandler(auth) };
  const server = createSiteServer({ dir, api, ownHostOnly: answersOwnHostOnly(opts.host) });
  console.log(`Serving ${dir} at ${await listen(server, opts.host, opts.port)}`);
  console.log(`Contact form enquiries go to ${env.mailer.destination}`);
  console.log(
    'missing' in auth.github
      ? `The editor's sign-in at ${editorAuthPath} needs ${auth.github.missing.join(' and ')} (docs/editor.md)`
      : `The editor signs in at ${editorAuthPath} with the GitHub OAuth app ${auth.github.clientId} of ${auth.github.url}`,
  );
}

/** Starts listening and returns the URL to open. */
export async function listen(server: Server, host: string, port: number): Promise<string> {
  await new Promise<void>((done, fail) => {
    server.once('error', (cause) =>
      fail(new Error(`Cannot listen on ${host}:${port}; set PORT or HOST (or --port, --host) to a free address.`, { cause })),
    );
    server.listen(port, host, done);
  });
  const bound = (server.address() as AddressInfo).port;
  const name = ['0.0.0.0', '::'].includes(host) ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${bound}`;
}
