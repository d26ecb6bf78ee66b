// The form's field names, apart from the schema: the browser needs them at page load, and zod
// (schema.ts) only once the visitor starts on the form.

export type Lang = 'es' | 'en';

/** The visitor's fields, in form order. */
export const contactFields = ['nombre', 'email', 'telefono', 'servicio', 'localidad', 'mensaje'] as const;
export type ContactField = (typeof contactFields)[number];
/** Hidden from people; a bot that fills it in (or omits it) gets a fake success. */
export const honeypotField = 'website';
