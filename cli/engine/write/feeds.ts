import { categoryOf } from '../../site/blog.ts';
import type { SiteModel } from '../../site/model.ts';
import { fill } from '../../site/placeholders.ts';
import { routeKey, type RouteMap } from '../../site/routes.ts';
import { inLang, type Lang } from '../../site/lang.ts';
import { byCodeUnits } from '../../site/order.ts';
import { absoluteUrl, feedPath } from '../../site/urls.ts';
import { escapeXml } from './xml.ts';

/** Feed readers poll the whole file: the newest posts are what they need, not the archive. */
export const feedLength = 20;

/** Atom wants an RFC 3339 date-time; posts carry a calendar date. */
const timestamp = (date: string) => `${date}T00:00:00Z`;

interface Entry {
  key: string;
  title: string;
  date: string;
  updated: string;
  summary: string;
  category: string;
  html: string;
}

/** The Atom 1.0 feed of one language: its newest posts and finished jobs in it, newest first. */
export function feed(model: SiteModel, routes: RouteMap, lang: Lang): string {
  const { site } = model;
  const strings = inLang(model.strings, lang, 'the strings');
  // Sorted by date first: a post's HTML is read only when it makes the feed.
  const candidates = [
    ...(model.posts[lang] ?? []).map((p) => ({
      date: p.date,
      entry: (): Entry => ({
        key: routeKey.post(p),
        title: p.title,
        date: p.date,
        updated: p.updated ?? p.date,
        summary: p.excerpt,
        category: categoryOf(strings, p.category).name,
        html: p.html,
      }),
    })),
    ...model.projects.flatMap((p) => {
      const text = p[lang];
      if (!text) return [];
      const entry = (): Entry => ({
        key: routeKey.project(p),
        title: text.title,
        date: p.date,
        updated: p.date,
        summary: text.summary,
        category: strings.projects.hero.badge,
        html: inLang(p.html, lang, `the job "${p.key}"`),
      });
      return [{ date: p.date, entry }];
    }),
  ];
  const entries = candidates
    .sort((a, b) => byCodeUnits(b.date, a.date))
    .slice(0, feedLength)
    .map((c) => c.entry());
  // A language without posts has no blog: its feed then stands for its home page.
  const blogUrl = absoluteUrl(site, (routes.find(routeKey.blog(), lang) ?? routes.get(routeKey.home(), lang)).path);
  // Without entries there is no content date; the founding year keeps the output free of the clock.
  const updated =
    entries
      .map((e) => e.updated)
      .sort()
      .at(-1) ?? `${site.foundingYear}-01-01`;

  const entry = (item: Entry) => {
    const url = escapeXml(absoluteUrl(site, routes.href(item.key, lang)));
    return [
      '  <entry>',
      `    <title>${escapeXml(item.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${url}"/>`,
      `    <id>${url}</id>`,
      `    <published>${timestamp(item.date)}</published>`,
      `    <updated>${timestamp(item.updated)}</updated>`,
      `    <summary>${escapeXml(item.summary)}</summary>`,
      `    <category term="${escapeXml(item.category)}"/>`,
      `    <content type="html">${escapeXml(item.html)}</content>`,
      '  </entry>',
    ].join('\n');
  };

  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    // xml:base resolves the root-relative links inside the post HTML for readers that fetch elsewhere.
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${lang}" xml:base="${escapeXml(site.baseUrl)}/">`,
    `  <title>${escapeXml(fill(strings.blog.feedTitle, { brand: site.brand }))}</title>`,
    `  <subtitle>${escapeXml(strings.blog.seo.description)}</subtitle>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(absoluteUrl(site, feedPath(site.languages, lang)))}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(blogUrl)}"/>`,
    `  <id>${escapeXml(blogUrl)}</id>`,
    `  <updated>${timestamp(updated)}</updated>`,
    `  <author><name>${escapeXml(site.brand)}</name><uri>${escapeXml(site.baseUrl)}</uri></author>`,
    ...entries.map(entry),
    '</feed>',
    '',
  ].join('\n');
}
