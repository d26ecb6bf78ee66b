import { describe, expect, it } from 'vitest';
import type { Manifest } from '../../../cli/engine/incremental/cache.ts';
import { planner } from '../../../cli/engine/incremental/plan.ts';

/** A previous build's manifest: keys k0…k<n>, hash "old" each; pages by file with the key indexes they read. */
function previousManifest(keys: number, pages: Record<string, number[]>): Manifest {
  const names = Array.from({ length: keys }, (_, i) => `k${i}`);
  return {
    version: 'v',
    keys: names,
    hashes: names.map(() => 'old'),
    pages: new Map(Object.entries(pages).map(([file, deps]) => [file, { base: 'b', deps: Uint32Array.from(deps) }])),
    outputs: new Map(),
  };
}

const targets = (files: string[]) => files.map((file) => ({ item: file, file, base: 'b' }));

describe('planning a build against the previous one', () => {
  const pages = { 'a.html': [1, 12, 123], 'b.html': [2, 21], 'c.html': [], 'd.html': [12] };
  const files = Object.keys(pages);
  const stale = (changed: number[], intact = files) => {
    const hashOf = (key: string) => (changed.includes(Number(key.slice(1))) ? 'new' : 'old');
    return planner(hashOf, { manifest: previousManifest(200, pages), intact: new Set(intact) })(targets(files)).stale;
  };

  it('keeps every page when no key changed', () => {
    expect(stale([])).toEqual([]);
  });

  it('renders again the pages that read a changed key', () => {
    expect(stale([12])).toEqual(['a.html', 'd.html']);
    expect(stale([2])).toEqual(['b.html']);
    expect(stale([3, 23])).toEqual([]);
    expect(stale([123])).toEqual(['a.html']);
    expect(stale([1, 2, 3, 4, 5, 6])).toEqual(['a.html', 'b.html']);
  });

  it('renders again a page whose file the output folder lost, or that has no record', () => {
    expect(stale([], ['a.html', 'b.html'])).toEqual(['c.html', 'd.html']);
    const plan = planner(() => 'old', { manifest: previousManifest(200, pages), intact: new Set(files) })(targets(['new.html']));
    expect(plan.stale).toEqual(['new.html']);
  });
});
