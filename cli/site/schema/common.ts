import { z } from 'zod';
import { langPattern } from '../lang.ts';
import { servedBy } from '../served.ts';
import { keepTogether } from '../typeset.ts';

/** A language's code (site.yaml `languages` lists the site's own; checks/ refuses any other). */
export const langSchema = z.string().regex(langPattern, 'must be a language code of two or three lowercase letters, such as "de"');

/** Any text a page shows: trimmed, not empty, and typeset so that no line breaks inside "F-GAS" or "40 %". */
export const text = z.string().trim().min(1, 'must not be empty').overwrite(keepTogether);

/**
 * The longest name the editor gives a photo under content/photos/ (folders included) or an entry's
 * file, and the longest a slug or a photo's name may be: the build names cached and published
 * files after them, with a width and a key added, and a file name may have at most 255 bytes.
 * Far above a phone's "IMG_20250314_101500.heic". A longer one failed a build after it had
 * encoded every photo, on a cache file naming no content file.
 */
export const maxNameLength = 100;

const tooLong = (max: number, what: string) => ({ error: `must be at most ${max} characters: shorten ${what}`, abort: true });

export const slug = z
  .string()
  .max(maxNameLength, tooLong(maxNameLength, 'it'))
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be a lowercase slug such as "gata-de-gorgos"');

/** A file name under content/images/, e.g. "electricistas.svg". */
export const imageRef = z.string().regex(/^[a-z0-9-]+\.(svg|png|jpe?g|webp)$/, 'must be a file name in content/images/');

/**
 * A photo under content/photos/, e.g. "reforma-bano-javea/antes.jpg": resized, re-encoded and
 * stripped of metadata by the build (engine/photos/).
 */
export const photoRef = z
  .string()
  .max(maxNameLength, tooLong(maxNameLength, 'the name of the photo and of its folders (rename the file too)'))
  .regex(
    /^[\w-]+(?:\/[\w-]+)*\.(?:jpe?g|png|webp|avif|heic|heif)$/i,
    'must be a JPEG, PNG, WebP or AVIF file under content/photos/, such as "reforma-javea/antes.jpg"',
  );

export const httpsUrl = z.url({ protocol: /^https$/, error: 'must be an https:// URL' });

/** ISO date, YYYY-MM-DD. */
export const isoDate = z.iso.date('must be an ISO date such as 2024-03-15');

/**
 * A site path a page was published at before, e.g. "/blog/old-slug" or an old site's
 * "/servicios/fontaneria.html"; it redirects to the page. One pass of a pattern without nested
 * repetition, then a look at each segment: content is checked in time linear in its length.
 */
export const oldPath = z
  .string()
  .max(300, tooLong(300, 'the path, or leave it out: an old page that long is unlikely to be linked'))
  .regex(/^\/(?:[\w./-]|%[0-9A-Fa-f]{2})*$/, {
    error:
      'must be a site path such as "/blog/old-slug" or "/index.php": letters, digits, "-", "_", "." and "/", other characters percent-encoded ("%C3%A9" for "é")',
    abort: true,
  })
  .superRefine((path, ctx) => {
    const served = servedBy(path);
    const message = oldPathProblem(path) ?? (served && `is ${served}: an alias there would hide it or never answer; remove it`);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

/** Characters a percent-escape may not hide, besides control characters: they would change which path the alias is. */
const hidden = new Set(['/', '\\', '?', '#', '%', '.']);

function oldPathProblem(path: string): string | undefined {
  const segments = path.slice(1).split('/');
  if (segments.slice(0, -1).includes('')) return 'has an empty segment ("//"); write the path as the old site linked it';
  if (segments.some((s) => s === '.' || s === '..')) return 'has a "." or ".." segment; write the path it leads to';
  for (const [written, hex] of path.matchAll(/%([0-9A-Fa-f]{2})/g)) {
    const code = Number.parseInt(hex!, 16);
    const character = String.fromCharCode(code);
    if (code < 0x20 || code === 0x7f || hidden.has(character))
      return `percent-encodes ${JSON.stringify(character)} (${written}), which would change the path; write it as the old site did`;
  }
  try {
    decodeURIComponent(path);
  } catch {
    return 'has percent-escapes that are not UTF-8 ("%C3%A9" is "é")';
  }
  return undefined;
}

/**
 * An object whose number `high` must be above its number `low`, such as a price band. The rule is
 * written once: the build checks it here, and the editor's form reads it from the schema's
 * metadata (`ascending`) to check it before a save.
 */
export const ascending = <S extends z.ZodObject>(schema: S, low: string, high: string) =>
  schema
    .refine((value) => Number(value[high]) > Number(value[low]), { message: `"${high}" must be more than "${low}"`, path: [high] })
    .meta({ ascending: [low, high] });

/**
 * The same shape once per language it exists in, by language code: `slug: { es: piscinas, en: pools }`.
 * Which languages must be there is a rule between files (checks/languages.ts): the site's list is in site.yaml.
 */
export const localized = <T extends z.ZodType>(schema: T) => z.record(langSchema, schema).meta({ localized: true });

/**
 * An entry whose texts sit beside its shared fields, one block per language (`es:`, `en:`, `de:`),
 * each of the shape `texts`: the same shape in every language, so they can never drift apart. Any
 * key that is not a shared field is read as a language's block; checks/languages.ts refuses one
 * that is not a language of the site, and asks for the default language's.
 */
export const withTexts = <S extends z.ZodRawShape, T extends z.ZodType>(shared: S, texts: T) => z.object(shared).catchall(texts);

export const seoSchema = z
  .object({
    title: text.max(70, 'should be at most 70 characters for search results'),
    description: text.max(170, 'should be at most 170 characters for search results'),
    keywords: z.array(text).min(3).max(12),
  })
  .strict();
export type Seo = z.infer<typeof seoSchema>;

export const heroSchema = z.object({ badge: text, title: text, description: text }).strict();
export type Hero = z.infer<typeof heroSchema>;

export const cardSchema = z.object({ title: text, text }).strict();
export type Card = z.infer<typeof cardSchema>;

/**
 * A free content section. Every field but the heading is optional, and the template renders what
 * is present in this order: paragraphs, bullet items, titled lists, cards, gallery.
 */
export const sectionSchema = z
  .object({
    heading: text,
    body: z.array(text).optional(),
    items: z.array(text).optional(),
    lists: z.array(z.object({ heading: text, items: z.array(text).min(1) }).strict()).optional(),
    cards: z.array(cardSchema).optional(),
    /** Illustrations (`image`, from content/images/) or photos (`photo`, from content/photos/): one of the two each. */
    gallery: z
      .array(
        z
          .object({ image: imageRef.optional(), photo: photoRef.optional(), alt: text, caption: text.optional() })
          .strict()
          .refine((g) => (g.image === undefined) !== (g.photo === undefined), 'give either "image" or "photo"'),
      )
      .optional(),
  })
  .strict();
export type Section = z.infer<typeof sectionSchema>;

/**
 * Text for a page that exists once per locality. Placeholders {locality}, {comarca}, {context}
 * and {brand} are filled per page; see cli/site/placeholders.ts.
 */
export const localTextSchema = z
  .object({
    seoTitle: text,
    seoDescription: text,
    heroDescription: text,
    intro: text,
    closing: text,
  })
  .strict();
export type LocalText = z.infer<typeof localTextSchema>;
