import { z } from 'zod';
import { localized, slug, text } from './common.ts';

export const comarcas = ['Marina Alta', 'Marina Baja'] as const;

export const localitySchema = z
  .object({
    slug,
    /** Proper local spelling: "Jávea", "Callosa d'en Sarrià". */
    name: text,
    comarca: z.enum(comarcas),
    /** Slugs this locality had before: every page that had one redirects to the page it has now. */
    aliases: z.array(slug).optional(),
    /** Where the town centre is, in degrees: its pages link to the nearest localities. */
    geo: z.object({ lat: z.number().min(-90).max(90), lon: z.number().min(-180).max(180) }).strict(),
    ...localized(
      z
        .object({
          /** Two or three sentences about the place, shown on its pages. */
          description: text,
          /** A phrase that completes "in {locality}, {context}", e.g. "with its hillside villas". */
          context: text,
        })
        .strict(),
    ).shape,
  })
  .strict();
export type Locality = z.infer<typeof localitySchema>;

export const localitiesFileSchema = z.object({ localities: z.array(localitySchema).min(1) }).strict();
