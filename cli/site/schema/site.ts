import { z } from 'zod';
import { httpsUrl, langSchema, localized, text } from './common.ts';

export const siteSchema = z
  .object({
    /**
     * The site's languages, by code: the first is the default, its pages at unprefixed URLs; each
     * other one's under /<code>/. Each needs its strings file, content/i18n/<code>.yaml; a page
     * exists in a language where its text does.
     */
    languages: z
      .array(langSchema)
      .min(1, 'must list at least one language, the default first: [es, en]')
      .refine((codes) => new Set(codes).size === codes.length, 'must list each language once'),
    brand: text,
    baseUrl: httpsUrl.refine((u) => !u.endsWith('/'), 'must not end with a slash'),
    phone: z
      .object({
        display: text,
        e164: z.string().regex(/^\+[1-9]\d{6,14}$/, 'must be an E.164 number such as +34600000000'),
      })
      .strict(),
    /** Digits only, country code first, as wa.me expects. */
    whatsapp: z.string().regex(/^[1-9]\d{6,14}$/, 'must be digits only with the country code, such as 34600000000'),
    email: z.email('must be an e-mail address'),
    hours: z
      .object({
        opens: z.string().regex(/^\d\d:\d\d$/, 'must be HH:MM'),
        closes: z.string().regex(/^\d\d:\d\d$/, 'must be HH:MM'),
      })
      .strict(),
    /** Where the company works, in each language's words (the footer, the legal texts' {{serviceArea}}). */
    serviceArea: localized(text),
    foundingYear: z.number().int().min(1900).max(2100),
    owner: z.object({ name: text, nif: text, address: text, registry: text.optional() }).strict(),
    /** The company's Google Business Profile: linked from the site and named in its structured data. */
    googleProfile: httpsUrl.optional(),
    /** Where a customer leaves a review (the profile's "ask for reviews" link); pages with reviews link to it. */
    reviewUrl: httpsUrl.optional(),
    /** The company's other profiles (Facebook, Instagram…), for search engines. */
    sameAs: z.array(httpsUrl).optional(),
    /** Where the business is, as on the profile. */
    address: z
      .object({
        street: text,
        postalCode: z.string().regex(/^\d{5}$/, 'must be a five-digit postal code such as 03730'),
        locality: text,
      })
      .strict()
      .optional(),
    geo: z
      .object({ lat: z.number().min(-90).max(90), lon: z.number().min(-180).max(180) })
      .strict()
      .optional(),
    /** How dear the company is, as search results show it: "€€", or a band such as "30–60 €/h". */
    priceRange: text.max(30).optional(),
    /** The blog index and each category's page show `pageSize` posts a page, newest first. */
    blog: z
      .object({ pageSize: z.number().int().min(1).max(60).default(12) })
      .strict()
      .default({ pageSize: 12 }),
    /** Optional analytics script, injected only after consent. Off when absent. */
    analytics: z.object({ src: z.url() }).strict().optional(),
  })
  .strict();
export type Site = z.infer<typeof siteSchema>;

/**
 * The example values shipped with the default content, which are not the company's. A strict or production
 * build refuses to run while any of them remains.
 */
export const exampleValues: ReadonlyArray<{ path: string[]; test: (v: unknown) => boolean }> = [
  { path: ['brand'], test: (v) => v === 'Marina Hogar' },
  { path: ['baseUrl'], test: (v) => typeof v === 'string' && /example\.(com|org|net)/.test(v) },
  { path: ['email'], test: (v) => typeof v === 'string' && /@example\.(com|org|net)$/.test(v) },
  { path: ['phone', 'e164'], test: (v) => v === '+34600000000' },
  { path: ['phone', 'display'], test: (v) => v === '+34 600 000 000' },
  { path: ['whatsapp'], test: (v) => v === '34600000000' },
  ...(['name', 'nif', 'address'] as const).map((key) => ({
    path: ['owner', key],
    test: (v: unknown) => typeof v === 'string' && /^\[.*\]$/.test(v.trim()),
  })),
];
