/**
 * services.ts is the function's copy of the site's services: a hosted function cannot read
 * content/, so the build writes that module from content/services, and the host bundles it.
 */

/** The part of a service (cli/build/schema/service.ts) that the contact function needs. */
export interface CatalogueSource {
  slug: { es: string };
  es: { title: string };
  en: { title: string };
}

/** The text of services.ts for `services`, in their order (the build's is the menu order). */
export function catalogueModule(services: readonly CatalogueSource[]): string {
  const literal = JSON.stringify;
  const entries = services.map(
    (s) => `  { slug: ${literal(s.slug.es)}, title: { es: ${literal(s.es.title)}, en: ${literal(s.en.title)} } },`,
  );
  return [
    '// Written by the build from content/services (functions/contact/catalogue.ts): edit those files, not this one.',
    "import type { Lang } from './fields.ts';",
    '',
    '/** The services the contact form offers: the Spanish slug it posts, and the title in each language. */',
    '// biome-ignore format: one service a line, as written',
    'export const services: readonly { slug: string; title: Record<Lang, string> }[] = [',
    ...entries,
    '];',
    '',
  ].join('\n');
}
