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
import type { Lang } from '../../site/lang.ts';
import { keepTogether } from '../../site/typeset.ts';
import { gfmWithoutAutolinks, mayHoldAutolinks } from './gfm.ts';
import { leftoverSyntax, type Leftover } from './leftovers.ts';
import type { MarkdownText } from '../load/content.ts';
import { writePack, type MarkdownBatch, type RenderedBatch } from './markdown-batch.ts';
import { scrollableTables, tableRegionClass } from './tables.ts';

/** What a text's footnotes and tables say in each language (the footnotes' heading is for screen readers). */
const words = {
  es: { footnotes: 'Notas', back: 'Volver a la referencia', table: 'Tabla' },
  en: { footnotes: 'Footnotes', back: 'Back to reference', table: 'Table' },
} satisfies Record<Lang, unknown>;

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

const processorFor = (lang: Lang, autolinks: boolean) =>
  remark()
    .use(autolinks ? remarkGfm : gfmWithoutAutolinks)
    .use(leftoverSyntax)
    .use(typeset)
    .use(scrollableTables, { name: words[lang].table })
    .use(remarkRehype, {
      footnoteLabel: words[lang].footnotes,
      footnoteBackLabel: (reference, again) => `${words[lang].back} ${reference + 1}${again > 1 ? `-${again}` : ''}`,
    })
    .use(rehypeSanitize, schema)
    .use(rehypeStringify)
    .freeze();
const processors = {
  es: { autolinks: processorFor('es', true), none: processorFor('es', false) },
  en: { autolinks: processorFor('en', true), none: processorFor('en', false) },
};

/** Markdown to sanitised HTML, and what it left as text (leftovers.ts), by line of the text. */
export function markdownToHtml(markdown: string, lang: Lang): { html: string; leftovers: Leftover[] } {
  const file = processors[lang][mayHoldAutolinks(markdown) ? 'autolinks' : 'none'].processSync(markdown);
  const html = String(file);
  return { html: html && !html.endsWith('\n') ? `${html}\n` : html, leftovers: (file.data as { leftovers?: Leftover[] }).leftovers ?? [] };
}

/**
 * A text's HTML, and what it left as text as content problems at their lines of its file. A
 * failure names the file: a text deep or large enough to exhaust the renderer fails in it.
 */
export function renderText({ markdown, lang, file, line }: MarkdownText): { html: string; issues: ContentIssue[] } {
  try {
    const { html, leftovers } = markdownToHtml(markdown, lang);
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
