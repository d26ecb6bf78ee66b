import { langs } from '../../site/lang.ts';
import type { Content, LegalPage, Post, SiteModel } from '../../site/model.ts';
import { RouteMap } from '../../site/routes.ts';
import { indexModel, patchIndex, type Entities } from './tracking.ts';

/** What a dev session keeps of its last good build, for the next one to start from. */
export interface LastBuild {
  content: Content;
  model: SiteModel;
  routes: RouteMap;
  index: Entities;
}

/**
 * The route map and dependency index of `model`: made from `last`'s when the content differs from
 * its only by posts and legal texts with the same front matter (load/content.ts reloadBodies), as
 * after an edit of a post's text in dev, and afresh otherwise. Routes and index read only front
 * matter but for each page's body hash, so nothing else can have changed: 4,000 posts are not
 * indexed again for one edit.
 */
export function routesAndIndex(
  content: Content,
  model: SiteModel,
  last?: LastBuild,
): { model: SiteModel; routes: RouteMap; index: Entities } {
  const edits = last && bodyEdits(last, content, model);
  if (!last || !edits) {
    const routes = new RouteMap(model);
    return { model, routes, index: indexModel(model, routes) };
  }
  return {
    // The same jobs, whose bodies rendered again give the same HTML: the index knows these objects.
    model: { ...model, projects: last.model.projects },
    routes: last.routes.withPages(edits.pages),
    index: patchIndex(last.index, edits.pages, edits.lists),
  };
}

/** The posts and legal texts of `model` that replace `last`'s, and the lists that hold them; undefined if anything else differs. */
function bodyEdits(last: LastBuild, content: Content, model: SiteModel) {
  const fields = Object.keys(content) as (keyof Content)[];
  if (fields.some((field) => field !== 'posts' && field !== 'legal' && content[field] !== last.content[field])) return undefined;
  const pages = new Map<Post | LegalPage, Post | LegalPage>();
  const lists = new Map<object, object>();
  for (const kind of ['posts', 'legal'] as const) {
    for (const lang of langs) {
      const before: (Post | LegalPage)[] = last.model[kind][lang];
      const now: (Post | LegalPage)[] = model[kind][lang];
      if (before.length !== now.length) return undefined;
      if (before !== now) lists.set(before, now);
      for (let i = 0; i < now.length; i++) {
        const [was, is] = [before[i]!, now[i]!];
        if (was === is) continue;
        if (was.lang !== is.lang || was.slug !== is.slug || was.frontMatterHash !== is.frontMatterHash) return undefined;
        pages.set(was, is);
      }
    }
  }
  return { pages, lists };
}
