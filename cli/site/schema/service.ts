import { z } from 'zod';
import { heroSchema, imageRef, localTextSchema, localized, sectionSchema, seoSchema, slug, text, withTexts } from './common.ts';

export const iconNames = ['zap', 'droplets', 'paintbrush', 'trees', 'waves', 'shovel', 'hammer', 'sun', 'snowflake'] as const;

const serviceTextSchema = z
  .object({
    /** Short name used in menus, cards and titles: "Electricistas". */
    title: text,
    /** One line under the title in the Services dropdown and on cards. */
    menuDescription: text.max(90, 'should be at most 90 characters to fit the menu'),
    seo: seoSchema,
    hero: heroSchema,
    /** The checklist shown on the service and service-in-locality pages. */
    servicios: z.array(text).length(6),
    reasons: z.array(text).min(3).max(8),
    /** Extra descriptive sections of the service page. */
    sections: z.array(sectionSchema),
    /** Text of the service-in-locality pages. */
    local: localTextSchema,
    /** The per-service extra sections of the service-in-locality pages. */
    extras: z.array(sectionSchema),
  })
  .strict();
export type ServiceText = z.infer<typeof serviceTextSchema>;

/** content/services/<name>.yaml: shared fields, then the texts of each language it is offered in (`es:`, `en:`…). */
export const serviceSchema = withTexts(
  {
    /** Position in menus and card grids. */
    order: z.number().int().min(1),
    /** Its address in each language it has a text in. */
    slug: localized(slug),
    /** Slugs the service had before, per language: its pages there redirect to the ones it has now. */
    aliases: localized(z.array(slug)).optional(),
    image: imageRef,
    icon: z.enum(iconNames),
  },
  serviceTextSchema,
);
/** A service's file as written; the model's Service (model.ts) adds its key. */
export type ServiceEntry = z.infer<typeof serviceSchema>;

const airConditioningTextSchema = z
  .object({
    title: text,
    seo: seoSchema,
    hero: heroSchema,
    intro: z.array(text).min(1),
    typesHeading: text,
    /** Split, ducted and inverter, in that order. */
    types: z.array(z.object({ title: text, text, features: z.array(text).min(2) }).strict()).length(3),
    processHeading: text,
    steps: z.array(z.object({ title: text, text }).strict()).length(4),
    cta: z.object({ heading: text, text, button: text }).strict(),
    local: localTextSchema,
  })
  .strict();
export type AirConditioningText = z.infer<typeof airConditioningTextSchema>;

export const airConditioningSchema = withTexts(
  {
    /** The service this page sits under, by its key (the name of its file, content/services/<key>.yaml). */
    parent: slug,
    slug: localized(slug),
    image: imageRef,
  },
  airConditioningTextSchema,
);
export type AirConditioning = z.infer<typeof airConditioningSchema>;
