// Builds HEIC grid images for the photo tests: a grid item whose tiles are copies of the one coded
// image of a real HEIC (tests/fixtures/phone-photo/phone.heic), every tile pointing at the same
// bytes, so that a file of a few KB holds a picture of any number of pixels, and whose grid may
// state (in its ispe property) a size other than its tiles make up: what a decompression bomb does.

/** Offset of the first box `type` after `from`, its size field included. */
const boxAt = (bytes: Buffer, type: string, from = 0) => {
  const at = bytes.indexOf(type, from, 'latin1') - 4;
  if (at < 0) throw new Error(`the template has no ${type} box`);
  return at;
};

/** A box of `type` holding `parts`; a full box when `full` gives its version and flags. */
function box(type: string, parts: (Buffer | number[])[], full?: [version: number, flags: number]): Buffer {
  const head = Buffer.alloc(full ? 12 : 8);
  const body = Buffer.concat(parts.map((part) => (Buffer.isBuffer(part) ? part : Buffer.from(part))));
  head.writeUInt32BE(head.length + body.length, 0);
  head.write(type, 4, 'latin1');
  if (full) head.writeUInt32BE((full[0] << 24) | full[1], 8);
  return Buffer.concat([head, body]);
}

const u16 = (value: number) => {
  const bytes = Buffer.alloc(2);
  bytes.writeUInt16BE(value);
  return bytes;
};
const u32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
};

/** The HEVC configuration, the coded data and the size of the primary image of `heic`, a one-image HEIC. */
function codedImage(heic: Buffer): { hvcC: Buffer; data: Buffer; width: number; height: number } {
  const hvcC = boxAt(heic, 'hvcC');
  const ispe = boxAt(heic, 'ispe');
  const iloc = boxAt(heic, 'iloc');
  // iloc version 0, 4-byte offsets, lengths and base offsets: the primary (item 1) comes first, in one extent.
  const layout = [heic[iloc + 8], heic[iloc + 12], heic[iloc + 13], heic.readUInt16BE(iloc + 16), heic.readUInt16BE(iloc + 24)];
  if (layout.join() !== '0,68,64,1,1') throw new Error(`unexpected iloc layout: ${layout}`);
  const offset = heic.readUInt32BE(iloc + 20) + heic.readUInt32BE(iloc + 26);
  const length = heic.readUInt32BE(iloc + 30);
  return {
    hvcC: heic.subarray(hvcC, hvcC + heic.readUInt32BE(hvcC)),
    data: heic.subarray(offset, offset + length),
    width: heic.readUInt32BE(ispe + 12),
    height: heic.readUInt32BE(ispe + 16),
  };
}

export interface GridOptions {
  rows: number;
  columns: number;
  /** The size the grid's own data gives its picture (tiles beyond it are cut off); by default, what its tiles make up. */
  output?: { width: number; height: number };
  /** The size the grid item's ispe property states; by default its output size. */
  stated?: { width: number; height: number };
}

/**
 * A HEIC whose primary image is a grid of `rows` × `columns` tiles, each the coded image of the
 * one-image HEIC `template` (its size, e.g. 800 × 600 px, is the tile's). The tiles are hidden
 * items that all point at the template's coded data, stored once.
 */
export function heicGrid(template: Buffer, { rows, columns, output, stated }: GridOptions): Buffer {
  const tile = codedImage(template);
  const { width, height } = output ?? { width: columns * tile.width, height: rows * tile.height };
  const tiles = Array.from({ length: rows * columns }, (_, i) => i + 2); // item 1 is the grid
  const wide = width > 0xffff || height > 0xffff;
  const gridData = Buffer.concat([
    Buffer.from([0, wide ? 1 : 0, rows - 1, columns - 1]),
    ...(wide ? [u32(width), u32(height)] : [u16(width), u16(height)]),
  ]);
  const infe = (id: number, type: string, hidden: boolean) =>
    box('infe', [u16(id), u16(0), Buffer.from(type, 'latin1'), [0]], [2, hidden ? 1 : 0]);
  const ispe = (size: { width: number; height: number }) => box('ispe', [u32(size.width), u32(size.height)], [0, 0]);
  const ipco = box('ipco', [tile.hvcC, ispe(tile), ispe(stated ?? { width, height })]);
  // Grid: its ispe (3); each tile: its configuration (1, essential) and its ispe (2).
  const ipma = box(
    'ipma',
    [u32(1 + tiles.length), u16(1), [1, 3], ...tiles.map((id) => Buffer.concat([u16(id), Buffer.from([2, 0x81, 2])]))],
    [0, 0],
  );
  const metaWith = (dataAt: number) => {
    // iloc version 1: the grid's data in idat (construction method 1), the tiles' in the file.
    const iloc = box(
      'iloc',
      [
        [0x44, 0x00],
        u16(1 + tiles.length),
        u16(1),
        u16(1),
        u16(0),
        u16(1),
        u32(0),
        u32(gridData.length),
        ...tiles.map((id) => Buffer.concat([u16(id), u16(0), u16(0), u16(1), u32(dataAt), u32(tile.data.length)])),
      ],
      [1, 0],
    );
    return box(
      'meta',
      [
        box('hdlr', [u32(0), Buffer.from('pict', 'latin1'), u32(0), u32(0), u32(0), [0]], [0, 0]),
        box('pitm', [u16(1)], [0, 0]),
        box('iinf', [u16(1 + tiles.length), infe(1, 'grid', false), ...tiles.map((id) => infe(id, 'hvc1', true))], [0, 0]),
        box('iref', [box('dimg', [u16(1), u16(tiles.length), ...tiles.map(u16)])], [0, 0]),
        box('iprp', [ipco, ipma]),
        iloc,
        box('idat', [gridData]),
      ],
      [0, 0],
    );
  };
  const ftyp = box('ftyp', [Buffer.from('heic', 'latin1'), u32(0), Buffer.from('mif1heic', 'latin1')]);
  // The data's offset depends on meta's size, which does not depend on the offset's value.
  const meta = metaWith(ftyp.length + metaWith(0).length + 8);
  return Buffer.concat([ftyp, meta, box('mdat', [tile.data])]);
}
