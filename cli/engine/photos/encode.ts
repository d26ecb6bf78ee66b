// Encodes the photos pages use, every variant once: encoded files are kept in the build cache and
// published from there, so a warm build encodes only what changed.
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { deflateSync } from 'node:zlib';
import type { Sharp } from 'sharp';
import { digest, writeFileAtomic } from '../../support/files.cjs';
import { ContentError, type ContentIssue } from '../../site/issues.ts';
import { isRecord } from '../../site/json.ts';
import type { Photo, PhotoFormat } from '../../site/model.ts';
import { statIfAny } from '../../support/stat.ts';
import { readContentBytesAsync } from '../load/guarded-read.ts';
import { clearForFolder, damagedNote, readCacheFile, sealedFile, writeSealed } from '../../support/sealed.ts';
import type { StagedFile } from '../../support/staged.ts';
import { errors } from '../../site/errors.ts';
import { photoLimit, reason } from './inspect.ts';
import { isHeic, photoPixels } from './decode.ts';
import { pngChunk } from './strip.ts';
import { encoderSettings, inParallel, loadSharp, variantsOf } from './plan.ts';

/** What the cache recorded of each file it holds, by file name: a file is trusted only as recorded. */
type Index = Record<string, { size: number; mtimeMs: number; hash: string }>;

/** index.v8's shape check. */
const isIndexFile = (value: unknown): value is { files: Index } =>
  isRecord(value) &&
  isRecord(value.files) &&
  Object.values(value.files).every(
    (file) => isRecord(file) && typeof file.size === 'number' && typeof file.mtimeMs === 'number' && typeof file.hash === 'string',
  );

/** The names this stage gives its files (planVariants): the only files of the folder it removes. */
const variantFile = /^[a-z0-9-]+-\d+\.[0-9a-f]{10}\.(?:avif|webp|jpg)$/;

const cacheName = (path: string) => basename(path);
const outputName = (path: string) => path.slice(1);

export interface EncodeOptions {
  progress?: (step: string) => void;
  warn?: (message: string) => void;
}

/** Whether every file of `photo` is in `cacheDir`: its source then decoded before (for inspectPhotos). */
export const photosEncodedIn = (cacheDir: string) => (photo: Photo) =>
  variantsOf(photo).every((variant) => statIfAny(join(cacheDir, cacheName(variant.path)))?.isFile());

/**
 * Encodes every variant of `photos` not already in `cacheDir`, and returns every variant as an
 * output file, by its path in the site, to be linked from the cache into place. Photos that fail
 * are reported together, as one ContentError, once the others are done.
 */
export async function encodePhotos(
  photos: Photo[],
  cacheDir: string,
  options: EncodeOptions = {},
): Promise<{ outputs: Map<string, StagedFile>; encoded: number }> {
  const warn = options.warn ?? ((message: string) => console.warn(`! ${message}`));
  if (clearForFolder(cacheDir)) warn(damagedNote(cacheDir, 'a folder was expected'));
  mkdirSync(cacheDir, { recursive: true });
  const indexFile = sealedFile(cacheDir, 'index');
  const index: Index = readCacheFile(indexFile, isIndexFile, warn)?.files ?? {};
  let changed = false;

  const used = new Set(photos.flatMap((photo) => variantsOf(photo).map((variant) => cacheName(variant.path))));
  for (const name of Object.keys(index).filter((name) => !used.has(name))) {
    delete index[name];
    changed = true;
  }
  for (const name of readdirSync(cacheDir)) if (variantFile.test(name) && !used.has(name)) rmSync(join(cacheDir, name), { force: true });

  /** Whether the cached file `name` is as recorded; a damaged one is reported once and dropped. */
  const trusted = (name: string) => {
    const record = index[name];
    const info = record && statIfAny(join(cacheDir, name));
    if (!record || !info) return false;
    if (info.size === record.size && info.mtimeMs === record.mtimeMs) return true;
    // Touched or copied since: trusted if its bytes are still those recorded.
    if (digest(readFileSync(join(cacheDir, name))) === record.hash) {
      index[name] = { ...record, size: info.size, mtimeMs: info.mtimeMs };
      return (changed = true);
    }
    warn(damagedNote(join(cacheDir, name), 'its checksum does not match the one recorded when it was encoded'));
    rmSync(join(cacheDir, name), { force: true });
    delete index[name];
    changed = true;
    return false;
  };
  // Two photos of the same bytes and name share their files: each is encoded once.
  const claimed = new Set<string>();
  const pending = photos
    .map((photo) => ({
      photo,
      variants: variantsOf(photo).filter(({ path }) => {
        const name = cacheName(path);
        if (claimed.has(name)) return false;
        claimed.add(name);
        return !trusted(name);
      }),
    }))
    .filter((job) => job.variants.length > 0);

  let encoded = 0;
  let done = 0;
  const failures: ContentIssue[] = [];
  if (pending.length) options.progress?.(`encoding 0/${pending.length} photos`);
  await inParallel(pending, async ({ photo, variants }) => {
    const files = await encodePhoto(photo, variants).catch((error: unknown) => {
      const file = photo.source.file;
      failures.push({ file, ...(error instanceof SourceChanged ? errors.ChangedWhileReading() : errors.PhotoNotEncoded(reason(error))) });
      return [];
    });
    files.forEach((bytes, i) => {
      const name = cacheName(variants[i]!.path);
      writeFileAtomic(join(cacheDir, name), bytes);
      const info = statSync(join(cacheDir, name));
      index[name] = { size: info.size, mtimeMs: info.mtimeMs, hash: digest(bytes) };
    });
    // Recorded photo by photo, so that a build stopped halfway keeps what it encoded.
    if (files.length) writeSealed(indexFile, { files: index });
    encoded += files.length;
    options.progress?.(`encoding ${++done}/${pending.length} photos`);
  });
  if (changed && !encoded) writeSealed(indexFile, { files: index });
  if (failures.length) throw new ContentError(failures.sort((a, b) => a.file.localeCompare(b.file)));

  const outputs = new Map<string, StagedFile>();
  for (const photo of photos)
    for (const { path } of variantsOf(photo))
      outputs.set(outputName(path), { staged: join(cacheDir, cacheName(path)), hash: index[cacheName(path)]!.hash, shared: true });
  return { outputs, encoded };
}

