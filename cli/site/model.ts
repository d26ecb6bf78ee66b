// The site as the templates see it: validated content, Markdown rendered. Types only.
import type { LocalTexts } from './schema/local.ts';
import type { Locality } from './schema/locality.ts';
import type { LegalFrontMatter, PostFrontMatter } from './schema/post.ts';
import type { AirConditioning, Service } from './schema/service.ts';
import type { Site } from './schema/site.ts';
import type { Lang } from './schema/common.ts';
import type { Strings } from './schema/strings.ts';

/** A locality as the pages see it: its content, and its nearest neighbours. */
export interface Place extends Locality {
  /** Slugs of the three nearest localities, nearest first. */
  nearby: string[];
}

/** An image of content/images/, with its intrinsic size so every <img> gets width and height. */
export interface Image {
  name: string;
  width: number;
  height: number;
  bytes: Buffer;
}

/** What a page loaded from a Markdown file holds besides its front matter. */
export interface MarkdownPage {
  lang: Lang;
  /** The body, read from the file on first use when the build's cache knows the file. */
  markdown: string;
  /** Hash of everything the body is made of (its file, and for legal texts the values filled in). */
  sourceHash: string;
  /** Hash of the validated front matter: what lists of posts show. */
  frontMatterHash: string;
}

/** A post as loaded: front matter and Markdown. The build gives it HTML (engine/incremental/markdown-cache.ts). */
export interface PostSource extends PostFrontMatter, MarkdownPage {}
export interface Post extends Omit<PostSource, 'markdown'> {
  html: string;
}

/** A legal text as loaded, its {{placeholders}} already filled from site.yaml. */
export interface LegalSource extends LegalFrontMatter, MarkdownPage {}
export interface LegalPage extends Omit<LegalSource, 'markdown'> {
  html: string;
}

/** Everything the templates render from: validated, cross-checked content, Markdown rendered. */
export interface SiteModel {
  site: Site;
  strings: Record<Lang, Strings>;
  /** Sorted by their `order`. */
  services: Service[];
  airConditioning: AirConditioning;
  localities: Place[];
  /**
   * What each trade means in each locality (content/local/), by the Spanish slug of the service or
   * of air conditioning, then by locality slug. A locality without an entry shows no such section.
   */
  localTexts: Record<string, LocalTexts>;
  /**
   * Every path the site has published (content/published-urls.txt, kept by the build): each must
   * still answer, as a page or an alias, unless its line is deleted on purpose.
   */
  published: { file: string; paths: string[] };
  /** Newest first. */
  posts: Record<Lang, Post[]>;
  legal: Record<Lang, LegalPage[]>;
  images: Map<string, Image>;
}

/** The content folder as loaded and validated, before Markdown is rendered. */
export interface Content extends Omit<SiteModel, 'posts' | 'legal'> {
  posts: Record<Lang, PostSource[]>;
  legal: Record<Lang, LegalSource[]>;
}

/** Placeholders the per-locality texts may use. */
export const localPlaceholders = ['locality', 'comarca', 'context', 'brand'] as const;
