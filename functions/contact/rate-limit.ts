import type { RateLimiter } from './handle.ts';

/**
 * A sliding-window limit kept in memory: good for one process, best effort on serverless hosts
 * (each instance counts on its own). It remembers at most `maxKeys` visitors (a few hundred bytes
 * each); when more are within their window, the one seen longest ago is forgotten.
 */
export function memoryRateLimiter({
  limit,
  windowMs,
  maxKeys = 10_000,
  now = Date.now,
}: {
  limit: number;
  windowMs: number;
  maxKeys?: number;
  now?: () => number;
}): RateLimiter {
  /** Per visitor: when each counted attempt was made, and when the visitor was last let in. */
  const visitors = new Map<string, { times: number[]; seen: number }>();
  // Every time a visitor was let in, oldest first; one is stale once its visitor came again. Not
  // the Map's own order: V8 steps over the holes deletions leave at its front, O(n) per take.
  // Going by `seen` rather than the last counted attempt, an attempt given back changes nothing here.
  const queue: { key: string; at: number }[] = [];
  let head = 0;
  /** The visitor seen longest ago. */
  const oldest = () => {
    for (; head < queue.length; head++) if (visitors.get(queue[head]!.key)?.seen === queue[head]!.at) return queue[head]!;
    return undefined;
  };
  const forgetOldest = () => {
    visitors.delete(oldest()!.key);
    head++;
  };
  return {
    take(key) {
      const time = now();
      // Every counted attempt of a visitor is at or before `seen`: all have left the window with it.
      while ((oldest()?.at ?? Infinity) <= time - windowMs) forgetOldest();
      const recent = (visitors.get(key)?.times ?? []).filter((at) => at > time - windowMs);
      if (recent.length >= limit) return Math.ceil(((recent[0] ?? time) + windowMs - time) / 1000);
      if (!visitors.has(key) && visitors.size >= maxKeys) forgetOldest();
      visitors.set(key, { times: [...recent, time], seen: time });
      queue.push({ key, at: time });
      if (head > queue.length / 2) {
        queue.splice(0, head); // costs at most twice the attempts passed over since the last time
        head = 0;
      }
      return 0;
    },
    giveBack(key) {
      // The newest: of two sends under way, either may fail first, and the older one leaves the window sooner.
      visitors.get(key)?.times.pop();
    },
  };
}
