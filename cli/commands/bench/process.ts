import { spawn } from 'node:child_process';
import { cp, mkdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { repoRoot } from '../../support/paths.ts';
import { engineBundling } from '../../engine/render/compile.ts';

export const cliBin = join(repoRoot, 'cli', 'bin.cjs');
const rssProbe = join(repoRoot, 'cli/commands/bench/peak-rss.cjs');

interface Exit {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end, collecting its output; `inheritStderr` shows its progress live. */
function run(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv; inheritStderr?: boolean }): Promise<Exit> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env,
      stdio: ['ignore', 'pipe', options.inheritStderr ? 'inherit' : 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk));
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk));
    child.on('error', (error) => reject(new Error(`could not start ${command} in ${options.cwd}`, { cause: error })));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * A folder the build runs in as its working directory, like a maintainer's checkout: content/,
 * dist/ and the build's .cache/ all land in it. Starts with a copy of the real content.
 */
export async function makeWorkspace(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  await cp(join(repoRoot, 'content'), join(dir, 'content'), { recursive: true });
}

/**
 * A new workspace beside `dir`, `dir-n`, with a copy of its content and no dist/ or .cache/, as a
 * fresh clone has: where a cold build is timed. Deleting the last build's output and building
 * again in the same folder cost that build 10-15 % more CPU (cold build), in ext4's inode allocator
 * (find_inode_bit passing over the inodes just freed), which a new folder did not.
 */
export async function copyWorkspace(dir: string, n: number): Promise<string> {
  const copy = `${dir}-${n}`;
  await cp(join(dir, 'content'), join(copy, 'content'), { recursive: true });
  return copy;
}

export interface BuildRun {
  /** Wall time of the whole process, start-up included. */
  seconds: number;
  pages: number;
  /** The pages it rendered, when it kept the others ("N rendered, the rest unchanged"). */
  rendered?: number;
  /** Peak resident set size in bytes. */
  peakRss: number;
}

/**
 * The environment of every timed process, ours and the peers'. Without NODE_EXTRA_CA_CERTS: Node 20
 * reads and parses that file of certificates as it starts, before any of its code runs, and no timed
 * command opens a TLS connection. Where it is set, the "Node's own start" row shows the start both
 * ways (nodeStart): with a registry mirror's certificates, about 40 ms a process.
 */
const { NODE_EXTRA_CA_CERTS: extraCaCerts, ...timedEnv } = process.env;
/** Whether this process's environment sets NODE_EXTRA_CA_CERTS, which the timed ones go without. */
export const certsLeftOut = extraCaCerts !== undefined;

/** Seconds of one `node -e 0`, Node's own start and exit; with `certs`, given NODE_EXTRA_CA_CERTS. */
export async function nodeStart(certs = false): Promise<number> {
  const started = performance.now();
  const exit = await run(process.execPath, ['-e', '0'], { cwd: repoRoot, env: certs ? process.env : timedEnv });
  if (exit.code !== 0) throw new Error(`node -e 0 failed (exit ${exit.code}):\n${exit.stderr.trim()}`);
  return (performance.now() - started) / 1000;
}

/** The environment of a timed sitegen command. */
export const commandEnv = (() => {
  // cli/index.ts set NODE_ENV=production here for React; inherited, it would make the builds strict.
  const { NODE_ENV: _, ...inherited } = timedEnv;
  return inherited;
})();

/** Runs a sitegen command in the workspace `dir` as its own process: its exit, wall time and peak RSS. */
async function timeCommand(dir: string, command: string, args: string[]): Promise<{ exit: Exit; seconds: number; peakRss: number }> {
  const rssFile = join(dir, '..', `${process.pid}.rss`);
  const env = { ...commandEnv, BENCH_RSS_FILE: rssFile };
  const started = performance.now();
  const exit = await run(process.execPath, ['--require', rssProbe, cliBin, command, ...args], { cwd: dir, env });
  const seconds = (performance.now() - started) / 1000;
  if (exit.code !== 0) throw new Error(`sitegen ${command} in ${dir} failed (exit ${exit.code}):\n${(exit.stderr || exit.stdout).trim()}`);
  return { exit, seconds, peakRss: Number(await readFile(rssFile, 'utf8')) };
}

