import { z } from 'zod';
import { type MessageKey, messageKeys } from '../contact/fields.ts';
import { cardSchema, heroSchema, sectionSchema, seoSchema, slug, text } from './common.ts';

const paragraphs = z.array(text).min(1);
const block = z.object({ heading: text, body: paragraphs }).strict();
const obj = <T extends z.ZodRawShape>(shape: T) => z.object(shape).strict();
const row = obj({ label: text, text });

/**
 * A category of the blog in one language. Posts name it by `key`, the same in every language; its
 * page is /blog/categoria/<slug> (/en/blog/category/<slug>) and shows `description` under its name.
 */
export const categorySchema = obj({
  key: slug,
  name: text,
  slug,
  description: text.max(170, 'should be at most 170 characters for search results'),
});
export type Category = z.infer<typeof categorySchema>;

/**
 * Every interface string of one language: content/i18n/es.yaml and en.yaml share this shape.
 * Placeholders in braces are filled by the templates: {brand}, {year}, {opens}, {closes},
 * {service}, {locality}, {count}, {fields}, {email}, {owner}; and, from the content, so copy never
 * states services or places the site does not have: {services} ("electricistas, fontaneros y
 * piscinas"; {Services} opens a sentence), {comarcas} ("la Marina Alta y la Marina Baja").
 */
