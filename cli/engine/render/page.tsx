import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { HelmetProvider } from 'react-helmet-async';
import { Document } from '../../../templates/layout/Document.tsx';
import { PageProvider, type PageData } from '../../../templates/context.tsx';

/** The attribute of an island's wrapper (templates/islands/Island.tsx), with its name. */
const island = /data-island="(\w+)"/g;

/** The HTML of the layout's shared part under `key` (templates/layout/Shared.tsx), made by `render` when the memo lacks it. */
export type PartMemo = (key: string, render: () => string) => string;

/** What stands in a page for a shared part until the part's HTML replaces it. */
const marker = '<sitegen-part></sitegen-part>';

/** Renders one route to a complete HTML document, with the layout's shared parts from `memo`. */
export function renderPage(data: PageData, memo?: PartMemo): string {
  const parts: { key: string; part: ReactElement }[] = [];
  const shared = memo && ((key: string, part: ReactElement) => (parts.push({ key, part }), createElement('sitegen-part')));
  let html = renderToStaticMarkup(
    <HelmetProvider>
      <PageProvider value={{ ...data, shared }}>
        <Document />
      </PageProvider>
    </HelmetProvider>,
  );
  if (memo && parts.length > 0) {
    const pieces = html.split(marker);
    const render = (part: ReactElement) => () => renderToStaticMarkup(<PageProvider value={data}>{part}</PageProvider>);
    html = pieces[0]! + parts.map(({ key, part }, i) => memo(key, render(part)) + pieces[i + 1]!).join('');
  }
  return `<!DOCTYPE html>${html.replace('</head>', `${preloads(islandsIn(html), data.assets.islands)}</head>`)}`;
}

/** The islands a page shows, in the order it shows them. */
const islandsIn = (html: string) => new Set(Array.from(html.matchAll(island), (m) => m[1]!));

/** Module preloads for the chunks of the islands this page has, so they load in parallel. */
function preloads(names: Set<string>, islands: Record<string, string[]>): string {
  const chunks = new Set([...names].flatMap((name) => islands[name] ?? []));
  return [...chunks].map((href) => `<link rel="modulepreload" href="${href}"/>`).join('');
}