/** Runs `sitegen build` in the workspace `dir` as its own process and measures it. */
export async function runBuild(dir: string, extraArgs: string[]): Promise<BuildRun> {
  const { exit, seconds, peakRss } = await timeCommand(dir, 'build', [
    '--content',
    join(dir, 'content'),
    '--out',
    join(dir, 'dist'),
    ...extraArgs,
  ]);
  const pages = /Built (\d+) pages/.exec(exit.stdout)?.[1];
  if (!pages) throw new Error(`the build in ${dir} did not print "Built N pages"; its output was:\n${exit.stdout.trim()}`);
  const rendered = /(\d+) rendered, the rest unchanged/.exec(exit.stdout)?.[1];
  return { seconds, pages: Number(pages), rendered: rendered === undefined ? undefined : Number(rendered), peakRss };
}

/** Runs `sitegen check-links` on the workspace's built site, internal links only, and measures it. */
export async function runCheckLinks(dir: string): Promise<BuildRun> {
  const { seconds, peakRss } = await timeCommand(dir, 'check-links', ['--content', join(dir, 'content'), '--dir', join(dir, 'dist')]);
  return { seconds, pages: 0, peakRss };
}

export interface PeerTimes {
  posts: number;
  hugo: number;
  eleventy: number;
  /** stack-alone.tsx: our stack doing the peers' job, the floor under our cold build. */
  stackAlone: number;
}

const peersScript = join(repoRoot, 'cli/commands/bench/peers.sh');

/** Runs peers.sh with `args` and reads the number after each of `names` at the start of a line of its output. */
async function peers<N extends string>(args: string[], names: N[], cwd: string, env = process.env): Promise<Record<N, number>> {
  const exit = await run('bash', [peersScript, ...args], { cwd, env, inheritStderr: true });
  const values = Object.fromEntries(names.map((name) => [name, Number(new RegExp(`^${name} ([\\d.]+)$`, 'm').exec(exit.stdout)?.[1])]));
  if (exit.code !== 0 || !Object.values(values).every(Boolean)) {
    throw new Error(
      `${peersScript} ${args[0]} failed (exit ${exit.code}) or did not print its ${names.join(' and ')} lines; its output was:\n${exit.stdout.trim()}`,
    );
  }
  return values as Record<N, number>;
}

/** Makes Hugo's and Eleventy's sites of the raw corpus and builds each once, untimed; how many posts they build. */
export async function preparePeers(corpusDir: string): Promise<number> {
  return (await peers(['prepare', corpusDir], ['posts'], corpusDir)).posts;
}

/** One timed build of Hugo and Eleventy, in seconds. */
export async function timePeers(corpusDir: string): Promise<Pick<PeerTimes, 'hugo' | 'eleventy'>> {
  // Eleventy runs on Node too: the same environment as our timed builds.
  const { hugo_s, eleventy_s } = await peers(['time'], ['hugo_s', 'eleventy_s'], corpusDir, timedEnv);
  return { hugo: hugo_s, eleventy: eleventy_s };
}

/**
 * Compiles stack-alone.tsx as the engine is compiled, with every package bundled, into `dir`; its path.
 */
export async function compileStackAlone(dir: string): Promise<string> {
  const { build } = await import('esbuild');
  const outfile = join(dir, 'stack-alone.cjs');
  await build({
    ...engineBundling,
    plugins: [],
    entryPoints: [join(repoRoot, 'cli/commands/bench/stack-alone.tsx')],
    outfile,
    write: true,
    logLevel: 'error',
  });
  return outfile;
}

/** Runs the compiled stack-alone program on the corpus into the new folder `out`: its wall time in seconds. */
export async function timeStackAlone(program: string, corpusDir: string, out: string): Promise<number> {
  const started = performance.now();
  const exit = await run(process.execPath, [program, corpusDir, out], { cwd: dirname(program), env: timedEnv });
  const seconds = (performance.now() - started) / 1000;
  if (exit.code !== 0 || !/^built \d+ pages$/m.test(exit.stdout)) {
    throw new Error(`${program} failed (exit ${exit.code}) or did not print "built N pages":\n${(exit.stderr || exit.stdout).trim()}`);
  }
  return seconds;
}
