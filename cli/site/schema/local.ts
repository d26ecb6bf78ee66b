import { z } from 'zod';
import { localized, slug, text } from './common.ts';

/** A question a homeowner in the place would ask, and its answer: shown as a visible FAQ. */
export const faqSchema = z.object({ question: text, answer: text }).strict();

/** What one trade means in one locality: a section of that service-in-locality page. */
export const localTextSchema = z
  .object({
    heading: text,
    /** Paragraphs, plain text. */
    body: z.array(text).min(1),
    faq: z.array(faqSchema).min(1).max(5),
  })
  .strict();
export type LocalText = z.infer<typeof localTextSchema>;

/** content/local/<key of the service, or of air conditioning>.yaml: one entry per locality slug, its texts per language. */
export const localFileSchema = z.record(slug, localized(localTextSchema));
export type LocalTexts = z.infer<typeof localFileSchema>;
