/**
 * functions/contact/services.ts is the contact function's copy of the site's services: a hosted
 * function cannot read content/, so the build writes that module from content/services, and the
 * host bundles it with the function.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { writeFileAtomic } from '../../support/files.cjs';
import { repoRoot } from '../../support/paths.ts';

/** The part of a service (cli/site/schema/service.ts) that the contact function needs. */
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
    '// Written by the build from content/services (cli/engine/write/contact-services.ts): edit those files, not this one.',
    "import type { Lang } from '../../cli/site/lang.ts';",
    '',
    '/** The services the contact form offers: the Spanish slug it posts, and the title in each language. */',
    '// biome-ignore format: one service a line, as written',
    'export const services: readonly { slug: string; title: Record<Lang, string> }[] = [',
    ...entries,
    '];',
    '',
  ].join('\n');
}

/**
 * Brings functions/contact/services.ts up to date after a build of the repository's own content
 * (builds of other folders, in tests or the bench, leave it alone). Written only when it changed.
 */
export function writeContactServices(contentDir: string, services: readonly CatalogueSource[]): void {
  if (resolve(contentDir) !== join(repoRoot, 'content')) return;
  const file = join(repoRoot, 'functions/contact/services.ts');
  const text = catalogueModule(services);
  let current: string | undefined;
  try {
    current = readFileSync(file, 'utf8');
  } catch {
    // written below
  }
  if (current !== text) writeFileAtomic(file, text);
}
