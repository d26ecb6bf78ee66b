import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { basename, dirname, resolve } from 'node:path';
import { repoRoot } from '../../support/paths.ts';
import { adminFolder } from '../../engine/write/admin/files.ts';
import { dev, type DevOptions } from '../dev/command.ts';
import { guardedProxy } from './guard.ts';

/** Where the editor's page finds the proxy: beside the site, on the same origin (write/admin/client.ts). */
export const proxyPath = `/${adminFolder}/api/v1`;

const loopback = '127.0.0.1';

/**
 * The editor on this machine: Decap's local proxy (decap-server) reading and writing the working
 * copy, behind a check of every write (guard.ts), and `dev` serving the site and /admin/, both on
 * 127.0.0.1 only. Ctrl-C stops both.
 */
export async function cms(opts: Omit<DevOptions, 'host' | 'api'>): Promise<void> {
  const content = resolve(opts.content);
  const port = await freePort();
  // The repository is the content folder's parent: the editor's paths start with the folder's name.
  const proxy = startProxy(dirname(content), port);
  try {
    await proxyReady(`http://${loopback}:${port}/api/v1`, proxy);
  } catch (error) {
    proxy.kill();
    throw error;
  }
  const { url } = await dev({
    ...opts,
    host: loopback,
    api: { [proxyPath]: guardedProxy(`http://${loopback}:${port}/api/v1`, basename(content)) },
  });
  console.log(`Local proxy (decap-server) at http://${loopback}:${port}, behind ${proxyPath}`);
  console.log(`Editor at ${new URL(`/${adminFolder}/`, url)} (saves to ${content})`);
}

/** decap-server, as its own process: it exits with this one. */
function startProxy(repository: string, port: number): ChildProcess {
  const entry = createRequire(`${repoRoot}/package.json`).resolve('decap-server');
  const proxy = spawn(process.execPath, [entry], {
    cwd: repository,
    env: { ...process.env, PORT: String(port), BIND_HOST: loopback, MODE: 'fs', GIT_REPO_DIRECTORY: repository, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  process.once('exit', () => proxy.kill());
  return proxy;
}

/** Waits until the proxy answers, or fails when it exits or takes over 20 seconds. */
async function proxyReady(url: string, proxy: ChildProcess): Promise<void> {
  const exited = new Promise<never>((_, fail) =>
    proxy.once('exit', (code) => fail(new Error(`the editor's local proxy (decap-server) stopped with code ${code}`))),
  );
  exited.catch(() => {});
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const answered = await Promise.race([
      fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"action":"info"}' }).then(
        (r) => r.ok,
        () => false,
      ),
      exited,
    ]);
    if (answered) return;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`the editor's local proxy (decap-server) did not answer at ${url} within 20 s`);
}

/** A port nothing listens on now, on the loopback address. */
function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, loopback, () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}
