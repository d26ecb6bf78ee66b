import { renderToStaticMarkup } from 'react-dom/server';
import { HelmetProvider } from 'react-helmet-async';
import { Document } from '../../templates/layout/Document.tsx';
import { normalizeHtml } from './html.ts';
import { PageProvider, type PageData } from '../../templates/context.tsx';

/** Renders one route to a complete HTML document. */
export function renderPage(data: PageData): string {
  const html = renderToStaticMarkup(
    <HelmetProvider>
      <PageProvider value={data}>
        <Document />
      </PageProvider>
    </HelmetProvider>,
  );
  return `<!DOCTYPE html>${normalizeHtml(html.replace('</head>', `${preloads(html, data.assets.islands)}</head>`))}`;
}

/** Module preloads for the chunks of the islands this page has, so they load in parallel. */
function preloads(html: string, islands: Record<string, string[]>): string {
  const names = new Set([...html.matchAll(/data-island="(\w+)"/g)].map((m) => m[1]!));
  const chunks = new Set([...names].flatMap((name) => islands[name] ?? []));
  return [...chunks].map((href) => `<link rel="modulepreload" href="${href}">`).join('');
}
