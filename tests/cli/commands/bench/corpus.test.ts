import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addSyntheticPosts, generateCorpus } from '../../../../cli/commands/bench/corpus.ts';
import { editLocality, editPostBody, editTemplate, fileEdit } from '../../../../cli/commands/bench/edits.ts';
import { loadModel } from '../../../../cli/engine/model.ts';
import { RouteMap } from '../../../../cli/site/routes.ts';
import { copyContent, repoRoot, scratchDir } from '../../../helpers.ts';

describe('bench corpus', () => {
  let corpus: string;
  let content: string;
  beforeAll(async () => {
    corpus = await scratchDir('corpus-');
    await generateCorpus(corpus, 6);
    content = await copyContent();
    expect(await addSyntheticPosts(corpus, content)).toBe(3);
  });
  afterAll(() => Promise.all([corpus, content].map((dir) => rm(dir, { recursive: true, force: true }))));

  it('turns 2N generated posts into N valid post pairs of the content', async () => {
    const model = await loadModel(content);
    for (const lang of ['es', 'en'] as const) {
      const synthetic = model.posts[lang]!.filter((p) => p.slug.startsWith('post-'));
      expect(synthetic.map((p) => p.slug).sort()).toEqual(
        lang === 'es' ? ['post-0', 'post-1', 'post-2'] : ['post-0-en', 'post-1-en', 'post-2-en'],
      );
    }
  });

  it('links each synthetic post only to pages of the site', async () => {
    const paths = new Set(new RouteMap(await loadModel(content)).routes.map((r) => r.path));
    for (const file of ['es/post-0.md', 'es/post-1.md', 'es/post-2.md', 'en/post-0-en.md', 'en/post-1-en.md', 'en/post-2-en.md'].map(
      (f) => `blog/${f}`,
    )) {
      const links = [...(await readFile(join(content, file), 'utf8')).matchAll(/\]\((\/[^)]*)\)/g)].map((m) => m[1]);
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) expect(paths, `${file} links to ${link}`).toContain(link);
    }
  });

  it('edits a post body and a locality without breaking the content', async () => {
    await (await fileEdit(join(content, 'blog/es/post-0.md'), editPostBody))(1);
    await (await fileEdit(join(content, 'localities.yaml'), editLocality))(1);
    const model = await loadModel(content);
    expect(model.posts.es!.find((p) => p.slug === 'post-0')?.html).toContain('(edición 1).');
    expect(model.localities[0]?.es?.description).toMatch(/ Edición 1\.$/);
  });

  it('adds an unstyled class to a template, one no other run of the bench compiled', async () => {
    const legal = await readFile(join(repoRoot, 'templates/pages/Legal.tsx'), 'utf8');
    const edited = editTemplate(legal, 2);
    expect(edited).toMatch(/className="bench-edit-[0-9a-z]+-2 /);
    expect(edited).not.toBe(editTemplate(legal, 3));
  });
});