class SourceChanged extends Error {}

/**
 * The bytes of `variants` of `photo`. Its source is decoded once (decode.ts), turned upright and
 * converted to sRGB through its ICC profile (a phone's Display P3 keeps its colours); only those
 * pixels go on to the encoders, so no metadata of the camera (EXIF, GPS, XMP, serial numbers) can
 * reach the site.
 */
async function encodePhoto(photo: Photo, variants: { format: PhotoFormat; width: number; height: number }[]): Promise<Buffer[]> {
  // The content folder holds photos/, which holds the file by its name.
  const contentDir = dirname(photo.source.file.slice(0, -photo.name.length - 1));
  const read = await readContentBytesAsync(contentDir, photo.source.file, photoLimit);
  const source = 'bytes' in read ? read.bytes : undefined;
  // Variant names come from the bytes the load saw: encoding others would cache them under a wrong name.
  if (!source || digest(source) !== photo.source.hash)
    throw new SourceChanged(`${photo.source.file} changed while the build was reading it`);
  const sharp = await loadSharp();
  const metadata = await sharp(source).metadata();
  const decoded = await photoPixels(source, metadata);
  const managed = (await isHeic(metadata)) && metadata.icc ? sharp(await pngWithProfile(decoded, metadata.icc)) : decoded;
  const { data, info } = await managed.toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  const pixels = { raw: { width: info.width, height: info.height, channels: info.channels } };
  return Promise.all(
    variants.map(({ format, width, height }) => {
      // Exactly the size the pages declare; the aspect ratio is the source's, to a rounded pixel.
      const sized = sharp(data, pixels).resize({ width, height, fit: 'fill', withoutEnlargement: true });
      if (format === 'avif') return sized.avif(encoderSettings.avif).toBuffer();
      if (format === 'webp') return sized.webp(encoderSettings.webp).toBuffer();
      // JPEG has no transparency: what is transparent turns white rather than black.
      return sized.flatten({ background: '#ffffff' }).jpeg(encoderSettings.jpeg).toBuffer();
    }),
  );
}

/**
 * A HEIC's pixels (which heic-decode gives without colour management) as a PNG that carries the
 * HEIC's ICC profile, so that sharp converts them to sRGB as it does a JPEG's: stored uncompressed,
 * it is only a way to hand sharp pixels and profile together.
 */
async function pngWithProfile(pixels: Sharp, icc: Buffer): Promise<Buffer> {
  const png = await pixels.png({ compressionLevel: 0 }).toBuffer();
  // iCCP: a profile name, a zero byte, the compression method (0, deflate) and the profile deflated.
  const iccp = pngChunk('iCCP', Buffer.concat([Buffer.from('heic\0\0', 'latin1'), deflateSync(icc)]));
  // After the signature (8 bytes) and IHDR (25), before any image data, as PNG requires.
  return Buffer.concat([png.subarray(0, 33), iccp, png.subarray(33)]);
}
