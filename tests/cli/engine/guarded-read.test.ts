import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { appendFile, mkdir, readFile, realpath, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { tooDeep } from '../../../cli/engine/load/nesting.ts';
import { copyContent, editFile, lineOf, repoRoot, scratchDir, workedExampleDir } from '../../helpers.ts';

const run = promisify(execFile);

/** A secret as CI holds them, planted in the build's environment. */
const secret = `MY_SECRET=${randomBytes(12).toString('hex')}`;

/**
 * `sitegen build` of `content` in a process of its own, with the secret in its environment: its
 * exit code, what it printed (stdout and stderr together), and how long it took.
 */
async function build(content: string): Promise<{ code: number; output: string; ms: number }> {
  const work = dirname(content);
  const started = performance.now();
  const args = [join(repoRoot, 'cli/bin.cjs'), 'build', '--content', content, '--out', join(work, 'dist'), '--cache', join(work, '.cache')];
  const [name, value] = secret.split('=') as [string, string];
  const result = await run('node', args, {
    cwd: work,
    env: { ...process.env, [name]: value },
    timeout: 60_000,
    maxBuffer: 64 * 2 ** 20,
  }).then(
    ({ stdout, stderr }) => ({ code: 0, output: stdout + stderr }),
    (error: { code: number | null; signal?: string; stdout: string; stderr: string }) => ({
      code: error.code ?? -1,
      output: `${error.stdout}${error.stderr}${error.signal ? `\n[killed by ${error.signal}]` : ''}`,
    }),
  );
  return { ...result, ms: performance.now() - started };
}

/** What a build of `content` printed for its content problems, with the secret nowhere, and how long it took. */
async function refused(content: string): Promise<{ output: string; ms: number }> {
  const { code, output, ms } = await build(content);
  expect(output).not.toContain(secret.split('=')[1]);
  expect(output).toContain('content problem');
  expect(code).toBe(1);
  return { output, ms };
}

const post = 'blog/es/piscina-en-verano.md';

describe('reading the content folder', { timeout: 120_000 }, () => {
  it('refuses a published-urls.txt linked to the environment, naming it and printing none of it', async () => {
    const content = await copyContent(workedExampleDir);
    await rm(join(content, 'published-urls.txt'));
    await symlink('/proc/self/environ', join(content, 'published-urls.txt'));

    const { output } = await refused(content);

    expect(output).toMatch(
      new RegExp(`^${join(content, 'published-urls.txt')}  is a link to /proc/\\d+/environ, outside the content folder`, 'm'),
    );
    expect(output).not.toContain('PATH=');
    expect(existsSync(join(dirname(content), 'dist'))).toBe(false);
  });

  it('refuses files reached through a folder linked outside the content folder', async () => {
    const content = await copyContent(workedExampleDir);
    const outside = join(await realpath(await scratchDir('outside-')), 'blog');
    await rename(join(content, 'blog'), outside);
    await appendFile(join(outside, post.slice('blog/'.length)), `\n${secret}\n`);
    await symlink(outside, join(content, 'blog'));

    const { output } = await refused(content);

    // The loader lists blog/ for its languages' folders: the link is refused there, before any post is read.
    expect(output).toContain(`${join(content, 'blog')}  is a link to ${outside}, outside the content folder (E_LINK_OUTSIDE)`);
    expect(output).not.toContain(secret);
  });

  it('quotes a line of published-urls.txt that is not a path as a short excerpt, with control characters escaped', async () => {
    const content = await copyContent(workedExampleDir);
    await appendFile(join(content, 'published-urls.txt'), `/es/ok/\n\u001b[2J${'x'.repeat(500)}\n`);
    const line = await lineOf(content, 'published-urls.txt', '\u001b[2J');

    const { output } = await refused(content);

    expect(output).toContain(
      `${join(content, 'published-urls.txt')}:${line}:1  "\\u001b[2J${'x'.repeat(36)}…" is not a path (E_NOT_A_PATH)\n  hint: each line is a path that starts with /, or a comment that starts with #`,
    );
    expect(output).not.toContain('\u001b');
    expect(output).not.toContain('x'.repeat(37));
  });

  it('refuses a FIFO named *.md at once, without waiting for a writer, and leaves no lock', async () => {
    const content = await copyContent(workedExampleDir);
    await run('mkfifo', [join(content, 'blog/es/tuberia.md')]);

    const { output, ms } = await refused(content);

    expect(output).toContain(`${join(content, 'blog/es/tuberia.md')}  is a named pipe (FIFO), not a plain file`);
    expect(ms).toBeLessThan(30_000);
    expect(existsSync(join(dirname(content), 'dist.lock'))).toBe(false);
  });

  it('locates bytes that are not UTF-8, and NULs, at their file, line and column', async () => {
    const content = await copyContent(workedExampleDir);
    // A post saved as Latin-1: "Ilustración" in its imageAlt.
    const latin1 = join(content, post);
    await writeFile(latin1, Buffer.from(await readFile(latin1, 'utf8'), 'latin1'));
    const alt = await lineOf(content, post, 'imageAlt');
    // An overlong form of "/", and a NUL in a body.
    await appendFile(join(content, 'blog/en/summer-pool-care.md'), Buffer.from([0x0a, 0x41, 0x42, 0xc0, 0xaf, 0x0a]));
    const overlong = (await readFile(join(content, 'blog/en/summer-pool-care.md'), 'utf8')).split('\n').length - 1;
    await appendFile(join(content, 'legal/es/politica-cookies.md'), Buffer.from('\nNada\0más\n'));
    const nul = (await readFile(join(content, 'legal/es/politica-cookies.md'), 'utf8')).split('\n').length - 1;
    // One byte in site.yaml, which every page uses.
    const site = await readFile(join(content, 'site.yaml'), 'utf8');
    await writeFile(
      join(content, 'site.yaml'),
      Buffer.concat([Buffer.from('# ñ\n'), Buffer.from([0x23, 0x20, 0xe9, 0x0a]), Buffer.from(site)]),
    );

    const { output } = await refused(content);

    expect(output).toContain(
      `${latin1}:${alt}:21  the byte 0xF3 here is not UTF-8 (E_NOT_UTF8)\n  hint: save the file with the encoding UTF-8`,
    );
    expect(output).toContain(`${join(content, 'blog/en/summer-pool-care.md')}:${overlong}:3  the byte 0xC0 here is not UTF-8`);
    expect(output).toContain(`${join(content, 'legal/es/politica-cookies.md')}:${nul}:5  a NUL byte (0x00) is here`);
    expect(output).toContain(`${join(content, 'site.yaml')}:2:3  the byte 0xE9 here is not UTF-8`);
  });

  it('refuses Markdown nested too deep, at its line and column, before parsing it', async () => {
    const content = await copyContent(workedExampleDir);
    const at = (file: string) => join(content, file);
    await appendFile(at(post), `\n${'>'.repeat(20_000)} hola\n`);
    const quote = await lineOf(content, post, '>>>');
    // Lists nested by indentation, and on one line (`- - - item`).
    const lists = Array.from({ length: 200 }, (_, i) => `${'  '.repeat(i)}- item ${i + 1}`).join('\n');
    await appendFile(at('blog/en/summer-pool-care.md'), `\n${lists}\n`);
    const item65 = await lineOf(content, 'blog/en/summer-pool-care.md', '- item 65');
    await appendFile(at('legal/en/cookie-policy.md'), `\n${'- '.repeat(1_200)}item\n`);
    const chain = await lineOf(content, 'legal/en/cookie-policy.md', '- - -');
    // 64 levels are fine.
    await appendFile(at('legal/es/politica-cookies.md'), `\n${'> '.repeat(64)}hola\n`);

    const { output, ms } = await refused(content);

    const deep = 'block quotes and lists nest more than 64 levels deep here (E_TOO_DEEP)\n  hint: flatten them';
    expect(output).toContain(`${at(post)}:${quote}:65  ${deep}`);
    expect(output).toContain(`${at('blog/en/summer-pool-care.md')}:${item65}:129  ${deep}`);
    expect(output).toContain(`${at('legal/en/cookie-policy.md')}:${chain}:129  ${deep}`);
    expect(output).not.toContain(`politica-cookies.md:${(await lineOf(content, 'legal/es/politica-cookies.md', '> > >')).toString()}`);
    expect(ms).toBeLessThan(20_000);
  });

  it('refuses Markdown and YAML over their size limits, naming the file, without parsing it', async () => {
    const content = await copyContent(workedExampleDir);
    const paragraph = `${'Mantén el pH **entre 7,2 y 7,6** y mídelo [dos veces](https://example.com) por semana. '.repeat(10)}\n\n`;
    await appendFile(join(content, post), paragraph.repeat(Math.ceil(5e6 / paragraph.length)));
    await appendFile(join(content, 'blog/en/summer-pool-care.md'), paragraph.repeat(Math.ceil(21e6 / paragraph.length)));
    await appendFile(join(content, 'localities.yaml'), `# ${'x'.repeat(3e6)}\n`);

    const { output, ms } = await refused(content);

    const size = async (file: string) => `${((await stat(join(content, file))).size / 2 ** 20).toFixed(1)} MB`;
    expect(output).toContain(`${join(content, post)}  is ${await size(post)}; a Markdown file may be at most 1 MB`);
    expect(output).toContain(
      `${join(content, 'blog/en/summer-pool-care.md')}  is ${await size('blog/en/summer-pool-care.md')}; a Markdown file may be at most 1 MB`,
    );
    expect(output).toContain(`${join(content, 'localities.yaml')}  is ${await size('localities.yaml')}; a YAML file may be at most 2 MB`);
    expect(ms).toBeLessThan(20_000);
  });
});

describe('a message about content', { timeout: 120_000 }, () => {
  it('names a value YAML aliases made of ten million items by its kind, instead of spelling it out', async () => {
    const content = await copyContent(workedExampleDir);
    const anchors = Array.from({ length: 7 }, (_, i) =>
      i === 0
        ? 'x0: &a0 [x, x, x, x, x, x, x, x, x, x]'
        : `x${i}: &a${i} [${Array(10)
            .fill(`*a${i - 1}`)
            .join(', ')}]`,
    );
    await editFile(content, 'reviews/ana-javea.yaml', (yaml) => `${anchors.join('\n')}\n${yaml.replace(/^source: .*$/m, 'source: *a6')}`);
    const line = await lineOf(content, 'reviews/ana-javea.yaml', 'source:');

    const { output } = await refused(content);

    expect(output).toContain(`${join(content, 'reviews/ana-javea.yaml')}:${line}:9  source: expected one of "google",`);
    expect(output).toMatch(/source: expected one of .*, got a list \(E_INVALID_VALUE\)\n/);
    expect(output.length).toBeLessThan(10_000);
  });

  it('shows control characters of a file name as escapes, so they cannot drive the terminal', async () => {
    const content = await copyContent(workedExampleDir);
    const name = '\u001b]0;owned\u0007\u001b[2J\u202e.yaml';
    await mkdir(join(content, 'local'));
    await writeFile(join(content, 'local', name), '{}\n');

    const { output } = await refused(content);

    expect(output).toContain(`${join(content, 'local')}/\\u001b]0;owned\\u0007\\u001b[2J\\u202e.yaml  "\\u001b]0;owned`);
    for (const raw of ['\u0007', '\u001b', '\u202e']) expect(output).not.toContain(raw);
  });

  it('cuts YAML words that quote a long alias, pointing at its place', async () => {
    const content = await copyContent(workedExampleDir);
    await editFile(content, 'reviews/ana-javea.yaml', (yaml) => yaml.replace(/^source: .*$/m, `source: *${'x'.repeat(5_000)}`));
    const line = await lineOf(content, 'reviews/ana-javea.yaml', 'source:');

    const { output } = await refused(content);

    expect(output).toMatch(
      new RegExp(`${join(content, 'reviews/ana-javea.yaml')}:${line}:\\d+  invalid YAML: .{1,160}… \\(E_INVALID_YAML\\)\\n`),
    );
    expect(output).not.toContain('x'.repeat(200));
  });
});

describe('the nesting scan', () => {
  const nested = (levels: number, indent = '  ') => Array.from({ length: levels }, (_, i) => `${indent.repeat(i)}- item`).join('\n');

  it('allows 64 levels of lists and quotes, and finds the 65th', () => {
    expect(tooDeep(nested(64))).toBeUndefined();
    expect(tooDeep(nested(65))).toEqual({ line: 65, column: 129 });
    expect(tooDeep(`intro\n\n${'> '.repeat(64)}x`)).toBeUndefined();
    // Lists in a quote: 30 quotes and 35 lists, each line quoted.
    const quoted = nested(40, '   ').replace(/^/gm, '> '.repeat(30));
    expect(tooDeep(quoted)).toEqual({ line: 35, column: 60 + 3 * 34 + 1 });
  });

  it('counts neither siblings, nor indentation alone, nor a list that ended', () => {
    expect(tooDeep(Array(2_000).fill('- item\n  - sub\n\n1. one\n   2) two').join('\n'))).toBeUndefined();
    expect(tooDeep(`${' '.repeat(4_000)}code\n\t\t\t\t\t\t\t\t- x`)).toBeUndefined();
    expect(tooDeep(`${nested(60)}\nback at the margin\n${nested(60)}`)).toBeUndefined();
    expect(tooDeep('***\n---\n* * *\n-not a list\n2024.5 is no item')).toBeUndefined();
  });
});
