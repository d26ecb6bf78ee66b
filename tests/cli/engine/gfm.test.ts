import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import matter from 'gray-matter';
import { remark } from 'remark';
import remarkGfm from 'remark-gfm';
import { describe, expect, it } from 'vitest';
import { gfmWithoutAutolinks, mayHoldAutolinks } from '../../../cli/engine/render/gfm.ts';
import { markdownToHtml } from '../../../cli/engine/render/markdown.ts';
import { shippedStrings } from '../../helpers.ts';

const withAutolinks = remark().use(remarkGfm);
const without = remark().use(gfmWithoutAutolinks);
const words = (await shippedStrings('es')).markdown;

/** The body of every Markdown file of the site and of the test sites. */
const bodies = ['content', 'tests/fixtures'].flatMap((root) =>
  readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.md'))
    .map((path) => ({ path: join(root, path), body: matter(readFileSync(join(root, path), 'utf8')).content })),
);

/** Every GitHub-flavoured construct but autolink literals, and near misses of those. */
const constructs = [
  '| a | b |\n|:--|--:|\n| `c\\|d` | **e** |\n| f |\n',
  '~one~ and ~~two~~ and ~~~three~~~',
  '- [x] done\n- [ ] to do\n  - [X] nested\n\n1. [ ] numbered',
  'Note[^1] and again[^1], and [^missing].\n\n[^1]: The note,\n    on two lines.\n',
  'wwwexample.com, http:/x, ftp://x, https:x, user at host, <https://written.example> and [text](https://x.example)'.replace(
    /https?:\/\/|www\./g,
    '∙',
  ),
  '> | quoted | table |\n> |---|---|\n> | 1 | 2 |\n\n    | code | block |',
];

describe('GitHub-flavoured Markdown without autolink literals', () => {
  it('parses every text of the site and every GFM construct to the same tree as remark-gfm when the text holds no autolink', () => {
    const texts = [...bodies.map(({ body }) => body), ...constructs].filter((text) => !mayHoldAutolinks(text));
    expect(texts.length).toBeGreaterThan(bodies.length / 2);
    for (const text of texts) expect(without.parse(text)).toEqual(withAutolinks.parse(text));
  });

  it('finds the marker of every kind of autolink literal, so that each is still made a link', () => {
    const literals = [
      'www.example.com',
      'WWW.EXAMPLE.COM',
      'http://example.com',
      'HTTPS://example.com',
      'ana@example.com',
      'mailto:ana@example.com',
      'xmpp:ana@example.com',
    ];
    for (const literal of literals) {
      expect(mayHoldAutolinks(`Escríbenos: ${literal}.`)).toBe(true);
      expect(markdownToHtml(`Escríbenos: ${literal}.`, words).html).toMatch(/<a[ >]/);
    }
  });
});
