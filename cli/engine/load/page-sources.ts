/**
 * What the engine knows of a loaded Markdown page besides what templates read: the hashes the
 * build's memos key it by and where its body starts. It is kept beside the page, not in it, so that
 * the domain's types carry no cache fields.
 */
export interface PageSource {
  /** Hash of everything the body is made of (its file, and for legal texts the values filled in). */
  hash: string;
  /** Hash of the validated front matter: what lists of posts show. */
  frontMatterHash: string;
  /** The file and the line of it where the body starts, which problems in the body name. */
  bodyAt: { file: string; line: number };
  /** What its language's strings say around Markdown (part of `hash`). */
  words: MarkdownWords;
}

import type { Strings } from '../../site/schema/strings.ts';

/** What a language's strings say around a text's Markdown: footnotes' heading and links back, a table's name. */
export type MarkdownWords = Strings['markdown'];

const sources = new WeakMap<object, PageSource>();

export const setSource = (page: object, source: PageSource): void => void sources.set(page, source);

/** The source of a page the loader made, or of a copy of one that `copySource` was told of. */
export function sourceOf(page: object): PageSource {
  const source = sources.get(page);
  if (!source) throw new Error('a Markdown page was used whose source the loader did not record');
  return source;
}

/** A copy of a page (given its HTML, say) keeps the page's source; a page from a worker's model has none. */
export function copySource(from: object, to: object): void {
  const source = sources.get(from);
  if (source) sources.set(to, source);
}
