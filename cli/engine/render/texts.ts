// The model from the content: every post and legal text given its HTML, each job its bodies. A memo
// (the build's Markdown cache, engine/incremental/markdown-cache.ts) may be asked first for texts
// rendered before; render knows it only by the questions below.
import type { Content, LegalPage, MarkdownPage, Post, ProjectPage, ProjectSource, SiteModel } from '../../site/model.ts';
import { ContentError, type ContentIssue } from '../../site/issues.ts';
import type { Lang } from '../../site/lang.ts';
import type { MarkdownText } from '../load/content.ts';
import { copySource, sourceOf } from '../load/page-sources.ts';
import type { MarkdownBatch, RenderedBatch } from './markdown-batch.ts';

/** What renderMarkdown asks of a memo of rendered texts, by the hash of their source. */
export interface TextMemo {
  has(hash: string): boolean;
  /** The HTML of `hash`; `render` makes it when the memo cannot give it after all (a damaged file). */
  get(hash: string, render: () => string): string;
  /** Remembers the HTML of `hash`, with the pack file its batch was kept in, if any. */
  set(hash: string, html: string, pack?: string): void;
  /** Forgets every text whose hash is not in `hashes`. */
  keepOnly(hashes: ReadonlySet<string>): void;
  /** The texts in batches to render, each with the pack file its renderer keeps their HTML in, if any. */
  batches<T extends { hash: string }>(texts: T[]): { texts: T[]; pack?: string }[];
  /** Each loaded page given its HTML, so that an unchanged page is given it once (withHtml's memo). */
  readonly pages: WeakMap<object, Post | LegalPage>;
}

/** Texts sent to render before renderMarkdown was called, as the content loaded (MarkdownAhead). */
export interface TextsAhead {
  flush(): void;
  take(hash: string): Promise<{ html: string; pack?: string; issues: ContentIssue[] }> | undefined;
}

/** A memo of this run only: every text rendered in one batch, nothing kept. */
function memoOfThisRun(): TextMemo {
  const html = new Map<string, string>();
  return {
    has: (hash) => html.has(hash),
    get: (hash, render) => html.get(hash) ?? render(),
    set: (hash, text) => void html.set(hash, text),
    keepOnly: () => {},
    batches: (texts) => (texts.length ? [{ texts }] : []),
    pages: new WeakMap(),
  };
}

/**
 * Renders Markdown: batches of texts at once, e.g. across worker threads, keeping each batch in
 * its pack (see renderBatch in markdown.ts); and one text at once, for one found unreadable and
 * for jobs. `ahead` holds texts sent to render while the content loaded; `rendering` is told how
 * many texts the build then waits for.
 */
export interface MarkdownRenderer {
  many: (batches: MarkdownBatch[]) => Promise<RenderedBatch[]>;
  one: (text: MarkdownText) => { html: string; issues: ContentIssue[] };
  ahead?: TextsAhead;
  rendering?: (count: number) => void;
}

/** A post or legal text as the renderer takes it. */
const textOf = (page: MarkdownPage): MarkdownText => {
  const { hash, bodyAt, words } = sourceOf(page);
  return { hash, markdown: page.markdown, lang: page.lang, words, ...bodyAt };
};
const hashOf = (page: object) => sourceOf(page).hash;

/**
 * The content with every post and legal text given its HTML, read from `memo` when a page shows
 * it (without one, from this run's renders). What the memo lacks is rendered (all at once, by `render`) and added to it; what it holds
 * for no page any more is dropped. The model is returned at once, so that routes and the plan of
 * pages can be made while the texts render; their HTML can be read once `rendered` resolves. It
 * fails with every text's problems (Markdown left as text) at once, and then the memo keeps none
 * of the texts, so that the next build reports them again.
 */
