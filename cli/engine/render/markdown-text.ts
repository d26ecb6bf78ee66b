// What the render code and the Markdown cache (engine/incremental/markdown-cache.ts) share, without loading either.
import { writeSealed } from '../incremental/sealed.ts';

/** A Markdown text to render, and the file that keeps its HTML for later builds (engine/incremental/markdown-cache.ts). */
export interface MarkdownText {
  markdown: string;
  cacheFile?: string;
}

/** Writes a Markdown cache entry, sealed, whole or not at all. */
export function writeCacheEntry(file: string, html: string): void {
  writeSealed(file, JSON.stringify({ html }));
}
