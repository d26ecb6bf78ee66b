// The contract between the contact form and its function, apart from the schema: the browser
// needs it at page load, and zod (schema.ts) only once the visitor starts on the form.

import type { Lang } from '../lang.ts';

/** The visitor's fields, in form order. */
export const contactFields = ['nombre', 'email', 'telefono', 'servicio', 'localidad', 'mensaje'] as const;
export type ContactField = (typeof contactFields)[number];
/** Hidden from people; a bot that fills it in (or omits it) gets a fake success. */
export const honeypotField = 'website';
/**
 * The form's one-time token for an enquiry: made by the browser on the first try and repeated by
 * every retry, it names the mail's Message-ID with the text, so a retry is the same message.
 */
export const tokenField = 'token';
export const tokenPattern = /^[0-9a-f]{32}$/;

/** Where every host serves the function (the Netlify and Cloudflare entries spell it out too). */
export const contactPath = '/api/send-contact-email';

/** Slugs of the pages a plain (no-JavaScript) form post lands on; the site builds them. */
export const resultSlugs = {
  thanks: { es: 'mensaje-enviado', en: 'message-sent' },
  'send-error': { es: 'error-envio', en: 'send-error' },
} as const satisfies Record<string, Record<Lang, string>>;

/** The error page's fragment parameter naming the fields too long to carry over, e.g. "mensaje". */
export const droppedParam = 'dropped';
