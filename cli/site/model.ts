// The site as the templates see it: validated content, Markdown rendered. Types only.
import type { LocalTexts } from './schema/local.ts';
import type { Locality } from './schema/locality.ts';
import type { ProjectEntry } from './schema/project.ts';
import type { Review } from './schema/review.ts';
import type { LegalFrontMatter, PostFrontMatter } from './schema/post.ts';
import type { AirConditioning, ServiceEntry } from './schema/service.ts';
import type { Site } from './schema/site.ts';
import type { Lang } from './lang.ts';
import type { Strings } from './schema/strings.ts';

/**
 * What pairs an entry's pages across languages and what other files name it by: its slug in the
 * site's first language (site.yaml `languages`), which every entry has (checks/languages.ts).
 */
interface Keyed {
  key: string;
}

// The entries with a text per language (schema/common.ts withTexts) are types, not interfaces: an
// interface may not add fields beside their blocks' index signature, an intersection may.

/** A service as the pages see it, with its key: posts, jobs and local texts name it by that. */
export type Service = ServiceEntry & Keyed;

/** A finished job as loaded, with its key. */
export type Project = ProjectEntry & Keyed;

/** Air conditioning's page, with its key: its local texts are named by it. */
export type AirConditioningPage = AirConditioning & Keyed;

/** A locality as the pages see it: its content, and its nearest neighbours. */
export type Place = Locality & {
  /** Slugs of the three nearest localities, nearest first. */
  nearby: string[];
};

/** An image of content/images/, with its intrinsic size so every <img> gets width and height. */
export interface Image {
  name: string;
  width: number;
  height: number;
  bytes: Buffer;
}

/** The formats every photo is published in, best first: <picture> offers them in this order. */
export const photoFormats = ['avif', 'webp', 'jpeg'] as const;
export type PhotoFormat = (typeof photoFormats)[number];

/** One encoded size of a photo. */
export interface PhotoVariant {
  width: number;
  height: number;
  /** Site path of the file, content-hashed: "/assets/photos/antes-800.1a2b3c4d5e.avif". */
  path: string;
}

/**
 * A photo of content/photos/, as pages use it: its size once its orientation is applied, and the
 * files the build encodes from it (engine/photos/encode.ts), narrowest first in each format.
 */
export interface Photo {
  /** Path under content/photos/, as content names it. */
  name: string;
  /** The file it is encoded from, and the hash of its bytes (part of every variant's name). */
  source: { file: string; hash: string };
  width: number;
  height: number;
  variants: Record<PhotoFormat, PhotoVariant[]>;
}

/** A finished job as loaded, with its file, which problems in its Markdown name. */
export type ProjectSource = Project & { file: string };

/** A finished job as pages show it: its Markdown body rendered in each language it has. */
export type ProjectPage = Project & { html: Record<Lang, string> };

/** What a page loaded from a Markdown file holds besides its front matter. */
export interface MarkdownPage extends Keyed {
  lang: Lang;
  /** The body's Markdown. */
  markdown: string;
}

/** A post as loaded: front matter and Markdown. The build gives it HTML. */
export interface PostSource extends PostFrontMatter, MarkdownPage {}
export interface Post extends Omit<PostSource, 'markdown'> {
  /** The body as HTML. */
  html: string;
}

/** A legal text as loaded, its {{placeholders}} already filled from site.yaml. */
export interface LegalSource extends LegalFrontMatter, MarkdownPage {}
export interface LegalPage extends Omit<LegalSource, 'markdown'> {
  /** The body as HTML. */
  html: string;
}

/** Everything the templates render from: validated, cross-checked content, Markdown rendered. */
export interface SiteModel {
  site: Site;
  /** One strings file for each of the site's languages (`site.languages`). */
  strings: Record<Lang, Strings>;
  /** Sorted by their `order`. */
  services: Service[];
  airConditioning: AirConditioningPage;
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
  /** By language, newest first: a language without posts has none. */
  posts: Record<Lang, Post[]>;
  legal: Record<Lang, LegalPage[]>;
  images: Map<string, Image>;
  /** By their name under content/photos/: only those some content uses. */
  photos: Map<string, Photo>;
  /** Finished jobs, newest first. */
  projects: ProjectPage[];
  /** What customers said, newest first. */
  reviews: Review[];
}

/** The content folder as loaded and validated, before Markdown is rendered. */
export interface Content extends Omit<SiteModel, 'posts' | 'legal' | 'projects'> {
  projects: ProjectSource[];
  posts: Record<Lang, PostSource[]>;
  legal: Record<Lang, LegalSource[]>;
}

/** Placeholders the per-locality texts may use. */
export const localPlaceholders = ['locality', 'comarca', 'context', 'brand'] as const;
