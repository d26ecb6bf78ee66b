// What a HEIF file (HEIC, AVIF) says of its images, read from its boxes before any decoder sees
// it. A decoder sizes its work by the file's own records: a grid of 225 small tiles whose ispe
// record states 4000 × 3000 px made libheif decode 30720 × 30720 px (1.5 GB, 11 s) before it noticed.
// Here every image the file holds is counted as its data would make it: a grid or overlay at its
// output size, every coded image at the larger of its stated and its coded (HEVC SPS) size.
import { errors, type Problem } from '../../site/errors.ts';
import {
  type Box,
  boxesIn,
  CutShort,
  concat,
  Damaged,
  isHeif,
  itemInfos,
  itemLocations,
  type ItemLocation,
  metaBoxes,
  only,
  Reader,
  reader,
} from './isobmff.ts';
import { maxMegapixels, smallerPhoto } from './plan.ts';

type Size = { width: number; height: number };

/**
 * What a HEIF file's boxes allow: a problem, or the size its primary image shows at once turned
 * (irot), at most that size when a clean aperture (clap) crops it.
 */
export type HeifCheck = { problem: Problem } | { shown: Size; cropped: boolean };

/** Items made from other images (dimg references) rather than coded data. */
const derived = new Set(['grid', 'iovl', 'iden', 'tmap']);
/** Item types of images coded in the file: each must state its size. */
const coded = new Set(['hvc1', 'hev1', 'av01', 'avc1', 'jpeg', 'j2k1', 'vvc1', 'unci']);

const px = ({ width, height }: Size) => `${width} × ${height} px`;
const megapixels = (pixels: number) => `${(pixels / 1e6).toFixed(1)} megapixels`;
const tooMany = (what: string) => errors.PhotoTooManyPixels(what, maxMegapixels, smallerPhoto);
/** A size a file states against the one its data makes: decoders trust the first and allocate for the second. */
export const mismatch = (stated: string, made: string) => errors.PhotoUnreadable(`${stated}, but ${made}`);

/**
 * The check of the HEIF file `bytes` before decoding: cut short, damaged, more pixels than photos
 * may have, or an image whose stated size is not the one its data makes. Undefined when `bytes`
 * is not a HEIF file.
 */
export function checkHeif(bytes: Uint8Array): HeifCheck | undefined {
  if (!isHeif(bytes)) return undefined;
  try {
    return measure(readMeta(bytes));
  } catch (error) {
    if (error instanceof CutShort)
      return {
        problem: errors.PhotoUnreadable(`the file is cut short: it ends after ${bytes.length} bytes, its own index needs ${error.needs}`),
      };
    if (error instanceof Damaged) return { problem: errors.PhotoUnreadable(`its HEIF structure is damaged: ${error.message}`) };
    throw error;
  }
}

/** The limits and agreements every image of the file must meet; the primary's shown size when it does. */
function measure(meta: Meta): HeifCheck {
  const primary = meta.items.get(meta.primary);
  if (!primary) throw new Damaged(`its primary image (item ${meta.primary}) is not among its items`);
  let pixels = 0;
  let count = 0;
  for (const [id, item] of meta.items) {
    const { ispe, output, sps } = item;
    const stated = ispe ?? output ?? sps?.shown;
    if (!stated && (coded.has(item.type) || derived.has(item.type))) throw new Damaged(`its image ${id} states no size`);
    if (!stated) continue; // not an image: Exif, XMP, …
    for (const size of [ispe, output, sps?.coded])
      if (size && size.width * size.height > maxMegapixels * 1e6)
        return {
          problem: tooMany(
            `${size === output ? `a ${item.type} of ` : ''}${px(turned(item, size))} (${megapixels(size.width * size.height)})`,
          ),
        };
    if (ispe && output && !same(ispe, output))
      return {
        problem: mismatch(`its ${item.type} image (item ${id}) states ${px(ispe)}`, `its ${item.type} makes ${px(output)}`),
      };
    if (ispe && sps && !same(ispe, sps.shown))
      return { problem: mismatch(`its image ${id} states ${px(ispe)}`, `its coded data holds ${px(sps.shown)}`) };
    if (!derived.has(item.type)) {
      count++;
      pixels += Math.max(stated.width * stated.height, sps ? sps.coded.width * sps.coded.height : 0);
    }
  }
  // A decoder decodes every tile of a grid, and may decode any top-level image: all of them count.
  if (pixels > maxMegapixels * 1e6) return { problem: tooMany(`made of ${count} coded images (tiles) of ${megapixels(pixels)} in all`) };
  const stated = primary.output ?? primary.ispe ?? primary.sps?.shown;
  if (!stated) throw new Damaged(`its primary image (item ${meta.primary}) states no size`);
  return { shown: turned(primary, stated), cropped: primary.cropped };
}

