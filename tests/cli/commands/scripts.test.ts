/**
 * The commands the README lists that no other test runs from the command line: each run here as a
 * user runs it, so that one that crashes fails the suite. (build, check, dev, report, audit and
 * shots run in their own tests; lint, format and typecheck are what CI runs before the tests.)
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { cp, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { copyContent, repoRoot, scratchDir } from '../../helpers.ts';

const run = promisify(execFile);
type Result = { code: number; stdout: string; stderr: string };
const settle = (running: Promise<{ stdout: string; stderr: string }>): Promise<Result> =>
  running.then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: Result) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );
const cli = (...args: string[]) => settle(run('node', [join(repoRoot, 'cli/bin.cjs'), ...args], { cwd: repoRoot }));

/** The real content, built once by the command line into a folder of its own. */
let content: string;
let dist: string;
beforeAll(async () => {
  content = await copyContent();
  dist = join(content, '..', 'dist');
  const built = await cli('build', '--content', content, '--out', dist, '--cache', join(content, '..', '.cache'));
  expect(built).toMatchObject({ code: 0 });
}, 180_000);

const children: ChildProcess[] = [];
afterEach(() => void children.splice(0).forEach((child) => child.kill()));

describe('the README commands', { timeout: 120_000 }, () => {
  it('npm start serves the built site and the contact form until stopped', async () => {
    const outbox = join(await scratchDir('start-'), 'outbox');
    const child = spawn(process.execPath, [join(repoRoot, 'cli/bin.cjs'), 'serve', '--dir', dist, '--port', '0'], {
      cwd: repoRoot,
      env: { ...process.env, SMTP_URL: '', OUTBOX_DIR: outbox },
    });
    children.push(child);
    let printed = '';
    const url = await new Promise<string>((found, fail) => {
      child.stdout.on('data', (chunk: Buffer) => {
        printed += chunk;
        const match = /Serving .* at (http:\/\/\S+)/.exec(printed);
        if (match) found(match[1]!);
      });
      child.once('exit', (code) => fail(new Error(`serve exited ${code} before serving: ${printed}`)));
    });
    const home = await fetch(`${url}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<html lang="es"');
    expect((await fetch(`${url}/en/contact`)).status).toBe(200);
    expect((await fetch(`${url}/no-such-page`)).status).toBe(404);
    expect(printed).toContain(`Contact form enquiries go to`);
  });

  it('npm run check-links finds no problem in the built site', async () => {
    const { code, stdout } = await cli('check-links', '--dir', dist, '--content', content);
    expect({ code, stdout }).toEqual({
      code: 0,
      stdout: expect.stringMatching(/^Checked \d+ links on \d+ pages in [\d.]+ s\.\nNo problems found\.\n$/),
    });
  });

  it('npm run size prints each family in both languages and keeps to the JavaScript budget', async () => {
    const { code, stdout } = await cli('size', '--dir', dist, '--content', content);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^home +\/ +\d+ B/m);
    expect(stdout).toMatch(/^contact +\/en\/contact +\d+ B/m);
    expect(stdout).toContain('loads at most 12.0 KB of JavaScript (gzip), first use included.');
  });

  it('npm run verify builds the site of the folder it runs in, then checks its links', async () => {
    // A project folder of its own, as a clone is: its package.json, content/ and the repository's CLI.
    const project = await scratchDir('verify-');
    await writeFile(join(project, 'package.json'), await readFile(join(repoRoot, 'package.json')));
    await symlink(join(repoRoot, 'cli'), join(project, 'cli'));
    await cp(content, join(project, 'content'), { recursive: true });
    const { code, stdout } = await settle(run('npm', ['run', 'verify'], { cwd: project }));
    expect(code).toBe(0);
    expect(stdout).toMatch(/Built \d+ pages .* → dist\//);
    expect(stdout).toContain('No problems found.');
  });

  it('npm run bench times builds at its smallest (2 posts per language, 1 run)', { timeout: 300_000 }, async () => {
    // The bench edits a template of the repository it runs from and puts it back: here, a copy,
    // so tests running beside it never render the edit. Node keeps the copy's paths (it would
    // follow node_modules, a link to the repository's, and take that repository for its own).
    const copy = await scratchDir('bench-repo-');
    for (const entry of ['cli', 'functions', 'templates', 'content', 'package.json', 'package-lock.json', 'tsconfig.json'])
      await cp(join(repoRoot, entry), join(copy, entry), { recursive: true });
    await symlink(join(repoRoot, 'node_modules'), join(copy, 'node_modules'));
    const { code, stdout, stderr } = await settle(
      run('node', [join(copy, 'cli/bin.cjs'), 'bench', '--posts', '2', '--runs', '1'], {
        cwd: copy,
        env: { ...process.env, NODE_OPTIONS: '--preserve-symlinks --preserve-symlinks-main' },
      }),
    );
    expect(code, stderr).toBe(0);
    for (const row of ['cold build', 'rebuild, nothing changed', 'rebuild, one template edited', 'check-links'])
      expect(stdout).toMatch(new RegExp(`^${row} +[\\d.]+ m?s`, 'm'));
    expect(stderr).toContain('bench: rebuild, one template edited 1/1');
    expect(await readFile(join(repoRoot, 'templates/pages/Legal.tsx'), 'utf8')).not.toContain('bench-edit');
  });
});
