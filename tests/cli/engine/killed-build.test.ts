import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { alive } from '../../../cli/engine/write/publish.ts';
import { copyContent, editFile, repoRoot, scratchDir } from '../../helpers.ts';

let content: string;
let work: string;
const out = () => join(work, 'dist');
/** Phone numbers in E.164, which every page links to. */
const phones = ['+34600000000', '+34600000001'];

/** Far longer than a build of the real site takes: one still running then is stopped and described. */
const deadline = 40_000;

/**
 * Starts `sitegen build` on the content copy; resolves with its exit code (null once killed) and
 * what it printed, to which a build past the deadline adds who held the output folder.
 */
function startBuild(): { done: Promise<{ code: number | null; stderr: string }>; kill: () => void } {
  const child = spawn(
    'node',
    [join(repoRoot, 'cli/bin.cjs'), 'build', '--content', content, '--out', out(), '--cache', join(work, '.cache')],
    { cwd: work },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
  const overdue = setTimeout(() => {
    stderr += `\n[still running after ${deadline} ms: ${describeFolder()}]`;
    child.kill('SIGKILL');
  }, deadline);
  const done = new Promise<{ code: number | null; stderr: string }>((resolve) =>
    child.on('close', (code) => {
      clearTimeout(overdue);
      resolve({ code, stderr });
    }),
  );
  return { done, kill: () => child.kill('SIGKILL') };
}

/** The lock beside the output folder and whether its process runs, and what else is beside it. */
function describeFolder(): string {
  let lock = 'no lock';
  try {
    const holder = readFileSync(`${out()}.lock`, 'utf8');
    lock = `the lock names ${JSON.stringify(holder)}, ${alive(Number(holder)) ? 'running' : 'not running'}`;
  } catch {}
  return `${lock}; the folder holds ${readdirSync(work).join(', ')}`;
}

/** Waits for a build that must succeed, failing with what it printed when it does not. */
async function succeeds(build: ReturnType<typeof startBuild>): Promise<void> {
  const { code, stderr } = await build.done;
  expect(code, stderr).toBe(0);
}

/** How many pages of the output folder show each phone number. */
async function pagesByPhone(): Promise<number[]> {
  const pages = (await readdir(out(), { recursive: true })).filter((f) => f.endsWith('.html') && !f.startsWith('admin/'));
  const texts = await Promise.all(pages.map((f) => readFile(join(out(), f), 'utf8')));
  expect(pages.length).toBe(350);
  return phones.map((phone) => texts.filter((t) => t.includes(phone)).length);
}

/** The index of the phone number the output folder's pages show. */
const shownPhone = async () => (await pagesByPhone()).findIndex((n) => n > 0);

const setPhone = (phone: string) => editFile(content, 'site.yaml', (yaml) => yaml.replace(/e164: "[^"]+"/, `e164: "${phone}"`));

beforeAll(async () => {
  content = await copyContent();
  work = await scratchDir('killed-');
  await succeeds(startBuild());
}, 60_000);

describe('a build that is killed or runs twice', { timeout: 120_000 }, () => {
  it('leaves the output folder entirely the old site or entirely the new one, wherever it is killed', async () => {
    // A build that changes every page, timed, so the kills below fall across all of its steps.
    await setPhone(phones[1]!);
    const started = performance.now();
    await succeeds(startBuild());
    const duration = performance.now() - started;
    expect(await pagesByPhone()).toEqual([0, 350]);

    const outcomes = new Set<string>();
    for (const fraction of [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0]) {
      const before = await shownPhone();
      await setPhone(phones[1 - before]!);
      const build = startBuild();
      setTimeout(build.kill, fraction * duration);
      const { code } = await build.done;
      const counts = await pagesByPhone();
      expect(counts.sort()).toEqual([0, 350]);
      outcomes.add(code === 0 ? 'finished' : counts[before] === 350 ? 'old' : 'new');
    }
    // The kills hit before the swap at least once; timing decides the rest.
    expect(outcomes).toContain('old');

    // The next build cleans up what the killed ones left beside the output folder.
    await succeeds(startBuild());
    expect((await readdir(work)).filter((name) => name.startsWith('dist.'))).toEqual([]);
  });

  it('lets a second build of the same folder wait for the first instead of failing', async () => {
    await mkdir(join(work, 'dist.old-999999', 'en'), { recursive: true }); // as a build killed long ago left it
    // A build that changes every page: one that changed nothing would be over before the second began.
    const next = 1 - (await shownPhone());
    await setPhone(phones[next]!);
    const first = startBuild();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const second = startBuild();
    const [a, b] = await Promise.all([first.done, second.done]);
    expect([a.code, b.code], a.stderr + b.stderr).toEqual([0, 0]);
    expect(a.stderr + b.stderr).toMatch(/another build \(process \d+\) is writing .*dist; waiting for it to finish/);
    expect((await pagesByPhone())[next]).toBe(350);
    expect((await readdir(work)).filter((name) => name.startsWith('dist.'))).toEqual([]);
  });
});
