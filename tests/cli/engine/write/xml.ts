/** A parsed XML element: enough structure to assert on sitemap and feed output. */
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  /** Decoded text directly inside the element. */
  text: string;
}

const entity = /&(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/y;
const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(raw: string, where: string): string {
  for (let i = raw.indexOf('&'); i !== -1; i = raw.indexOf('&', i + 1)) {
    entity.lastIndex = i;
    if (!entity.test(raw)) throw new Error(`bare "&" in ${where}: ${raw.slice(i, i + 20)}`);
  }
  return raw.replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);/g, (_, e: string) =>
    e.startsWith('#x')
      ? String.fromCodePoint(parseInt(e.slice(2), 16))
      : e.startsWith('#')
        ? String.fromCodePoint(Number(e.slice(1)))
        : named[e]!,
  );
}

/**
 * A strict little XML parser for tests: throws on anything not well-formed (unbalanced or
 * misnested tags, unquoted or repeated attributes, bare "&" or "<", text outside the root).
 * Comments, CDATA and DOCTYPEs are not supported because our outputs never use them.
 */
export function parseXml(xml: string): XmlElement {
  const body = xml.replace(/^<\?xml\s[^?]*\?>\s*/, '');
  const token = /<(\/?)([\w:.-]+)((?:\s+[\w:.-]+\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/?)>|([^<]+)|</gy;
  const root: XmlElement = { name: '#document', attrs: {}, children: [], text: '' };
  const stack = [root];
  for (let m = token.exec(body); m; m = token.exec(body)) {
    const [, closing, name, attrText, selfClosing, text] = m;
    const top = stack.at(-1)!;
    if (text !== undefined) {
      if (top === root && text.trim()) throw new Error(`text outside the root element: ${text.slice(0, 40)}`);
      top.text += decode(text, `<${top.name}>`);
    } else if (!name) {
      throw new Error(`malformed tag at: ${body.slice(m.index, m.index + 60)}`);
    } else if (closing) {
      if (top.name !== name) throw new Error(`</${name}> closes <${top.name}>`);
      stack.pop();
    } else {
      if (top === root && root.children.length > 0) throw new Error(`second root element <${name}>`);
      const element: XmlElement = { name, attrs: {}, children: [], text: '' };
      for (const [, key, double, single] of attrText!.matchAll(/([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
        if (key! in element.attrs) throw new Error(`repeated attribute ${key} on <${name}>`);
        element.attrs[key!] = decode(double ?? single!, `<${name} ${key}>`);
      }
      top.children.push(element);
      if (!selfClosing) stack.push(element);
    }
  }
  if (stack.length > 1) throw new Error(`<${stack.at(-1)!.name}> is never closed`);
  const [element] = root.children;
  if (!element) throw new Error('no root element');
  return element;
}

/** Child elements with a given name. */
export const childrenNamed = (element: XmlElement, name: string): XmlElement[] => element.children.filter((c) => c.name === name);

/** The one child element with a given name. */
export function child(element: XmlElement, name: string): XmlElement {
  const found = childrenNamed(element, name);
  if (found.length !== 1) throw new Error(`<${element.name}> has ${found.length} <${name}> children, expected 1`);
  return found[0]!;
}
