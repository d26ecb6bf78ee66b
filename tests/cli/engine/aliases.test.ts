import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createSiteServer } from '../../../cli/commands/serve/server.ts';
import { buildSite } from '../../../cli/engine/build-site.ts';
import { loadModelWithoutHtml } from '../../../cli/engine/model.ts';
import { ContentError, formatIssue, issueLines } from '../../../cli/site/issues.ts';
import { RouteMap } from '../../../cli/site/routes.ts';
import { builtSite } from './built-site.ts';
import { copyContent, editFile, quietly, repoRoot, scratchDir, workedExampleDir } from '../../helpers.ts';

const run = promisify(execFile);

/** Renames the locality "xalo" to "jalon" everywhere content names it, with or without an alias. */
async function renameXalo(content: string, alias: boolean): Promise<void> {
  await editFile(content, 'localities.yaml', (yaml) =>
    yaml.replace('  - slug: xalo\n', `  - slug: jalon\n${alias ? '    aliases: [xalo]\n' : ''}`),
  );
  for (const file of await readdir(join(content, 'local')))
    await editFile(content, `local/${file}`, (yaml) => yaml.replace(/^xalo:$/m, 'jalon:'));
  for (const lang of ['es', 'en']) {
    for (const file of await readdir(join(content, 'blog', lang)))
      await editFile(content, `blog/${lang}/${file}`, (md) => md.replaceAll('xalo', 'jalon'));
  }
}

describe('published URLs', { timeout: 120_000 }, () => {
  it('keep answering after a locality is renamed with an alias: its 18 old URLs redirect with 301', async () => {
    const content = await copyContent();
    const out = join(await scratchDir('aliases-'), 'dist');
    await renameXalo(content, true);
    await quietly(() => buildSite({ content, out, cache: false }));

    const moved = (await readFile(join(out, '_redirects'), 'utf8')).split('\n').filter((line) => line.endsWith(' 301'));
    expect(moved).toHaveLength(36); // each with and without a trailing slash
    expect(moved).toContain('/fontaneros/xalo  /fontaneros/jalon  301');
    expect(moved).toContain('/fontaneros/xalo/  /fontaneros/jalon  301');
    expect(moved).toContain(
      '/en/electricians/air-conditioning-installation/xalo  /en/electricians/air-conditioning-installation/jalon  301',
    );

    const server = createSiteServer({ dir: out });
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    try {
      const { port } = server.address() as AddressInfo;
      for (const line of moved) {
        const [from, to] = line.split(/\s+/);
        const answer = await fetch(`http://127.0.0.1:${port}${from}`, { redirect: 'manual' });
        expect(answer.status, from).toBe(301);
        expect(answer.headers.get('location'), from).toBe(to);
      }
    } finally {
      server.close();
    }
    // The new URLs join the published list; the old ones stay, answered by their alias.
    const published = await readFile(join(content, 'published-urls.txt'), 'utf8');
    expect(published).toContain('\n/fontaneros/jalon\n');
    expect(published).toContain('\n/fontaneros/xalo\n');
  });

  it('fail the build, naming all 18, when a locality is renamed without an alias', async () => {
    const content = await copyContent();
    const out = join(await scratchDir('aliases-'), 'dist');
    await renameXalo(content, false);
    const error = await quietly(() => buildSite({ content, out, cache: false })).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ContentError);
    const lost = (error as ContentError).issues.filter((i) => i.code === 'E_PUBLISHED_GONE').map((i) => issueLines(i).join('\n'));
    expect(lost).toHaveLength(18);
    expect(lost).toContainEqual(
      expect.stringMatching(
        /published-urls\.txt:\d+:1 {2}\/fontaneros\/xalo was published .*\n {2}hint: list it in the "aliases" of the entry that replaced it, or delete this line/,
      ),
    );
    await expect(readdir(out)).rejects.toThrow(); // nothing was published
  });

  it('refuses an alias that is the path of a page', async () => {
    const content = await copyContent();
    await editFile(content, 'localities.yaml', (yaml) => yaml.replace('  - slug: xalo\n', '  - slug: xalo\n    aliases: [javea]\n'));
    const error = await quietly(() => buildSite({ content, out: join(content, '..', 'dist-clash'), cache: false })).catch(
      (e: unknown) => e,
    );
    expect((error as ContentError).issues.map(formatIssue)).toContainEqual(
      expect.stringContaining('the alias /fontaneros/javea of /fontaneros/xalo is the path of the page'),
    );
  });
});

