// Markdown to HTML: GitHub-flavoured (tables, strikethrough, autolinks, task lists, footnotes),
// sanitised, with what it did not understand reported. Part of the engine (engine.ts): the main
// thread and each render worker load it only when they render.
import { remark } from 'remark';
import remarkGfm from 'remark-gfm';
import remarkRehype from 'remark-rehype';
import rehypeSanitize, { defaultSchema, type Options as Schema } from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import type { Nodes, Root } from 'mdast';
import type { ContentIssue } from '../../site/issues.ts';
import { keepTogether } from '../../site/typeset.ts';
import { gfmWithoutAutolinks, mayHoldAutolinks } from './gfm.ts';
import { leftoverSyntax, type Leftover } from './leftovers.ts';
import type { MarkdownText } from '../load/content.ts';
import type { MarkdownWords } from '../load/page-sources.ts';
import { writePack, type MarkdownBatch, type RenderedBatch } from './markdown-batch.ts';
import { scrollableTables, tableRegionClass } from './tables.ts';

/**
 * GitHub's sanitising schema (rehype-sanitize's default), with the table regions' class and name on
 * <section> (tabindex it allows anywhere). Ids are not prefixed again: raw HTML is dropped, so the
 * only ids are the footnotes', which remark-rehype prefixes itself, links included; prefixed twice,
 * the links lead nowhere.
 */
const { section = [], ...attributes } = defaultSchema.attributes ?? {};
const schema: Schema = {
  ...defaultSchema,
  clobber: [],
  attributes: {
    ...attributes,
    // One list of the classes a section may have: the sanitizer ignores a second entry for className.
    section: [
      ...section.filter((rule) => !Array.isArray(rule) || rule[0] !== 'className'),
      ['className', 'footnotes', tableRegionClass],
      'ariaLabel',
    ],
  },
};

/** The content's typesetting (site/typeset.ts) in the running text, as in every YAML text. */
function typeset() {
  const walk = (node: Nodes) => {
    if (node.type === 'text') node.value = keepTogether(node.value);
    else if ('children' in node) node.children.forEach(walk);
  };
  return (tree: Root) => walk(tree);
}

const processorFor = (words: MarkdownWords, autolinks: boolean) =>
  remark()
    .use(autolinks ? remarkGfm : gfmWithoutAutolinks)
    .use(leftoverSyntax)
    .use(typeset)
    .use(scrollableTables, { name: words.table })
    .use(remarkRehype, {
      footnoteLabel: words.footnotes,
      footnoteBackLabel: (reference, again) => `${words.back} ${reference + 1}${again > 1 ? `-${again}` : ''}`,
    })
    .use(rehypeSanitize, schema)
    .use(rehypeStringify)
    .freeze();
/** The processors of each language's words, made when a text first needs them. */
const processors = new Map<string, { autolinks: ReturnType<typeof processorFor>; none: ReturnType<typeof processorFor> }>();
const processorsOf = (words: MarkdownWords) => {
  const key = JSON.stringify(words);
  let made = processors.get(key);
  if (!made) processors.set(key, (made = { autolinks: processorFor(words, true), none: processorFor(words, false) }));
  return made;
};

/** Markdown to sanitised HTML in a language's `words`, and what it left as text (leftovers.ts), by line of the text. */
export function markdownToHtml(markdown: string, words: MarkdownWords): { html: string; leftovers: Leftover[] } {
  const file = processorsOf(words)[mayHoldAutolinks(markdown) ? 'autolinks' : 'none'].processSync(markdown);
  const html = String(file);
  return { html: html && !html.endsWith('\n') ? `${html}\n` : html, leftovers: (file.data as { leftovers?: Leftover[] }).leftovers ?? [] };
}

/**
 * A text's HTML, and what it left as text as content problems at their lines of its file. A
 * failure names the file: a text deep or large enough to exhaust the renderer fails in it.
 */
export function renderText({ markdown, words, file, line }: MarkdownText): { html: string; issues: ContentIssue[] } {
  try {
    const { html, leftovers } = markdownToHtml(markdown, words);
    return { html, issues: leftovers.map((left) => ({ file, line: line + left.line - 1, column: left.column, ...left.problem })) };
  } catch (error) {
    throw new Error(`${file}: its Markdown could not be rendered (${(error as Error).message})`, { cause: error });
  }
}

/** Renders a batch of texts, keeping their HTML in its pack, if it has one, on the thread that rendered it. */
export function renderBatch({ texts, pack }: MarkdownBatch): RenderedBatch {
  const rendered = texts.map(renderText);
  const html = rendered.map((text) => text.html);
  if (pack) writePack(pack, Object.fromEntries(texts.map((text, i) => [text.hash, html[i]!])));
  return { html, issues: rendered.flatMap((text) => text.issues) };
}
