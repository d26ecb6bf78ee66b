import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { buildSite } from '../../../cli/engine/build-site.ts';
import { loadContent } from '../../../cli/engine/content.ts';
import { ContentError, formatIssue } from '../../../cli/site/issues.ts';
import { copyContent, repoRoot, scratchDir } from '../../helpers.ts';

const run = promisify(execFile);

/** Every problem loading `content` reports, formatted as the CLI prints them. */
async function problems(content: string): Promise<string[]> {
  const error = await loadContent(content).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ContentError);
  return (error as ContentError).issues.map(formatIssue);
}

describe('content from an untrusted commit', { timeout: 30_000 }, () => {
  it('never runs front matter as code, and names the file and line of the fence', async () => {
    const content = await copyContent();
    const cwd = await scratchDir('cwd-');
    const proof = 'process.getBuiltinModule("fs").writeFileSync("rce-proof.txt","ran")';
    await writeFile(join(content, 'blog/es/rce.md'), `---js\n{ x: ${proof} }\n---\nhola\n`);
    // Valid both as JavaScript and as a YAML map: it used to pass silently.
    await writeFile(join(content, 'blog/en/quiet.md'), `---javascript\n{ title: "x" }\n---\nhello\n`);

    const result = await run('node', [join(repoRoot, 'cli/bin.cjs'), 'check', '--content', content], { cwd }).catch(
      (e: { code: number; stderr: string }) => e,
    );

    expect(result).toMatchObject({ code: 1 });
    expect((result as { stderr: string }).stderr).toContain(
      `${join(content, 'blog/es/rce.md')}:1:4  "---js" opens the front matter (E_FRONT_MATTER_FENCE)\n  hint: open it with a plain --- line: front matter is YAML`,
    );
    expect((result as { stderr: string }).stderr).toContain(`${join(content, 'blog/en/quiet.md')}:1:4  "---javascript" opens`);
    expect(existsSync(join(cwd, 'rce-proof.txt'))).toBe(false);
  });

  it('refuses links that lead out of the content folder, naming each', async () => {
    const content = await copyContent();
    const outside = await scratchDir('outside-');
    await writeFile(join(outside, 'secret.md'), '---\ntitle: secret\n---\nThe server’s secrets\n');
    await writeFile(join(outside, 'secret.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>');
    await symlink(join(outside, 'secret.md'), join(content, 'blog/es/leak.md'));
    await symlink(join(outside, 'secret.svg'), join(content, 'images/leak.svg'));
    await rm(join(content, 'site.yaml'));
    await symlink(join(outside, 'secret.md'), join(content, 'site.yaml'));
    // A link that stays inside the content folder is fine.
    await symlink(join(content, 'images/logo.svg'), join(content, 'images/logo-again.svg'));

    const found = await problems(content);

    expect(found).toContainEqual(
      `${join(content, 'blog/es/leak.md')}  is a link to ${join(outside, 'secret.md')}, outside the content folder`,
    );
    expect(found).toContainEqual(expect.stringContaining(`${join(content, 'images/leak.svg')}  is a link to`));
    expect(found).toContainEqual(expect.stringContaining(`${join(content, 'site.yaml')}  is a link to`));
    expect(found.filter((p) => p.includes('logo-again'))).toEqual([]);
  });

  it('reports every link out of the content folder, even where no collection reads', async () => {
    const content = await copyContent();
    const outside = await scratchDir('outside-');
    await writeFile(join(outside, 'notas.txt'), 'not content');
    await symlink('..', join(content, 'linkrepo'));
    await mkdir(join(content, 'borradores'));
    await symlink(join(outside, 'notas.txt'), join(content, 'borradores/notas.txt'));
    await symlink(join(outside, 'nada'), join(content, 'borradores/roto.md'));
    // One that stays inside the content folder is fine, even to a folder.
    await symlink('../images', join(content, 'borradores/imagenes'));

    const found = await problems(content);

    expect(found).toEqual([
      `${join(content, 'borradores/notas.txt')}  is a link to ${join(await realpath(outside), 'notas.txt')}, outside the content folder`,
      `${join(content, 'borradores/roto.md')}  is a link to nothing`,
      `${join(content, 'linkrepo')}  is a link to ${await realpath(dirname(content))}, outside the content folder`,
    ]);
  });

  it('reports them in a build from scratch too, which lists the content folder before it loads it', async () => {
    const content = await copyContent();
    await symlink('..', join(content, 'linkrepo'));
    const out = join(await scratchDir('dist-'), 'dist');
    const error = await buildSite({ content, out, cache: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentError);
    expect((error as ContentError).issues.map(formatIssue)).toEqual([
      `${join(content, 'linkrepo')}  is a link to ${await realpath(dirname(content))}, outside the content folder`,
    ]);
  });

  it('names a folder inside content/images instead of crashing', async () => {
    const content = await copyContent();
    await mkdir(join(content, 'images/fotos'));
    expect(await problems(content)).toContainEqual(`${join(content, 'images/fotos')}  is a folder`);
  });
});
