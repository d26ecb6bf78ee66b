// The site's languages are data: `languages` in content/site.yaml, the first the default, with
// unprefixed URLs. Apart from the schemas: the template engine and the contact function use these,
// and importing a schema module would bundle all of zod with them.

/** A language's code, as its content blocks, folders and strings file are named: "es", "de". */
export type Lang = string;

/** How a language code is written: two or three lowercase letters. */
export const langPattern = /^[a-z]{2,3}$/;

/** The URL prefix of a language's pages: none for the default (first) language, "/en" for the others. */
export const langPrefix = (languages: readonly Lang[], lang: Lang): string => (lang === languages[0] ? '' : `/${lang}`);

/**
 * A value that exists only in some languages (a slug, a service's texts: name the type of an
 * entry's blocks, `inLang<ServiceText>(service, …)`): read where a page of that language exists by
 * construction, so its absence is a bug of the build, not of content.
 */
export function inLang<T>(values: Readonly<Record<Lang, T | undefined>>, lang: Lang, what: string): T {
  const value = values[lang];
  if (value === undefined) throw new Error(`${what} has no "${lang}" text, yet a page in that language was asked for it`);
  return value;
}
