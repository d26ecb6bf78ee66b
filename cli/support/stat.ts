import { lstatSync, realpathSync, statSync, type Stats } from 'node:fs';
import { isAbsolute, relative } from 'node:path';

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

/**
 * Where `path` leads when it is a link that must not be read: one outside the folder `root` (it
 * would publish whatever it points at), or to nothing (`target` undefined); undefined when it may be read.
 */
export function outsideLink(root: string, path: string): { target?: string } | undefined {
  if (!lstatSync(path, { throwIfNoEntry: false })?.isSymbolicLink()) return undefined;
  let target: string;
  try {
    target = realpathSync(path);
  } catch {
    return {};
  }
  const inside = relative(realpathSync(root), target);
  return inside.startsWith('..') || isAbsolute(inside) ? { target } : undefined;
}
