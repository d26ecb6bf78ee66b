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

/**
 * What the form says of a field that is not right: the field's name when it is missing or too
 * short, `…Long` too long, `…Line` on more than one line, `servicioList` not one offered. The
 * strings of each language word them (form.errors).
 */
export const messageKeys = [
  'nombre',
  'nombreLong',
  'nombreLine',
  'email',
  'emailLong',
  'telefono',
  'telefonoLong',
  'servicio',
  'servicioList',
  'localidad',
  'localidadLong',
  'localidadLine',
  'mensaje',
  'mensajeLong',
  honeypotField,
] as const;
export type MessageKey = (typeof messageKeys)[number];
export type Messages = Readonly<Record<MessageKey, string>>;

/**
 * What the contact function knows of the site, which a hosted function cannot read from content/:
 * the build writes it into functions/contact/services.ts (engine/write/contact-services.ts).
 */
export interface ContactSite {
  /** The site's languages, the default first: where a plain form post lands, what it says, the name the mail gives the language. */
  languages: readonly { code: Lang; name: string; sent: string; failed: string; messages: Messages }[];
  /** The services the form offers: the key it posts, and its title in the first language, which the mail names. */
  services: readonly { slug: string; title: string }[];
}

/** The error page's fragment parameter naming the fields too long to carry over, e.g. "mensaje". */
export const droppedParam = 'dropped';
