import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parseDocument } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { contentReport } from '../../../../cli/commands/report/command.ts';
import { buildSite } from '../../../../cli/engine/build-site.ts';
import { copyContent, editFile, quietly, repoRoot, scratchDir } from '../../../helpers.ts';

let content: string;
let dist: string;

beforeAll(async () => {
  // A locality page made a near copy of another: the report must put that pair first.
  content = await copyContent();
  await editFile(content, 'local/fontaneros.yaml', (yaml) => {
    const doc = parseDocument(yaml);
    doc.setIn(['xalo'], doc.getIn(['javea']));
    return doc.toString();
  });
  dist = join(await scratchDir('report-'), 'dist');
  await quietly(() => buildSite({ content, out: dist, cache: false }));
}, 60_000);

describe('sitegen report', { timeout: 30_000 }, () => {
  it('puts the most alike pages first, and names the pages with the least text of their own', async () => {
    const report = await contentReport(dist, content, 5);
    // The same text in both languages: the Spanish and the English pair lead.
    expect(report.pairs.slice(0, 2)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ a: '/fontaneros/javea', b: '/fontaneros/xalo' }),
        expect.objectContaining({ a: '/en/plumbers/javea', b: '/en/plumbers/xalo' }),
      ]),
    );
    expect(report.pairs[1]!.similarity).toBeGreaterThan(0.5);
    expect(report.pairs.map((p) => p.similarity)).toEqual([...report.pairs.map((p) => p.similarity)].sort((x, y) => y - x));
    expect(report.shared.map((p) => p.page)).toEqual(expect.arrayContaining(['/fontaneros/javea', '/fontaneros/xalo']));
    expect(report.thin).toHaveLength(5);
    expect(report.thin.every((p) => p.ownWords <= p.words)).toBe(true);
  });

  it('prints tables, or JSON with --json', async () => {
    const run = (...args: string[]) =>
      promisify(execFile)('node', [join(repoRoot, 'cli/bin.cjs'), 'report', '--dir', dist, '--content', content, ...args]);
    const { stdout } = await run('--top', '3');
    expect(stdout).toContain('Most similar pages');
    expect(stdout).toMatch(/\n0\.\d+\s+\/fontaneros\/javea\s+\/fontaneros\/xalo\n/);
    const json = JSON.parse((await run('--json')).stdout) as { pairs: unknown[]; shared: unknown[]; thin: unknown[] };
    expect(json.pairs).toHaveLength(10);
  });
});
