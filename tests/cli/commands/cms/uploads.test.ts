import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { acceptedPhoto, photoRefusal } from '../../../../cli/commands/cms/uploads.ts';
import { photoFormat } from '../../../../cli/engine/photos/strip.ts';
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

  it('stores a photo without its GPS position and serial numbers, its pixels untouched', async () => {
    const serial = 'SN-UPLOAD-0042';
    const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3a7bd5' } })
      .withExif({
        IFD0: { Make: 'Acme', Software: serial },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '38/1 47/1 30/1', GPSLongitudeRef: 'E', GPSLongitude: '0/1 9/1 45/1' },
      })
      .jpeg()
      .toBuffer();
    const heic = await readFile(join(repoRoot, 'tests/fixtures/phone-photo/phone.heic'));
    for (const [name, bytes, secret] of [
      ['obra.jpg', jpeg, serial],
      ['IMG_0001.HEIC', heic, 'SN-4417-PRIVATE'],
    ] as const) {
      expect(bytes.includes(secret), name).toBe(true);
      const accepted = await acceptedPhoto(name, bytes);
      if (!('bytes' in accepted)) throw new Error(accepted.refusal);
      expect(accepted.bytes.includes(secret), name).toBe(false);
    }
    const stored = await acceptedPhoto('obra.jpg', jpeg);
    if (!('bytes' in stored)) throw new Error(stored.refusal);
    expect((await sharp(stored.bytes).raw().toBuffer()).equals(await sharp(jpeg).raw().toBuffer())).toBe(true);
    expect(await acceptedPhoto('factura.jpg', Buffer.from('%PDF-1.4'))).toEqual({
      refusal: '«factura.jpg» no es una foto JPEG, PNG, WebP, AVIF ni HEIC.',
    });
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
