// What a photo says about where and with what it was taken, removed from the original before it is
// stored in content/photos/ (the repository may be public): EXIF (GPS position, camera and lens
// serial numbers, owner's name), XMP, IPTC and comments. The pixels are never decoded or encoded
// again: JPEG, PNG and WebP lose those segments or chunks, and a HEIC or AVIF keeps its layout with
// its EXIF and XMP items overwritten in place, so every offset in the file stays true. The EXIF
// orientation is kept where the format turns by it, so a portrait photo stays upright. Plain
// Uint8Array code: the editor's page (the GitHub backend uploads from the browser) and `npm run cms`
// run the same function.

import { ascii, avifBrands, concat, CutShort, Damaged, isHeif, itemInfos, itemLocations, metaBoxes, only, view } from './isobmff.ts';

/** Why a photo's metadata could not be removed; the upload is then refused rather than stored with it. */
export class UnstrippableError extends Error {}

/** `bytes` without location, serial numbers or other metadata; the same array when there was none. */
export function stripMetadata(bytes: Uint8Array): Uint8Array {
  switch (photoFormat(bytes)) {
    case 'JPEG':
      return stripJpeg(bytes);
    case 'PNG':
      return stripPng(bytes);
    case 'WebP':
      return stripWebp(bytes);
    case 'AVIF':
    case 'HEIC':
      return stripIsoMedia(bytes);
    default:
      throw new UnstrippableError('it is not a JPEG, PNG, WebP, AVIF or HEIC file');
  }
}

/** What the first bytes of a file say it is, among the photo formats the build takes. */
export function photoFormat(bytes: Uint8Array): string | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'JPEG';
  if (ascii(bytes, 0, 8) === '\x89PNG\r\n\x1a\n') return 'PNG';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'WebP';
  if (isHeif(bytes)) return avifBrands.has(ascii(bytes, 8, 12)) ? 'AVIF' : 'HEIC';
  return undefined;
}

// ---- EXIF (a TIFF structure): the orientation read, and a TIFF that holds nothing else ----

/** The orientation (1–8) an EXIF TIFF structure records, or 1. */
function orientationOf(tiff: Uint8Array): number {
  if (tiff.length < 8) return 1;
  const data = view(tiff);
  const little = ascii(tiff, 0, 2) === 'II';
  if (!little && ascii(tiff, 0, 2) !== 'MM') return 1;
  const ifd = data.getUint32(4, little);
  if (ifd + 2 > tiff.length) return 1;
  const count = data.getUint16(ifd, little);
  for (let i = 0; i < count; i++) {
    const at = ifd + 2 + i * 12;
    if (at + 12 > tiff.length) break;
    if (data.getUint16(at, little) === 0x0112) {
      const value = data.getUint16(at + 8, little);
      return value >= 1 && value <= 8 ? value : 1;
    }
  }
  return 1;
}

/** A big-endian TIFF structure whose first IFD holds the orientation only (none when it is 1). */
function orientationTiff(orientation: number): Uint8Array {
  const entries = orientation === 1 ? 0 : 1;
  const tiff = new Uint8Array(8 + 2 + entries * 12 + 4);
  const data = view(tiff);
  tiff.set([0x4d, 0x4d, 0x00, 0x2a]);
  data.setUint32(4, 8);
  data.setUint16(8, entries);
  if (entries) {
    data.setUint16(10, 0x0112); // Orientation
    data.setUint16(12, 3); // SHORT
    data.setUint32(14, 1);
    data.setUint16(18, orientation);
  }
  return tiff;
}

const exifHeader = Uint8Array.of(0x45, 0x78, 0x69, 0x66, 0, 0); // "Exif\0\0"
const hasExifHeader = (bytes: Uint8Array) => ascii(bytes, 0, 6) === 'Exif\0\0';

// ---- JPEG: segments until the first scan; only the picture's own kept ----

/**
 * A JPEG's segments without APP1 (EXIF, XMP), APP13 (IPTC), comments and the application segments
 * of other tools; JFIF, the ICC profile (APP2) and Adobe's colour transform (APP14) stay. What
 * follows the end of the picture (a phone's depth or gain map, with EXIF of its own) goes too.
 */
