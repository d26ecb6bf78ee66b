// A photo's pixels, whatever the format it came in: sharp decodes JPEG, PNG, WebP and AVIF; HEIC,
// what phones save, it cannot (its libheif reads AV1 only: HEVC is patented), so those go through
// libheif's WebAssembly build (heic-decode), which needs nothing outside the npm registry. It gives
// RGB without colour management: a HEIC's colour profile is not applied (Display P3 shows a little duller).
import type { Metadata, Sharp } from 'sharp';
import { checkHeif } from './heif.ts';
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
 * A HEIF file (HEIC, AVIF) is measured from its boxes first (heif.ts): decoders trust what it states.
 */
export async function photoPixels(bytes: Buffer, metadata?: Metadata): Promise<Sharp> {
  const sharp = await loadSharp();
  const heif = checkHeif(bytes);
  if (heif && 'problem' in heif) throw new Error(heif.problem.message);
  const info = metadata ?? (await sharp(bytes).metadata());
  if (!(await isHeic(info))) return sharp(bytes, decodeOptions).rotate();
  const decode = (await import('heic-decode')).default;
  // HEIF turns an image with its own rotation and mirror properties, which libheif applies; the
  // EXIF orientation a phone also writes says the same and must not turn it again.
  const images = (await quietLibheif(() => decode.all({ buffer: bytes }))) as unknown as HeifImages;
  try {
    const [image] = images;
    if (!image) throw new Error('the file holds no image');
    // Measured before decoding, as sharp does for other formats (inspect.ts names the limit first).
    if (image.width * image.height > maxMegapixels * 1e6)
      throw new Error(`it is ${image.width} × ${image.height} px, over the ${maxMegapixels} megapixels photos may have`);
    // heic-decode decodes the first image it lists, which must be the one sharp measured.
    if (image.width !== info.width || image.height !== info.height)
      throw new Error(`its first image is ${image.width} × ${image.height} px, and its primary image ${info.width} × ${info.height} px`);
    const { width, height, data } = await quietLibheif(() => image.decode());
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

/**
 * Runs `work`, a call into heic-decode, with libheif's own failure reports off the console: its
 * JavaScript wrapper logs each with console.log, as a raw object dump, and then gives only "HEIF
 * processing error". The report becomes the error's message. Other lines go to the console as
 * usual. Several decodes may run at once: a report is logged in the same turn that fails its
 * decode, so the failure that follows it is that decode's.
 */
async function quietLibheif<T>(work: () => Promise<T>): Promise<T> {
  if (quiet.running++ === 0) {
    const log = (quiet.log = console.log);
    console.log = (...args: unknown[]) => {
      if (typeof args[0] === 'string' && libheifReport.test(args[0])) quiet.report = reportOf(args);
      else log.apply(console, args);
    };
  }
  try {
    return await work();
  } catch (error) {
    const report = quiet.report;
    quiet.report = undefined;
    throw report ? new Error(report, { cause: error }) : error;
  } finally {
    if (--quiet.running === 0) console.log = quiet.log!;
  }
}
const quiet: { running: number; log?: typeof console.log; report?: string } = { running: 0 };

/** The first words of the lines libheif's wrapper (libheif-js) logs when it fails. */
const libheifReport =
  /^(Decoding image failed|Could not parse HEIF file|Could not create HEIF context|Error loading image ids|No images found)/;

/** "Decoding image failed: Invalid input: …", from the words and the heif_error libheif logged. */
function reportOf([words, ...rest]: unknown[]): string {
  const detail = rest
    .map((part) => (typeof part === 'string' ? part : (part as { message?: unknown } | null)?.message))
    .find((m) => typeof m === 'string');
  return detail ? `${words}: ${detail}` : String(words);
}

/** Whether every pixel of RGBA `pixels` is fully opaque, as a phone's photos are. */
function opaque(pixels: Buffer): boolean {
  for (let i = 3; i < pixels.length; i += 4) if (pixels[i] !== 255) return false;
  return true;
}
