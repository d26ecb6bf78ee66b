/**
 * Runs `task` once changes have been quiet for `quietMs` (an editor's save is a burst of events),
 * never two runs at once: changes that arrive during a run are gathered into one more run after it.
 * `task` must not reject; it reports its own failures.
 */
export function rebuildQueue(task: (changed: string[]) => Promise<void>, quietMs = 10) {
  let changed = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const run = () => {
    timer = undefined;
    if (running || changed.size === 0) return;
    const batch = [...changed];
    changed = new Set();
    running = task(batch).finally(() => {
      running = undefined;
      if (!timer) run(); // changes that settled during the run
    });
  };

  return {
    add(file: string): void {
      changed.add(file);
      clearTimeout(timer);
      timer = setTimeout(run, quietMs);
    },
    /** Drops changes not yet built and waits for the running build, so nothing is left half-written. */
    async stop(): Promise<void> {
      clearTimeout(timer);
      timer = undefined;
      changed.clear();
      await running;
    },
  };
}
