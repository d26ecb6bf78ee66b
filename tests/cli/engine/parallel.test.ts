import { appendFile, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addSyntheticPosts, generateCorpus } from '../../../cli/commands/bench/corpus.ts';
import { buildSite } from '../../../cli/engine/build-site.ts';
import { templatesDir } from '../../../cli/support/paths.ts';
import { build } from '../../../cli/engine/pipeline.ts';
import { loadContent } from '../../../cli/engine/content.ts';
import { isStaged, type OutputContent } from '../../../cli/support/staged.ts';
import type { PageRecord } from '../../../cli/engine/incremental/cache.ts';
import { copyContent, scratchDir } from '../../helpers.ts';

/** An output file's bytes as base64, whether a worker staged it or not: strings compare fast. */
const bytesOf = async (content: OutputContent) =>
  (isStaged(content) ? await readFile(content.staged) : Buffer.from(content)).toString('base64');

/** Each page's record with the keys it read by name: pages rendered apart share no key table. */
const readByName = (pages: Map<string, PageRecord>) =>
  new Map(
    [...pages].map(([file, record]) => [
      file,
      'deps' in record ? { ...record, deps: record.deps.at.map((i) => record.deps.keys[i]) } : record,
    ]),
  );

describe('rendering on worker threads', { timeout: 120_000 }, () => {
  it('produces the same files and dependencies as rendering on one thread', async () => {
    const content = await loadContent('content');
    const single = await build(content, { templatesDir, year: 2026, parallel: 'never' });
    // 'always': every page on the workers; 'auto': the real site's 350 pages, from 100 and under
    // 400, on this thread and one worker that helps it.
    for (const parallel of ['always', 'auto'] as const) {
      const threads = await build(content, { templatesDir, year: 2026, parallel, staging: await scratchDir('staging-') });
      expect([...threads.outputs.keys()].sort()).toEqual([...single.outputs.keys()].sort());
      for (const [file, bytes] of single.outputs) expect(await bytesOf(threads.outputs.get(file)!), file).toBe(await bytesOf(bytes));
      expect(readByName(threads.pages)).toEqual(readByName(single.pages));
    }
  });

  it('writes, for a site big enough to start them by itself, what one thread renders, telling each step', async () => {
    // 60 post pairs: past the counts at which `build` starts workers early and renders on them.
    const corpus = await scratchDir('corpus-');
    await generateCorpus(corpus, 120);
    const contentDir = await copyContent();
    await addSyntheticPosts(corpus, contentDir);
    const out = join(await scratchDir('site-'), 'dist');
    const steps: string[] = [];
    await buildSite({ content: contentDir, out, cache: join(out, '..', '.cache'), progress: (step) => steps.push(step) });
    expect(steps).toEqual(['loading content', 'rendering 138 Markdown texts', 'rendering 480 pages', 'writing the files that changed']);

    const single = await build(await loadContent(contentDir), { templatesDir, year: new Date().getFullYear(), parallel: 'never' });
    const written = (await readdir(out, { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name).slice(out.length + 1));
    expect(written.sort()).toEqual([...single.outputs.keys()].sort());
    for (const [file, bytes] of single.outputs)
      expect((await readFile(join(out, file))).toString('base64'), file).toBe(await bytesOf(bytes));
    expect(await readdir(join(out, '..'))).toEqual(expect.not.arrayContaining([expect.stringMatching(/staging/)]));

    // The Markdown the workers rendered while the content loaded was kept: an edit renders one text.
    await appendFile(join(contentDir, 'blog/es/post-7.md'), '\nOne more sentence.\n');
    const again: string[] = [];
    const summary = await buildSite({ content: contentDir, out, cache: join(out, '..', '.cache'), progress: (step) => again.push(step) });
    expect(summary.rendered).toBe(1);
    expect(again).not.toContainEqual(expect.stringMatching(/Markdown/));
  });
});
