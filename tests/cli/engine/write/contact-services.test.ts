import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { loadModelWithoutHtml } from '../../../../cli/engine/model.ts';
import { catalogueModule, contactSite } from '../../../../cli/engine/write/contact-services.ts';
import { RouteMap } from '../../../../cli/site/routes.ts';
import { contentDir, repoRoot } from '../../../helpers.ts';

it('gives the contact function the languages and every service of content/, as the build writes it', async () => {
  const model = await loadModelWithoutHtml(contentDir);
  const site = contactSite(model, new RouteMap(model));
  expect(site.languages.map((l) => l.code)).toEqual(model.site.languages);
  expect(site.services.map((s) => s.slug)).toEqual(model.services.map((s) => s.key));
  const committed = await readFile(join(repoRoot, 'functions/contact/services.ts'), 'utf8');

  // If this fails, run "npm run build" and commit functions/contact/services.ts.
  expect(committed).toBe(catalogueModule(site));
});
