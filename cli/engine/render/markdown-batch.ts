// A batch of Markdown texts to render, what rendering it gives, and the pack that keeps its HTML: what
// the render code and the Markdown cache (engine/incremental/markdown-cache.ts) share, without loading either.
import type { ContentIssue } from '../../site/issues.ts';
import type { MarkdownText } from '../load/content.ts';
import { writeSealed } from '../../support/sealed.ts';

/**
 * Markdown texts rendered together, by the hash of their source, and the pack file that keeps
 * their HTML for later builds: one file for many texts, since creating a file costs more than
 * writing a hundred kilobytes into it.
 */
export interface MarkdownBatch {
  texts: MarkdownText[];
  pack?: string;
}

/** A batch rendered: each text's HTML, in order, and the content problems found in any of them. */
export interface RenderedBatch {
  html: string[];
  issues: ContentIssue[];
}

/** Writes a pack: the HTML of its texts by hash, sealed, whole or not at all. */
export function writePack(file: string, html: Record<string, string>): void {
  writeSealed(file, html);
}
