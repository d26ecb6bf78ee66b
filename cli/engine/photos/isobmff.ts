// The boxes of an ISO base media file (HEIC, AVIF) and the item records of its meta box, read
// with bounds checked at every step: the build's HEIF check (heif.ts) measures a photo's images
// from them, and the metadata stripper (strip.ts) finds its EXIF and XMP items. Plain Uint8Array
// code, so that a browser can run it too.

/** The file's structure does not hold together: decoders read such files each their own way. */
export class Damaged extends Error {}
/** The file ends before what it records: `needs` bytes. */
export class CutShort extends Error {
  constructor(readonly needs: number) {
    super('cut short');
  }
}

/** ftyp brands of HEIF image files (ISO/IEC 23008-12 and the AVIF specification). */
export const heifBrands = new Set('mif1 mif2 mif3 msf1 miaf heic heix heim heis hevc hevx avif avis avio'.split(' '));
/** The brands of them that only AVIF files carry as their main brand. */
export const avifBrands = new Set(['avif', 'avis', 'avio']);

/** The bytes from `from` to `to` as text, one character a byte, however many: spread as arguments, a megabyte overflowed the stack. */
export function ascii(bytes: Uint8Array, from: number, to: number): string {
  let text = '';
  for (let at = from; at < Math.min(to, bytes.length); at++) text += String.fromCharCode(bytes[at]!);
  return text;
}
export const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

export function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** Whether `bytes` is a HEIF file: an ftyp box naming a HEIF brand, as its main or a compatible one. */
export function isHeif(bytes: Uint8Array): boolean {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return false;
  const brand = (at: number) => heifBrands.has(ascii(bytes, at, at + 4));
  if (brand(8)) return true;
  // The minor version (at 12) is not a brand; the compatible brands follow it.
  const end = Math.min(bytes.length, view(bytes).getUint32(0));
  for (let at = 16; at + 4 <= end; at += 4) if (brand(at)) return true;
  return false;
}

/** A box: its type and the range of its content (after its header). */
export interface Box {
  type: string;
  start: number;
  end: number;
}

