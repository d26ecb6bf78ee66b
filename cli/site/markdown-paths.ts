// Where the content's Markdown files, posts and legal texts, lie in the content folder: `<folder>/<lang>/<slug>.md`.
import { sep } from 'node:path';
import { langs, type Lang } from './lang.ts';

export const markdownFolders = ['blog', 'legal'] as const;
export type MarkdownFolder = (typeof markdownFolders)[number];

const markdownPath = new RegExp(`^(${markdownFolders.join('|')})\\${sep}(${langs.join('|')})\\${sep}([^\\${sep}]+)\\.md$`);

/** The folder, language and slug of a post or legal text, by its path in the content folder (`blog/es/x.md`); undefined for any other file. */
export function markdownFileAt(path: string): { folder: MarkdownFolder; lang: Lang; slug: string } | undefined {
  const [, folder, lang, slug] = markdownPath.exec(path) ?? [];
  return folder ? { folder: folder as MarkdownFolder, lang: lang as Lang, slug: slug! } : undefined;
}
