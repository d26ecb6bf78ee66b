import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isScalar, parseDocument } from 'yaml';
import { loadModelWithoutHtml } from '../../engine/model.ts';
import { sourceOf } from '../../engine/load/page-sources.ts';
import { outputFile, RouteMap } from '../../site/routes.ts';

export type Change = (text: string, run: number) => string;

/**
 * An edit of one file that differs per run and always starts from the original text, so each run
 * of a series is a real change of the same size.
 */
export async function fileEdit(path: string, change: Change): Promise<(run: number) => Promise<void>> {
  const original = await readFile(path, 'utf8');
  return async (run) => {
    const text = change(original, run);
    if (text === original)
      throw new Error(`the bench's edit of ${path} changed nothing; has the file's format changed? See cli/commands/bench/edits.ts`);
    await writeFile(path, text);
  };
}

/** Names this bench's edits apart from an earlier bench's, whose compiled templates may still be kept. */
const benchRun = Date.now().toString(36);

/** What editPostBody adds to the first sentence of a post's body on run `run`. */
const postBodyMark = (run: number) => `(edición ${run})`;

/** Changes the first sentence of a Markdown post's body (after the front matter). */
export const editPostBody: Change = (text, run) => {
  const bodyStart = text.indexOf('\n---\n', 3) + 5;
  return text.slice(0, bodyStart) + text.slice(bodyStart).replace(/\.(\s)/, ` ${postBodyMark(run)}.$1`);
};

/** Whether the built page file `page` shows run `run` of editPostBody. */
export const showsPostBodyEdit = (page: string) => async (run: number) => (await readFile(page, 'utf8')).includes(postBodyMark(run));

/**
 * The first post in the first language of the workspace `dir` (content/ and dist/ in it), as its
 * routes order them: its Markdown file, and the page file a build makes of it.
 */
export async function firstPost(dir: string): Promise<{ file: string; page: string }> {
  const routes = new RouteMap(await loadModelWithoutHtml(join(dir, 'content')));
  const [route] = routes.byFamily('post', routes.languages[0]);
  if (!route) throw new Error(`${join(dir, 'content')} has no post in its first language for the bench to edit`);
  return { file: sourceOf(route.post).bodyAt.file, page: join(dir, 'dist', outputFile(route.path)) };
}

/**
 * Adds a post on run `run`, as the company adds one: in both languages, dated today, so that it
 * heads the blog's lists. It is the synthetic post-0 under new slugs.
 */
export function addPost(blog: string): (run: number) => Promise<void> {
  return async (run) => {
    const today = new Date().toISOString().slice(0, 10);
    const slugs = { es: `nueva-${benchRun}-${run}`, en: `new-${benchRun}-${run}` };
    for (const [lang, other, source] of [
      ['es', 'en', 'post-0.md'],
      ['en', 'es', 'post-0-en.md'],
    ] as const) {
      const text = (await readFile(join(blog, lang, source), 'utf8'))
        .replace(/^slug: .*$/m, `slug: "${slugs[lang]}"`)
        .replace(/^counterpart: .*$/m, `counterpart: "${slugs[other]}"`)
        .replace(/^date: .*$/m, `date: "${today}"`);
      await writeFile(join(blog, lang, `${slugs[lang]}.md`), text);
    }
  };
}

/** Changes the Spanish description of the first locality of localities.yaml. */
export const editLocality: Change = (text, run) => {
  const doc = parseDocument(text);
  const description = doc.getIn(['localities', 0, 'es', 'description'], true);
  if (!isScalar(description) || typeof description.value !== 'string') return text;
  description.value = `${description.value} Edición ${run}.`;
  return doc.toString();
};

/**
 * Adds a class without styles (so the CSS stays the same) to the first element of a template: a
 * text no earlier run compiled, as a maintainer's edit is. With the same class each time, a bench
 * found the templates compiled by the one before it, and timed 1.2 s instead of 2.9 s.
 */
export const editTemplate: Change = (text, run) => text.replace('className="', `className="bench-edit-${benchRun}-${run} `);