function stripJpeg(bytes: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = [bytes.subarray(0, 2)];
  let orientation = 1;
  let at = 2;
  let changed = false;
  for (;;) {
    if (at + 4 > bytes.length || bytes[at] !== 0xff) throw new UnstrippableError('its JPEG segments end too early');
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    const end = at + 2 + length;
    if (length < 2 || end > bytes.length) throw new UnstrippableError('a JPEG segment runs past the end of the file');
    const segment = bytes.subarray(at, end);
    const payload = bytes.subarray(at + 4, end);
    if (marker === 0xda) {
      const last = endOfImage(bytes, end);
      parts.push(bytes.subarray(at, last));
      if (last < bytes.length) changed = true;
      break;
    }
    const kept = marker === 0xe0 || (marker === 0xe2 && ascii(payload, 0, 12) === 'ICC_PROFILE\0') || marker === 0xee;
    const application = (marker >= 0xe0 && marker <= 0xef) || marker === 0xfe;
    if (application && !kept) {
      if (marker === 0xe1 && hasExifHeader(payload)) orientation = orientationOf(payload.subarray(6));
      changed = true;
    } else {
      parts.push(segment);
    }
    at = end;
  }
  if (!changed) return bytes;
  if (orientation !== 1) {
    const exif = concat([exifHeader, orientationTiff(orientation)]);
    const head = Uint8Array.of(0xff, 0xe1, (exif.length + 2) >> 8, (exif.length + 2) & 0xff);
    // After SOI and JFIF (APP0), where EXIF belongs.
    const jfif = parts[1]?.[1] === 0xe0 ? 2 : 1;
    parts.splice(jfif, 0, head, exif);
  }
  return concat(parts);
}

/** Where the picture that starts scanning at `from` ends: just after its EOI marker. */
function endOfImage(bytes: Uint8Array, from: number): number {
  for (let i = from; i + 1 < bytes.length; i++) {
    if (bytes[i] !== 0xff) continue;
    const next = bytes[i + 1]!;
    if (next === 0xd9) return i + 2;
    // Stuffed zero bytes, restart markers and fill bytes are part of the scan; other markers (a
    // progressive JPEG's next tables and scans) carry a length, skipped whole.
    if (next === 0x00 || next === 0xff || (next >= 0xd0 && next <= 0xd7)) continue;
    if (i + 3 < bytes.length) i += 1 + ((bytes[i + 2]! << 8) | bytes[i + 3]!);
  }
  throw new UnstrippableError('the JPEG has no end-of-image marker');
}

// ---- PNG: chunks the picture needs, and its colour and display chunks ----

const pngKept = new Set([
  'IHDR',
  'PLTE',
  'IDAT',
  'IEND',
  'tRNS',
  'cHRM',
  'gAMA',
  'iCCP',
  'sBIT',
  'sRGB',
  'cICP',
  'mDCV',
  'cLLI',
  'bKGD',
  'pHYs',
  'acTL',
  'fcTL',
  'fdAT',
]);

/** A PNG's critical, colour and animation chunks; text (tEXt, zTXt, iTXt: XMP, comments), eXIf, tIME and private chunks go. */
function stripPng(bytes: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = [bytes.subarray(0, 8)];
  const data = view(bytes);
  let orientation = 1;
  let changed = false;
  let at = 8;
  while (at < bytes.length) {
    if (at + 12 > bytes.length) throw new UnstrippableError('its PNG chunks end too early');
    const length = data.getUint32(at);
    const type = ascii(bytes, at + 4, at + 8);
    const end = at + 12 + length;
    if (end > bytes.length) throw new UnstrippableError(`its PNG chunk ${JSON.stringify(type)} runs past the end of the file`);
    if (pngKept.has(type)) parts.push(bytes.subarray(at, end));
    else {
      if (type === 'eXIf') {
        const exif = bytes.subarray(at + 8, end - 4);
        orientation = orientationOf(hasExifHeader(exif) ? exif.subarray(6) : exif);
      }
      changed = true;
    }
    at = end;
    if (type === 'IEND') {
      changed ||= at < bytes.length;
      break;
    }
  }
  if (!changed) return bytes;
  // eXIf goes before the image data, after the header and colour chunks.
  if (orientation !== 1)
    parts.splice(
      parts.findIndex((p) => ascii(p, 4, 8) === 'IDAT'),
      0,
      pngChunk('eXIf', orientationTiff(orientation)),
    );
  return concat(parts);
}

/** A PNG chunk: length, type, data and the CRC-32 of type and data. */
export function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const chunk = new Uint8Array(12 + data.length);
  const out = view(chunk);
  out.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) chunk[4 + i] = type.charCodeAt(i);
  chunk.set(data, 8);
  out.setUint32(8 + data.length, crc32(chunk.subarray(4, 8 + data.length)));
  return chunk;
}

