import { remark } from 'remark';
import remarkHtml from 'remark-html';

const processor = remark().use(remarkHtml);

/** Markdown to sanitised HTML. */
export async function markdownToHtml(markdown: string): Promise<string> {
  return String(await processor.process(markdown));
}
