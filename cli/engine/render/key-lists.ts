// How a page's dependency keys travel from the render code to the manifest (cache.ts manifestOf).
/**
 * The dependency keys a page read, as indexes into `keys`: a table that the pages rendered together
 * share. A page reads some eighty keys, most of them the same on every page, so that a batch's
 * pages look each key up once, in a render worker and again in the manifest (manifestOf).
 */
export interface KeyList {
  keys: readonly string[];
  at: readonly number[];
}

/** Each of `reads`, the keys of one page, as a list into one table for them all. */
export function keyLists(reads: readonly Iterable<string>[]): KeyList[] {
  const keys: string[] = [];
  const indexOf = indexer(keys);
  return reads.map((read) => ({ keys, at: Array.from(read, indexOf) }));
}

/** A key's index in `keys`, where a key not in `index` yet is added at the end. */
export function indexer(keys: string[], index = new Map<string, number>()): (key: string) => number {
  return (key) => {
    let i = index.get(key);
    if (i === undefined) index.set(key, (i = keys.push(key) - 1));
    return i;
  };
}
