import { existsSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContent } from '../../../cli/engine/content.ts';
import { ContentError, issueLines } from '../../../cli/site/issues.ts';
import { copyContent, editFile, lineOf, sitegen, workedExampleDir } from '../../helpers.ts';

// Names from content that the build turns into file names, of the site or of its cache.
const job = 'projects/puesta-en-marcha-piscina-moraira.yaml';

describe('a name too long for a file name', () => {
  it('in a photo is refused at the job that names it, before any photo is encoded', { timeout: 120_000 }, async () => {
    const content = await copyContent(workedExampleDir);
    const work = dirname(content);
    const long = `${'a'.repeat(236)}.jpg`;
    await rename(join(content, 'photos/piscina-moraira-puesta-en-marcha.jpg'), join(content, 'photos', long));
    await editFile(content, job, (yaml) => yaml.replace('file: piscina-moraira-puesta-en-marcha.jpg', `file: ${long}`));

    const { code, stdout, stderr } = await sitegen(
      'build',
      '--content',
      content,
      '--out',
      join(work, 'dist'),
      '--cache',
      join(work, '.cache'),
    );

    expect(code, stdout + stderr).toBe(1);
    expect(stderr).toContain(
      `${join(content, job)}:${await lineOf(content, job, long)}:11  photos.0.file: must be at most 100 characters: shorten the name of the photo and of its folders (rename the file too) (E_INVALID_VALUE)\n` +
        '  hint: correct the value; docs/content.md says what each field holds\n',
    );
    expect(stdout + stderr).not.toContain('ENAMETOOLONG');
    expect(existsSync(join(work, '.cache', 'photos'))).toBe(false);
  });

  it('in a slug, which names a page file, is refused where it is written', async () => {
    const content = await copyContent(workedExampleDir);
    const slug = 'trabajo-'.repeat(30).slice(0, -1);
    await editFile(content, job, (yaml) => yaml.replace('slug: puesta-en-marcha-piscina-moraira', `slug: ${slug}`));

    const error = await loadContent(content).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ContentError);
    expect((error as ContentError).issues.flatMap(issueLines)).toContain(
      `${join(content, job)}:${await lineOf(content, job, slug)}:9  es.slug: must be at most 100 characters: shorten it (E_INVALID_VALUE)`,
    );
  });
});
