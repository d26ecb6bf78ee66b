// Checks the photos content uses while the content loads, so that a photo the build could not
// publish is reported with every other content problem of the run, before anything is encoded.
import { stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Metadata } from 'sharp';
import { digest } from '../../support/files.cjs';
import type { ContentIssue } from '../../site/issues.ts';
import type { Photo } from '../../site/model.ts';
import { errors, type Problem } from '../../site/errors.ts';
import { linkProblem, readContentBytesAsync, type SizeLimit } from '../load/guarded-read.ts';
import { sameTimes, type ParsedFiles } from '../load/parse.ts';
import { photoPixels } from './decode.ts';
import { checkHeif, mismatch } from './heif.ts';
import { maxBytes } from './limits.ts';
import { inParallel, loadSharp, maxMegapixels, minPhotoWidth, planVariants, smallerPhoto } from './plan.ts';

/** A place in the content that names a photo; `report` puts a problem at that place. */
export interface PhotoUse {
  name: string;
  report: () => void;
}

/**
 * What sharp says went wrong, without the lines of detail some decoders print before it, nor the
 * bare code libheif ends its message with (" (2.100)").
 */
export const reason = (error: unknown) =>
  (error instanceof Error ? error.message : String(error))
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !/^\(\d+\.\d+\)$/.test(line))
    .at(-1) ?? 'the decoder gave no reason';

/** How large a photo's file may be to be read whole (photos/encode.ts reads it again). */
export const photoLimit: SizeLimit = { bytes: maxBytes, what: 'a photo', advice: smallerPhoto };

/**
 * The photos of content/photos/ that `uses` name, each checked and measured, with the files the
 * build will make of it. Problems go to `issues` (or to the use, for a photo that is not there),
 * every one of them: none stops the others. `isCached` tells the photos already encoded, whose data
 * is known to decode, so that a warm build does not decode them again. With `parsed`, a photo the
 * previous build inspected whose file keeps its size and times is taken as it was then, without
 * reading it: a warm build of hundreds of photos need not read and hash them all.
 */
export async function inspectPhotos(
  photosDir: string,
  uses: PhotoUse[],
  issues: ContentIssue[],
  { isCached, parsed }: { isCached?: (photo: Photo) => boolean; parsed?: { previous: ParsedFiles; next: ParsedFiles } } = {},
): Promise<Map<string, Photo>> {
  const byName = new Map<string, PhotoUse[]>();
  for (const use of uses) byName.set(use.name, [...(byName.get(use.name) ?? []), use]);
  const names = [...byName.keys()].sort();
  const checked = new Map<string, Photo | ContentIssue[] | 'missing'>();
  await inParallel(names, async (name) => {
    const file = join(photosDir, name);
    const info = await stat(file).catch(() => undefined);
    const leak = info?.isFile() && linkLeak(dirname(photosDir), photosDir, name);
    if (!info?.isFile() || leak) {
      checked.set(name, leak ? [leak] : 'missing');
      return;
    }
    const key = join(basename(photosDir), name);
    const times = { size: info.size, mtimeMs: info.mtimeMs, ctimeMs: info.ctimeMs };
    const before = parsed?.previous.get(key);
    const size = before && sameTimes(before, times) && isSize(before.data) ? before.data : undefined;
    const result = size ? photoOf(file, name, before!.hash, size) : await inspectPhoto(dirname(photosDir), file, name, info.size, isCached);
    if (!Array.isArray(result))
      parsed?.next.set(key, { ...times, hash: result.source.hash, data: { width: result.width, height: result.height } });
    checked.set(name, result);
  });
  // Reported in name order, whatever order the checks finished in.
  const photos = new Map<string, Photo>();
  for (const name of names) {
    const result = checked.get(name)!;
    if (result === 'missing') for (const use of byName.get(name)!) use.report();
    else if (Array.isArray(result)) issues.push(...result);
    else photos.set(name, result);
  }
  return photos;
}

/** A link on the way to the photo (its folders included) that leads outside the content folder. */
function linkLeak(contentDir: string, photosDir: string, name: string): ContentIssue | undefined {
  const parts = name.split('/');
  for (let depth = 0; depth <= parts.length; depth++) {
    const path = join(photosDir, ...parts.slice(0, depth));
    const leak = linkProblem(contentDir, path);
    if (leak) return leak;
  }
  return undefined;
}

/** The photo at `file`, or every reason it cannot be published. */
async function inspectPhoto(
  contentDir: string,
  file: string,
  name: string,
  size: number,
  isCached?: (photo: Photo) => boolean,
): Promise<Photo | ContentIssue[]> {
  const problems: Problem[] = [];
  const done = () => problems.map((problem) => ({ file, ...problem }));
  // A file over the limit is only measured (sharp reads its header), never read whole.
  if (size > maxBytes) problems.push(errors.PhotoTooLarge((size / 2 ** 20).toFixed(1), maxBytes / 2 ** 20, smallerPhoto));
  let input: string | Buffer = file;
  if (!problems.length) {
    const read = await readContentBytesAsync(contentDir, file, photoLimit);
    if ('issue' in read) return [read.issue];
    input = read.bytes;
  }
  // A HEIF file is measured from its boxes before a decoder reads it (heif.ts).
  const heif = typeof input === 'string' ? undefined : checkHeif(input);
  if (heif && 'problem' in heif) return [{ file, ...heif.problem }];
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    metadata = await sharp(input).metadata();
  } catch (error) {
    problems.push(errors.PhotoUnreadable(reason(error)));
    return done();
  }
  if (heif && !fits(metadata, heif.shown, heif.cropped)) {
    const stated = `its records state ${heif.shown.width} × ${heif.shown.height} px`;
    return [{ file, ...mismatch(stated, `the decoder reads ${metadata.width} × ${metadata.height} px`) }];
  }
  // The size once the EXIF orientation is applied: a portrait shot is stored landscape with orientation 6.
  const { width, height } = metadata.autoOrient;
  const megapixels = (width * height) / 1e6;
  if (megapixels > maxMegapixels)
    problems.push(errors.PhotoTooManyPixels(`${width} × ${height} px (${megapixels.toFixed(1)} megapixels)`, maxMegapixels, smallerPhoto));
  if (width < minPhotoWidth) problems.push(errors.PhotoTooNarrow(width, minPhotoWidth));
  if (problems.length || typeof input === 'string') return done();

  const photo = photoOf(file, name, digest(input), { width, height });
  // A truncated file has a good header and fails only once decoded: decoding it small finds that
  // now, with the other problems. A photo already encoded decoded before, and is not checked again.
  if (!isCached?.(photo)) {
    try {
      await (await photoPixels(input, metadata)).resize(32).raw().toBuffer();
    } catch (error) {
      problems.push(errors.PhotoDamaged(reason(error)));
    }
  }
  return problems.length ? done() : photo;
}

/** Whether the size sharp read is the one the boxes state: within it, when a clean aperture crops it. */
const fits = ({ width, height }: Metadata, shown: Size, cropped: boolean) =>
  cropped ? width <= shown.width && height <= shown.height : width === shown.width && height === shown.height;

/** A photo that passed inspection, from its hash and its size once oriented. */
const photoOf = (file: string, name: string, hash: string, { width, height }: Size): Photo => ({
  name,
  source: { file, hash },
  width,
  height,
  variants: planVariants(name, hash, width, height),
});

type Size = { width: number; height: number };
const isSize = (data: unknown): data is Size =>
  typeof (data as Size | null)?.width === 'number' && typeof (data as Size | null)?.height === 'number';
