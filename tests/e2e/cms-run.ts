// `npm run cms` as the company runs it, for the editor's browser tests: its own process group (so
// Ctrl-C reaches npm and the server), what it prints, and the TCP ports its processes listen on.
import { spawn, type ChildProcess } from 'node:child_process';
import { readdir, readFile, readlink } from 'node:fs/promises';
import { vi } from 'vitest';
import { repoRoot } from '../helpers.ts';

export interface CmsRun {
  process: ChildProcess;
  /** The /admin/ address it printed. */
  editor: string;
  /** Everything it printed so far, both streams. */
  terminal(): string;
  /** Waits until it has printed `pattern`, and gives the match. */
  printed(pattern: RegExp, timeout?: number): Promise<RegExpExecArray>;
  /** Kills its whole process group, if it still runs. */
  kill(): void;
}

/** Starts `npm run cms` on `content`, building to `out` with `cache`, with the given environment added. */
export async function startCms(
  { content, out, cache, env = {} }: { content: string; out: string; cache: string; env?: Record<string, string> },
  timeout: number,
): Promise<CmsRun> {
  const args = ['run', 'cms', '--', '--content', content, '--out', out, '--cache', cache, '--port', '0'];
  const child = spawn('npm', args, { cwd: repoRoot, detached: true, env: { ...process.env, SMTP_URL: '', ...env } });
  let terminal = '';
  child.stdout!.on('data', (chunk: Buffer) => (terminal += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (terminal += chunk.toString()));
  const printed = (pattern: RegExp, wait = 30_000) =>
    vi.waitFor(
      () => {
        const match = pattern.exec(terminal);
        if (!match) throw new Error(`npm run cms has not printed ${pattern} yet; it printed:\n${terminal}`);
        return match;
      },
      { timeout: wait, interval: 100 },
    );
  const run: CmsRun = {
    process: child,
    editor: '',
    terminal: () => terminal,
    printed,
    kill: () => {
      if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL');
    },
  };
  try {
    run.editor = (await printed(/Editor at (http:\/\/127\.0\.0\.1:\d+\/admin\/)/, timeout))[1]!;
  } catch (error) {
    run.kill();
    throw error;
  }
  return run;
}

/** The listening TCP sockets of the kernel's tables: address, port and socket inode. */
async function listeningSockets(): Promise<{ address: string; port: number; inode: string }[]> {
  const table = (await readFile('/proc/net/tcp', 'utf8')) + (await readFile('/proc/net/tcp6', 'utf8').catch(() => ''));
  return table.split('\n').flatMap((line) => {
    const fields = line.trim().split(/\s+/);
    const [address, hexPort] = fields[1]?.split(':') ?? [];
    if (fields[3] !== '0A' || !address || !hexPort) return [];
    // IPv4 addresses are written as one little-endian number.
    const shown =
      address.length === 8
        ? address
            .match(/../g)!
            .reverse()
            .map((b) => Number.parseInt(b, 16))
            .join('.')
        : address;
    return [{ address: shown, port: Number.parseInt(hexPort, 16), inode: fields[9]! }];
  });
}

/** The addresses something listens on at `port`. */
export async function listeners(port: number): Promise<string[]> {
  return (await listeningSockets()).filter((s) => s.port === port).map((s) => s.address);
}

/** `pid` and every process below it, from /proc (at most 1,000). */
async function processTree(pid: number): Promise<number[]> {
  const parents = new Map<number, number>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // The parent is the second field after the command name, which is in parentheses and may hold spaces.
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (parent) parents.set(Number(entry), parent);
  }
  const tree = [pid];
  for (let i = 0; i < tree.length && tree.length < 1000; i++)
    for (const [child, parent] of parents) if (parent === tree[i]) tree.push(child);
  return tree;
}

/** Every address and port the process `pid` and its children listen on, from their open sockets. */
export async function listeningPorts(pid: number): Promise<{ address: string; port: number }[]> {
  const inodes = new Set<string>();
  for (const process of await processTree(pid))
    for (const fd of await readdir(`/proc/${process}/fd`).catch(() => [])) {
      const target = await readlink(`/proc/${process}/fd/${fd}`).catch(() => '');
      const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
      if (inode) inodes.add(inode);
    }
  return (await listeningSockets()).filter((s) => inodes.has(s.inode)).map(({ address, port }) => ({ address, port }));
}
