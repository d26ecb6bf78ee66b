import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { HelmetProvider } from 'react-helmet-async';
import { Document } from '../../../templates/layout/Document.tsx';
import { normalizeHtml } from './html.ts';
import { PageProvider, PartsProvider, type PageData } from '../../../templates/context.tsx';

/** The HTML of a part the page shares with others (SamePerLanguage), by its name. */
export type SharedPart = (name: string, element: ReactElement) => string;

/** Renders one route to a complete HTML document; with `shared`, parts come from it. */
export function renderPage(data: PageData, shared?: SharedPart): string {
  const parts: { name: string; element: ReactElement }[] = [];
  const placeholder = (name: string, element: ReactElement) => createElement('sitegen-part', { n: parts.push({ name, element }) - 1 });
  const html = normalizeHtml(
    renderToStaticMarkup(
      <HelmetProvider>
        <PageProvider value={data}>
          <PartsProvider value={shared ? placeholder : null}>
            <Document />
          </PartsProvider>
        </PageProvider>
      </HelmetProvider>,
    ),
  ).replace(/<sitegen-part n="(\d+)"><\/sitegen-part>/g, (_tag, n: string) => shared!(parts[Number(n)]!.name, parts[Number(n)]!.element));
  return `<!DOCTYPE html>${html.replace('</head>', `${preloads(html, data.assets.islands)}</head>`)}`;
}

/** Renders a part of a page on its own. */
export function renderPart(data: PageData, element: ReactElement): string {
  return normalizeHtml(renderToStaticMarkup(<PageProvider value={data}>{element}</PageProvider>));
}

/** Module preloads for the chunks of the islands this page has, so they load in parallel. */
function preloads(html: string, islands: Record<string, string[]>): string {
  const names = new Set([...html.matchAll(/data-island="(\w+)"/g)].map((m) => m[1]!));
  const chunks = new Set([...names].flatMap((name) => islands[name] ?? []));
  return [...chunks].map((href) => `<link rel="modulepreload" href="${href}">`).join('');
}
