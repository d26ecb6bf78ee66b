import { z } from 'zod';
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
  /** Name of this language in itself, e.g. "Español". */
  languageName: text,
  /** Label of the toggle that switches to the other language, e.g. "English". */
  switchLanguage: text,
  switchLanguageLabel: text,
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
