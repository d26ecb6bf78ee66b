/**
 * The key a visitor is counted under: an IPv4 address as it is (also when seen as ::ffff:a.b.c.d
 * through an IPv6 socket), an IPv6 address by its /64, which one home or phone is given whole.
 */
export function visitorKey(address: string | undefined): string {
  const text = address
    ?.trim()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/%.*$/, '')
    .toLowerCase();
  if (!text) return 'unknown';
  const groups = text.includes(':') ? ipv6Groups(text) : undefined;
  if (!groups) return text;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address (with "::" and a dotted IPv4 tail), or undefined. */
function ipv6Groups(text: string): number[] | undefined {
  const halves = text.split('::');
  if (halves.length > 2 || (halves.length === 2 && halves[0]!.includes('.'))) return undefined;
  const parse = (half: string) => {
    if (half === '') return [];
    const parts = half.split(':');
    const tail = parts.at(-1)!;
    if (tail.includes('.')) {
      const bytes = tail.split('.');
      if (bytes.length !== 4 || !bytes.every((b) => /^\d{1,3}$/.test(b) && Number(b) <= 255)) return undefined;
      const [a, b, c, d] = bytes.map(Number) as [number, number, number, number];
      parts.splice(-1, 1, ((a << 8) | b).toString(16), ((c << 8) | d).toString(16));
    }
    return parts.every((p) => /^[0-9a-f]{1,4}$/.test(p)) ? parts.map((p) => Number.parseInt(p, 16)) : undefined;
  };
  const [front, back] = halves.map(parse);
  if (!front || (halves.length === 2 && !back)) return undefined;
  if (halves.length === 1) return front.length === 8 ? front : undefined;
  const missing = 8 - front.length - back!.length;
  return missing >= 1 ? [...front, ...Array<number>(missing).fill(0), ...back!] : undefined;
}
