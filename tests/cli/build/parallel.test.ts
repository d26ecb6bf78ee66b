import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { templatesDir } from '../../../cli/paths.ts';
import { build } from '../../../cli/build/index.ts';
import { loadContent } from '../../../cli/build/model.ts';
import type { OutputContent } from '../../../cli/build/write.ts';

/** An output file's bytes, whether the worker staged it or not. */
const bytesOf = async (content: OutputContent) => (typeof content === 'object' && 'staged' in content ? readFile(content.staged) : Buffer.from(content));

describe('rendering on worker threads', { timeout: 120_000 }, () => {
  it('produces the same files and dependencies as rendering on one thread', async () => {
    const content = await loadContent('content');
    const staging = await mkdtemp(join(tmpdir(), 'staging-'));
    const [threads, single] = [await build(content, { templatesDir, year: 2026, parallel: 'always', staging }), await build(content, { templatesDir, year: 2026, parallel: 'never' })];
    expect([...threads.outputs.keys()].sort()).toEqual([...single.outputs.keys()].sort());
    for (const [file, bytes] of single.outputs) expect(await bytesOf(threads.outputs.get(file)!), file).toEqual(await bytesOf(bytes));
    expect(threads.pages).toEqual(single.pages);
  });
});
