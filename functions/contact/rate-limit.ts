import type { RateLimiter } from './handle.ts';

/**
 * A sliding-window limit kept in memory: good for one process, best effort on serverless hosts
 * (each instance counts on its own).
 */
export function memoryRateLimiter({ limit, windowMs, now = Date.now }: { limit: number; windowMs: number; now?: () => number }): RateLimiter {
  const attempts = new Map<string, number[]>();
  return {
    take(key) {
      const time = now();
      const recent = (attempts.get(key) ?? []).filter((at) => at > time - windowMs);
      if (recent.length >= limit) return Math.ceil(((recent[0] ?? time) + windowMs - time) / 1000);
      attempts.set(key, [...recent, time]);
      // Forget visitors whose window has passed, so the map cannot grow without bound.
      if (attempts.size > 10_000) for (const [k, list] of attempts) if (list.at(-1)! <= time - windowMs) attempts.delete(k);
      return 0;
    },
  };
}
