import type { Route } from '../../site/routes.ts';
import { outputFile } from '../../site/routes.ts';
import { changedKeys, readAny, type Manifest, type PageRecord } from './cache.ts';

export interface Plan {
  /** Pages to render. */
  stale: Route[];
  /** Page files the output folder keeps as they are. */
  kept: Set<string>;
  /** For each kept page, its record from the previous build, for the next one. */
  records: Record<string, PageRecord>;
}

/**
 * Which pages must be rendered again. A page is fresh, and kept, when the output folder still
 * holds the file the previous build wrote for it (`intact`), its template family, assets and tool
 * version hash (`base`) are unchanged, and none of the dependency keys it read changed hash.
 * Without a previous build every page is stale.
 */
export function planPages(
  routes: readonly Route[],
  base: (route: Route) => string,
  hashOf: (key: string) => string,
  previous?: { manifest?: Manifest; intact: ReadonlySet<string> },
): Plan {
  const plan: Plan = { stale: [], kept: new Set(), records: {} };
  const manifest = previous?.manifest;
  const changed = manifest ? changedKeys(manifest, hashOf) : new Set<number>();
  for (const route of routes) {
    const file = outputFile(route.path);
    const record = manifest?.pages[file];
    if (record && previous?.intact.has(file) && record.base === base(route) && !readAny(manifest!, file, changed)) {
      plan.kept.add(file);
      plan.records[file] = { base: record.base, previous: record };
    } else {
      plan.stale.push(route);
    }
  }
  return plan;
}
