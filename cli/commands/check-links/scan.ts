// What check-links needs to know of a built page, read with htmlparser2's tokenizer: attribute
// values come decoded, and nothing in a comment, a script or an attribute is mistaken for a tag.
import { Tokenizer, type TokenizerCallbacks } from 'htmlparser2';
import { srcsetUrls } from './srcset.ts';

/** One built page: what it links to, loads and offers as #fragment targets. */
export interface PageScan {
  /** Its file in the output folder: "fontaneros/javea.html". */
  file: string;
  /** The clean URL the hosts serve it at: "/fontaneros/javea". */
  path: string;
  /** `<meta name="robots" content="noindex">`: such pages stay out of the sitemap and hreflang pairs. */
  noindex: boolean;
  /** The first `<base href>`: relative URLs resolve against it instead of the page's URL. */
  base?: string;
  /** Every `id`, and each `name` of an `<a>`: what a #fragment may point at. */
  anchors: string[];
  /** `<link rel="alternate" hreflang>`: href by lower-case language. */
  alternates: Record<string, string>;
  /** `href` of `<a>` and `<area>`, each once: pages a visitor goes to, whose #fragments are checked. */
  links: string[];
  /** Each other URL the page loads or names, once: src, srcset entries, `<link href>`, URL `<meta content>`, JSON-LD. */
  resources: string[];
  /** What is wrong inside the page itself. */
  faults: { target: string; reason: string }[];
}

/** "index.html" → "/", "a/b.html" → "/a/b": the URL the hosts serve a page at. */
const pagePath = (file: string): string => (file === 'index.html' ? '/' : `/${file.replace(/\.html$/, '')}`);

/** The attributes that hold a URL, by element: the ones linkinator followed, less the obsolete ones. */
const urlAttributes: Record<string, readonly string[]> = {
  a: ['href'],
  area: ['href'],
  link: ['href'],
  img: ['src', 'srcset'],
  source: ['src', 'srcset'],
  script: ['src'],
  iframe: ['src'],
  embed: ['src'],
  object: ['data'],
  audio: ['src'],
  video: ['src', 'poster'],
  track: ['src'],
  input: ['src'],
  blockquote: ['cite'],
  q: ['cite'],
  del: ['cite'],
  ins: ['cite'],
  html: ['manifest'],
};

/** The other attributes read, by element. */
const otherAttributes: Record<string, readonly string[]> = {
  a: ['name'],
  link: ['rel', 'hreflang'],
  meta: ['name', 'content', 'http-equiv'],
  script: ['type'],
  base: ['href'],
};

/** The attributes read of an element, and their lengths: other names are skipped unread, and most by length alone. */
interface Reading {
  names: ReadonlySet<string>;
  lengths: ReadonlySet<number>;
}
const reading = (names: string[]): Reading => ({ names: new Set(names), lengths: new Set(names.map((name) => name.length)) });

/** What is read of each element: its `id`, and the attributes above. Only these values are sliced and decoded. */
const attributesRead = new Map(
  [...Object.keys(urlAttributes), ...Object.keys(otherAttributes)].map((tag) => [
    tag,
    reading(['id', ...(urlAttributes[tag] ?? []), ...(otherAttributes[tag] ?? [])]),
  ]),
);
const idOnly = reading(['id']);

/** rel values whose href is only a host to connect to early: no document is fetched from it. */
const connectOnly = new Set(['dns-prefetch', 'preconnect']);

/** JSON-LD keys whose values name a vocabulary or a node rather than link to a document. */
const identifierKeys = new Set(['@context', '@id', '@type']);

const isWebUrl = (value: string) => /^https?:\/\//i.test(value);

export function scanPage(file: string, html: string): PageScan {
  const reader = new PageReader(file, html);
  const tokenizer = new Tokenizer({ decodeEntities: true }, reader);
  tokenizer.write(html);
  tokenizer.end();
  return reader.result();
}

/**
 * Tokenizer callbacks that keep only what the checks need. htmlparser2's Parser on top of the
 * same tokenizer builds every attribute of every element and costs half as much again, which on
 * thousands of pages is seconds.
 */
class PageReader implements TokenizerCallbacks {
  private readonly scan: Omit<PageScan, 'links' | 'resources'>;
  private readonly links = new Set<string>();
  private readonly resources = new Set<string>();
  private tag = '';
  private reading = idOnly;
  private attributes: Record<string, string> = {};
  /** The attribute being read, if it is one of `reading`. */
  private attribute: string | undefined;
  private value = '';
  /** The text of the JSON-LD script being read. */
  private jsonLd: string | undefined;

