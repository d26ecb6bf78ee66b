import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { watchFolders } from '../../../../cli/commands/dev/watch.ts';
import { scratchDir } from '../../../helpers.ts';

/** Resolves once `count` reports of `file` have come, or after `ms` with those that came. */
function reportsOf(reports: string[], file: string, count: number, ms: number): Promise<number> {
  const started = Date.now();
  return new Promise((resolve) => {
    const look = () => {
      const seen = reports.filter((path) => path === file).length;
      if (seen >= count || Date.now() - started > ms) resolve(seen);
      else setTimeout(look, 5);
    };
    look();
  });
}

/** Watches `dir` as dev does: every file reported goes to `reports`, a failure as 'error'. */
async function watching(dir: string): Promise<{ reports: string[]; unwatch: () => Promise<void> }> {
  const reports: string[] = [];
  const unwatch = await watchFolders(
    [dir],
    (path) => reports.push(path),
    () => reports.push('error'),
  );
  return { reports, unwatch };
}

describe("dev's watcher", () => {
  it('reports a second save of a file that comes right after the first, which chokidar alone drops', async () => {
    const dir = await scratchDir('watch-');
    const file = join(dir, 'post.md');
    await writeFile(file, 'first');
    const { reports, unwatch } = await watching(dir);
    try {
      await writeFile(file, 'second');
      expect(await reportsOf(reports, file, 1, 5_000)).toBe(1);
      // As a save right after a rebuild that took less than 50 ms (dev waits 10 ms of quiet
      // before it rebuilds): chokidar throttles it away.
      await new Promise((resolve) => setTimeout(resolve, 15));
      await writeFile(file, 'the third, longer');
      expect(await reportsOf(reports, file, 2, 2_000)).toBeGreaterThanOrEqual(2);
      expect(reports).not.toContain('error');
    } finally {
      await unwatch();
    }
  });

  it('does not follow a link out of the folder: nothing under it is watched', async () => {
    const dir = await scratchDir('watch-');
    const outside = await scratchDir('outside-');
    await mkdir(join(outside, 'node_modules'));
    await symlink(outside, join(dir, 'linkrepo'));
    const { reports, unwatch } = await watching(dir);
    try {
      await writeFile(join(outside, 'node_modules', 'index.js'), 'outside');
      await writeFile(join(dir, 'post.md'), 'inside');
      // Reports come in the order of the changes: once the second is in, the first would be too.
      expect(await reportsOf(reports, join(dir, 'post.md'), 1, 5_000)).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 300));
      // The link itself may be reported (its target's own entries changed), never a file through it.
      expect(reports.filter((path) => path.startsWith(`${join(dir, 'linkrepo')}/`))).toEqual([]);
      expect(reports).not.toContain('error');
    } finally {
      await unwatch();
    }
  });
});
