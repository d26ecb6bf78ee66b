import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { loadModel } from '../../../../cli/engine/model.ts';
import type { SiteModel } from '../../../../cli/site/model.ts';
import { RouteMap } from '../../../../cli/site/routes.ts';

export const fixtureDir = fileURLToPath(new URL('../../../fixtures/minimal-site', import.meta.url));
const contentDir = fileURLToPath(new URL('../../../../content', import.meta.url));

/**
 * The outputs are checked against the real content (the site as published) and the minimal
 * fixture (a small site whose post title needs XML escaping).
 */
export const contentSets = [
  { name: 'real content', dir: contentDir },
  { name: 'minimal fixture', dir: fixtureDir },
] as const;

/** The languages a content folder's site.yaml lists, the default first: read before it loads, to name tests per language. */
export const languagesIn = (dir: string): string[] =>
  (parse(readFileSync(join(dir, 'site.yaml'), 'utf8')) as { languages: string[] }).languages;

export interface Site {
  model: SiteModel;
  routes: RouteMap;
}

const loaded = new Map<string, Promise<Site>>();

/** A content folder loaded and routed the way the build does it, once per test file. */
export function loadSite(dir: string): Promise<Site> {
  if (!loaded.has(dir))
    loaded.set(
      dir,
      loadModel(dir).then((model) => ({ model, routes: new RouteMap(model) })),
    );
  return loaded.get(dir)!;
}
