// Markdown to HTML with remark. Part of the engine (engine.ts): the main thread and each render
// worker load it only when they render.
import { remark } from 'remark';
import remarkHtml from 'remark-html';
import { writeCacheEntry, type MarkdownText } from './markdown-text.ts';

const processor = remark().use(remarkHtml);

/** Markdown to sanitised HTML. */
export const markdownToHtmlSync = (markdown: string): string => String(processor.processSync(markdown));

/** Renders a text, keeping its HTML in its cache file on the thread that rendered it. */
export async function renderText({ markdown, cacheFile }: MarkdownText): Promise<string> {
  const html = String(await processor.process(markdown));
  if (cacheFile) writeCacheEntry(cacheFile, html);
  return html;
}
