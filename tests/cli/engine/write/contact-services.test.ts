import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { loadContent } from '../../../../cli/engine/content.ts';
import { catalogueModule } from '../../../../cli/engine/write/contact-services.ts';
import { contentDir, repoRoot } from '../../../helpers.ts';

it('gives the contact function every service of content/services, as the build writes it', async () => {
  const { services } = await loadContent(contentDir, {});
  const committed = await readFile(join(repoRoot, 'functions/contact/services.ts'), 'utf8');

  // If this fails, run "npm run build" and commit functions/contact/services.ts.
  expect(committed).toBe(catalogueModule(services));
});