/** `size` as `item` shows, turned by its rotation. */
const turned = (item: Item, size: Size): Size => (item.rotation % 2 ? { width: size.height, height: size.width } : size);

const same = (a: Size, b: Size) => a.width === b.width && a.height === b.height;

/** An item as measured: its type, the sizes it states and makes, and how it is turned and cropped to show. */
interface Item {
  type: string;
  /** Its ispe property. */
  ispe?: Size;
  /** A grid's or overlay's output size, from its own data. */
  output?: Size;
  /** The size an HEVC image's sequence parameter set codes, and shows once its conformance window is cropped. */
  sps?: { coded: Size; shown: Size };
  /** Quarter turns anticlockwise (irot). */
  rotation: number;
  /** Whether a clean aperture (clap) crops it. */
  cropped: boolean;
}

interface Meta {
  primary: number;
  items: Map<number, Item>;
}

/** The items of the file's meta box, each measured from its properties, its data and the file. */
function readMeta(bytes: Uint8Array): Meta {
  const inMeta = metaBoxes(bytes);
  if (!inMeta) throw new Damaged('it has no meta box');
  const box = (type: string) => only(inMeta, type, 'its meta box');

  const pitm = box('pitm');
  if (!pitm) throw new Damaged('it names no primary image');
  const pitmReader = reader(bytes, pitm);
  const primary = pitmReader.version().version === 0 ? pitmReader.u16() : pitmReader.u32();

  const iinf = box('iinf');
  if (!iinf) throw new Damaged('it has no item list (iinf)');
  const infos = itemInfos(bytes, iinf);
  const properties = readProperties(bytes, box('iprp'));
  const iloc = box('iloc');
  const locations = iloc ? itemLocations(bytes, iloc) : new Map<number, ItemLocation>();
  for (const [id, { method, extents }] of locations) {
    if (method > 1) throw new Damaged(`item ${id}'s data is made from other items (construction method ${method})`);
    if (method === 0) for (const [offset, length] of extents) if (offset + length > bytes.length) throw new CutShort(offset + length);
  }
  const idat = box('idat');
  const items = new Map<number, Item>();
  for (const [id, { type }] of infos) {
    const item: Item = { type, rotation: 0, cropped: false };
    for (const property of properties.get(id) ?? []) {
      const read = reader(bytes, property);
      if (property.type === 'ispe') {
        read.version();
        item.ispe = { width: read.u32(), height: read.u32() };
      } else if (property.type === 'irot') item.rotation = read.u8() & 3;
      else if (property.type === 'clap') item.cropped = true;
      else if (property.type === 'hvcC') item.sps = spsOf(bytes, property);
    }
    if (type === 'grid' || type === 'iovl') item.output = outputSize(type, dataOf(bytes, id, locations.get(id), idat));
    items.set(id, item);
  }
  return { primary, items };
}

/** Each item's properties (ipco), by the associations of ipma. */
function readProperties(bytes: Uint8Array, iprp: Box | undefined): Map<number, Box[]> {
  const byItem = new Map<number, Box[]>();
  if (!iprp) return byItem;
  const inside = boxesIn(bytes, iprp.start, iprp.end);
  const ipco = only(inside, 'ipco', 'its iprp box');
  const list = ipco ? boxesIn(bytes, ipco.start, ipco.end) : [];
  for (const ipma of inside.filter((b) => b.type === 'ipma')) {
    const read = reader(bytes, ipma);
    const { version, flags } = read.version();
    for (let n = read.u32(); n > 0; n--) {
      const id = version < 1 ? read.u16() : read.u32();
      const associated = byItem.get(id) ?? [];
      for (let k = read.u8(); k > 0; k--) {
        const index = flags & 1 ? read.u16() & 0x7fff : read.u8() & 0x7f;
        if (index === 0) continue;
        const property = list[index - 1];
        if (!property) throw new Damaged(`item ${id} has property ${index} of ${list.length}`);
        associated.push(property);
      }
      byItem.set(id, associated);
    }
  }
  return byItem;
}

