import { z } from 'zod';
import { slug, text, withTexts } from './common.ts';

export const comarcas = ['Marina Alta', 'Marina Baja'] as const;

/** A locality's texts in one language. */
const localityTextSchema = z
  .object({
    /** Two or three sentences about the place, shown on its pages. */
    description: text,
    /** A phrase that completes "in {locality}, {context}", e.g. "with its hillside villas". */
    context: text,
  })
  .strict();

export type LocalityText = z.infer<typeof localityTextSchema>;

/** One locality of localities.yaml: shared fields, then its texts per language (`es:`, `en:`…). */
export const localitySchema = withTexts(
  {
    slug,
    /** Proper local spelling: "Jávea", "Callosa d'en Sarrià". */
    name: text,
    comarca: z.enum(comarcas),
    /** Slugs this locality had before: every page that had one redirects to the page it has now. */
    aliases: z.array(slug).optional(),
    /** Where the town centre is, in degrees: its pages link to the nearest localities. */
    geo: z.object({ lat: z.number().min(-90).max(90), lon: z.number().min(-180).max(180) }).strict(),
  },
  localityTextSchema,
);
export type Locality = z.infer<typeof localitySchema>;

export const localitiesFileSchema = z.object({ localities: z.array(localitySchema).min(1) }).strict();