/** The boxes between `start` and `end`; past the end of the file, the file is cut short. */
export function boxesIn(bytes: Uint8Array, start: number, end: number): Box[] {
  const data = view(bytes);
  const boxes: Box[] = [];
  for (let at = start; at < end; ) {
    if (at + 8 > end) throw end === bytes.length ? new CutShort(at + 8) : new Damaged(`a box header at byte ${at} is incomplete`);
    const type = ascii(bytes, at + 4, at + 8);
    let size = data.getUint32(at);
    let header = 8;
    if (size === 1) {
      if (at + 16 > end) throw end === bytes.length ? new CutShort(at + 16) : new Damaged(`the ${type} box's size is incomplete`);
      size = Number(data.getBigUint64(at + 8));
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

/** The one box of `type` among `boxes`, if any; two are damage. */
export function only(boxes: Box[], type: string, where: string): Box | undefined {
  const found = boxes.filter((b) => b.type === type);
  if (found.length > 1) throw new Damaged(`${where} holds ${found.length} ${type} boxes`);
  return found[0];
}

/** Reads numbers from one box, refusing to read past it. */
export class Reader {
  private readonly data: DataView;
  constructor(
    private readonly bytes: Uint8Array,
    public at: number,
    private readonly end: number,
    private readonly what: string,
  ) {
    this.data = view(bytes);
  }
  private take(n: number): number {
    if (this.at + n > this.end) throw new Damaged(`the ${this.what} box ends early`);
    const at = this.at;
    this.at += n;
    return at;
  }
  u8 = () => this.bytes[this.take(1)]!;
  u16 = () => this.data.getUint16(this.take(2));
  u32 = () => this.data.getUint32(this.take(4));
  /** An unsigned number of `size` bytes (0, 2, 4 or 8): sizes and offsets in iloc and grids. */
  uint(size: number): number {
    if (size === 0) return 0;
    if (size === 2) return this.u16();
    if (size === 4) return this.u32();
    if (size === 8) return Number(this.data.getBigUint64(this.take(8)));
    throw new Damaged(`the ${this.what} box uses ${size}-byte numbers`);
  }
  /** A full box's version (its flags are read too). */
  version(): { version: number; flags: number } {
    const word = this.u32();
    return { version: word >>> 24, flags: word & 0xffffff };
  }
}

export const reader = (bytes: Uint8Array, box: Box) => new Reader(bytes, box.start, box.end, box.type);

/** The meta box's children (meta is a full box: four bytes of version and flags before them). */
export function metaBoxes(bytes: Uint8Array): Box[] | undefined {
  const top = boxesIn(bytes, 0, bytes.length);
  const meta = only(top, 'meta', 'the file');
  if (!meta || meta.end - meta.start < 4) {
    if (top.some((b) => b.type === 'mini')) throw new Damaged('it is a compact HEIF file (mini box), which the build does not read');
    return undefined;
  }
  return boxesIn(bytes, meta.start + 4, meta.end);
}

/** An item as iinf lists it: its type, and a mime item's content type. */
export interface ItemInfo {
  type: string;
  contentType: string;
}

/** Each item's type, by item ID (infe versions 2 and 3 name it; older ones describe files, not images). */
export function itemInfos(bytes: Uint8Array, iinf: Box): Map<number, ItemInfo> {
  const read = reader(bytes, iinf);
  const count = read.version().version === 0 ? read.u16() : read.u32();
  const infos = new Map<number, ItemInfo>();
  const entries = boxesIn(bytes, read.at, iinf.end).filter((b) => b.type === 'infe');
  if (entries.length !== count) throw new Damaged(`its item list counts ${count} items and holds ${entries.length}`);
  for (const infe of entries) {
    const entry = reader(bytes, infe);
    const { version } = entry.version();
    if (version < 2) continue;
    const id = version === 2 ? entry.u16() : entry.u32();
    entry.u16(); // protection index
    if (infos.has(id)) throw new Damaged(`item ${id} is listed twice`);
    const at = entry.at;
    entry.u32();
    const type = ascii(bytes, at, at + 4);
    infos.set(id, { type, contentType: type === 'mime' ? mimeType(bytes, entry.at, infe.end) : '' });
  }
  return infos;
}

/** A mime item's content type: the second of the zero-ended strings after its type (its name, then it). */
function mimeType(bytes: Uint8Array, from: number, end: number): string {
  const name = bytes.subarray(from, end).indexOf(0);
  if (name < 0) return '';
  const start = from + name + 1;
  const length = bytes.subarray(start, end).indexOf(0);
  return ascii(bytes, start, length < 0 ? end : start + length);
}

/**
 * Where an item's data lies: by construction method 0 in the file, 1 in the idat box, 2 in other
 * items; each extent's offset with the base offset added, and a length of 0 meaning to the end.
 */
export interface ItemLocation {
  method: number;
  extents: [offset: number, length: number][];
}

/** Every item's location, by item ID, from the iloc box (versions 0, 1 and 2). */
export function itemLocations(bytes: Uint8Array, iloc: Box): Map<number, ItemLocation> {
  const locations = new Map<number, ItemLocation>();
  const read = reader(bytes, iloc);
  const { version } = read.version();
  const sizes = read.u16();
  const [offsetSize, lengthSize, baseSize] = [sizes >> 12, (sizes >> 8) & 15, (sizes >> 4) & 15];
  const indexSize = version === 1 || version === 2 ? sizes & 15 : 0;
  for (let n = version < 2 ? read.u16() : read.u32(); n > 0; n--) {
    const id = version < 2 ? read.u16() : read.u32();
    const method = version === 1 || version === 2 ? read.u16() & 15 : 0;
    read.u16(); // data reference: this file
    const base = read.uint(baseSize);
    const extents: ItemLocation['extents'] = [];
    for (let e = read.u16(); e > 0; e--) {
      read.uint(indexSize);
      const offset = base + read.uint(offsetSize);
      extents.push([offset, read.uint(lengthSize)]);
    }
    locations.set(id, { method, extents });
  }
  return locations;
}
