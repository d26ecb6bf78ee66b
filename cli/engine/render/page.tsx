import { renderToStaticMarkup } from 'react-dom/server';
import { HelmetProvider } from 'react-helmet-async';
import { Document } from '../../../templates/layout/Document.tsx';
import { normalizeHtml } from './html.ts';
import { PageProvider, type PageData } from '../../../templates/context.tsx';

/** The attribute of an island's wrapper (templates/islands/Island.tsx), with its name. */
const island = /data-island="(\w+)"/g;

/** Renders one route to a complete HTML document. */
export function renderPage(data: PageData): string {
  const html = normalizeHtml(
    renderToStaticMarkup(
      <HelmetProvider>
        <PageProvider value={data}>
          <Document />
        </PageProvider>
      </HelmetProvider>,
    ),
  );
  return `<!DOCTYPE html>${html.replace('</head>', `${preloads(islandsIn(html), data.assets.islands)}</head>`)}`;
}

/** The islands a page shows, in the order it shows them. */
const islandsIn = (html: string) => new Set(Array.from(html.matchAll(island), (m) => m[1]!));

/** Module preloads for the chunks of the islands this page has, so they load in parallel. */
function preloads(names: Set<string>, islands: Record<string, string[]>): string {
  const chunks = new Set([...names].flatMap((name) => islands[name] ?? []));
  return [...chunks].map((href) => `<link rel="modulepreload" href="${href}">`).join('');
}
