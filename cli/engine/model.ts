// The model for commands that render or inspect the site outside a build.
import type { SiteModel } from '../site/model.ts';
import { loadContent } from './content.ts';
import type { LoadOptions } from './load/content.ts';
import type { MarkdownBatch } from './render/markdown-batch.ts';
import { renderMarkdown, withBodies, withHtml } from './render/texts.ts';

/** Loads the content folder and renders its Markdown: the model the templates render from. */
export async function loadModel(contentDir: string, options: LoadOptions = {}): Promise<SiteModel> {
  // Loaded here, not with this module: most commands never render Markdown in this thread.
  const { renderBatch, renderText } = await import('./render/markdown.ts');
  const many = async (batches: MarkdownBatch[]) => batches.map(renderBatch);
  const { model, rendered } = renderMarkdown(await loadContent(contentDir, options), { many, one: renderText });
  await rendered;
  return model;
}

/**
 * The model with empty HTML for every post and legal text: for commands that need the route map
 * and the site's settings but never show a page's body (check-links, size, audit), without
 * rendering thousands of Markdown texts.
 */
export async function loadModelWithoutHtml(contentDir: string): Promise<SiteModel> {
  const content = await loadContent(contentDir);
  return { ...withHtml(content, () => ''), projects: withBodies(content.projects, content.site.languages, () => '') };
}
