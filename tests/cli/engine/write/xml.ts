import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** A parsed XML element: enough structure to assert on sitemap and feed output. */
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  /** Decoded text directly inside the element. */
  text: string;
}

/** fast-xml-parser's ordered form: one object per node, its name the only key but ":@", which holds its attributes. */
type OrderedNode = Record<string, OrderedNode[] | string> & { ':@'?: Record<string, string> };

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  ignoreDeclaration: true,
  // Text and attributes as written: no numbers or booleans made of them, no whitespace trimmed.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
});

function element(node: OrderedNode): XmlElement {
  const name = Object.keys(node).find((key) => key !== ':@')!;
  const nodes = node[name] as OrderedNode[];
  return {
    name,
    attrs: { ...node[':@'] },
    children: nodes.filter((n) => !('#text' in n)).map(element),
    text: nodes.map((n) => (typeof n['#text'] === 'string' ? n['#text'] : '')).join(''),
  };
}

/** The root element of `xml`; throws with the line and column of the first thing that is not well-formed XML. */
export function parseXml(xml: string): XmlElement {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new Error(`${valid.err.line}:${valid.err.col}  not well-formed XML: ${valid.err.msg}`);
  const [root] = (parser.parse(xml) as OrderedNode[]).filter((node) => !('#text' in node));
  if (!root) throw new Error('no root element');
  return element(root);
}

/** Child elements with a given name. */
export const childrenNamed = (element: XmlElement, name: string): XmlElement[] => element.children.filter((c) => c.name === name);

/** The one child element with a given name. */
export function child(element: XmlElement, name: string): XmlElement {
  const found = childrenNamed(element, name);
  if (found.length !== 1) throw new Error(`<${element.name}> has ${found.length} <${name}> children, expected 1`);
  return found[0]!;
}
