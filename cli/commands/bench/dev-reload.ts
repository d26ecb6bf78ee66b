import { spawn } from 'node:child_process';
import { get, type IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { devPaths, type DevEvent } from '../dev/protocol.ts';
import { cliBin, commandEnv, type BuildRun } from './process.ts';

/**
 * Times what a maintainer waits for in `dev`: from saving a file to the moment an open page is
 * told to reload and shows the save, with `sitegen dev` in a process of its own, started in the
 * workspace `dir`. The first save is not timed: dev's first rebuild checks every file once its
 * watcher is ready. Calls `timed` with a function that saves the file once more (`edit.save(n)`)
 * and waits for the reload after which the built site shows it (`edit.shown(n)`). Gives up after
 * `patience` ms for dev to start or for one reload, saying what dev printed.
 */
export async function inDevServer<T>(
  dir: string,
  edit: { save: (n: number) => Promise<void>; shown: (n: number) => Promise<boolean> },
  timed: (saveAndReload: () => Promise<BuildRun>) => Promise<T>,
  patience = 120_000,
): Promise<T> {
  const args = ['dev', '--content', join(dir, 'content'), '--out', join(dir, 'dist'), '--cache', join(dir, '.cache')];
  const child = spawn(process.execPath, [cliBin, ...args, '--port', '0', '--host', '127.0.0.1'], {
    cwd: dir,
    env: commandEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  /** Rejects when `work` takes longer than `ms`, with what dev printed. */
  const within = <W>(work: Promise<W>, what: string, ms = patience): Promise<W> => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`sitegen dev took more than ${ms / 1000} s ${what}; it printed:\n${output.trim()}`)), ms);
    });
    return Promise.race([work, late]).finally(() => clearTimeout(timer));
  };
  const exited = new Promise<void>((resolve) => child.on('close', () => resolve()));
  const failed = exited.then(() => {
    throw new Error(`sitegen dev in ${dir} stopped (exit ${child.exitCode}):\n${output.trim()}`);
  });
  failed.catch(() => {}); // raced below; unawaited once dev is stopped on purpose
  try {
    const started = new Promise<string>((resolve) => {
      const collect = (chunk: Buffer) => {
        output += chunk;
        const url = /Dev server at (http:\/\/[^\s,]+)/.exec(output)?.[1];
        if (url) resolve(url);
      };
      child.stdout.on('data', collect);
      child.stderr.on('data', collect);
    });
    const url = await within(Promise.race([started, failed]), 'to start');
    const events = await openEvents(`${url}${devPaths.events}`);
    try {
      let saves = 0;
      const saveAndReload = async () => {
        events.dropArrived(); // a reload from before this save is not its answer
        const n = saves++;
        const saved = performance.now();
        await edit.save(n);
        // Nor is one whose rebuild read the file before this save: dev looks at a changed file
        // twice, 5 and 60 ms after the change, and a second look may come just before the save.
        for (;;) {
          const event = await within(Promise.race([events.next(), failed]), 'to reload the page');
          const reloaded = performance.now();
          if (event.type === 'problems') throw new Error(`sitegen dev could not rebuild:\n${event.messages.join('\n')}`);
          if (await edit.shown(n)) return { seconds: (reloaded - saved) / 1000, pages: 0, peakRss: 0 };
        }
      };
      await saveAndReload();
      return await timed(saveAndReload);
    } finally {
      events.close();
    }
  } finally {
    // Ctrl-C, as a maintainer stops it: dev writes its cache for the next build and exits.
    child.kill('SIGINT');
    await within(exited, 'to stop', 10_000).catch(() => child.kill('SIGKILL'));
  }
}

/** The dev server's event stream, read one Server-Sent Event at a time. */
async function openEvents(url: string) {
  const res = await new Promise<IncomingMessage>((resolve, reject) => get(url, resolve).once('error', reject));
  res.setEncoding('utf8');
  const arrived: DevEvent[] = [];
  let waiting: ((event: DevEvent) => void) | undefined;
  let pending = '';
  res.on('data', (chunk: string) => {
    pending += chunk;
    for (let end = pending.indexOf('\n\n'); end >= 0; end = pending.indexOf('\n\n')) {
      const data = /^data: (.*)$/m.exec(pending.slice(0, end))?.[1];
      pending = pending.slice(end + 2);
      if (data === undefined) continue;
      const event = JSON.parse(data) as DevEvent;
      if (waiting) {
        waiting(event);
        waiting = undefined;
      } else arrived.push(event);
    }
  });
  return {
    next: () => new Promise<DevEvent>((resolve) => (arrived.length ? resolve(arrived.shift()!) : (waiting = resolve))),
    dropArrived: () => {
      arrived.length = 0;
    },
    close: () => res.destroy(),
  };
}
