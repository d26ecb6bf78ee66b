import { z } from 'zod';
import { imageRef, isoDate, oldPath, slug, text } from './common.ts';

/** Front matter of a blog post, content/blog/{es,en}/<slug>.md. */
export const postFrontMatterSchema = z
  .object({
    title: text,
    excerpt: text.max(220, 'should be at most 220 characters to fit a card'),
    /** ISO date, YYYY-MM-DD. */
    date: isoDate,
    /**
     * Key of one of the categories of the strings (content/i18n/, blog.categories), e.g. "piscinas":
     * any text here, so that a wrong one is told from the categories there are (checks/pages.ts).
     */
    category: z.string().trim().min(1, 'must not be empty'),
    slug,
    /**
     * In every language but the site's first: the slug of the post it translates, in the first
     * language. In the first language, optionally the slug of one of its translations.
     */
    counterpart: slug.optional(),
    /** The related service, by its key (its slug in the first language), e.g. "piscinas". */
    service: slug,
    /** Two locality slugs the post links to. */
    localities: z.array(slug).length(2),
    /** ISO date of the last real change to the text; the date it was first published by default. */
    updated: isoDate.optional(),
    image: imageRef,
    imageAlt: text,
    /** Paths this post was published at before; they redirect here. */
    aliases: z.array(oldPath).optional(),
  })
  .strict();
export type PostFrontMatter = z.infer<typeof postFrontMatterSchema>;

/** Front matter of a legal text, content/legal/{es,en}/<slug>.md. Its body may use {{brand}}, {{owner.nif}} and the other site.yaml values (engine/load/content.ts fills them). */
export const legalFrontMatterSchema = z
  .object({
    title: text,
    description: text.max(170),
    slug,
    /** As a post's: the first-language text it translates, or one of its translations. */
    counterpart: slug.optional(),
    updated: isoDate,
    /** Paths this text was published at before; they redirect here. */
    aliases: z.array(oldPath).optional(),
  })
  .strict();
export type LegalFrontMatter = z.infer<typeof legalFrontMatterSchema>;