let crcTable: Uint32Array | undefined;
function crc32(bytes: Uint8Array): number {
  crcTable ??= Uint32Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  let crc = 0xffffffff;
  for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

// ---- WebP: RIFF chunks without EXIF and XMP ----

function stripWebp(bytes: Uint8Array): Uint8Array {
  const data = view(bytes);
  const parts: Uint8Array[] = [];
  let orientation = 1;
  let changed = false;
  let at = 12;
  const end = Math.min(bytes.length, 8 + data.getUint32(4, true));
  while (at + 8 <= end) {
    const type = ascii(bytes, at, at + 4);
    const size = data.getUint32(at + 4, true);
    const next = at + 8 + size + (size & 1);
    if (at + 8 + size > end) throw new UnstrippableError(`its WebP chunk ${JSON.stringify(type)} runs past the end of the file`);
    if (type === 'EXIF' || type === 'XMP ') {
      if (type === 'EXIF') {
        const exif = bytes.subarray(at + 8, at + 8 + size);
        orientation = orientationOf(hasExifHeader(exif) ? exif.subarray(6) : exif);
      }
      changed = true;
    } else parts.push(bytes.slice(at, Math.min(next, end)));
    at = next;
  }
  if (!changed) return bytes;
  const vp8x = parts.find((p) => ascii(p, 0, 4) === 'VP8X');
  if (vp8x) vp8x[8] = (vp8x[8]! & ~0x0c) | (orientation !== 1 ? 0x08 : 0); // the EXIF and XMP flags
  if (vp8x && orientation !== 1) {
    const tiff = orientationTiff(orientation);
    const chunk = new Uint8Array(8 + tiff.length + (tiff.length & 1));
    chunk.set([0x45, 0x58, 0x49, 0x46]);
    view(chunk).setUint32(4, tiff.length, true);
    chunk.set(tiff, 8);
    parts.push(chunk);
  }
  const body = concat(parts);
  const header = new Uint8Array(12);
  header.set(bytes.subarray(0, 12));
  view(header).setUint32(4, body.length + 4, true);
  return concat([header, body]);
}

// ---- HEIC and AVIF (ISO base media file format): EXIF and XMP items overwritten in place ----

/**
 * A HEIC or AVIF with the bytes of its EXIF items replaced by an empty EXIF structure (padded with
 * zeros) and those of its XMP items by spaces: the same length, so the item locations (iloc) and
 * the picture's data stay exactly where they were. HEIF turns a picture by its own properties
 * (irot, imir), so its EXIF orientation is not needed.
 */
function stripIsoMedia(bytes: Uint8Array): Uint8Array {
  try {
    return clearItems(bytes);
  } catch (error) {
    if (error instanceof CutShort) throw new UnstrippableError('the file is cut short', { cause: error });
    if (error instanceof Damaged) throw new UnstrippableError(`its structure is damaged: ${error.message}`, { cause: error });
    throw error;
  }
}

function clearItems(bytes: Uint8Array): Uint8Array {
  const inMeta = metaBoxes(bytes);
  const box = (type: string) => inMeta && only(inMeta, type, 'its meta box');
  const iinf = box('iinf');
  if (!iinf) return bytes;
  const targets = new Map<number, 'exif' | 'xmp'>();
  for (const [id, info] of itemInfos(bytes, iinf))
    if (info.type === 'Exif') targets.set(id, 'exif');
    else if (info.type === 'mime' && /rdf\+xml|xmp/i.test(info.contentType)) targets.set(id, 'xmp');
  if (!targets.size) return bytes;
  const iloc = box('iloc');
  if (!iloc) throw new UnstrippableError('its metadata has no item locations');
  const idat = box('idat');
  // A copy: a Buffer's slice() is a view of the same memory.
  const out = new Uint8Array(bytes);
  const locations = itemLocations(bytes, iloc);
  for (const [id, kind] of targets) {
    const item = locations.get(id);
    if (!item) throw new UnstrippableError('its EXIF item has no location in the file');
    if (item.method > 1 || (item.method === 1 && !idat))
      throw new UnstrippableError('its EXIF is stored by reference to another item, which the editor cannot clear');
    const [from, to] = item.method === 1 ? [idat!.start, idat!.end] : [0, bytes.length];
    const ranges = item.extents.map(([offset, length]) => {
      const start = from + offset;
      const end = length === 0 ? to : start + length;
      if (start > end || end > to) throw new UnstrippableError('an item of the file runs past its end');
      return [start, end] as const;
    });
    const length = ranges.reduce((n, [s, e]) => n + e - s, 0);
    const fill = new Uint8Array(length).fill(kind === 'xmp' ? 0x20 : 0);
    if (kind === 'exif' && length >= 4 + exifHeader.length + 14) {
      // exif_tiff_header_offset, then "Exif\0\0" and the TIFF structure.
      view(fill).setUint32(0, exifHeader.length);
      fill.set(exifHeader, 4);
      fill.set(orientationTiff(1), 4 + exifHeader.length);
    }
    let at = 0;
    for (const [start, end] of ranges) {
      out.set(fill.subarray(at, at + end - start), start);
      at += end - start;
    }
  }
  return out;
}
