import { changedKeys, readsAny, type Manifest, type PageRecord } from './cache.ts';

export interface Plan<T> {
  /** Outputs to make again. */
  stale: T[];
  /** Files the output folder keeps as they are. */
  kept: Set<string>;
  /** For each kept file, its record from the previous build, for the next one. */
  records: Map<string, PageRecord>;
}

/** An output the build tracks: a page, or a file made from the model (write/site-files.ts). */
export interface Target<T> {
  item: T;
  file: string;
  /** Hash of what makes it besides the model: template family, assets, tool version. */
  base: string;
}

/**
 * Which outputs must be made again. One is fresh, and kept, when the output folder still holds the
 * file the previous build wrote for it (`intact`), its `base` is unchanged, and none of the
 * dependency keys it read changed hash. Without a previous build every output is stale.
 */
export function planner(hashOf: (key: string) => string, previous?: { manifest?: Manifest; intact: ReadonlySet<string> }) {
  const manifest = previous?.manifest;
  const readsChanged = readsAny(manifest ? changedKeys(manifest, hashOf) : new Set());
  return <T>(targets: Iterable<Target<T>>): Plan<T> => {
    const plan: Plan<T> = { stale: [], kept: new Set(), records: new Map() };
    for (const { item, file, base } of targets) {
      const record = manifest?.pages.get(file);
      if (record && previous?.intact.has(file) && record.base === base && !readsChanged(record.deps)) {
        plan.kept.add(file);
        plan.records.set(file, { base, previous: record });
      } else {
        plan.stale.push(item);
      }
    }
    return plan;
  };
}
