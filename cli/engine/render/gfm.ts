// GitHub-flavoured Markdown (tables, strikethrough, footnotes, task lists, autolink literals) for
// remark, as remark-gfm adds it, with autolink literals apart. Those (a bare www. or http(s)://
// address, or an e-mail address, made a link) are tried at every letter and word of a text: they
// cost as much to parse as the rest of Markdown together ("cold build" in npm run bench). A text
// with none of their markers cannot hold one, so it is parsed without them, to the same HTML.
import { gfmFootnoteFromMarkdown } from 'mdast-util-gfm-footnote';
import { gfmStrikethroughFromMarkdown } from 'mdast-util-gfm-strikethrough';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmTaskListItemFromMarkdown } from 'mdast-util-gfm-task-list-item';
import { gfmFootnote } from 'micromark-extension-gfm-footnote';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
import { gfmTable } from 'micromark-extension-gfm-table';
import { gfmTaskListItem } from 'micromark-extension-gfm-task-list-item';

/** Whether `markdown` may hold an autolink literal: each starts with www., http:// or https://, or holds an @. */
export const mayHoldAutolinks = (markdown: string): boolean => /www\.|https?:\/\/|@/i.test(markdown);

/** What a remark plugin is given as `this`: the processor's data, which parser extensions go in. */
interface Parser {
  data(): { micromarkExtensions?: unknown[]; fromMarkdownExtensions?: unknown[] };
}

/** remark-gfm without autolink literals: for texts mayHoldAutolinks finds none in. */
export function gfmWithoutAutolinks(this: Parser): void {
  const data = this.data();
  (data.micromarkExtensions ??= []).push(gfmFootnote(), gfmStrikethrough(), gfmTable(), gfmTaskListItem());
  (data.fromMarkdownExtensions ??= []).push(
    gfmFootnoteFromMarkdown(),
    gfmStrikethroughFromMarkdown(),
    gfmTableFromMarkdown(),
    gfmTaskListItemFromMarkdown(),
  );
}
