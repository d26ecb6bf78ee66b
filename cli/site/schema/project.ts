import { z } from 'zod';
import { ascending, isoDate, localized, oldPath, photoRef, slug, text, withTexts } from './common.ts';

/** A photo's place in a before/after pair; a photo without a role is simply part of the job. */
export const photoRoles = ['before', 'after'] as const;

/** Alt text is what a screen reader says and what shows if the photo fails: in every language the job has a text in. */
const altText = z
  .string({ error: 'is missing: every photo needs alt text saying what it shows, in each language of the job' })
  .trim()
  .min(1, 'must not be empty: say what the photo shows');

export const projectPhotoSchema = z
  .object({
    /** Path under content/photos/, e.g. "reforma-bano-javea/antes.jpg". */
    file: photoRef,
    alt: localized(altText),
    role: z.enum(photoRoles).optional(),
  })
  .strict();
export type ProjectPhoto = z.infer<typeof projectPhotoSchema>;

const projectTextSchema = z
  .object({
    slug,
    title: text.max(70, 'should be at most 70 characters for search results'),
    /** One or two sentences for cards and search results. */
    summary: text.max(220, 'should be at most 220 characters to fit a card'),
    /** Markdown: what was asked, what was done, what it took. */
    body: text,
    /** How long the work took, as the company would say it: "tres días". */
    duration: text.optional(),
  })
  .strict();

export type ProjectText = z.infer<typeof projectTextSchema>;

/** A finished job, content/projects/<name>.yaml: its languages in one file, like a service. */
export const projectSchema = withTexts(
  {
    /** Marks made-up entries (test fixtures, samples): `build --strict` refuses them. */
    example: z.boolean().optional(),
    /** When the work was finished. */
    date: isoDate,
    /** The service, by its key (the name of its file): "fontaneros". */
    service: slug,
    /** Slug of the locality in localities.yaml. */
    locality: slug,
    /** The first photo leads the page and its cards. */
    photos: z.array(projectPhotoSchema).min(1).max(24),
    /** What such a job costs, in whole euros: a band, never a quote. */
    priceBand: ascending(
      z.object({ from: z.number().int().positive(), to: z.number().int().positive() }).strict(),
      'from',
      'to',
    ).optional(),
    /** Paths this job was published at before, per language; they redirect here. */
    aliases: localized(z.array(oldPath)).optional(),
  },
  projectTextSchema,
);
/** A job's file as written; the model's Project (model.ts) adds its key. */
export type ProjectEntry = z.infer<typeof projectSchema>;
