import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ContentIssue } from '../errors.ts';

export interface Image {
  name: string;
  width: number;
  height: number;
  bytes: Buffer;
}

/** Reads content/images/, with each image's intrinsic size so every <img> gets width and height. */
export async function loadImages(dir: string, issues: ContentIssue[]): Promise<Map<string, Image>> {
  const images = new Map<string, Image>();
  const names = (await readdir(dir).catch(() => [])).sort();
  for (const name of names) {
    const bytes = await readFile(join(dir, name));
    const size = name.endsWith('.svg') ? svgSize(bytes.toString('utf8')) : name.endsWith('.png') ? pngSize(bytes) : undefined;
    if (size) images.set(name, { name, bytes, ...size });
    else issues.push({ file: join(dir, name), message: 'cannot read the image size: SVGs need width and height attributes; PNGs must be valid' });
  }
  return images;
}

function svgSize(svg: string): { width: number; height: number } | undefined {
  const root = /<svg\b[^>]*>/.exec(svg)?.[0] ?? '';
  const width = Number(/\swidth="(\d+(?:\.\d+)?)"/.exec(root)?.[1]);
  const height = Number(/\sheight="(\d+(?:\.\d+)?)"/.exec(root)?.[1]);
  return width > 0 && height > 0 ? { width, height } : undefined;
}

function pngSize(bytes: Buffer): { width: number; height: number } | undefined {
  const signature = bytes.subarray(0, 8).toString('hex') === '89504e470d0a1a0a';
  return signature && bytes.length > 24 ? { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) } : undefined;
}
