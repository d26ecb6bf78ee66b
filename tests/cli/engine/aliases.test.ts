import { readdir, readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSiteServer } from '../../../cli/commands/serve/server.ts';
import { buildSite } from '../../../cli/engine/build-site.ts';
import { ContentError, formatIssue } from '../../../cli/site/issues.ts';
import { copyContent, editFile, quietly, scratchDir } from '../../helpers.ts';

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
    expect(moved).toHaveLength(18);
    expect(moved).toContain('/fontaneros/xalo  /fontaneros/jalon  301');
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
    const lost = (error as ContentError).issues.map(formatIssue).filter((m) => m.includes('was published and no page or alias answers it'));
    expect(lost).toHaveLength(18);
    expect(lost).toContainEqual(
      expect.stringMatching(
        /published-urls\.txt:\d+:1 {2}\/fontaneros\/xalo was published .*"aliases" of the entry that replaced it, or delete this line/,
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
