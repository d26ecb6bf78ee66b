/**
 * React's serializer writes XHTML-flavoured HTML (`<meta charSet="utf-8"/>`, `hidden=""`).
 * This rewrites each start tag into the plain HTML5 form: lowercase attribute names, bare
 * boolean attributes and void elements without a closing slash. React escapes `<` and `>`
 * inside attribute values, so a tag never contains a raw `>` before its end.
 */
const voidElements = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
const booleanAttributes = new Set(['async', 'autofocus', 'checked', 'defer', 'disabled', 'hidden', 'inert', 'multiple', 'novalidate', 'open', 'readonly', 'required', 'selected']);
/** SVG attributes are case-sensitive in the DOM; the HTML parser expects these spellings. */
const svgCamelCase = new Set(['viewBox', 'preserveAspectRatio', 'gradientUnits', 'gradientTransform', 'patternUnits', 'clipPathUnits']);

export function normalizeHtml(html: string): string {
  return html.replace(/<([a-zA-Z][\w-]*)(\s[^>]*?)?\s*(\/?)>/g, (_tag, name: string, attributes = '', slash: string) => {
    const normalized = (attributes as string).replace(/\s([^\s=]+)(?:="([^"]*)")?/g, (_attr, attr: string, value: string | undefined) => {
      const key = svgCamelCase.has(attr) ? attr : attr.toLowerCase();
      return booleanAttributes.has(key) && (value === '' || value === undefined) ? ` ${key}` : value === undefined ? ` ${key}` : ` ${key}="${value}"`;
    });
    const close = slash && !voidElements.has(name.toLowerCase()) ? '/' : '';
    return `<${name}${normalized}${close}>`;
  });
}
