// Where posts and legal texts lie in the content folder: `<folder>/<lang>/<slug>.md`.
import { sep } from 'node:path';
import { langs, type Lang } from './lang.ts';

export const textFolders = ['blog', 'legal'] as const;
export type TextFolder = (typeof textFolders)[number];

const textFile = new RegExp(`^(${textFolders.join('|')})\\${sep}(${langs.join('|')})\\${sep}([^\\${sep}]+)\\.md$`);

/** The folder, language and slug of a post or legal text, by its path in the content folder (`blog/es/x.md`); undefined for any other file. */
export function textFileAt(path: string): { folder: TextFolder; lang: Lang; slug: string } | undefined {
  const [, folder, lang, slug] = textFile.exec(path) ?? [];
  return folder ? { folder: folder as TextFolder, lang: lang as Lang, slug: slug! } : undefined;
}
