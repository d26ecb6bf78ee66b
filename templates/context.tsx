import { createContext, type ReactElement, useContext } from 'react';
import type { SiteModel } from '../cli/site/model.ts';
import { absoluteUrl } from '../cli/site/urls.ts';
import type { Route, RouteMap } from '../cli/site/routes.ts';
import { inLang, type Lang } from '../cli/site/lang.ts';
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
  /**
   * The memo of the layout's shared parts (layout/Shared.tsx): what stands in the page for the part
   * under `key`, rendered once for all pages that show it.
   */
  shared?: (key: string, part: ReactElement) => ReactElement;
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
    t: inLang(data.model.strings, lang, 'the strings'),
    href: (key) => data.routes.href(key, lang),
    absolute: (path) => absoluteUrl(data.model.site, path),
    image: (name) => `/images/${name}`,
  };
}
