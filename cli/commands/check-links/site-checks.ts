import { Parser } from 'htmlparser2';
import type { RedirectRule } from '../serve/rules.ts';
import { outputFile, type RouteMap } from '../../site/routes.ts';
import { hostPath } from '../../site/served.ts';
import type { Problem } from './report.ts';
import type { PageScan } from './scan.ts';

/** A URL of this site as its path ("https://www.example.com/en" → "/en"); other values as they are. */
type ToPath = (url: string) => string;

/** The output folder holds exactly the pages of the route map. */
export function routeMapChecks(scans: PageScan[], routes: RouteMap): Problem[] {
  const built = new Set(scans.map((scan) => scan.path));
  return [
    ...routes.routes
      .filter((route) => !built.has(route.path))
      .map((route) => ({
        page: route.path,
        target: outputFile(route.path),
        reason: 'the content has this page but the output folder lacks its file: build again',
      })),
    ...scans
      .filter((scan) => !routes.at(scan.path))
      .map((scan) => ({
        page: scan.path,
        target: scan.file,
        reason: 'no page of the content has this path: build again, or pass the content folder the site was built from as --content',
      })),
  ];
}

/**
 * Every indexable page is reached by following links from the home pages: no visitor finds a page
 * no link leads to, and search engines hardly do (a later page of the blog that the pages before it
 * forgot to link, say). Redirects are not followed: a link to an old path is reported by links.ts.
 */
export function reachabilityChecks(scans: PageScan[], routes: RouteMap, baseUrl: string): Problem[] {
  const byPath = new Map(scans.map((scan) => [scan.path, scan]));
  const origin = new URL(baseUrl).origin;
  const pageOf = (href: string, from: string): string | undefined => {
    try {
      const url = new URL(href, `${origin}${from}`);
      return url.origin === origin ? hostPath(url.pathname) : undefined;
    } catch {
      return undefined; // an invalid URL is reported by links.ts
    }
  };
  const reached = new Set(routes.routes.filter((route) => route.family === 'home').map((route) => route.path));
  const queue = [...reached];
  for (let path = queue.pop(); path !== undefined; path = queue.pop())
    for (const href of byPath.get(path)?.links ?? []) {
      const target = pageOf(href, path);
      if (target !== undefined && !reached.has(target)) queue.push((reached.add(target), target));
    }
  return scans
    .filter((scan) => !scan.noindex && !reached.has(scan.path))
    .map((scan) => ({
      page: scan.path,
      target: scan.file,
      reason: 'no link leads here from the home pages: link it from a page of the site',
    }));
}

/**
 * hreflang alternates agree with the route map and with each other: each indexable page names
 * itself and its counterpart in each language it exists in, and no other language, and each page
 * it names names it back.
 */
export function hreflangChecks(scans: PageScan[], routes: RouteMap, toPath: ToPath): Problem[] {
  const problems: Problem[] = [];
  const byPath = new Map(scans.map((scan) => [scan.path, scan]));
  for (const scan of scans) {
    if (scan.noindex) continue;
    const declared = scan.alternates;
    const route = routes.at(scan.path);
    if (route) {
      const expected: Record<string, string> = Object.fromEntries(routes.alternates(route).map((a) => [a.hreflang, a.path]));
      for (const lang of new Set([...Object.keys(expected), ...Object.keys(declared)])) {
        const actual = declared[lang] && toPath(declared[lang]);
        if (actual !== expected[lang])
          problems.push({
            page: scan.path,
            target: declared[lang] ?? `(no hreflang="${lang}")`,
            reason: expected[lang]
              ? `hreflang="${lang}" should point to ${expected[lang]}`
              : `the page has no "${lang}" version: drop hreflang="${lang}"`,
          });
      }
    }
    for (const [lang, url] of Object.entries(declared)) {
      if (lang === 'x-default') continue;
      const other = byPath.get(toPath(url));
      if (!other) continue; // a missing target is a broken link (links.ts)
      if (!Object.values(other.alternates).map(toPath).includes(scan.path))
        problems.push({ page: scan.path, target: url, reason: `hreflang="${lang}" target does not link back to this page` });
    }
  }
  return problems;
}

/** The sitemap lists every indexable built page, and nothing else. */
export function sitemapChecks(scans: PageScan[], sitemapXml: string | undefined, toPath: ToPath): Problem[] {
  if (sitemapXml === undefined) return [{ page: '/sitemap.xml', target: '/sitemap.xml', reason: 'the sitemap is missing: build again' }];
  const listed = new Set(sitemapLocations(sitemapXml).map(toPath));
  const indexable = new Set(scans.filter((scan) => !scan.noindex).map((scan) => scan.path));
  return [
    ...[...indexable]
      .filter((path) => !listed.has(path))
      .map((page) => ({ page, target: '/sitemap.xml', reason: 'page is missing from the sitemap' })),
    ...[...listed]
      .filter((path) => !indexable.has(path))
      .map((target) => ({ page: '/sitemap.xml', target, reason: 'sitemap lists a page that was not built' })),
  ];
}

/**
 * Every old path of `_redirects` (a 301) leads to a built page in one step: not to a missing page,
 * and not to another old path. And each alias of the content has its line.
 */
export function redirectChecks(rules: RedirectRule[], scans: PageScan[], routes: RouteMap): Problem[] {
  const moved = rules.filter((rule) => rule.status === 301);
  const built = new Set(scans.map((scan) => scan.path));
  const sources = new Set(moved.map((rule) => rule.from));
  const written = new Set(moved.map((rule) => `${rule.from} ${rule.to}`));
  return [
    ...moved.flatMap(({ from, to }) =>
      sources.has(to)
        ? [{ page: from, target: to, reason: 'redirects to another redirect: point the alias at the page itself' }]
        : built.has(to)
          ? []
          : [{ page: from, target: to, reason: 'redirects to a page the site does not have' }],
    ),
    ...routes.redirects
      .filter(({ from, to }) => !written.has(`${from} ${to}`))
      .map(({ from, to }) => ({
        page: from,
        target: to,
        reason: 'the content makes this alias but _redirects lacks its 301 line: build again',
      })),
  ];
}

/** The page URLs a sitemap lists, in its `<loc>` elements. */
function sitemapLocations(xml: string): string[] {
  const locations: string[] = [];
  let text: string | undefined;
  const parser = new Parser(
    {
      onopentag(tag) {
        if (tag === 'loc') text = '';
      },
      ontext(chunk) {
        if (text !== undefined) text += chunk;
      },
      onclosetag(tag) {
        if (tag === 'loc' && text !== undefined) locations.push(text.trim());
        text = undefined;
      },
    },
    { xmlMode: true },
  );
  parser.end(xml);
  return locations;
}
