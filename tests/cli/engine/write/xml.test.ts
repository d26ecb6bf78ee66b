import { describe, expect, it } from 'vitest';
import { parseXml } from './xml.ts';

// The output tests trust parseXml to reject what is not well-formed: fast-xml-parser's parser alone
// reads most of these without a word, its validator refuses them.
describe('test XML parser', () => {
  it('reads elements, attributes and decoded text', () => {
    const root = parseXml('<?xml version="1.0"?>\n<a x="1 &amp; 2"><b>&lt;p&gt; &quot;&apos;</b><c/>42</a>\n');
    expect(root.attrs.x).toBe('1 & 2');
    expect(root.children.map((c) => c.name)).toEqual(['b', 'c']);
    expect(root.children[0]!.text).toBe('<p> "\'');
    expect(root.text).toBe('42');
  });

  it.each([
    ['a bare ampersand', '<a>salt & pepper</a>'],
    ['a bare less-than sign', '<a>1 < 2</a>'],
    ['misnested tags', '<a><b></a></b>'],
    ['an unclosed element', '<a><b></b>'],
    ['an unquoted attribute', '<a x=1></a>'],
    ['a repeated attribute', '<a x="1" x="2"></a>'],
    ['a second root element', '<a></a><b></b>'],
    ['text after the root', '<a></a>oops'],
  ])('rejects %s', (_, xml) => {
    expect(() => parseXml(xml)).toThrow();
  });
});
