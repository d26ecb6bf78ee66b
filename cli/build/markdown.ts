import { remark } from 'remark';
import remarkHtml from 'remark-html';
import type { Content, LegalSource, PostSource, SiteModel } from './model.ts';

const processor = remark().use(remarkHtml);

/** Markdown to sanitised HTML. */
export async function markdownToHtml(markdown: string): Promise<string> {
  return String(await processor.process(markdown));
}

/** Renders many Markdown sources at once, e.g. across worker threads. */
export type MarkdownRenderer = (sources: string[]) => Promise<string[]>;

const inProcess: MarkdownRenderer = (sources) => Promise.all(sources.map(markdownToHtml));

/**
 * The content with every post and legal text rendered to HTML. `cache` maps a page's source
 * hash to its HTML; what it lacks is rendered and added to it.
 */
export async function renderMarkdown(content: Content, cache = new Map<string, string>(), render = inProcess): Promise<SiteModel> {
  const pages = [...Object.values(content.posts).flat(), ...Object.values(content.legal).flat()];
  const sources = new Map(pages.map((p) => [p.sourceHash, p.markdown]));
  for (const hash of cache.keys()) if (!sources.has(hash)) cache.delete(hash); // keep the cache to what exists
  const missing = [...sources].filter(([hash]) => !cache.has(hash));
  const rendered = await render(missing.map(([, markdown]) => markdown));
  missing.forEach(([hash], i) => cache.set(hash, rendered[i]!));
  return withHtml(content, (page) => ({ html: cache.get(page.sourceHash)! }));
}

/** The content with each post and legal text given its HTML, and whatever else `patch` sets. */
export function withHtml(content: Content, patch: (page: PostSource | LegalSource) => { html: string; markdown?: string }): SiteModel {
  const apply = <T extends PostSource | LegalSource>(page: T) => ({ ...page, ...patch(page) });
  return {
    ...content,
    posts: { es: content.posts.es.map(apply), en: content.posts.en.map(apply) },
    legal: { es: content.legal.es.map(apply), en: content.legal.en.map(apply) },
  };
}