  constructor(
    file: string,
    private readonly html: string,
  ) {
    this.scan = { file, path: pagePath(file), noindex: false, anchors: [], alternates: {}, faults: [] };
  }

  result(): PageScan {
    return { ...this.scan, links: [...this.links], resources: [...this.resources] };
  }

  onopentagname(start: number, end: number): void {
    this.tag = this.html.slice(start, end).toLowerCase();
    this.reading = attributesRead.get(this.tag) ?? idOnly;
    this.attributes = {};
  }

  onattribname(start: number, end: number): void {
    this.attribute = undefined;
    if (!this.reading.lengths.has(end - start)) return;
    const name = this.html.slice(start, end).toLowerCase();
    // The first of two same-named attributes counts, as in browsers.
    if (this.reading.names.has(name) && !(name in this.attributes)) this.attribute = name;
    this.value = '';
  }

  onattribdata(start: number, end: number): void {
    if (this.attribute) this.value += this.html.slice(start, end);
  }

  onattribentity(codePoint: number): void {
    if (this.attribute) this.value += String.fromCodePoint(codePoint);
  }

  onattribend(): void {
    if (this.attribute) this.attributes[this.attribute] = this.value;
  }

  onopentagend(): void {
    this.element(this.tag, this.attributes);
  }

  onselfclosingtag(): void {
    this.element(this.tag, this.attributes);
  }

  ontext(start: number, end: number): void {
    if (this.jsonLd !== undefined) this.jsonLd += this.html.slice(start, end);
  }

  onclosetag(start: number, end: number): void {
    if (this.jsonLd === undefined || this.html.slice(start, end).toLowerCase() !== 'script') return;
    try {
      jsonLdUrls(JSON.parse(this.jsonLd), undefined, this.resources);
    } catch (error) {
      this.scan.faults.push({
        target: 'application/ld+json',
        reason: `structured data is not valid JSON (${(error as Error).message}): fix the template that writes it`,
      });
    }
    this.jsonLd = undefined;
  }

  // Text outside JSON-LD, comments and declarations hold no URL the checks follow.
  ontextentity(): void {}
  oncdata(): void {}
  oncomment(): void {}
  ondeclaration(): void {}
  onprocessinginstruction(): void {}
  onend(): void {}

  private element(tag: string, attrs: Record<string, string>): void {
    const { scan } = this;
    if (attrs.id) scan.anchors.push(attrs.id);
    if (this.reading === idOnly) return;
    if (tag === 'a' && attrs.name) scan.anchors.push(attrs.name);
    if (tag === 'base' && attrs.href && scan.base === undefined) scan.base = attrs.href;
    if (tag === 'script' && attrs.type?.toLowerCase() === 'application/ld+json') this.jsonLd = '';
    if (tag === 'meta') {
      this.meta(attrs);
      return;
    }
    const rel = attrs.rel?.trim().toLowerCase().split(/\s+/) ?? [];
    if (tag === 'link' && rel.length > 0 && rel.every((value) => connectOnly.has(value))) return;
    if (tag === 'link' && rel.includes('alternate') && attrs.hreflang && attrs.href)
      scan.alternates[attrs.hreflang.toLowerCase()] = attrs.href;
    for (const name of urlAttributes[tag] ?? []) {
      const value = attrs[name];
      if (!value) continue;
      if (name === 'srcset') for (const url of srcsetUrls(value)) this.resources.add(url);
      else (name === 'href' && (tag === 'a' || tag === 'area') ? this.links : this.resources).add(value);
    }
  }

  private meta(attrs: Record<string, string>): void {
    const content = attrs.content ?? '';
    const robots = attrs.name?.toLowerCase() === 'robots' ? content.toLowerCase().split(/\s*,\s*/) : [];
    if (robots.includes('noindex')) this.scan.noindex = true;
    if (attrs['http-equiv']?.toLowerCase() === 'refresh') {
      const url = /^\s*\d+\s*[;,]\s*url\s*=\s*['"]?([^'"]+)/i.exec(content)?.[1];
      if (url) this.resources.add(url.trim());
    } else if (isWebUrl(content)) {
      this.resources.add(content); // og:url, og:image, twitter:image
    }
  }
}

/** The web URLs among the string values of a JSON-LD document. */
function jsonLdUrls(value: unknown, key: string | undefined, into: Set<string>): void {
  if (typeof value === 'string') {
    if (key !== undefined && !identifierKeys.has(key) && isWebUrl(value)) into.add(value);
  } else if (Array.isArray(value)) {
    for (const item of value) jsonLdUrls(item, key, into);
  } else if (value !== null && typeof value === 'object') {
    for (const [name, item] of Object.entries(value)) jsonLdUrls(item, name, into);
  }
}
