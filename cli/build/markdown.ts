import { remark } from 'remark';
import remarkHtml from 'remark-html';

const processor = remark().use(remarkHtml);

/** Markdown to sanitised HTML. */
export async function markdownToHtml(markdown: string): Promise<string> {
  return String(await processor.process(markdown));
}

/** The same, for the rare text that must be rendered where nothing can wait (see MarkdownCache). */
export const markdownToHtmlSync = (markdown: string): string => String(processor.processSync(markdown));
