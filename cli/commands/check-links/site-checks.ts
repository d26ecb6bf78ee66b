import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseRedirects } from '../serve/rules.ts';
import type { SiteModel } from '../../site/model.ts';
import type { RouteMap } from '../../site/routes.ts';
import type { Problem } from './report.ts';

/** A built page: its URL path and HTML. */
export interface Page {
  path: string;
  html: string;
}

/** Every HTML page of a built site, with the clean URL the hosts serve it at. */
export async function readPages(dir: string): Promise<Page[]> {
  const files = (await readdir(dir, { recursive: true })).filter((f) => f.endsWith('.html')).sort();
  return Promise.all(
    files.map(async (file) => ({
      path: file === 'index.html' ? '/' : `/${file.replace(/\.html$/, '')}`,
      html: await readFile(join(dir, file), 'utf8'),
    })),
  );
}

const attrs = (html: string, tag: RegExp) => [...html.matchAll(tag)].map((m) => m[0]);
const attr = (element: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(element)?.[1];
const decode = (value: string) => value.replace(/&amp;/g, '&');
const noindex = (html: string) => /<meta name="robots" content="noindex"/.test(html);

/** The hreflang alternates a page declares, by language. */
function alternates(html: string): Record<string, string> {
  return Object.fromEntries(
    attrs(html, /<link [^>]*rel="alternate"[^>]*>/g)
      .filter((link) => attr(link, 'hreflang'))
      .map((link) => [attr(link, 'hreflang')!.toLowerCase(), attr(link, 'href')!]),
  );
}

/**
 * What linkinator cannot know: hreflang pairs agree with each other and with the route map, the
 * sitemap lists exactly the built pages, #fragments exist, and contact links carry the values of
 * site.yaml.
 */
export function siteChecks(pages: Page[], sitemapXml: string | undefined, model: SiteModel, routes: RouteMap): Problem[] {
  const problems: Problem[] = [];
  const { site } = model;
  const toPath = (url: string) => (url.startsWith(site.baseUrl) ? url.slice(site.baseUrl.length) || '/' : url);
  const byPath = new Map(pages.map((p) => [p.path, p]));

  for (const page of pages) {
    const declared = alternates(page.html);
    if (noindex(page.html)) continue;
    const route = routes.at(page.path);
    if (route) {
      const counterpart = routes.counterpart(route);
      const expected = { [route.lang]: route.path, [counterpart.lang]: counterpart.path };
      for (const lang of ['es', 'en']) {
        const actual = declared[lang] && toPath(declared[lang]);
        if (actual !== expected[lang])
          problems.push({
            page: page.path,
            target: declared[lang] ?? `(no hreflang="${lang}")`,
            reason: `hreflang="${lang}" should point to ${expected[lang]}`,
          });
      }
    }
    for (const [lang, url] of Object.entries(declared)) {
      if (lang === 'x-default') continue;
      const other = byPath.get(toPath(url));
      if (!other) continue; // a missing target is linkinator's broken link
      const back = Object.values(alternates(other.html)).map(toPath);
      if (!back.includes(page.path))
        problems.push({ page: page.path, target: url, reason: `hreflang="${lang}" target does not link back to this page` });
    }
  }

  if (sitemapXml === undefined) {
    problems.push({ page: '/sitemap.xml', target: '/sitemap.xml', reason: 'the sitemap is missing' });
  } else {
    const listed = new Set([...sitemapXml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => toPath(decode(m[1]!))));
    for (const page of pages) {
      if (!noindex(page.html) && !listed.has(page.path))
        problems.push({ page: page.path, target: '/sitemap.xml', reason: 'page is missing from the sitemap' });
    }
    for (const path of listed) {
      if (!byPath.has(path) || noindex(byPath.get(path)!.html))
        problems.push({ page: '/sitemap.xml', target: path, reason: 'sitemap lists a page that was not built' });
    }
  }

  // Fragments are checked here rather than by linkinator, which names the wrong page for them.
  const ids = new Map(pages.map((p) => [p.path, new Set([...p.html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]!))]));
  for (const page of pages) {
    for (const anchor of attrs(page.html, /<a [^>]*href="(?:\/[^"#]*)?#[^"]+"[^>]*>/g)) {
      const href = decode(attr(anchor, 'href')!);
      const [path, fragment] = href.split('#') as [string, string];
      const target = ids.get(path || page.path);
      if (target && !target.has(decodeURIComponent(fragment)))
        problems.push({ page: page.path, target: href, reason: 'no element has this id' });
    }
  }

  for (const page of pages) {
    for (const anchor of attrs(page.html, /<a [^>]*href="(?:tel:|mailto:|https:\/\/wa\.me\/)[^"]*"[^>]*>/g)) {
      const href = decode(attr(anchor, 'href')!);
      const problem = contactLinkProblem(href, model);
      if (problem) problems.push({ page: page.path, target: href, reason: problem });
    }
  }
  return problems;
}

function contactLinkProblem(href: string, { site }: SiteModel): string | undefined {
  if (href.startsWith('tel:')) {
    const number = href.slice(4);
    if (!/^\+[1-9]\d{6,14}$/.test(number)) return 'tel: link is not an E.164 number such as +34600000000';
    return number === site.phone.e164 ? undefined : `tel: link should call ${site.phone.e164} (site.yaml)`;
  }
  if (href.startsWith('mailto:')) {
    return href.slice(7).split('?')[0] === site.email ? undefined : `mailto: link should write to ${site.email} (site.yaml)`;
  }
  const url = new URL(href);
  if (url.pathname !== `/${site.whatsapp}`) return `WhatsApp link should open a chat with ${site.whatsapp} (site.yaml)`;
  return url.searchParams.get('text') ? undefined : 'WhatsApp link has no text= message';
}

/**
 * Every old path of `_redirects` (a 301) must lead to a built page in one step: not to a missing
 * page, and not to another old path.
 */
export function redirectChecks(redirectsText: string, pages: Page[]): Problem[] {
  const moved = parseRedirects(redirectsText).filter((rule) => rule.status === 301);
  const built = new Set(pages.map((p) => p.path));
  const sources = new Set(moved.map((rule) => rule.from));
  return moved.flatMap(({ from, to }) =>
    sources.has(to)
      ? [{ page: from, target: to, reason: 'redirects to another redirect: point the alias at the page itself' }]
      : built.has(to)
        ? []
        : [{ page: from, target: to, reason: 'redirects to a page the site does not have' }],
  );
}
