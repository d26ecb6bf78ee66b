import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { HelmetProvider } from 'react-helmet-async';
import { Document } from '../../templates/layout/Document.tsx';
import { normalizeHtml } from './html.ts';
import { PageProvider, PartsProvider, type PageData } from '../../templates/context.tsx';

/** The HTML of a part the page shares with others (SamePerLanguage), by its name. */
export type SharedPart = (name: string, element: ReactElement) => string;

/** Renders one route to a complete HTML document; with `shared`, parts come from it. */
export function renderPage(data: PageData, shared?: SharedPart): string {
  const parts = new Map<string, ReactElement>();
  const placeholder = (name: string, element: ReactElement) => (parts.set(name, element), createElement('sitegen-part', { name }));
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
  ).replace(/<sitegen-part name="([\w-]+)"><\/sitegen-part>/g, (_tag, name: string) => shared!(name, parts.get(name)!));
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
