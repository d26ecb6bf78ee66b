import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import decodeHeic from 'heic-decode';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { stripMetadata, UnstrippableError } from '../../../cli/engine/photos/strip.ts';
import { repoRoot } from '../../helpers.ts';

const timeout = 60_000;
const serial = 'SN-4417-PRIVATE';
const xmp = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description>${serial}</rdf:Description></rdf:RDF></x:xmpmeta>`;

/** A photo as a camera saves it: GPS position, serial numbers, XMP, a Display P3 profile and `orientation`. */
const cameraPhoto = (format: 'jpeg' | 'png' | 'webp', orientation: number) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a7bd5' } })
    .composite([{ input: { create: { width: 16, height: 16, channels: 3, background: '#ff0000' } }, left: 0, top: 0 }])
    .withIccProfile('p3')
    .withExif({
      IFD0: { Make: 'Acme', Model: 'Pro 1', Software: serial },
      IFD2: { BodySerialNumber: serial },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '38/1 47/1 30/1', GPSLongitudeRef: 'E', GPSLongitude: '0/1 9/1 45/1' },
    })
    .withXmp(xmp)
    .withMetadata({ orientation })
    .toFormat(format)
    .toBuffer();

/** Decoded pixels, as stored (no orientation applied), and the profile they are in. */
const pixels = (bytes: Uint8Array) => sharp(bytes, { autoOrient: false }).raw().toBuffer();

/** What `bytes` still say that locates or identifies: the serial, the camera, XMP, EXIF beyond an orientation (GPS). */
async function privateData(bytes: Uint8Array) {
  const buffer = Buffer.from(bytes);
  const metadata = await sharp(buffer).metadata();
  return {
    serial: buffer.includes(serial),
    camera: buffer.includes('Acme'),
    xmp: metadata.xmp !== undefined,
    // An EXIF block of the orientation alone takes 32 bytes; a GPS position takes more than 100.
    exif: (metadata.exif?.length ?? 0) > 32,
  };
}
const nothing = { serial: false, camera: false, xmp: false, exif: false };

describe("removing a photo's location and serial numbers on upload", { timeout }, () => {
  for (const format of ['jpeg', 'png', 'webp'] as const)
    it(`removes them from a ${format.toUpperCase()} and keeps its pixels, its colour profile and its orientation`, async () => {
      const photo = await cameraPhoto(format, 6);
      expect(await privateData(photo)).toMatchObject({ serial: true, camera: true }); // what must go
      const clean = stripMetadata(photo);
      expect(await privateData(clean)).toEqual(nothing);
      // Not encoded again: the very same pixels, in the same Display P3 profile, turned the same way.
      expect((await pixels(clean)).equals(await pixels(photo))).toBe(true);
      const before = await sharp(photo).metadata();
      const after = await sharp(clean).metadata();
      expect(after.icc?.equals(before.icc!)).toBe(true);
      expect(after.orientation).toBe(6);
      expect(after.autoOrient).toEqual(before.autoOrient);
      // Cleaning again changes nothing.
      expect(Buffer.from(stripMetadata(clean)).equals(Buffer.from(clean))).toBe(true);
    });

  it('drops what a JPEG carries after its picture (a second image with EXIF of its own)', async () => {
    const photo = await cameraPhoto('jpeg', 1);
    const withTrailer = Buffer.concat([photo, photo]);
    const clean = Buffer.from(stripMetadata(withTrailer));
    expect(clean.includes(serial)).toBe(false);
    expect((await pixels(clean)).equals(await pixels(photo))).toBe(true);
    expect((await sharp(clean).metadata()).orientation).toBeUndefined();
  });

  it("overwrites a phone HEIC's EXIF in place: same size, same pixels, same rotation, no serial or GPS", async () => {
    const heic = await readFile(join(repoRoot, 'tests/fixtures/phone-photo/phone.heic'));
    expect((await sharp(heic).metadata()).exif?.includes(serial)).toBe(true);
    const clean = Buffer.from(stripMetadata(heic));
    expect(clean.length).toBe(heic.length);
    // The caller's bytes are left as they were: the cleaning works on a copy.
    expect(heic.includes(serial)).toBe(true);
    expect(clean.includes(serial) || clean.includes('Acme')).toBe(false);
    const [before, after] = [await sharp(heic).metadata(), await sharp(clean).metadata()];
    expect(after.autoOrient).toEqual(before.autoOrient);
    // Its EXIF item keeps its length: an empty EXIF structure, then zeros.
    expect(after.exif?.subarray(32).every((byte) => byte === 0)).toBe(true);
    const [a, b] = [await decodeHeic({ buffer: heic }), await decodeHeic({ buffer: clean })];
    expect([b.width, b.height]).toEqual([a.width, a.height]);
    expect(Buffer.from(b.data).equals(Buffer.from(a.data))).toBe(true);
  });

  it('leaves a photo with nothing to remove as it is, and keeps a HEIC colour profile', async () => {
    const p3 = await readFile(join(repoRoot, 'tests/fixtures/phone-photo/display-p3.heic'));
    expect(stripMetadata(p3)).toBe(p3);
    const plain = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    expect(stripMetadata(plain)).toBe(plain);
  });

  it('refuses what it cannot clean rather than store it as it came', async () => {
    const photo = await cameraPhoto('jpeg', 1);
    expect(() => stripMetadata(photo.subarray(0, 40))).toThrow(UnstrippableError);
    expect(() => stripMetadata(Buffer.from('%PDF-1.4'))).toThrow(UnstrippableError);
  });
});
