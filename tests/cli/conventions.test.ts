import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { annotation } from '../../cli/errors.ts';
import { copyContent, editFile, lineOf, repoRoot, workedExampleDir } from '../helpers.ts';

const run = promisify(execFile);
const cli = (args: string[], env: NodeJS.ProcessEnv = {}) =>
  run('node', [join(repoRoot, 'cli/bin.cjs'), ...args], { cwd: repoRoot, env: { ...process.env, ...env } }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );

describe('the sitegen command line', { timeout: 30_000 }, () => {
  it('prints its version', async () => {
    const { version } = JSON.parse(await readFile(join(repoRoot, 'package.json'), 'utf8')) as { version: string };
    expect(await cli(['--version'])).toMatchObject({ code: 0, stdout: `${version}\n` });
  });

  it('exits 2 on a usage error and 1 on a failure', async () => {
    const unknown = await cli(['buidl']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("unknown command 'buidl'");
    expect((await cli(['bench', '--posts', 'many'])).code).toBe(2);
    expect((await cli(['check-links', '--dir', join(repoRoot, 'no-such-dist')])).code).toBe(1);
  });

  it('annotates each content problem for GitHub Actions when it runs there', async () => {
    const content = await copyContent();
    await editFile(content, 'localities.yaml', (yaml) => yaml.replace('name: Xaló', 'name: ""'));
    const line = await lineOf(content, 'localities.yaml', 'name: ""');
    const plain = await cli(['check', '--content', content]);
    expect(plain.code).toBe(1);
    expect(plain.stderr).not.toContain('::error');
    const actions = await cli(['check', '--content', content], { GITHUB_ACTIONS: 'true' });
    expect(actions.stderr).toMatch(
      new RegExp(
        `^::error file=[^,]*localities\\.yaml,line=${line},col=\\d+,title=E_INVALID_VALUE::localities\\.\\d+\\.name: must not be empty%0Ahint: `,
        'm',
      ),
    );
  });

  it('prints under each content problem its code and what to do', async () => {
    const content = await copyContent();
    await writeFile(
      join(content, 'reviews/x.yaml'),
      (await readFile(join(workedExampleDir, 'reviews/ana-javea.yaml'), 'utf8')).replace(/^service: .*$/m, 'service: fontaneros-x'),
    );
    const line = await lineOf(content, 'reviews/x.yaml', 'service: fontaneros-x');
    const { code, stderr } = await cli(['check', '--content', content]);
    expect(code).toBe(1);
    expect(stderr).toMatch(
      new RegExp(
        `reviews/x\\.yaml:${line}:10  service: "fontaneros-x" is not a service \\(E_UNKNOWN_SERVICE\\)\n  hint: use the key of one \\(its slug in the site's first language\\): \\w`,
      ),
    );
  });
});

describe('annotation', () => {
  it('escapes what would end the command or split its properties', () => {
    const issue = { file: '/repo/content/a,b:c.yaml', line: 3, column: 5, code: 'E_X,Y', message: '100% wrong\nsecond line', hint: 'a:b' };
    expect(annotation(issue, '/repo')).toBe(
      '::error file=content/a%2Cb%3Ac.yaml,line=3,col=5,title=E_X%2CY::100%25 wrong%0Asecond line%0Ahint: a:b',
    );
  });

  it('titles a problem with its code and adds its hint', () => {
    expect(
      annotation({ file: '/repo/content/site.yaml', code: 'E_MISSING_FILE', message: 'file is missing', hint: 'put it back' }, '/repo'),
    ).toBe('::error file=content/site.yaml,title=E_MISSING_FILE::file is missing%0Ahint: put it back');
  });
});
