// What the build makes of each photo, decided before any pixel is decoded: the sizes, the formats,
// and the file names. Names are known up front, so pages can render while the photos encode.
import { availableParallelism } from 'node:os';
import { basename, extname } from 'node:path';
import type { SharpOptions } from 'sharp';
import { digest } from '../../support/files.cjs';
import { photoFormats, type Photo, type PhotoFormat } from '../../site/model.ts';

/** The widths offered to browsers; a photo is never published wider than its source. */
const photoWidths = [480, 800, 1200, 1600] as const;
/** Narrower photos look blurred on a phone. */
export const minPhotoWidth = 480;
/** Limits that keep a build's memory and time in check: a 40 MP photo decodes to 120 MB of pixels. */
export const maxMegapixels = 40;
/** What to do with a photo over those limits. */
export const smallerPhoto = 'export it at most 4000 px wide (about 12 megapixels)';

/**
 * How every photo is encoded. Any change here renames (and so re-encodes) every variant. AVIF at
 * effort 2 rather than sharp's 4: measured on a 960 px photo, 0.39 s instead of 3.3 s, for 9% more bytes.
 */
export const encoderSettings = {
  avif: { quality: 50, effort: 2 },
  webp: { quality: 75 },
  jpeg: { quality: 78, mozjpeg: true, progressive: true },
} as const;

/**
 * The encoder's own version, part of every variant's name: an upgrade may change the bytes, so it
 * must rename them. A test fails until this is bumped to the installed sharp and libvips.
 */
export const encoderVersion = 'sharp 0.35.5, libvips 8.18.7';

/** How a source becomes the pixels that are encoded, part of every variant's name: 2 applies a HEIC's colour profile. */
const pixelsVersion = 2;

/**
 * How sources are decoded, both to check them and to encode them, so that a photo the load accepts
 * also encodes: data that stops early is refused, and pixels stay within the limit checked before.
 */
export const decodeOptions = { failOn: 'truncated', limitInputPixels: maxMegapixels * 1e6 } as const satisfies SharpOptions;

const photoExtensions: Record<PhotoFormat, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg' };

/**
 * "Reformas/Baño Antes.JPG" → "bano-antes": safe in any URL and on any disk. At most 60 characters,
 * so that a file name made of it (a variant, its temporary file in the cache) fits any disk,
 * however long the photo's own name; the key beside it, of the photo's bytes, tells apart photos
 * whose names start alike.
 */
const stem = (name: string) =>
  basename(name, extname(name))
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 60)
    .replace(/^-|-$/g, '') || 'photo';

/**
 * The files the build publishes of a photo `width` × `height` px (its orientation applied): the
 * standard widths up to its own, and its own width when narrower than the widest. Each name holds a
 * key of everything its bytes depend on, so it changes whenever they would.
 */
export function planVariants(name: string, sourceHash: string, width: number, height: number): Photo['variants'] {
  const widths: number[] = photoWidths.filter((w) => w <= width);
  if (width < photoWidths.at(-1)! && !widths.includes(width)) widths.push(width);
  const sizes = widths.map((w) => ({ width: w, height: Math.max(1, Math.round((height * w) / width)) }));
  const variants = (format: PhotoFormat) =>
    sizes.map((size) => {
      const key = digest([sourceHash, encoderSettings[format], size.width, format, encoderVersion, pixelsVersion], 'hex').slice(0, 10);
      return { ...size, path: `/assets/photos/${stem(name)}-${size.width}.${key}.${photoExtensions[format]}` };
    });
  return { avif: variants('avif'), webp: variants('webp'), jpeg: variants('jpeg') };
}

/** sharp, loaded on first use: it takes longer to load than a whole build that has no photo to encode. */
export const loadSharp = async () => (await import('sharp')).default;

/** Every variant of a photo with its format, in the order of photoFormats. */
export const variantsOf = (photo: Photo) =>
  photoFormats.flatMap((format) => photo.variants[format].map((variant) => ({ format, ...variant })));

/**
 * Runs `task` on every item, at most one per processor at a time: each photo holds its pixels in
 * memory while it is worked on, and sharp's own threads share the processors within each task.
 */
export async function inParallel<T>(items: readonly T[], task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(availableParallelism(), items.length) }, worker));
}