export function renderMarkdown(
  content: Content,
  render: MarkdownRenderer,
  memo: TextMemo = memoOfThisRun(),
): { model: SiteModel; rendered: Promise<void> } {
  const pages = [...Object.values(content.posts).flat(), ...Object.values(content.legal).flat()];
  memo.keepOnly(new Set(pages.map(hashOf)));
  render.ahead?.flush();
  const missing = new Map(pages.filter((p) => !memo.has(hashOf(p))).map((p) => [hashOf(p), p]));
  const early = [...missing.keys()].flatMap((hash) => {
    const html = render.ahead?.take(hash);
    return html ? [{ hash, html }] : [];
  });
  for (const { hash } of early) missing.delete(hash);
  const batches = memo.batches([...missing.values()].map(textOf));
  render.rendering?.(early.length + missing.size);
  const state = { done: false };
  const projectIssues: ContentIssue[] = [];
  const projects = withBodies(content.projects, content.site.languages, (project, lang) => {
    const words = content.strings[lang]!.markdown;
    const { html, issues } = render.one({ hash: '', markdown: project[lang]!.body, lang, words, file: project.file, line: 1 });
    // A job's text lies inside its YAML file: the line is the text's own.
    for (const { line, message, code, hint } of issues)
      projectIssues.push({ file: project.file, message: `${lang}.body, line ${line}: ${message}`, code, hint });
    return html;
  });
  const rendered = Promise.all([render.many(batches), Promise.all(early.map((e) => e.html))]).then(([texts, earlier]) => {
    const issues = [...texts.flatMap((batch) => batch.issues), ...earlier.flatMap((text) => text.issues), ...projectIssues];
    if (issues.length > 0) throw new ContentError(issues);
    batches.forEach(({ texts: batch, pack }, b) => batch.forEach(({ hash }, i) => memo.set(hash, texts[b]!.html[i]!, pack)));
    early.forEach(({ hash }, i) => memo.set(hash, earlier[i]!.html, earlier[i]!.pack));
    state.done = true;
  });
  const model = withHtml(content, htmlIn(memo, render.one, state), { lazy: true, memo: memo.pages });
  return { model: { ...model, projects }, rendered };
}

/**
 * A page's HTML from `memo`, once `state` says the texts are rendered (read before, the memo would
 * render the text again on this thread). Made apart from renderMarkdown so that it holds nothing of
 * the build: a dev session's pages keep it, and one that held the build held, through its options,
 * the build before it.
 */
function htmlIn(memo: TextMemo, one: MarkdownRenderer['one'], state: { done: boolean }) {
  return (page: Content['posts'][Lang][number] | Content['legal'][Lang][number]) => {
    if (!state.done) throw new Error(`the HTML of ${page.lang}/${page.slug} was read before its Markdown was rendered`);
    return memo.get(hashOf(page), () => one(textOf(page)).html);
  };
}

/** Finished jobs with their bodies rendered in each language they have: a few short texts, rendered each build. */
export const withBodies = (
  projects: readonly ProjectSource[],
  languages: readonly Lang[],
  html: (project: ProjectSource, lang: Lang) => string,
): ProjectPage[] =>
  projects.map((project) => {
    const { file: _, ...rest } = project;
    const bodies = languages.flatMap((lang) => (project[lang] ? [[lang, html(project, lang)] as const] : []));
    return { ...rest, html: Object.fromEntries(bodies) } as ProjectPage;
  });

type Pages<P> = Record<Lang, P[]>;

/**
 * Posts and legal texts, from the content or a model, given their HTML by `html`: when first read
 * with `lazy`, at once otherwise. A content page's body is not enumerable (load/content.ts), so that
 * copying the page, as this does, does not read it.
 */
export function withHtml<C extends { posts: Pages<object>; legal: Pages<object> }>(
  content: C,
  html: (page: C['posts'][Lang][number] | C['legal'][Lang][number]) => string,
  { lazy = false, memo }: { lazy?: boolean; memo?: WeakMap<object, Post | LegalPage> } = {},
): Omit<C, 'posts' | 'legal'> & Pick<SiteModel, 'posts' | 'legal'> {
  const apply = <P extends object>(page: P) => {
    let given = memo?.get(page);
    if (!given) {
      given = (lazy
        ? Object.defineProperty({ ...page }, 'html', { get: () => html(page), enumerable: true })
        : { ...page, html: html(page) }) as unknown as Post & LegalPage;
      copySource(page, given);
      memo?.set(page, given);
    }
    return given as Post & LegalPage;
  };
  const each = (pages: Pages<object>) => Object.fromEntries(Object.entries(pages).map(([lang, list]) => [lang, list.map(apply)]));
  return { ...content, posts: each(content.posts), legal: each(content.legal) };
}
