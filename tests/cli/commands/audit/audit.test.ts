import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { lighthouse } from '../../../../cli/commands/audit/command.ts';
import { chosenFamilies } from '../../../../cli/commands/audit/families.ts';
import { sampledFamilies } from '../../../../cli/site/routes.ts';
import { copyContent, repoRoot, scratchDir, sitegen } from '../../../helpers.ts';

const cli = sitegen;

let content: string;
let dist: string;
beforeAll(async () => {
  content = await copyContent(join(repoRoot, 'tests/fixtures/minimal-site'));
  dist = join(await scratchDir('audit-'), 'dist');
  expect((await cli('build', '--content', content, '--out', dist, '--cache', join(dist, '..', '.cache'))).code).toBe(0);
}, 120_000);

describe('npm run audit', () => {
  // The first audit on a machine also fetches Lighthouse from the npm registry.
  it('runs Lighthouse on a page and prints its four scores', { timeout: 300_000 }, async () => {
    const { code, stdout, stderr } = await cli('audit', '--dir', dist, '--content', content, '--family', 'contact');
    expect({ code, stderr }).toEqual({
      code: 0,
      stderr: `  Lighthouse: ${lighthouse}, which npm fetches on the first audit\n  auditing /contacto…\n`,
    });
    const [header, row] = stdout.split('\n');
    expect(header).toMatch(/^family\s+page\s+perf\s+a11y\s+best\s+seo$/);
    const scores = /^contact\s+\/contacto\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)$/
      .exec(row ?? '')
      ?.slice(1)
      .map(Number);
    // What the scores are is the site's business (and performance moves with the machine's load): here, that there are four.
    expect(scores).toHaveLength(4);
    for (const score of scores!) expect(score).toBeGreaterThan(0), expect(score).toBeLessThanOrEqual(100);
  });

  it('says which Chromium it cannot start, before it fetches or serves anything', async () => {
    const { code, stderr } = await cli('audit', '--dir', dist, '--content', content, '--chromium', '/nonexistent/chromium');
    expect(code).toBe(1);
    expect(stderr).toContain('Cannot start Chromium at /nonexistent/chromium: install it');
  });

  it('takes every family unless told which, and refuses a family that is none', () => {
    expect(chosenFamilies()).toEqual(sampledFamilies);
    expect(chosenFamilies(['post', 'home'])).toEqual(['home', 'post']);
    expect(() => chosenFamilies(['home', 'blgo'])).toThrow('--family blgo: no such family');
  });
});
