import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateCorpus } from '../../../../cli/commands/bench/corpus.ts';
import { compileStackAlone, timeStackAlone } from '../../../../cli/commands/bench/process.ts';
import { scratchDir } from '../../../helpers.ts';

describe("the bench's run of remark and React alone", () => {
  let dir: string;
  let program: string;
  beforeAll(async () => {
    dir = await scratchDir('stack-alone-');
    await generateCorpus(join(dir, 'corpus'), 5);
    program = await compileStackAlone(dir);
  });

  it('renders each generated post into a page of its own, in the peers’ layout', async () => {
    const seconds = await timeStackAlone(program, join(dir, 'corpus'), join(dir, 'out'));
    expect(seconds).toBeGreaterThan(0);
    expect((await readdir(join(dir, 'out/posts'))).sort()).toEqual(['post-0', 'post-1', 'post-2', 'post-3', 'post-4']);
    const source = await readFile(join(dir, 'corpus/post-3.md'), 'utf8');
    const title = /^title: "(.*)"$/m.exec(source)![1]!;
    const page = await readFile(join(dir, 'out/posts/post-3/index.html'), 'utf8');
    expect(page).toMatch(/^<!DOCTYPE html><html lang="es"><head><meta charSet="utf-8"\/>/);
    expect(page).toContain(`<title>${title}</title>`);
    expect(page).toContain(`<h1>${title}</h1>`);
    // The Markdown, GitHub-flavoured: heading, list, bold text, link, quote and table.
    for (const html of ['<h2>', '<ul>', '<strong>', '<a href="/blog/post-4/">enlace</a>', '<blockquote>', '<th>'])
      expect(page).toContain(html);
  });

  it('fails with what the program printed when it cannot read the posts', async () => {
    await expect(timeStackAlone(program, join(dir, 'no-corpus'), join(dir, 'out-2'))).rejects.toThrow(/ENOENT[\s\S]*no-corpus/);
  });
});
