import { renameSync, writeFileSync } from 'node:fs';
import { threadId } from 'node:worker_threads';
import { remark } from 'remark';
import remarkHtml from 'remark-html';

const processor = remark().use(remarkHtml);

/** Markdown to sanitised HTML. */
async function markdownToHtml(markdown: string): Promise<string> {
  return String(await processor.process(markdown));
}

/** The same, for the rare text that must be rendered where nothing can wait (see MarkdownCache). */
export const markdownToHtmlSync = (markdown: string): string => String(processor.processSync(markdown));

/** A Markdown text to render, and the file that keeps its HTML for later builds (bodies.ts). */
export interface MarkdownText {
  markdown: string;
  cacheFile?: string;
}

/** Renders a text, keeping its HTML in its cache file on the thread that rendered it. */
export async function renderText({ markdown, cacheFile }: MarkdownText): Promise<string> {
  const html = await markdownToHtml(markdown);
  if (cacheFile) writeCacheEntry(cacheFile, html);
  return html;
}

/** Writes a Markdown cache entry whole or not at all: through a file of this thread's own, renamed. */
export function writeCacheEntry(file: string, html: string): void {
  const temp = `${file}.${process.pid}-${threadId}.tmp`;
  writeFileSync(temp, JSON.stringify({ html }));
  renameSync(temp, file);
}
