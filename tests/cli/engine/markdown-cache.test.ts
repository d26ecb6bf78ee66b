import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MarkdownCache } from '../../../cli/engine/incremental/markdown-cache.ts';
import { loadContent } from '../../../cli/engine/content.ts';
import { renderBatch, renderText } from '../../../cli/engine/render/markdown.ts';
import type { MarkdownBatch, RenderedBatch } from '../../../cli/engine/render/markdown-batch.ts';
import { renderMarkdown } from '../../../cli/engine/render/texts.ts';
import { scratchDir, shippedStrings } from '../../helpers.ts';

const words = (await shippedStrings('es')).markdown;
const text = (n: number) => ({
  hash: `hash-${n}`,
  markdown: `# Post ${n}\n\nBody of post ${n}.`,
  lang: 'es' as const,
  words,
  file: `post-${n}.md`,
  line: 1,
});
const texts = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => text(from + i));
const notRendered = () => {
  throw new Error('rendered again, though the cache holds it');
};

/** Renders `missing` the way a build does, in batches that write their pack if they have one, and saves. */
function fill(cache: MarkdownCache, missing: ReturnType<typeof texts>): void {
  for (const batch of cache.batches(missing))
    renderBatch(batch).html.forEach((html, i) => cache.set(batch.texts[i]!.hash, html, batch.pack));
  cache.save();
}

async function packs(dir: string): Promise<string[]> {
  const [version] = await readdir(join(dir, 'markdown'));
  return (await readdir(join(dir, 'markdown', version!))).filter((name) => name !== 'index.v8');
}

describe('the Markdown cache', () => {
  it('keeps hundreds of texts in a few files, and reads any of them back in a later build', async () => {
    const dir = await scratchDir('markdown-cache-');
    fill(new MarkdownCache(dir, 'v1'), texts(0, 250));
    expect(await packs(dir)).toHaveLength(3);
    const later = new MarkdownCache(dir, 'v1');
    expect(later.get('hash-7', notRendered)).toBe('<h1>Post 7</h1>\n<p>Body of post 7.</p>\n');
    expect(later.get('hash-249', notRendered)).toContain('Body of post 249.');
  });

  it('merges packs under half full, so dropped texts never outweigh the texts kept', async () => {
    const dir = await scratchDir('markdown-cache-');
    fill(new MarkdownCache(dir, 'v1'), texts(0, 200));
    // Edits: each drops a text and adds a new one, which save keeps with the other small pack's texts.
    for (let edit = 0; edit < 5; edit++) {
      const cache = new MarkdownCache(dir, 'v1');
      cache.keepOnly(new Set([...texts(0, 200).slice(edit + 1), ...texts(1000, 1000 + edit)].map((t) => t.hash)));
      fill(cache, [text(1000 + edit)]);
      expect(await packs(dir)).toHaveLength(3);
    }
    // Dropping 60 texts of the first pack leaves it under half full: its 40 are moved to a new pack.
    const cache = new MarkdownCache(dir, 'v1');
    const kept = [...texts(65, 200), ...texts(1000, 1005)].map((t) => t.hash);
    cache.keepOnly(new Set(kept));
    cache.save();
    const later = new MarkdownCache(dir, 'v1');
    expect([...later.hashes()].sort()).toEqual([...kept].sort());
    for (const hash of kept) expect(later.get(hash, notRendered)).toContain('Body of post');
    expect(await packs(dir)).toHaveLength(2);
  });

  it('leaves a batch under half a pack to save, so that its texts are written once, with the other small ones', async () => {
    const dir = await scratchDir('markdown-cache-');
    const cache = new MarkdownCache(dir, 'v1');
    // The renderer writes the pack of a batch that has one; save, the texts of the others.
    expect(cache.batches(texts(0, 120)).map((batch) => [batch.texts.length, batch.pack !== undefined])).toEqual([
      [100, true],
      [20, false],
    ]);
    expect(cache.batches(texts(0, 50))[0]!.pack).toBeDefined();
    fill(cache, texts(0, 120));
    expect(await packs(dir)).toHaveLength(2);
    expect(new MarkdownCache(dir, 'v1').get('hash-119', notRendered)).toContain('Body of post 119.');
  });

  it('gives the model while its texts render, and their HTML only once they have', async () => {
    const content = await loadContent('tests/fixtures/minimal-site');
    let finish = () => {};
    const many = (batches: MarkdownBatch[]) =>
      new Promise<RenderedBatch[]>((resolve) => (finish = () => resolve(batches.map(renderBatch))));
    const { model, rendered } = renderMarkdown(content, { many, one: renderText }, new MarkdownCache());
    const post = model.posts.es!.find((p) => p.slug === 'piscina-en-verano')!;
    expect(post.title).toBeTruthy();
    // Read now, the text would be rendered a second time, on the thread that asked.
    expect(() => post.html).toThrow('the HTML of es/piscina-en-verano was read before its Markdown was rendered');
    finish();
    await rendered;
    expect(post.html).toContain('<p>');
  });
});
