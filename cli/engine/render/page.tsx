import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { HelmetProvider } from 'react-helmet-async';
import { Document } from '../../../templates/layout/Document.tsx';
import { escapeHtml, normalizeHtml } from './html.ts';
import { PageProvider, PartsProvider, type Holes, type PageData, type PartPlaceholder } from '../../../templates/context.tsx';

/** A shared part's HTML split at its holes (templates/context.tsx holeMarker): the text around them, and their names. */
export interface PartHtml {
  texts: string[];
  holes: string[];
  /** The islands it shows, in order (see preloads). */
  islands: string[];
}

/** The HTML of a part the page shares with others (SamePerLanguage), by its name. */
export type SharedPart = (name: string, element: ReactElement) => PartHtml;

/** The attribute of an island's wrapper (templates/islands/Island.tsx), with its name. */
const island = /data-island="(\w+)"/g;

/**
 * An island in the page's own markup, or the placeholder of a shared part: an element in the body,
 * a meta tag in the head (SamePerLanguage's `head`), which React moves there with the others.
 */
const islandOrPart = new RegExp(
  `${island.source}|<sitegen-part n="(\\d+)"></sitegen-part>|<meta name="sitegen-part" content="(\\d+)">`,
  'g',
);

/** Renders one route to a complete HTML document; with `shared`, parts come from it. */
export function renderPage(data: PageData, shared?: SharedPart): string {
  const parts: { name: string; element: ReactElement; holes: Holes }[] = [];
  const placeholder: PartPlaceholder = (name, element, holes, head) => {
    const n = parts.push({ name, element, holes }) - 1;
    return head ? createElement('meta', { name: 'sitegen-part', content: n }) : createElement('sitegen-part', { n });
  };
  // In the order the page shows them: a part's when its placeholder is reached.
  const islands = new Set<string>();
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
  ).replace(islandOrPart, (found, island?: string, inBody?: string, inHead?: string) => {
    if (island) return islands.add(island), found;
    const { name, element, holes } = parts[Number(inBody ?? inHead)]!;
    const part = shared!(name, element);
    for (const name of part.islands) islands.add(name);
    return fillHoles(part, holes);
  });
  return `<!DOCTYPE html>${html.replace('</head>', `${preloads(islands, data.assets.islands)}</head>`)}`;
}

/** Splits a shared part's HTML at its holes, once per part: every page that shows it fills them. */
export function splitAtHoles(html: string): PartHtml {
  const pieces = html.split(/\uE000(\w+)\uE000/);
  return {
    texts: pieces.filter((_, i) => i % 2 === 0),
    holes: pieces.filter((_, i) => i % 2 === 1),
    // An island's name is fixed in the templates, never a hole.
    islands: islandsIn(html),
  };
}

/** Puts this page's values in the holes of a shared part, each escaped once. */
function fillHoles({ texts, holes }: PartHtml, values: Holes): string {
  const escaped = new Map<string, string>();
  let filled = texts[0]!;
  for (let i = 0; i < holes.length; i++) {
    let value = escaped.get(holes[i]!);
    if (value === undefined) escaped.set(holes[i]!, (value = escapeHtml(values[holes[i]!]!)));
    filled += value + texts[i + 1]!;
  }
  return filled;
}

/** Renders a part of a page on its own. */
export function renderPart(data: PageData, element: ReactElement): string {
  return normalizeHtml(renderToStaticMarkup(<PageProvider value={data}>{element}</PageProvider>));
}

const islandsIn = (html: string) => [...new Set(Array.from(html.matchAll(island), (m) => m[1]!))];

/** Module preloads for the chunks of the islands this page has, so they load in parallel. */
function preloads(names: Set<string>, islands: Record<string, string[]>): string {
  const chunks = new Set([...names].flatMap((name) => islands[name] ?? []));
  return [...chunks].map((href) => `<link rel="modulepreload" href="${href}">`).join('');
}
