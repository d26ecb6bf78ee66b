import { describe, expect, it } from 'vitest';
import { itemInfos, metaBoxes, only } from '../../../cli/engine/photos/isobmff.ts';
import { stripMetadata } from '../../../cli/engine/photos/strip.ts';

/** A box of `type` holding `body`; a full box (version and flags 0) when `full`. */
function box(type: string, body: Uint8Array, full = false): Buffer {
  const head = Buffer.alloc(full ? 12 : 8);
  head.writeUInt32BE(head.length + body.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}

/** A HEIC holding one mime item, whose content type is `contentType`, ended by no zero byte. */
function withMimeItem(contentType: string): Buffer {
  const infe = Buffer.concat([
    Buffer.from([2, 0, 0, 0, 0, 1, 0, 0]),
    Buffer.from('mime', 'latin1'),
    Buffer.from('name\0', 'latin1'),
    Buffer.from(contentType, 'latin1'),
  ]);
  const iinf = box('iinf', Buffer.concat([Buffer.from([0, 1]), box('infe', infe)]), true);
  const ftyp = box('ftyp', Buffer.from('heic\0\0\0\0mif1heic', 'latin1'));
  return Buffer.concat([ftyp, box('meta', iinf, true)]);
}

describe('reading a HEIF file', () => {
  it("reads a mime item's content type of a megabyte, where spreading its bytes overflowed the stack", () => {
    const file = withMimeItem('a'.repeat(1 << 20));
    const iinf = only(metaBoxes(file)!, 'iinf', 'its meta box')!;
    expect(itemInfos(file, iinf).get(1)).toEqual({ type: 'mime', contentType: 'a'.repeat(1 << 20) });
    // Not XMP: the stripper has nothing to clear, and says so by giving the file back as it is.
    expect(stripMetadata(file)).toBe(file);
  });
});
