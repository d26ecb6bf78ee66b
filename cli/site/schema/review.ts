import { z } from 'zod';
import { httpsUrl, isoDate, langSchema, localized, slug, text } from './common.ts';

/** Where the customer said it. */
export const reviewSources = ['google', 'facebook', 'email', 'whatsapp', 'in-person'] as const;

/** How the customer agreed to have the review shown on the site. */
const consentMethods = ['email', 'whatsapp', 'in-person', 'paper'] as const;

/**
 * What a customer said, content/reviews/<name>.yaml, in the language they wrote it. Only with
 * their consent, word for word: invented or edited reviews are illegal in the EU.
 */
export const reviewSchema = z
  .object({
    /** Marks made-up entries (test fixtures, samples): `build --strict` refuses them. */
    example: z.boolean().optional(),
    /**
     * The name as the customer agreed to show it: a first name and an initial ("Ana G.") or surnames
     * ("Carmen López", "José Luis de la Fuente"); each word capitalised but linking words.
     */
    author: z
      .string()
      .max(60)
      .regex(
        /^\p{Lu}[\p{L}'-]+(?: (?:\p{Ll}+ )*(?:\p{Lu}\.|\p{Lu}[\p{L}'-]+))+$/u,
        'must be a first name and an initial or surname, capitalised, such as "Ana G." or "Carmen López"',
      ),
    locality: slug,
    /** The service, by its key (its slug in the first language). */
    service: slug,
    rating: z.number().int().min(1).max(5),
    date: isoDate,
    /** The language of `text`. */
    lang: langSchema,
    text: text.max(1500, 'should be at most 1500 characters; link the full review with "url"'),
    /** The text in other languages, by code, where someone translated it; each shown marked as a translation. */
    translation: localized(text).optional(),
    source: z.enum(reviewSources),
    /** Where the review can be read, if it is public. */
    url: httpsUrl.optional(),
    /**
     * When and how the customer agreed to have it shown here, which the company must be able to
     * prove: keep that e-mail, message or paper.
     */
    consent: z.object({ date: isoDate, how: z.enum(consentMethods) }).strict(),
  })
  .strict();
export type Review = z.infer<typeof reviewSchema>;