/** The problems the content's aliases make, as the CLI prints them: from loading it, or from its route map. */
async function aliasProblems(content: string): Promise<string[]> {
  const error = await loadModelWithoutHtml(content)
    .then((model) => new RouteMap(model))
    .catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ContentError);
  return (error as ContentError).issues.map((issue) => issueLines(issue).join('\n'));
}

const post = 'blog/es/piscina-en-verano.md';
const withAliases =
  (...aliases: string[]) =>
  (md: string) =>
    md.replace('service: "piscinas"\n', `service: "piscinas"\naliases: ${JSON.stringify(aliases)}\n`);

describe('an alias', { timeout: 60_000 }, () => {
  it('may not take a path the site serves: the contact function, its assets, images, editor and files; the file and alias are named', async () => {
    const content = await copyContent(workedExampleDir);
    const served = [
      '/api/send-contact-email',
      '/assets/app.js',
      '/admin/',
      '/images/logo.svg',
      '/sitemap.xml',
      '/robots.txt',
      '/blog/feed.xml',
    ];
    await editFile(content, post, withAliases(...served));
    // (The English post then reports its counterpart missing.)
    const found = (await aliasProblems(content)).filter((problem) => problem.startsWith(join(content, post)));
    expect(found).toHaveLength(served.length);
    served.forEach((_, i) =>
      expect(found).toContainEqual(
        expect.stringMatching(new RegExp(`^${join(content, post)}:\\d+:\\d+  aliases\\.${i}: is .*; remove it \\(E_INVALID_VALUE\\)\n`)),
      ),
    );
    expect(found).toContainEqual(expect.stringContaining("aliases.0: is under /api/, where the site's functions answer"));
  });

  it('may not take a page, even written with a trailing slash or .html, nor the path of another alias', async () => {
    const content = await copyContent(workedExampleDir);
    await editFile(content, post, withAliases('/contacto/', '/empresa.html', '/en/blog/index', '/antiguo'));
    await editFile(content, 'blog/en/summer-pool-care.md', (md) =>
      md.replace('service: "piscinas"\n', 'service: "piscinas"\naliases: ["/antiguo/"]\n'),
    );
    const file = join(content, post);
    expect(await aliasProblems(content)).toEqual([
      `${file}  the alias /contacto/ of /blog/piscina-en-verano is the path of the page "contact" (/contacto) (E_ALIAS_TAKEN)\n  hint: remove it from the aliases`,
      `${file}  the alias /empresa.html of /blog/piscina-en-verano is the path of the page "about" (/empresa) (E_ALIAS_TAKEN)\n  hint: remove it from the aliases`,
      `${file}  the alias /en/blog/index of /blog/piscina-en-verano is the path of the page "blog" (/en/blog) (E_ALIAS_TAKEN)\n  hint: remove it from the aliases`,
      `${join(content, 'blog/en/summer-pool-care.md')}  the alias /antiguo/ of /en/blog/summer-pool-care is listed twice (E_ALIAS_TAKEN)\n  hint: remove it from the aliases`,
    ]);
  });

  it('that would hide a page fails `check` too, not only the build', async () => {
    const content = await copyContent(workedExampleDir);
    await editFile(content, post, withAliases('/contacto/'));
    const result = await run('node', [join(repoRoot, 'cli/bin.cjs'), 'check', '--content', content]).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect(result).toMatchObject({ code: 1 });
    expect((result as { stderr: string }).stderr).toContain(
      `${join(content, post)}  the alias /contacto/ of /blog/piscina-en-verano is the path of the page "contact" (/contacto) (E_ALIAS_TAKEN)\n  hint: remove it from the aliases`,
    );
  });

  it('made from an old service slug may not land under /api/ either', async () => {
    const content = await copyContent(workedExampleDir);
    await editFile(content, 'services/piscinas.yaml', (yaml) => yaml.replace(/^slug:\n/m, 'aliases:\n  es: [api]\nslug:\n'));
    const found = await aliasProblems(content);
    expect(found).toContainEqual(
      `${join(content, 'services')} (the service "piscinas")  the alias /api/javea of /piscinas/javea is under /api/, where the site's functions answer (E_ALIAS_TAKEN)\n  hint: remove it from the aliases`,
    );
    expect(found.every((problem) => problem.includes('is under /api/'))).toBe(true);
  });

  it('is refused on every file a build writes', async () => {
    const site = await builtSite(workedExampleDir);
    const files = [...site.result.outputs.keys()];
    expect(files).toContainEqual(expect.stringMatching(/^assets\/photos\//));
    const free = files.map((file) => `/${file}`).filter((path) => site.result.routes.taken(path) === undefined);
    expect(free).toEqual([]);
  });
});
