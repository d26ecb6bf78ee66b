import { join } from 'node:path';
import { parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { loadContent } from '../../../cli/engine/content.ts';
import { build } from '../../../cli/engine/pipeline.ts';
import { templatesDir } from '../../../cli/support/paths.ts';
import { ContentError } from '../../../cli/site/issues.ts';
import { copyContent, editFile, lineOf, testPhotoCache, workedExampleDir } from '../../helpers.ts';
import { builtSite } from './built-site.ts';

type Element = { name: string; attribs: Record<string, string>; children: Node[] };
type Node = Element | { type: string; data?: string; children?: Node[] };
const isElement = (node: Node): node is Element => 'name' in node;
const all = (node: Node, name: string): Element[] =>
  (node.children ?? []).flatMap((child) => [...(isElement(child) && child.name === name ? [child] : []), ...all(child, name)]);
const textOf = (node: Node): string => ('data' in node && node.data !== undefined ? node.data : (node.children ?? []).map(textOf).join(''));

describe("the real posts' Markdown", { timeout: 120_000 }, () => {
  it('shows every post’s table as a <table> with header cells, in a labelled region that scrolls, and no row as text', async () => {
    const site = await builtSite();
    const posts = site.result.routes.routes.filter((route) => route.family === 'post');
    expect(posts).toHaveLength(12);
    for (const { path } of posts) {
      const article = parseDocument(site.page(path)) as unknown as Node;
      // A <section> with a name is a region.
      const regions = all(article, 'section').filter((section) => section.attribs.class === 'table-scroll');
      expect(regions, path).toHaveLength(1);
      const region = regions[0]!;
      expect(region.attribs, path).toMatchObject({ tabindex: '0' });
      const headers = all(region, 'th').map(textOf);
      expect(headers.length, path).toBeGreaterThanOrEqual(2);
      expect(region.attribs['aria-label'], path).toBe(headers.join(', '));
      expect(all(region, 'td').length, path).toBeGreaterThanOrEqual(8);
      expect(
        all(article, 'p').filter((p) => textOf(p).trimStart().startsWith('|')),
        path,
      ).toEqual([]);
    }
  });
});

describe('Markdown the renderer does not understand', { timeout: 120_000 }, () => {
  it.each(['never', 'always'] as const)(
    'fails the build with each construct at its file and line, on this thread and in workers (parallel: %s)',
    async (parallel) => {
      const content = await copyContent();
      const [es, en] = ['blog/es/prevencion-averias-fontaneria.md', 'blog/en/summer-pool-maintenance-tips.md'];
      // A table whose |---| line went missing, and a link whose address has a space.
      await editFile(content, es, (md) => md.replace(/\n\|---\|---\|\n/, '\n'));
      await editFile(content, en, (md) => `${md}\nSee [the checklist](pool checklist.html) first.\n`);
      const failure = await build(await loadContent(content), { templatesDir, year: 2026, photoCache: testPhotoCache, parallel }).catch(
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(ContentError);
      expect((failure as ContentError).issues).toEqual(
        expect.arrayContaining([
          {
            file: join(content, es),
            line: await lineOf(content, es, '| Tarea |'),
            column: 1,
            code: 'E_TABLE_ROW_LEFTOVER',
            message: 'a table row left as text',
            hint: expect.any(String),
          },
          {
            file: join(content, en),
            line: await lineOf(content, en, 'See [the'),
            column: 5,
            code: 'E_LINK_LEFTOVER',
            message: 'a link left as text',
            hint: expect.any(String),
          },
        ]),
      );
      expect((failure as ContentError).issues).toHaveLength(2);
    },
  );

  it("fails the build at a job's file, naming the text and its line there", async () => {
    const content = await copyContent(workedExampleDir);
    const job = 'projects/puesta-en-marcha-piscina-moraira.yaml';
    await editFile(content, job, (yaml) =>
      yaml.replace('    son reales, y la foto es un dibujo.\n', '    son reales, y la foto es un dibujo.\n    | Tarea | Hecho |\n'),
    );
    const failure = await build(await loadContent(content), { templatesDir, year: 2026, photoCache: testPhotoCache }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ContentError);
    expect((failure as ContentError).issues).toEqual([
      {
        file: join(content, job),
        code: 'E_TABLE_ROW_LEFTOVER',
        message: 'es.body, line 3: a table row left as text',
        hint: expect.any(String),
      },
    ]);
  });
});
