import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { HelmetProvider } from 'react-helmet-async';
import { Document } from '../../../templates/layout/Document.tsx';
import { escapeHtml, normalizeHtml } from './html.ts';
import { PageProvider, PartsProvider, type Holes, type PageData, type PartPlaceholder } from '../../../templates/context.tsx';

/** The HTML of a part the page shares with others (SamePerLanguage), by its name, with its holes' markers. */
export type SharedPart = (name: string, element: ReactElement) => string;

/** Renders one route to a complete HTML document; with `shared`, parts come from it. */
export function renderPage(data: PageData, shared?: SharedPart): string {
  const parts: { name: string; element: ReactElement; holes: Holes }[] = [];
  const placeholder: PartPlaceholder = (name, element, holes) =>
    createElement('sitegen-part', { n: parts.push({ name, element, holes }) - 1 });
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
  ).replace(/<sitegen-part n="(\d+)"><\/sitegen-part>/g, (_tag, n: string) => {
    const { name, element, holes } = parts[Number(n)]!;
    return fillHoles(shared!(name, element), holes);
  });
  return `<!DOCTYPE html>${html.replace('</head>', `${preloads(html, data.assets.islands)}</head>`)}`;
}

/** Puts this page's values in the holes of a shared part (templates/context.tsx holeMarker). */
const fillHoles = (html: string, holes: Holes) =>
  Object.keys(holes).length === 0 ? html : html.replace(/\uE000(\w+)\uE000/g, (_marker, name: string) => escapeHtml(holes[name]!));

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
