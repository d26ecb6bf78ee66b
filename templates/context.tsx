import { createContext, useContext, type ReactElement, type ReactNode } from 'react';
import type { SiteModel } from '../cli/site/model.ts';
import { absoluteUrl } from '../cli/site/urls.ts';
import type { Route, RouteMap } from '../cli/site/routes.ts';
import type { Lang } from '../cli/site/lang.ts';
import type { Strings } from '../cli/site/schema/strings.ts';

/** Hashed asset URLs of this build. */
export interface Assets {
  css: string;
  /** The hydration entry of the island bundle. */
  js: string;
  /** The chunks each island needs, preloaded on the pages that have it. */
  islands: Record<string, string[]>;
}

export interface PageData {
  route: Route;
  model: SiteModel;
  routes: RouteMap;
  assets: Assets;
  /** The build's year, for the copyright line. */
  year: number;
}

const Page = createContext<PageData | null>(null);
export const PageProvider = Page.Provider;

export interface PageContext extends PageData {
  lang: Lang;
  t: Strings;
  /** The path of another page in this page's language, by route key (see routeKey). */
  href: (key: string) => string;
  /** Absolute URL of a path, for canonical links, Open Graph and JSON-LD. */
  absolute: (path: string) => string;
  /** URL of an image from content/images/. */
  image: (name: string) => string;
}

/** One context per page: every component of a page asks for it. */
const contexts = new WeakMap<PageData, PageContext>();

export function usePage(): PageContext {
  const data = useContext(Page);
  if (!data) throw new Error('usePage() outside <PageProvider>');
  let context = contexts.get(data);
  if (!context) contexts.set(data, (context = pageContext(data)));
  return context;
}

function pageContext(data: PageData): PageContext {
  const { lang } = data.route;
  return {
    ...data,
    lang,
    t: data.model.strings[lang],
    href: (key) => data.routes.href(key, lang),
    absolute: (path) => absoluteUrl(data.model.site, path),
    image: (name) => `/images/${name}`,
  };
}

/** Values that differ from page to page inside a shared part, by name (see SamePerLanguage). */
export type Holes = Record<string, string>;

/** Stands in for parts of the page that the build renders once per language (cli/engine/render/page.tsx). */
export type PartPlaceholder = (name: string, element: ReactElement, holes: Holes, head?: true) => ReactElement;
const Parts = createContext<PartPlaceholder | null>(null);
export const PartsProvider = Parts.Provider;

/** What a shared part is rendered with in place of a hole's value; the build puts each page's value there. */
const holeMarker = (name: string) => `\uE000${name}\uE000`;

/**
 * Markup that is the same on every page of one language, like the footer: the build renders it
 * once per language and name, for the home page, and reuses it. So it must not depend on the
 * current page, and the name must tell apart every variant (an icon's class, say). A string that
 * does differ per page, like the language toggle's link, is a hole: the children are a function
 * of the holes, and each page's value is put in the shared markup, escaped as React would.
 * `head` marks tags React moves into the document's head (title, meta, link): their placeholder
 * is a meta tag, which React moves there with them, in the same order.
 */
export function SamePerLanguage<H extends Holes>(
  props: { name: string; children: ReactNode } | { name: string; holes: H; children: (holes: H) => ReactElement; head?: true },
) {
  const placeholder = useContext(Parts);
  if (!('holes' in props)) {
    const element = <>{props.children}</>;
    return placeholder ? placeholder(props.name, element, {}) : element;
  }
  if (!placeholder) return props.children(props.holes);
  const markers = Object.fromEntries(Object.keys(props.holes).map((key) => [key, holeMarker(key)])) as H;
  return placeholder(props.name, props.children(markers), props.holes, props.head);
}
