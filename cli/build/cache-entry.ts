// What the render code and the Markdown cache (bodies.ts) share, without loading either.
import { renameSync, writeFileSync } from 'node:fs';
import { threadId } from 'node:worker_threads';

/** A Markdown text to render, and the file that keeps its HTML for later builds (bodies.ts). */
export interface MarkdownText {
  markdown: string;
  cacheFile?: string;
}

/** Writes a Markdown cache entry whole or not at all: through a file of this thread's own, renamed. */
export function writeCacheEntry(file: string, html: string): void {
  const temp = `${file}.${process.pid}-${threadId}.tmp`;
  writeFileSync(temp, JSON.stringify({ html }));
  renameSync(temp, file);
}
