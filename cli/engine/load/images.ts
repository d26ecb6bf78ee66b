import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { errors } from '../../site/errors.ts';
import type { ContentIssue } from '../../site/issues.ts';
import type { Image } from '../../site/model.ts';
import { readContentBytes, sizeLimits } from './guarded-read.ts';
import { byCodeUnits } from '../../site/order.ts';
import { cleanSvg } from './svg.ts';

/**
 * Reads content/images/, with each image's intrinsic size so every <img> gets width and height.
 * SVGs are published as svg.ts cleans them, and refused when they hold what a drawing may not.
 */
export async function loadImages(dir: string, issues: ContentIssue[], contentDir: string): Promise<Map<string, Image>> {
  const images = new Map<string, Image>();
  const entries = (await readdir(dir, { withFileTypes: true }).catch(() => [])).sort((a, b) => byCodeUnits(a.name, b.name));
  for (const entry of entries) {
    const { name } = entry;
    const file = join(dir, name);
    if (entry.isDirectory()) {
      issues.push({ file, ...errors.ImageFolder() });
      continue;
    }
    // A few small files: waiting on the thread pool for each costs more than reading them.
    const read = readContentBytes(contentDir, file, sizeLimits.image);
    if ('issue' in read) {
      issues.push(read.issue);
      continue;
    }
    const { bytes } = read;
    if (name.endsWith('.svg')) {
      const svg = cleanSvg(bytes.toString('utf8'));
      if (svg.refused.length) issues.push({ file, ...errors.SvgRefused(listed(svg.refused)) });
      else if (svg.size) images.set(name, { name, bytes: Buffer.from(svg.svg), ...svg.size });
      else issues.push({ file, ...errors.SvgSize() });
      continue;
    }
    const size = name.endsWith('.png') ? pngSize(bytes) : undefined;
    if (size) images.set(name, { name, bytes, ...size });
    else issues.push({ file, ...errors.ImageSize() });
  }
  return images;
}

/** The first reasons, and how many more: a hostile file can hold thousands. */
const listed = (reasons: string[]) => reasons.slice(0, 8).join('; ') + (reasons.length > 8 ? `; and ${reasons.length - 8} more` : '');

function pngSize(bytes: Buffer): { width: number; height: number } | undefined {
  const signature = bytes.subarray(0, 8).toString('hex') === '89504e470d0a1a0a';
  return signature && bytes.length > 24 ? { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) } : undefined;
}
