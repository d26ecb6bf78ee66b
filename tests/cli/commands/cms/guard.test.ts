import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { photoFormat, refusal } from '../../../../cli/commands/cms/guard.ts';
import { repoRoot, workedExampleDir } from '../../../helpers.ts';

const upload = (path: string, bytes: Buffer) => ({
  action: 'persistMedia',
  params: { asset: { path, content: bytes.toString('base64'), encoding: 'base64' }, options: { commitMessage: 'x' } },
});
const entry = (path: string) => ({
  action: 'persistEntry',
  params: { dataFiles: [{ path, slug: 'x', raw: 'a: 1' }], assets: [], options: {} },
});

describe("the guard in front of the editor's local proxy", () => {
  it('lets a JPEG and a phone HEIC into content/photos, and an entry into the content folder', async () => {
    const jpeg = await readFile(join(workedExampleDir, 'photos/piscina-javea-antes.jpg'));
    const heic = await readFile(join(repoRoot, 'tests/fixtures/phone-photo/phone.heic'));
    expect(photoFormat(jpeg)).toBe('JPEG');
    expect(photoFormat(heic)).toBe('HEIC');
    expect(refusal(upload('content/photos/obra.jpg', jpeg), 'content')).toBeUndefined();
    expect(refusal(upload('content/photos/IMG_0001.HEIC', heic), 'content')).toBeUndefined();
    expect(refusal(entry('content/projects/obra.yaml'), 'content')).toBeUndefined();
  });

  it('refuses writes and deletions outside the content folder', () => {
    expect(refusal(entry('package.json'), 'content')).toMatch(/solo guarda dentro de content\//);
    expect(refusal(entry('content/../cli/index.ts'), 'content')).toMatch(/solo guarda dentro de content\//);
    expect(refusal({ action: 'deleteFiles', params: { paths: ['content/site.yaml', '.github/workflows/site.yml'] } }, 'content')).toMatch(
      /no en «\.github\/workflows\/site\.yml»/,
    );
  });

  it('refuses an upload that is not a photo, is too large, lies outside content/photos or has a name the site refuses', () => {
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0]);
    expect(refusal(upload('content/photos/factura.jpg', Buffer.from('%PDF-1.4')), 'content')).toMatch(/«factura\.jpg» no es una foto/);
    expect(refusal(upload('content/photos/grande.jpg', Buffer.concat([jpeg, Buffer.alloc(30 * 2 ** 20)])), 'content')).toMatch(
      /«grande\.jpg» ocupa 30,0 MB y una foto puede ocupar como mucho 30 MB/,
    );
    expect(refusal(upload('content/images/logo.jpg', jpeg), 'content')).toMatch(/Solo se suben fotos, a content\/photos\//);
    expect(refusal(upload('content/photos/foto de la obra.jpg', jpeg), 'content')).toMatch(/no vale como nombre de foto/);
  });
});