/** The bytes of item `id`'s data: in the file, or in idat; a length of 0 runs to the end of either. */
function dataOf(bytes: Uint8Array, id: number, location: ItemLocation | undefined, idat: Box | undefined): Uint8Array {
  if (!location?.extents.length) throw new Damaged(`item ${id} has no data`);
  const [from, to] = location.method === 1 ? [idat?.start ?? 0, idat?.end ?? 0] : [0, bytes.length];
  return concat(
    location.extents.map(([offset, length]) => {
      const end = length === 0 ? to : from + offset + length;
      if (from + offset > end || end > to) throw new Damaged(`item ${id}'s data lies outside its box`);
      return bytes.subarray(from + offset, end);
    }),
  );
}

/** The output size a grid (ImageGrid) or an overlay (ImageOverlay) states in its data. */
function outputSize(type: string, data: Uint8Array): Size {
  const read = new Reader(data, 0, data.length, `${type} data of`);
  read.u8(); // version
  const wide = read.u8() & 1;
  if (type === 'grid')
    read.u16(); // rows − 1, columns − 1
  else for (let channel = 0; channel < 4; channel++) read.u16(); // the canvas's fill colour
  return { width: read.uint(wide ? 4 : 2), height: read.uint(wide ? 4 : 2) };
}

/** The size the first sequence parameter set of an hvcC box codes (H.265 section 7.3.2.2). */
function spsOf(bytes: Uint8Array, hvcC: Box): Item['sps'] {
  const read = reader(bytes, hvcC);
  read.at += 22; // configuration version, profile, level, chroma and bit depths, …
  for (let arrays = read.u8(); arrays > 0; arrays--) {
    const type = read.u8() & 0x3f;
    for (let n = read.u16(); n > 0; n--) {
      const length = read.u16();
      const start = read.at;
      read.at += length;
      if (read.at > hvcC.end) throw new Damaged('its hvcC box ends early');
      if (type === 33) return sizeOfSps(unescaped(bytes.subarray(start + 2, start + length)));
    }
  }
  return undefined;
}

/** A NAL unit's payload without its emulation prevention bytes (00 00 03 → 00 00). */
function unescaped(nal: Uint8Array): Uint8Array {
  const out: number[] = [];
  let zeros = 0;
  for (const byte of nal) {
    if (zeros >= 2 && byte === 3) zeros = 0;
    else {
      out.push(byte);
      zeros = byte === 0 ? zeros + 1 : 0;
    }
  }
  return Uint8Array.from(out);
}

function sizeOfSps(sps: Uint8Array): Item['sps'] {
  let bit = 0;
  const u = (n: number) => {
    let value = 0;
    for (let k = 0; k < n; k++, bit++) {
      if (bit >= sps.length * 8) throw new Damaged('its HEVC parameters end early');
      value = value * 2 + ((sps[bit >> 3]! >> (7 - (bit & 7))) & 1);
    }
    return value;
  };
  const skip = (n: number) => {
    bit += n;
    if (bit > sps.length * 8) throw new Damaged('its HEVC parameters end early');
  };
  const ue = () => {
    let zeros = 0;
    while (u(1) === 0) if (++zeros > 31) throw new Damaged('its HEVC parameters hold a number too large');
    return 2 ** zeros - 1 + u(zeros);
  };
  skip(4); // video parameter set
  const subLayers = u(3);
  skip(1 + 96); // temporal nesting; general profile, tier and level
  const present = Array.from({ length: subLayers }, () => [u(1), u(1)] as const);
  if (subLayers > 0) skip(2 * (8 - subLayers));
  for (const [profile, level] of present) skip((profile ? 88 : 0) + (level ? 8 : 0));
  ue(); // its own id
  const chroma = ue();
  const separatePlanes = chroma === 3 ? u(1) : 0;
  const coded = { width: ue(), height: ue() };
  const [left, right, top, bottom] = u(1) ? [ue(), ue(), ue(), ue()] : [0, 0, 0, 0];
  const [subWidth, subHeight] = separatePlanes || chroma === 0 || chroma === 3 ? [1, 1] : chroma === 1 ? [2, 2] : [2, 1];
  return { coded, shown: { width: coded.width - subWidth * (left + right), height: coded.height - subHeight * (top + bottom) } };
}
