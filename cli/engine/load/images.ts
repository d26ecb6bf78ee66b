import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Parser } from 'htmlparser2';
import type { ContentIssue } from '../../site/issues.ts';
import type { Image } from '../../site/model.ts';
import { readContentBytes, sizeLimits } from './guarded-read.ts';
import { byCodeUnits } from '../../site/order.ts';

/**
 * Reads content/images/, with each image's intrinsic size so every <img> gets width and height.
 * SVGs are published as they are, so one that could run script or load from elsewhere is refused.
 */
export async function loadImages(dir: string, issues: ContentIssue[], contentDir: string): Promise<Map<string, Image>> {
  const images = new Map<string, Image>();
  const entries = (await readdir(dir, { withFileTypes: true }).catch(() => [])).sort((a, b) => byCodeUnits(a.name, b.name));
  for (const entry of entries) {
    const { name } = entry;
    const file = join(dir, name);
    if (entry.isDirectory()) {
      issues.push({ file, message: 'is a folder: content/images/ holds image files only; move its files up or out' });
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
      const svg = inspectSvg(bytes.toString('utf8'));
      if (svg.unsafe.length)
        issues.push({
          file,
          message: `refused: ${svg.unsafe.join('; ')}. Illustrations must be plain drawings; export them again without these`,
        });
      else if (svg.size) images.set(name, { name, bytes, ...svg.size });
      else issues.push({ file, message: 'cannot read the image size: give the <svg> element width and height attributes' });
      continue;
    }
    const size = name.endsWith('.png') ? pngSize(bytes) : undefined;
    if (size) images.set(name, { name, bytes, ...size });
    else issues.push({ file, message: 'cannot read the image size: PNGs must be valid; other formats are not supported here' });
  }
  return images;
}

/** Attributes that name another resource: only a reference inside the same file (#id) is allowed. */
const referenceAttributes = new Set(['href', 'xlink:href', 'src']);
const externalUrl = /url\(\s*['"]?(?!#)|@import/i;

/** The size an SVG declares on its root, and everything in it that could run script or fetch. */
export function inspectSvg(svg: string): { size?: { width: number; height: number }; unsafe: string[] } {
  const unsafe = new Set<string>();
  let size: { width: number; height: number } | undefined;
  let root = true;
  let inStyle = false;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const tag = name.toLowerCase();
        if (root && tag === 'svg') {
          const width = Number(attributes.width);
          const height = Number(attributes.height);
          if (width > 0 && height > 0) size = { width, height };
        }
        root = false;
        if (tag === 'script') unsafe.add('a <script> element');
        if (tag === 'foreignobject') unsafe.add('a <foreignObject> element');
        inStyle = tag === 'style';
        for (const [attribute, value] of Object.entries(attributes)) {
          const key = attribute.toLowerCase();
          if (key.startsWith('on')) unsafe.add(`an event handler (${attribute})`);
          else if (referenceAttributes.has(key) && !value.trim().startsWith('#'))
            unsafe.add(`an external reference (${attribute}="${value}")`);
          else if (externalUrl.test(value)) unsafe.add(`an external reference in ${attribute}`);
        }
      },
      ontext(text) {
        if (inStyle && externalUrl.test(text)) unsafe.add('an external reference in <style>');
      },
      onclosetag() {
        inStyle = false;
      },
      onprocessinginstruction(name) {
        if (name.toLowerCase() === '!doctype') unsafe.add('a DOCTYPE (it can declare entities)');
      },
    },
    { xmlMode: true },
  );
  parser.end(svg);
  return { size, unsafe: [...unsafe] };
}

function pngSize(bytes: Buffer): { width: number; height: number } | undefined {
  const signature = bytes.subarray(0, 8).toString('hex') === '89504e470d0a1a0a';
  return signature && bytes.length > 24 ? { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) } : undefined;
}
