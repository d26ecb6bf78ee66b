import { renderToStaticMarkup } from 'react-dom/server';
import { HelmetProvider } from 'react-helmet-async';
import { Document } from '../../templates/layout/Document.tsx';
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
  return `<!DOCTYPE html>${html}`;
}
