import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { photoFormat, photoRefusal } from '../../../../cli/commands/cms/uploads.ts';
import { repoRoot, workedExampleDir } from '../../../helpers.ts';
import { polyglots } from './polyglots.ts';

const timeout = 60_000;

describe('what the editor may upload', { timeout }, () => {
  it('takes a JPEG and a phone HEIC that the build will publish', async () => {
    const jpeg = await readFile(join(workedExampleDir, 'photos/piscina-javea-antes.jpg'));
    const heic = await readFile(join(repoRoot, 'tests/fixtures/phone-photo/phone.heic'));
    expect(photoFormat(jpeg)).toBe('JPEG');
    expect(photoFormat(heic)).toBe('HEIC');
    expect(await photoRefusal('obra.jpg', jpeg)).toBeUndefined();
    expect(await photoRefusal('IMG_0001.HEIC', heic)).toBeUndefined();
  });

  it('refuses a file that is not a photo, or too large, saying so in Spanish and naming it', async () => {
    expect(await photoRefusal('factura.jpg', Buffer.from('%PDF-1.4'))).toMatch(
      /^«factura\.jpg» no es una foto JPEG, PNG, WebP, AVIF ni HEIC\.$/,
    );
    const large = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(30 * 2 ** 20)]);
    expect(await photoRefusal('grande.jpg', large)).toMatch(
      /«grande\.jpg» ocupa 30,0 MB y una foto puede ocupar como mucho 30 MB: expórtala/,
    );
  });

  it('refuses a photo header followed by HTML or SVG (five polyglots), as one that cannot be opened', async () => {
    for (const { name, bytes } of await polyglots()) {
      expect(photoFormat(bytes), name).toBeDefined();
      expect(await photoRefusal(name, bytes), name).toMatch(
        new RegExp(`^«${name.replace('.', '\\.')}» (no se puede abrir como foto|está dañada)`),
      );
    }
  });

  it('refuses a photo too narrow to publish, as the build would', async () => {
    const narrow = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    expect(await photoRefusal('pequena.jpg', narrow)).toMatch(/«pequena\.jpg» mide menos de 480 px de ancho/);
  });
});
