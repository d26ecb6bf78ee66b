// A photo's pixels, whatever the format it came in: sharp decodes JPEG, PNG, WebP and AVIF; HEIC,
// what phones save, it cannot (its libheif reads AV1 only: HEVC is patented), so those go through
// libheif's WebAssembly build (heic-decode), which needs nothing outside the npm registry. It gives
// RGB without colour management: a HEIC's colour profile is not applied (Display P3 shows a little duller).
import type { Metadata, Sharp } from 'sharp';
import { decodeOptions, loadSharp, maxMegapixels } from './plan.ts';

/** Whether `metadata` (sharp's) is of a HEIC photo, which sharp cannot decode itself. */
export async function isHeic(metadata: Metadata): Promise<boolean> {
  const sharp = await loadSharp();
  const sharpReadsHeic = sharp.format.heif.input.fileSuffix?.includes('.heic') ?? false;
  return metadata.format === 'heif' && metadata.compression === 'hevc' && !sharpReadsHeic;
}

/**
 * The pixels of the photo `bytes`, turned upright, as a sharp pipeline to size and encode: only
 * pixels, so none of the file's metadata (EXIF, GPS, XMP) can go on. `metadata` when already read.
 */
export async function photoPixels(bytes: Buffer, metadata?: Metadata): Promise<Sharp> {
  const sharp = await loadSharp();
  if (!(await isHeic(metadata ?? (await sharp(bytes).metadata())))) return sharp(bytes, decodeOptions).rotate();
  const decode = (await import('heic-decode')).default;
  // HEIF turns an image with its own rotation and mirror properties, which libheif applies; the
  // EXIF orientation a phone also writes says the same and must not turn it again.
  const images = (await decode.all({ buffer: bytes })) as unknown as HeifImages;
  try {
    const [image] = images;
    if (!image) throw new Error('the file holds no image');
    // Measured before decoding, as sharp does for other formats (inspect.ts names the limit first).
    if (image.width * image.height > maxMegapixels * 1e6)
      throw new Error(`it is ${image.width} × ${image.height} px, over the ${maxMegapixels} megapixels photos may have`);
    const { width, height, data } = await image.decode();
    const pixels = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    const rgba = sharp(pixels, { raw: { width, height, channels: 4 } });
    return opaque(pixels) ? rgba.removeAlpha() : rgba;
  } finally {
    images.dispose(); // libheif's memory, which the garbage collector does not see
  }
}

/** What heic-decode's `all` gives (its types leave out the sizes and `dispose`). */
type HeifImages = { width: number; height: number; decode(): Promise<{ width: number; height: number; data: Uint8ClampedArray }> }[] & {
  dispose(): void;
};

/** Whether every pixel of RGBA `pixels` is fully opaque, as a phone's photos are. */
function opaque(pixels: Buffer): boolean {
  for (let i = 3; i < pixels.length; i += 4) if (pixels[i] !== 255) return false;
  return true;
}
