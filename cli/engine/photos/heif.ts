// What a HEIF file (HEIC, AVIF) says of its images, read from its boxes before any decoder sees
// it. A decoder sizes its work by the file's own records: a grid of 225 small tiles whose ispe
// record states 4000 × 3000 px made libheif decode 30720 × 30720 px (1.5 GB, 11 s) before it noticed.
// Here every image the file holds is counted as its data would make it: a grid or overlay at its
// output size, every coded image at the larger of its stated and its coded (HEVC SPS) size.
import { errors, type Problem } from '../../site/errors.ts';
import { maxMegapixels, smallerPhoto } from './plan.ts';

type Size = { width: number; height: number };

/**
 * What a HEIF file's boxes allow: a problem, or the size its primary image shows at once turned
 * (irot), at most that size when a clean aperture (clap) crops it.
 */
export type HeifCheck = { problem: Problem } | { shown: Size; cropped: boolean };

/** The file's structure does not hold together: decoders read such files each their own way. */
class Damaged extends Error {}
/** The file ends before what it records: `needs` bytes. */
class CutShort extends Error {
  constructor(readonly needs: number) {
    super('cut short');
  }
}

/** ftyp brands of HEIF image files (ISO/IEC 23008-12 and the AVIF specification). */
const heifBrands = new Set('mif1 mif2 mif3 msf1 miaf heic heix heim heis hevc hevx avif avis avio'.split(' '));
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
export function checkHeif(bytes: Buffer): HeifCheck | undefined {
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

function isHeif(bytes: Buffer): boolean {
  if (bytes.length < 16 || bytes.toString('latin1', 4, 8) !== 'ftyp') return false;
  const brand = (at: number) => heifBrands.has(bytes.toString('latin1', at, at + 4));
  if (brand(8)) return true;
  // The minor version (at 12) is not a brand; the compatible brands follow it.
  const end = Math.min(bytes.length, bytes.readUInt32BE(0));
  for (let at = 16; at + 4 <= end; at += 4) if (brand(at)) return true;
  return false;
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

/** A box: its type and the range of its content (after its header). */
interface Box {
  type: string;
  start: number;
  end: number;
}

/** The boxes between `start` and `end`; past the end of the file, the file is cut short. */
function boxesIn(bytes: Buffer, start: number, end: number): Box[] {
  const boxes: Box[] = [];
  for (let at = start; at < end; ) {
    if (at + 8 > end) throw end === bytes.length ? new CutShort(at + 8) : new Damaged(`a box header at byte ${at} is incomplete`);
    const type = bytes.toString('latin1', at + 4, at + 8);
    let size = bytes.readUInt32BE(at);
    let header = 8;
    if (size === 1) {
      if (at + 16 > end) throw end === bytes.length ? new CutShort(at + 16) : new Damaged(`the ${type} box's size is incomplete`);
      size = Number(bytes.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) size = end - at; // to the end of its parent
    if (size < header) throw new Damaged(`the ${type} box at byte ${at} is ${size} bytes long`);
    if (at + size > end)
      throw end === bytes.length ? new CutShort(at + size) : new Damaged(`the ${type} box at byte ${at} overruns its parent`);
    boxes.push({ type, start: at + header, end: at + size });
    at += size;
  }
  return boxes;
}

/** Reads numbers from one box, refusing to read past it. */
class Reader {
  constructor(
    private readonly bytes: Buffer,
    public at: number,
    private readonly end: number,
    private readonly what: string,
  ) {}
  private take(n: number): number {
    if (this.at + n > this.end) throw new Damaged(`the ${this.what} box ends early`);
    const at = this.at;
    this.at += n;
    return at;
  }
  u8 = () => this.bytes[this.take(1)]!;
  u16 = () => this.bytes.readUInt16BE(this.take(2));
  u32 = () => this.bytes.readUInt32BE(this.take(4));
  /** An unsigned number of `size` bytes (0, 2, 4 or 8): sizes and offsets in iloc and grids. */
  uint(size: number): number {
    if (size === 0) return 0;
    if (size === 2) return this.u16();
    if (size === 4) return this.u32();
    if (size === 8) return Number(this.bytes.readBigUInt64BE(this.take(8)));
    throw new Damaged(`the ${this.what} box uses ${size}-byte numbers`);
  }
  /** A full box's version (its flags are read too). */
  version(): { version: number; flags: number } {
    const word = this.u32();
    return { version: word >>> 24, flags: word & 0xffffff };
  }
}

const reader = (bytes: Buffer, box: Box) => new Reader(bytes, box.start, box.end, box.type);
const only = (boxes: Box[], type: string, where: string) => {
  const found = boxes.filter((b) => b.type === type);
  if (found.length > 1) throw new Damaged(`${where} holds ${found.length} ${type} boxes`);
  return found[0];
};

/** The items of the file's meta box, each measured from its properties, its data and the file. */
function readMeta(bytes: Buffer): Meta {
  const top = boxesIn(bytes, 0, bytes.length);
  const metaBox = only(top, 'meta', 'the file');
  if (!metaBox || metaBox.end - metaBox.start < 4)
    throw new Damaged(
      top.some((b) => b.type === 'mini') ? 'it is a compact HEIF file (mini box), which the build does not read' : 'it has no meta box',
    );
  const inMeta = boxesIn(bytes, metaBox.start + 4, metaBox.end);
  const box = (type: string) => only(inMeta, type, 'its meta box');

  const pitm = box('pitm');
  if (!pitm) throw new Damaged('it names no primary image');
  const pitmReader = reader(bytes, pitm);
  const primary = pitmReader.version().version === 0 ? pitmReader.u16() : pitmReader.u32();

  const types = readItemTypes(bytes, box('iinf'));
  const properties = readProperties(bytes, box('iprp'));
  const locations = readLocations(bytes, box('iloc'));
  for (const location of locations.values())
    if (!location.inIdat) for (const [offset, length] of location) if (offset + length > bytes.length) throw new CutShort(offset + length);
  const idat = box('idat');
  const items = new Map<number, Item>();
  for (const [id, type] of types) {
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

/** Each item's type (infe version 2 and 3 name it; older ones describe files, not images). */
function readItemTypes(bytes: Buffer, iinf: Box | undefined): Map<number, string> {
  if (!iinf) throw new Damaged('it has no item list (iinf)');
  const read = reader(bytes, iinf);
  const count = read.version().version === 0 ? read.u16() : read.u32();
  const types = new Map<number, string>();
  const entries = boxesIn(bytes, read.at, iinf.end).filter((b) => b.type === 'infe');
  if (entries.length !== count) throw new Damaged(`its item list counts ${count} items and holds ${entries.length}`);
  for (const infe of entries) {
    const entry = reader(bytes, infe);
    const { version } = entry.version();
    if (version < 2) continue;
    const id = version === 2 ? entry.u16() : entry.u32();
    entry.u16(); // protection index
    if (types.has(id)) throw new Damaged(`item ${id} is listed twice`);
    const at = entry.at;
    entry.u32();
    types.set(id, bytes.toString('latin1', at, at + 4));
  }
  return types;
}

/** Each item's properties (ipco), by the associations of ipma. */
function readProperties(bytes: Buffer, iprp: Box | undefined): Map<number, Box[]> {
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

/** Where an item's data lies: [offset, length] in the file (construction method 0) or in idat (1). */
type Location = [offset: number, length: number][] & { inIdat?: boolean };

function readLocations(bytes: Buffer, iloc: Box | undefined): Map<number, Location> {
  const locations = new Map<number, Location>();
  if (!iloc) return locations;
  const read = reader(bytes, iloc);
  const { version } = read.version();
  const sizes = read.u16();
  const [offsetSize, lengthSize, baseSize] = [sizes >> 12, (sizes >> 8) & 15, (sizes >> 4) & 15];
  const indexSize = version === 1 || version === 2 ? sizes & 15 : 0;
  for (let n = version < 2 ? read.u16() : read.u32(); n > 0; n--) {
    const id = version < 2 ? read.u16() : read.u32();
    const method = version === 1 || version === 2 ? read.u16() & 15 : 0;
    if (method > 1) throw new Damaged(`item ${id}'s data is made from other items (construction method ${method})`);
    read.u16(); // data reference: this file
    const base = read.uint(baseSize);
    const extents: Location = [];
    for (let e = read.u16(); e > 0; e--) {
      read.uint(indexSize);
      const offset = base + read.uint(offsetSize);
      const length = read.uint(lengthSize);
      extents.push([offset, method === 0 && length === 0 ? Math.max(0, bytes.length - offset) : length]);
    }
    if (method === 1) extents.inIdat = true;
    locations.set(id, extents);
  }
  return locations;
}

/** The bytes of item `id`'s data. */
function dataOf(bytes: Buffer, id: number, location: Location | undefined, idat: Box | undefined): Buffer {
  if (!location?.length) throw new Damaged(`item ${id} has no data`);
  const [from, to] = location.inIdat ? [idat?.start ?? 0, idat?.end ?? 0] : [0, bytes.length];
  return Buffer.concat(
    location.map(([offset, length]) => {
      if (from + offset + length > to) throw new Damaged(`item ${id}'s data lies outside its box`);
      return bytes.subarray(from + offset, from + offset + length);
    }),
  );
}

/** The output size a grid (ImageGrid) or an overlay (ImageOverlay) states in its data. */
function outputSize(type: string, data: Buffer): Size {
  const read = new Reader(data, 0, data.length, `${type} data of`);
  read.u8(); // version
  const wide = read.u8() & 1;
  if (type === 'grid')
    read.u16(); // rows − 1, columns − 1
  else for (let channel = 0; channel < 4; channel++) read.u16(); // the canvas's fill colour
  return { width: read.uint(wide ? 4 : 2), height: read.uint(wide ? 4 : 2) };
}

/** The size the first sequence parameter set of an hvcC box codes (H.265 section 7.3.2.2). */
function spsOf(bytes: Buffer, hvcC: Box): Item['sps'] {
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
function unescaped(nal: Buffer): Buffer {
  const out: number[] = [];
  let zeros = 0;
  for (const byte of nal) {
    if (zeros >= 2 && byte === 3) zeros = 0;
    else {
      out.push(byte);
      zeros = byte === 0 ? zeros + 1 : 0;
    }
  }
  return Buffer.from(out);
}

function sizeOfSps(sps: Buffer): Item['sps'] {
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
