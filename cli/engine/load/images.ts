import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { digest } from '../../support/files.cjs';
import { errors } from '../../site/errors.ts';
import type { ContentIssue } from '../../site/issues.ts';
import type { Image } from '../../site/model.ts';
import { readContentBytes, sizeLimits } from './guarded-read.ts';
import { byCodeUnits } from '../../site/order.ts';
import { type ParsedFiles, type PreviousParse, untouched } from './parse.ts';
import { cleanSvg } from './svg.ts';

/**
 * Reads content/images/, with each image's intrinsic size so every <img> gets width and height.
 * SVGs are published as svg.ts cleans them, and refused when they hold what a drawing may not.
 * With `parsed`, an image the previous build took whose file keeps its size and times is taken as
 * it was then, unread: cleaning the site's SVGs took ~60 ms of every build.
 */
export async function loadImages(
  dir: string,
  issues: ContentIssue[],
  contentDir: string,
  parsed?: PreviousParse & { next: ParsedFiles },
): Promise<Map<string, Image>> {
  const images = new Map<string, Image>();
  const entries = (await readdir(dir, { withFileTypes: true }).catch(() => [])).sort((a, b) => byCodeUnits(a.name, b.name));
  for (const entry of entries) {
    const { name } = entry;
    const file = join(dir, name);
    if (entry.isDirectory()) {
      issues.push({ file, ...errors.ImageFolder() });
      continue;
    }
    const key = relative(contentDir, file);
    // Only a file is kept: a link is read (and refused) every time.
    const { hit, times } = entry.isFile() ? untouched(contentDir, key, parsed) : {};
    if (hit && isImage(hit.data, name)) {
      images.set(name, hit.data);
      parsed?.next.set(key, hit);
      continue;
    }
    // A few small files: waiting on the thread pool for each costs more than reading them.
    const read = readContentBytes(contentDir, file, sizeLimits.image);
    if ('issue' in read) {
      issues.push(read.issue);
      continue;
    }
    const image = imageOf(name, read.bytes, file, issues);
    if (!image) continue;
    images.set(name, image);
    // The times from before the read: a file written since is read again next time.
    if (times) parsed?.next.set(key, { ...times, hash: digest(read.bytes), data: image });
  }
  return images;
}

/** The image the bytes of `name` make, or undefined with its problem in `issues`. */
function imageOf(name: string, bytes: Buffer, file: string, issues: ContentIssue[]): Image | undefined {
  if (name.endsWith('.svg')) {
    const svg = cleanSvg(bytes.toString('utf8'));
    if (svg.refused.length) issues.push({ file, ...errors.SvgRefused(listed(svg.refused)) });
    else if (svg.size) return { name, bytes: Buffer.from(svg.svg), ...svg.size };
    else issues.push({ file, ...errors.SvgSize() });
    return undefined;
  }
  const size = name.endsWith('.png') ? pngSize(bytes) : undefined;
  if (size) return { name, bytes, ...size };
  issues.push({ file, ...errors.ImageSize() });
  return undefined;
}

/** A cached image's shape check: the cache file may be damaged. */
const isImage = (data: unknown, name: string): data is Image => {
  const image = data as Partial<Image> | null;
  return (
    typeof image === 'object' &&
    image !== null &&
    image.name === name &&
    Buffer.isBuffer(image.bytes) &&
    Number.isInteger(image.width) &&
    Number.isInteger(image.height)
  );
};

/** The first reasons, and how many more: a hostile file can hold thousands. */
const listed = (reasons: string[]) => reasons.slice(0, 8).join('; ') + (reasons.length > 8 ? `; and ${reasons.length - 8} more` : '');

function pngSize(bytes: Buffer): { width: number; height: number } | undefined {
  const signature = bytes.subarray(0, 8).toString('hex') === '89504e470d0a1a0a';
  return signature && bytes.length > 24 ? { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) } : undefined;
}
