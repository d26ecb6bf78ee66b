// Files that begin as a photo and go on as a web page: a photo format's first bytes (taken from real
// photos, so the magic-byte check passes) followed by HTML or SVG with a script. Each must be
// refused as an upload: none decodes as the photo its header announces.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { repoRoot, workedExampleDir } from '../../../helpers.ts';

const html = Buffer.from('<!doctype html><html><body><script>fetch("/admin/api/v1")</script></body></html>\n');
const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.domain)"><script>alert(1)</script></svg>\n');

/** Five polyglots, by the name they would be uploaded as. */
export async function polyglots(): Promise<{ name: string; bytes: Buffer }[]> {
  const jpeg = await readFile(join(workedExampleDir, 'photos/piscina-javea-antes.jpg'));
  const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#808080' } })
    .png()
    .toBuffer();
  const webp = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#808080' } })
    .webp()
    .toBuffer();
  const heic = await readFile(join(repoRoot, 'tests/fixtures/phone-photo/phone.heic'));
  return [
    // Its first segments, up to the start of its image data, then a page.
    { name: 'poliglota-jpeg.jpg', bytes: Buffer.concat([jpeg.subarray(0, 600), html]) },
    // The signature and the IHDR chunk of a 640 × 480 image, then an SVG.
    { name: 'poliglota-png.png', bytes: Buffer.concat([png.subarray(0, 33), svg]) },
    // The HEIC's ftyp and the start of its meta box, then a page.
    { name: 'poliglota-heic.heic', bytes: Buffer.concat([heic.subarray(0, 64), html]) },
    // RIFF, WEBP and the VP8 chunk's header, then an SVG.
    { name: 'poliglota-webp.webp', bytes: Buffer.concat([webp.subarray(0, 30), svg]) },
    // A JPEG's start-of-image and JFIF header, then an SVG.
    { name: 'poliglota-svg.jpg', bytes: Buffer.concat([jpeg.subarray(0, 20), svg]) },
  ];
}
