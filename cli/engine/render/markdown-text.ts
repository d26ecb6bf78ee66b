// What the render code and the Markdown cache (engine/incremental/markdown-cache.ts) share, without loading either.
import { writeSealed } from '../incremental/sealed.ts';

/**
 * Markdown texts rendered together, by the hash of their source, and the pack file that keeps
 * their HTML for later builds: one file for many texts, since creating a file costs more than
 * writing a hundred kilobytes into it.
 */
export interface MarkdownBatch {
  texts: { hash: string; markdown: string }[];
  pack?: string;
}

/** Writes a pack: the HTML of its texts by hash, sealed, whole or not at all. */
export function writePack(file: string, html: Record<string, string>): void {
  writeSealed(file, html);
}