export const stringsSchema = obj({
  /** Name of this language in itself, e.g. "Español": the language switch of every page offers it so. */
  languageName: text,
  /** Its BCP 47 locale, for dates, numbers and sorting: "es-ES", "de-DE". */
  locale: z.string().regex(/^[a-z]{2,3}(?:-[A-Z]{2})?$/, 'must be a locale such as "de-DE"'),
  /**
   * Whether a sentence writes a service's name in lower case ("electricistas, fontaneros y
   * piscinas"), as Spanish and English do; German keeps its nouns capitalised.
   */
  lowercaseNames: z.boolean(),
  /** What the switch to another language says to screen readers: {language} is that language's name. */
  switchLanguageLabel: text,
  /** The heading of the language menu, once the site has more than two languages. */
  languageMenu: text,
  /**
   * The fixed path segments of this language's pages: /empresa, /contacto, /blog/pagina/2,
   * /blog/categoria/<slug>, /trabajos, the form's result pages and the 404. Published URLs: change
   * one and content/published-urls.txt asks for an alias.
   */
  slugs: obj({
    about: slug,
    contact: slug,
    blog: slug,
    blogPage: slug,
    blogCategory: slug,
    projects: slug,
    thanks: slug,
    sendError: slug,
    notFound: slug,
  }),
  /** How a date is written: the months' names, and `format` with {day}, {month} and {year}: "{day} de {month} de {year}". */
  date: obj({ months: z.array(text).length(12), format: text }),
  /** {{owner.registry}} of the legal texts when site.yaml names no registry entry. */
  unregistered: text,
  /** What the Markdown of posts and legal texts says around it: its footnotes' heading (for screen readers), their links back, a table's name. */
  markdown: obj({ footnotes: text, back: text, table: text }),
  skipToContent: text,
  nav: obj({
    label: text,
    home: text,
    services: text,
    allServices: text,
    about: text,
    contact: text,
    blog: text,
    openMenu: text,
    closeMenu: text,
  }),
  buttons: obj({
    callNow: text,
    sendEmail: text,
    requestQuote: text,
    moreInfo: text,
    whatsapp: text,
  }),
  /** Prefilled text of the WhatsApp chat link. */
  whatsappMessage: text,
  /** What the default share image (content/images/og-image.png) shows, for og:image:alt. */
  shareImageAlt: text,
  /** Opening hours sentence, e.g. "Lunes a viernes, {opens}–{closes}". */
  hours: text,
  hoursShort: text,
  /** A comarca's name in a sentence, e.g. "la {comarca}": {comarcas} lists them so. */
  comarca: text,
  footer: obj({
    /** {services} */
    blurb: text,
    /** The column with the about, blog and contact pages. */
    companyHeading: text,
    contactHeading: text,
    servicesHeading: text,
    legalHeading: text,
    phoneLabel: text,
    emailLabel: text,
    areaLabel: text,
    hoursLabel: text,
    copyright: text,
    cookieSettings: text,
  }),
  cookie: obj({
    title: text,
    text,
    policyLink: text,
    accept: text,
    reject: text,
    configure: text,
    dialogTitle: text,
    dialogText: text,
    necessary: text,
    necessaryDescription: text,
    analytics: text,
    analyticsDescription: text,
    rejectAll: text,
    save: text,
    close: text,
  }),
  whyChooseUs: obj({ heading: text, points: z.array(cardSchema).length(4) }),
  breadcrumb: obj({ label: text, home: text }),
  home: obj({
    seo: seoSchema,
    /** {Services} in the description. */
    hero: heroSchema.extend({ secondary: text }),
    servicesHeading: text,
    /** {count} services. */
    servicesIntro: text,
    localitiesHeading: text,
    /** {count} localities in {comarcas}. */
    localitiesIntro: text,
    contactHeading: text,
    contactText: text,
  }),
  servicePage: obj({
    servicesHeading: text,
    reasonsHeading: text,
    localitiesHeading: text,
    localitiesIntro: text,
    closingHeading: text,
    closingText: text,
  }),
  localityPage: obj({
    /** "{service} en {locality}" */
    title: text,
    checklistHeading: text,
    aboutHeading: text,
    contactHeading: text,
    contactText: text,
    otherServicesHeading: text,
    /** "Preguntas frecuentes en {locality}": the locality's questions and answers. */
    faqHeading: text,
    /** "{service} en localidades cercanas": links to the same service in the nearest localities. */
    nearbyHeading: text,
  }),
  airConditioning: obj({ otherLocalitiesHeading: text, contactLink: text }),
  about: obj({
    seo: seoSchema,
    hero: heroSchema,
    history: block,
    team: block,
    philosophy: block,
    valuesHeading: text,
    values: z.array(cardSchema).length(4),
    commitment: block,
  }),
  contact: obj({
    seo: seoSchema,
    hero: heroSchema,
    formHeading: text,
    /** Read after the hero's description, as its last sentence: what helps the quote. */
    formIntro: text,
    /** Beside the form, under the call buttons: when the phone is answered and how soon e-mails are; {opens}, {closes}. */
    infoText: text,
    /**
     * The first layer of data-protection information, at the form: who is responsible ({owner},
     * {brand}), why, on what basis, who receives the data, the rights ({email}), and the link to the policy.
     */
    privacy: obj({
      heading: text,
      controller: row,
      purpose: row,
      basis: row,
      recipients: row,
      rights: row,
      more: obj({ label: text, link: text }),
    }),
  }),
  form: obj({
    labels: obj({ nombre: text, email: text, telefono: text, servicio: text, localidad: text, mensaje: text }),
    placeholders: obj({ nombre: text, email: text, telefono: text, localidad: text, mensaje: text }),
    selectService: text,
    /** Label of the hidden anti-spam field, read only by screen readers that reach it. */
    honeypot: text,
    submit: text,
    sending: text,
    /** Under the form's heading: every field must be filled in. */
    required: text,
    success: obj({ title: text, text }),
    error: obj({ title: text, text }),
    /** What the form and its function say of each field that is not right (contact/fields.ts `messageKeys`). */
    errors: obj(Object.fromEntries(messageKeys.map((key) => [key, text])) as Record<MessageKey, typeof text>),
    dismiss: text,
  }),
  /** Pages the no-JavaScript form post lands on. */
  thanks: obj({ seo: seoSchema, title: text, text, back: text }),
  /** `dropped`: shown when the form's {fields} (their labels) were too long to carry back to the form. */
  sendError: obj({ seo: seoSchema, title: text, text, retry: text, dropped: text }),
  blog: obj({
    seo: seoSchema,
    hero: heroSchema,
    readMore: text,
    back: text,
    relatedHeading: text,
    relatedText: text,
    feedTitle: text,
    /** Title of a numbered page of a list of posts (page 1 the oldest), e.g. "{title} — página {page}". */
    pageTitle: text,
    /** Title of a category's page: {category}. */
    categoryTitle: text,
    /** The list of categories above the posts, which `allPosts` heads with the whole blog. */
    categoriesLabel: text,
    allPosts: text,
    /**
     * Links between the pages of a list of posts, read from the newest: `previous` leads to newer
     * posts, `next` to older ones; `label` names the navigation, `page` a page by its {page} number.
     */
    pagination: obj({ label: text, previous: text, next: text, page: text }),
    /** Links from a post to the one published before it and the one after it. */
    postNav: obj({ label: text, older: text, newer: text }),
    /** Heading of the posts shown under a post as related to it. */
    relatedPostsHeading: text,
    categories: z.array(categorySchema),
  }),
  /** Finished jobs: their index and pages, and the bands that show some on other pages. */
  projects: obj({
    seo: seoSchema,
    hero: heroSchema,
    /** Heading of the band of latest jobs (home, service pages). */
    latestHeading: text,
    /** Heading of the band on a service-in-locality page: {service}, {locality}. */
    nearbyHeading: text,
    viewAll: text,
    back: text,
    readMore: text,
    beforeAfterHeading: text,
    before: text,
    after: text,
    photosHeading: text,
    /** Labels of the job's facts. */
    facts: obj({ heading: text, service: text, locality: text, date: text, duration: text, price: text }),
    /** Under the price band: it is no quote. */
    priceNote: text,
    ctaHeading: text,
    ctaText: text,
  }),
  /** What customers said. {rating} in `rating`; {source} in `via`. */
  reviews: obj({
    heading: text,
    intro: text,
    rating: text,
    via: text,
    sources: obj({ google: text, facebook: text, email: text, whatsapp: text, 'in-person': text }),
    translation: text,
    /** Link to the company's profile to leave a review (site.yaml reviewUrl). */
    leave: text,
  }),
  legal: obj({ updated: text }),
  notFound: obj({
    seo: seoSchema,
    title: text,
    text,
    home: text,
    /** Shown under a service slug: the spec's specific wording. */
    serviceTitle: text,
    serviceText: text,
    servicesHeading: text,
  }),
  /** Free sections the home page shows after the localities; may be empty. */
  homeSections: z.array(sectionSchema),
});
export type Strings = z.infer<typeof stringsSchema>;
