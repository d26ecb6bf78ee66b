import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rebuildQueue } from '../../../../cli/commands/dev/schedule.ts';

/** A build that runs until the test finishes it, recording what it was asked to rebuild. */
function fakeBuild() {
  const runs: { changed: string[]; finish: () => void }[] = [];
  let active = 0;
  let mostAtOnce = 0;
  const task = (changed: string[]) =>
    new Promise<void>((finish) => {
      active++;
      mostAtOnce = Math.max(mostAtOnce, active);
      runs.push({ changed, finish: () => (active--, finish()) });
    });
  return { task, runs, mostAtOnce: () => mostAtOnce };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('rebuild queue', () => {
  it('builds once for a burst of changes, when they have been quiet for 50 ms', async () => {
    const build = fakeBuild();
    const queue = rebuildQueue(build.task, 50);
    for (const file of ['a.yaml', 'b.yaml', 'a.yaml']) {
      queue.add(file);
      await vi.advanceTimersByTimeAsync(30);
    }
    await vi.advanceTimersByTimeAsync(19);
    expect(build.runs).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(build.runs.map((run) => run.changed)).toEqual([['a.yaml', 'b.yaml']]);
  });

  it('never runs two builds at once: changes during a build make exactly one more, after it', async () => {
    const build = fakeBuild();
    const queue = rebuildQueue(build.task, 50);
    queue.add('a.yaml');
    await vi.advanceTimersByTimeAsync(50);
    queue.add('b.yaml');
    await vi.advanceTimersByTimeAsync(200);
    queue.add('c.md');
    await vi.advanceTimersByTimeAsync(200);
    expect(build.runs).toHaveLength(1);

    build.runs[0]!.finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(build.runs.map((run) => run.changed)).toEqual([['a.yaml'], ['b.yaml', 'c.md']]);
    build.runs[1]!.finish();
    await vi.advanceTimersByTimeAsync(1000);
    expect(build.runs).toHaveLength(2);
    expect(build.mostAtOnce()).toBe(1);
  });

  it('stop waits for the running build and drops changes not built yet', async () => {
    const build = fakeBuild();
    const queue = rebuildQueue(build.task, 50);
    queue.add('a.yaml');
    await vi.advanceTimersByTimeAsync(50);
    queue.add('b.yaml');
    let stopped = false;
    const stopping = queue.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(100);
    expect(stopped).toBe(false);
    build.runs[0]!.finish();
    await stopping;
    await vi.advanceTimersByTimeAsync(1000);
    expect(build.runs).toHaveLength(1);
  });
});
