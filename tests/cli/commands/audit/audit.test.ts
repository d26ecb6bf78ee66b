import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
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
  it('runs Lighthouse on a page and prints its four scores', { timeout: 180_000 }, async () => {
    const { code, stdout, stderr } = await cli('audit', '--dir', dist, '--content', content, '--family', 'contact');
    expect({ code, stderr }).toEqual({ code: 0, stderr: '  auditing /contacto…\n' });
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

  it('takes every family unless told which, and refuses a family that is none', () => {
    expect(chosenFamilies()).toEqual(sampledFamilies);
    expect(chosenFamilies(['post', 'home'])).toEqual(['home', 'post']);
    expect(() => chosenFamilies(['home', 'blgo'])).toThrow('--family blgo: no such family');
  });
});
