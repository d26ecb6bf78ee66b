import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkLinks } from '../../../../cli/commands/check-links/command.ts';
import { loadContent } from '../../../../cli/engine/content.ts';
import { build } from '../../../../cli/engine/pipeline.ts';
import { writeOutputs } from '../../../../cli/engine/write/publish.ts';
import { templatesDir } from '../../../../cli/support/paths.ts';
import { scratchDir, testPhotoCache, workedExampleDir } from '../../../helpers.ts';

/** The worked example, whose job pages show photos in <picture> elements with a srcset per format. */
let dist: string;

beforeAll(async () => {
  dist = join(await scratchDir('worked-example-'), 'dist');
  const result = await build(await loadContent(workedExampleDir), { templatesDir, year: 2026, photoCache: testPhotoCache });
  await writeOutputs(dist, result.outputs);
}, 180_000);

describe('check-links on photos', { timeout: 60_000 }, () => {
  it('follows every srcset entry of a <picture>, and reports the photo that is missing', async () => {
    expect((await checkLinks({ dir: dist, content: workedExampleDir })).problems).toEqual([]);
    const page = await readFile(join(dist, 'trabajos/renovacion-piscina-javea.html'), 'utf8');
    const photo = (await readdir(join(dist, 'assets/photos'))).find((file) => file.endsWith('.avif') && page.includes(`${file} `));
    expect(photo, 'a photo of the job offered in a srcset').toBeDefined();
    await rm(join(dist, 'assets/photos', photo!));
    const found = (await checkLinks({ dir: dist, content: workedExampleDir })).problems;
    expect(found).toContainEqual({ page: '/trabajos/renovacion-piscina-javea', target: `/assets/photos/${photo}`, reason: 'HTTP 404' });
  });
});
