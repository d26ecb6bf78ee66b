import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import { nodeContactHandler } from '../../../functions/adapters/node.ts';
import { contactPath, createContactEnv } from '../../../functions/contact/config.ts';
import { BuildSession, buildSite } from '../../engine/build-site.ts';
import { templatesDir } from '../../support/paths.ts';
import { listen } from '../serve/command.ts';
import { ContentError, issueLines } from '../../site/issues.ts';
import { causeChain, UsageError } from '../../errors.ts';
import { rebuildQueue } from './schedule.ts';
import { createDevServer } from './server.ts';
import { answersOwnHostOnly, type NodeHandler } from '../serve/server.ts';
import { watchFolders } from './watch.ts';

export interface DevOptions {
  content: string;
  out: string;
  /** Build cache folder: dev rebuilds only what a change touches. */
  cache: string;
  port: number;
  host: string;
  /** More routes beside the contact function's, e.g. the editor's local backend (commands/cms). */
  api?: Record<string, NodeHandler>;
}

/**
 * Builds the site, serves it as `npm start` does, and rebuilds on every change under the content
 * and templates folders, reloading open pages. A failed build is reported in the terminal and in
 * the pages, while the last good build stays served. Ctrl-C stops it.
 */
export async function dev(opts: DevOptions): Promise<{ url: string }> {
  if (!(await stat(opts.content).catch(() => undefined))?.isDirectory()) {
    throw new UsageError(`${resolve(opts.content)} is not a folder: pass --content with the site's content folder.`);
  }
  const env = createContactEnv(process.env, { outbox: true });
  const site = await createDevServer({
    dir: resolve(opts.out),
    api: { ...opts.api, [contactPath]: nodeContactHandler(env) },
    ownHostOnly: answersOwnHostOnly(opts.host),
  });

  const session = new BuildSession();
  const rebuild = async (changed: string[]) => {
    const started = performance.now();
    const took = () => `in ${Math.round(performance.now() - started)} ms${describeChanges(changed)}`;
    try {
      session.changed(changed);
      await buildSite({ content: opts.content, out: opts.out, cache: opts.cache }, session);
      console.log(`${changed.length ? 'rebuilt' : 'built'} ${took()}`);
      site.notify({ type: 'reload' });
    } catch (error) {
      const messages = problemsOf(error);
      for (const message of messages) console.error(message);
      console.error(`✗ build failed ${took()}; still serving the last good build. Save a fix to rebuild.`);
      site.notify({ type: 'problems', messages });
    }
  };

  await rebuild([]);
  const url = await listen(site.server, opts.host, opts.port);
  const queue = rebuildQueue(rebuild);
  const unwatch = await watchFolders([opts.content, templatesDir], queue.add, () => session.unwatched());
  session.watched();
  console.log(`Dev server at ${url}, watching ${shown(opts.content)}/ and ${shown(templatesDir)}/ (Ctrl-C stops)`);
  console.log(`Contact form enquiries go to ${env.mailer.destination}`);

  // A second Ctrl-C during the cleanup kills at once: `once` restores Node's default for it.
  process.once('SIGINT', async () => {
    await unwatch();
    await queue.stop();
    await session.flush();
    await site.close();
    process.exit(0); // whatever the build left running (esbuild, workers) must not keep dev alive
  });
  return { url };
}

/** The lines a failed build shows, alike in the terminal and in the page overlay. */
function problemsOf(error: unknown): string[] {
  if (error instanceof ContentError) return error.issues.flatMap(issueLines);
  return error instanceof Error ? causeChain(error) : [String(error)];
}

/** A path relative to the working folder when it is inside it, else absolute. */
function shown(path: string): string {
  const inside = relative(process.cwd(), path);
  return inside.startsWith('..') ? resolve(path) : inside || '.';
}

/** ` (content/x.yaml and 2 more)`, naming a file that still exists: editors save through temporary files. */
function describeChanges(changed: string[]): string {
  const named = changed.find((file) => existsSync(file)) ?? changed[0];
  if (!named) return '';
  const more = changed.length > 1 ? ` and ${changed.length - 1} more` : '';
  return ` (${shown(named)}${more})`;
}
