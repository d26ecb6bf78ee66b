import { readdir, readFile } from 'node:fs/promises';
import { basename, dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inDevServer } from '../../../../cli/commands/bench/dev-reload.ts';
import { editPostBody, fileEdit, firstPost, showsPostBodyEdit } from '../../../../cli/commands/bench/edits.ts';
import { copyContent } from '../../../helpers.ts';

/** Well above what dev takes to start or to rebuild here, and below the test's timeout: a miss then says what dev printed. */
const patience = 40_000;

/** The built pages of the workspace that contain `text`. */
async function pagesWith(workspace: string, text: string): Promise<string[]> {
  const dist = join(workspace, 'dist');
  const pages = (await readdir(dist, { recursive: true })).filter((file) => file.endsWith('.html'));
  const texts = await Promise.all(pages.map((file) => readFile(join(dist, file), 'utf8')));
  return pages.filter((_, i) => texts[i]!.includes(text));
}

describe("the bench's dev row", { timeout: 120_000 }, () => {
  it("times saves of the real site's first post until the dev server tells open pages to reload, the page showing each save", async () => {
    const workspace = dirname(await copyContent());
    const post = await firstPost(workspace);
    expect(relative(workspace, post.file)).toMatch(/^content\/blog\/es\/[^/]+\.md$/);
    const edit = { save: await fileEdit(post.file, editPostBody), shown: showsPostBodyEdit(post.page) };
    const runs = await inDevServer(workspace, edit, async (saveAndReload) => [await saveAndReload(), await saveAndReload()], patience);
    expect(runs).toHaveLength(2);
    for (const run of runs) expect(run.seconds).toBeGreaterThan(0);
    // The first save, not timed, is "edición 0"; the timed ones 1 and 2.
    expect(await pagesWith(workspace, '(edición 2).')).toEqual([relative(join(workspace, 'dist'), post.page)]);
  });

  it('fails with what the dev server reported when a save breaks the content', async () => {
    const workspace = dirname(await copyContent());
    const post = await firstPost(workspace);
    const save = await fileEdit(post.file, (text, n) => (n === 0 ? editPostBody(text, n) : text.replace('title:', 'titel:')));
    const timed = inDevServer(workspace, { save, shown: showsPostBodyEdit(post.page) }, (saveAndReload) => saveAndReload(), patience);
    await expect(timed).rejects.toThrow(new RegExp(`sitegen dev could not rebuild:\n.*${basename(post.file)}.*title`, 's'));
  });
});
