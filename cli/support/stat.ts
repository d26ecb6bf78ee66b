import { statSync, type Stats } from 'node:fs';

/**
 * A file's stats, or undefined when there is no such file (or a parent is not a folder).
 * Synchronous: for thousands of small files a sixth of the time of promises.
 */
export function statIfAny(path: string): Stats | undefined {
  try {
    return statSync(path, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}
