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
  const attempts = new Map<string, number[]>();
  // Every counted attempt, oldest first; one is stale once its visitor has made a newer one. Not
  // the Map's own order: V8 steps over the holes deletions leave at its front, O(n) per take.
  const queue: { key: string; at: number }[] = [];
  let head = 0;
  /** The last attempt of the visitor seen longest ago. */
  const oldest = () => {
    for (; head < queue.length; head++) if (attempts.get(queue[head]!.key)?.at(-1) === queue[head]!.at) return queue[head]!;
    return undefined;
  };
  const forgetOldest = () => {
    attempts.delete(oldest()!.key);
    head++;
  };
  return {
    take(key) {
      const time = now();
      while ((oldest()?.at ?? Infinity) <= time - windowMs) forgetOldest();
      const recent = (attempts.get(key) ?? []).filter((at) => at > time - windowMs);
      if (recent.length >= limit) return Math.ceil(((recent[0] ?? time) + windowMs - time) / 1000);
      if (!attempts.has(key) && attempts.size >= maxKeys) forgetOldest();
      attempts.set(key, [...recent, time]);
      queue.push({ key, at: time });
      if (head > queue.length / 2) {
        queue.splice(0, head); // costs at most twice the attempts passed over since the last time
        head = 0;
      }
      return 0;
    },
  };
}
