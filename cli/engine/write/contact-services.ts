/**
 * functions/contact/services.ts is the contact function's copy of what it needs of the site (its
 * languages and services): a hosted function cannot read content/, so the build writes that module
 * from the model, and the host bundles it with the function.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { writeFileAtomic } from '../../support/files.cjs';
import { repoRoot } from '../../support/paths.ts';
import type { ContactSite } from '../../site/contact/fields.ts';
import { inLang } from '../../site/lang.ts';
import type { SiteModel } from '../../site/model.ts';
import { routeKey, type RouteMap } from '../../site/routes.ts';

/** What the contact function needs of the site (contact/fields.ts ContactSite), from the model and its routes. */
export function contactSite(model: SiteModel, routes: RouteMap): ContactSite {
  const [first] = model.site.languages;
  const names = new Intl.DisplayNames([inLang(model.strings, first!, 'the strings').locale], { type: 'language' });
  return {
    languages: model.site.languages.map((code) => ({
      code,
      name: names.of(code) ?? code,
      sent: routes.href(routeKey.thanks(), code),
      failed: routes.href(routeKey.sendError(), code),
      messages: inLang(model.strings, code, 'the strings').form.errors,
    })),
    services: model.services.map((s) => ({ slug: s.key, title: inLang(s, first!, `the service "${s.key}"`).title })),
  };
}

/** The text of services.ts for the site, its services in their order (the build's is the menu order). */
export function catalogueModule(site: ContactSite): string {
  return [
    '// Written by the build from content/ (cli/engine/write/contact-services.ts): edit the content, not this file.',
    "import type { ContactSite } from '../../cli/site/contact/fields.ts';",
    '',
    "/** The site's languages, with where a plain form post lands and what it says, and the services the form offers. */",
    '// biome-ignore format: written as JSON by the build',
    `export const site: ContactSite = ${JSON.stringify(site, null, 2)};`,
    '',
  ].join('\n');
}

/**
 * Brings functions/contact/services.ts up to date after a build of the repository's own content
 * (builds of other folders, in tests or the bench, leave it alone). Written only when it changed.
 */
export function writeContactServices(contentDir: string, site: ContactSite): void {
  if (resolve(contentDir) !== join(repoRoot, 'content')) return;
  const file = join(repoRoot, 'functions/contact/services.ts');
  const text = catalogueModule(site);
  let current: string | undefined;
  try {
    current = readFileSync(file, 'utf8');
  } catch {
    // written below
  }
  if (current !== text) writeFileAtomic(file, text);
}
