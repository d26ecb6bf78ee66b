import { describe, expect, it } from 'vitest';
import { templatesDir } from '../../../cli/paths.ts';
import { build } from '../../../cli/build/index.ts';
import { loadContent } from '../../../cli/build/model.ts';

describe('rendering on worker threads', { timeout: 120_000 }, () => {
  it('produces the same files and dependencies as rendering on one thread', async () => {
    const content = await loadContent('content');
    const [threads, single] = [await build(content, { templatesDir, year: 2026, parallel: 'always' }), await build(content, { templatesDir, year: 2026, parallel: 'never' })];
    expect([...threads.outputs.keys()].sort()).toEqual([...single.outputs.keys()].sort());
    for (const [file, bytes] of single.outputs) expect(Buffer.from(threads.outputs.get(file)!), file).toEqual(Buffer.from(bytes));
    expect(threads.pages).toEqual(single.pages);
  });
});
