// Markdown to HTML with remark. Part of the engine (engine.ts): the main thread and each render
// worker load it only when they render.
import { remark } from 'remark';
import remarkHtml from 'remark-html';
import { writePack, type MarkdownBatch } from './markdown-text.ts';

const processor = remark().use(remarkHtml);

/** Markdown to sanitised HTML. */
export const markdownToHtmlSync = (markdown: string): string => String(processor.processSync(markdown));

/** Renders a batch of texts, keeping their HTML in its pack on the thread that rendered it. */
export function renderBatch({ texts, pack }: MarkdownBatch): string[] {
  const html = texts.map((text) => markdownToHtmlSync(text.markdown));
  if (pack) writePack(pack, Object.fromEntries(texts.map((text, i) => [text.hash, html[i]!])));
  return html;
}
