import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { copyContent, repoRoot, scratchDir, sitegen } from '../../../helpers.ts';

const cli = sitegen;

let content: string;
let dist: string;
beforeAll(async () => {
  content = await copyContent(join(repoRoot, 'tests/fixtures/minimal-site'));
  dist = join(await scratchDir('shots-'), 'dist');
  expect((await cli('build', '--content', content, '--out', dist, '--cache', join(dist, '..', '.cache'))).code).toBe(0);
}, 120_000);

describe('npm run shots', { timeout: 120_000 }, () => {
  it("writes a full-page PNG of each family asked for, in both languages, at 390 and 1280 px, the home page's first visit, and says so as it goes", async () => {
    const out = join(await scratchDir('shots-out-'), 'shots');
    const { code, stdout } = await cli('shots', '--dir', dist, '--content', content, '--out', out, '--family', 'home', 'contact');
    expect(code).toBe(0);
    const names = ['home-es', 'home-en', 'contact-es', 'contact-en'].flatMap((page) => [`${page}-390.png`, `${page}-1280.png`]);
    expect((await readdir(out)).sort()).toEqual([...names, 'home-es-390-first-visit.png'].sort());
    // The first visit: one phone screen, whose foot the cookie banner covers, unlike a returning visitor's.
    const firstVisit = sharp(join(out, 'home-es-390-first-visit.png'));
    expect(await firstVisit.metadata()).toMatchObject({ width: 390, height: 844 });
    const foot = { left: 0, top: 844 - 120, width: 390, height: 120 };
    const [seen, returning] = await Promise.all(
      [firstVisit, sharp(join(out, 'home-es-390.png')).extract({ left: 0, top: 0, width: 390, height: 844 })].map((image) =>
        image.clone().extract(foot).removeAlpha().raw().toBuffer(),
      ),
    );
    const changed = seen!.filter((byte, i) => Math.abs(byte - returning![i]!) > 32).length;
    expect(changed / seen!.length, 'share of the foot the banner changes').toBeGreaterThan(0.2);
    for (const name of names) {
      const { format, width, height } = await sharp(join(out, name)).metadata();
      const screen = name.endsWith('-390.png') ? { width: 390, height: 844 } : { width: 1280, height: 800 };
      expect([name, format, width]).toEqual([name, 'png', screen.width]);
      expect(height, `${name} holds the whole page, not one screen`).toBeGreaterThan(screen.height);
    }
    expect(stdout).toContain(`[1/9] ${join(out, 'home-es-390.png')}  /\n`);
    expect(stdout).toContain(`[8/9] ${join(out, 'contact-en-1280.png')}  /en/contact\n`);
    expect(stdout).toContain(`[9/9] ${join(out, 'home-es-390-first-visit.png')}  / (first visit)\n`);
    expect(stdout).toMatch(/9 screenshots of 4 pages in /);
  });

  it('asks for a build first when there is no built site, and names the families when one is wrong', async () => {
    const missing = await cli('shots', '--dir', join(dist, '..', 'nothing'), '--content', content);
    expect(missing).toMatchObject({ code: 1, stderr: expect.stringContaining('run "npm run build" first') });
    const wrong = await cli('shots', '--dir', dist, '--content', content, '--family', 'homepage');
    expect(wrong).toMatchObject({ code: 2, stderr: expect.stringContaining('--family homepage: no such family; the families are home, ') });
  });
});
