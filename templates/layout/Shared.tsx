import type { ReactElement } from 'react';
import { usePage } from '../context.tsx';

/**
 * A part of the layout that many pages show alike (header navigation, footer, cookie banner):
 * rendered once per language and `state`, then reused, as Hugo's partialCached is. Only the layout
 * uses it: the components inside never know. `state` names everything the part shows that differs
 * between pages of one language; without a memo (PageData.shared) the part renders in place.
 */
export function Shared({ name, state = '', children }: { name: string; state?: string; children: ReactElement }) {
  const { lang, shared } = usePage();
  return shared ? shared(`${name}:${lang}:${state}`, children) : children;
}
