// The site's languages, apart from the schemas: the template engine and the contact function
// use them, and importing a schema module would bundle all of zod with them.

/** Spanish first: the site's main language. */
export const langs = ['es', 'en'] as const;
export type Lang = (typeof langs)[number];
