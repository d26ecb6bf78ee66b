import type { Post, SiteModel } from '../../site/model.ts';
import { fill } from '../../site/placeholders.ts';
import { routeKey, type RouteMap } from '../../site/routes.ts';
import type { Lang } from '../../site/schema/common.ts';
import { absoluteUrl, feedPaths } from '../../site/urls.ts';
import { escapeXml } from './xml.ts';

/** Feed readers poll the whole file: the newest posts are what they need, not the archive. */
export const feedLength = 20;

/** Atom wants an RFC 3339 date-time; posts carry a calendar date. */
const timestamp = (date: string) => `${date}T00:00:00Z`;

/** The Atom 1.0 feed of one language's blog: its newest posts, newest first. */
export function feed(model: SiteModel, routes: RouteMap, lang: Lang): string {
  const { site } = model;
  const strings = model.strings[lang];
  const posts = model.posts[lang].slice(0, feedLength);
  const blogUrl = absoluteUrl(site, routes.href(routeKey.blog(), lang));
  // Without posts there is no content date; the founding year keeps the output free of the clock.
  const updated = posts[0]?.date ?? `${site.foundingYear}-01-01`;

  const entry = (post: Post) => {
    const url = escapeXml(absoluteUrl(site, routes.href(routeKey.post(post), lang)));
    return [
      '  <entry>',
      `    <title>${escapeXml(post.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${url}"/>`,
      `    <id>${url}</id>`,
      `    <published>${timestamp(post.date)}</published>`,
      `    <updated>${timestamp(post.date)}</updated>`,
      `    <summary>${escapeXml(post.excerpt)}</summary>`,
      `    <category term="${escapeXml(post.category)}"/>`,
      `    <content type="html">${escapeXml(post.html)}</content>`,
      '  </entry>',
    ].join('\n');
  };

  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    // xml:base resolves the root-relative links inside the post HTML for readers that fetch elsewhere.
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${lang}" xml:base="${escapeXml(site.baseUrl)}/">`,
    `  <title>${escapeXml(fill(strings.blog.feedTitle, { brand: site.brand }))}</title>`,
    `  <subtitle>${escapeXml(strings.blog.seo.description)}</subtitle>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(absoluteUrl(site, feedPaths[lang]))}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(blogUrl)}"/>`,
    `  <id>${escapeXml(blogUrl)}</id>`,
    `  <updated>${timestamp(updated)}</updated>`,
    `  <author><name>${escapeXml(site.brand)}</name><uri>${escapeXml(site.baseUrl)}</uri></author>`,
    ...posts.map(entry),
    '</feed>',
    '',
  ].join('\n');
}
