/**
 * React's serializer writes XHTML-flavoured HTML (`<meta charSet="utf-8"/>`, `hidden=""`).
 * This rewrites each start tag into the plain HTML5 form: lowercase attribute names, bare
 * boolean attributes and void elements without a closing slash. React escapes `<` and `>`
 * inside attribute values, so a tag never contains a raw `>` before its end.
 */
const voidElements = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
const booleanAttributes = new Set([
  'async',
  'autofocus',
  'checked',
  'defer',
  'disabled',
  'hidden',
  'inert',
  'multiple',
  'novalidate',
  'open',
  'readonly',
  'required',
  'selected',
]);
/** SVG attributes are case-sensitive in the DOM; the HTML parser expects these spellings. */
const svgCamelCase = new Set(['viewBox', 'preserveAspectRatio', 'gradientUnits', 'gradientTransform', 'patternUnits', 'clipPathUnits']);

/**
 * The start tags that need rewriting: void elements closed with a slash, and tags with `=""`, a
 * capital in an attribute name or a space before their end. Most tags need nothing, and finding
 * only these keeps the work in the regular expression engine.
 */
const tagsToRewrite = new RegExp(
  `<(?:${[...voidElements].join('|')})(?:\\s[^>]*)?/>|<[a-zA-Z][\\w-]*(?=\\s)[^>]*?(?:=""|\\s[a-z-]*[A-Z][a-zA-Z-]*(?=[=\\s/>])|\\s/?(?=>))[^>]*>`,
  'g',
);

export function normalizeHtml(html: string): string {
  return html.replace(tagsToRewrite, (tag) => {
    const [, name, rest] = /^<([a-zA-Z][\w-]*)(.*)>$/s.exec(tag)!;
    return normalizeTag(name!, rest!);
  });
}

function normalizeTag(name: string, rest: string): string {
  const slash = rest.endsWith('/');
  const attributes = (slash ? rest.slice(0, -1) : rest).trimEnd();
  // Void elements often need only their slash removed.
  const normalized = !/=""|\s[a-z-]*[A-Z]/.test(attributes)
    ? attributes
    : attributes.replace(/\s([^\s=]+)(?:="([^"]*)")?/g, (_attr, attr: string, value: string | undefined) => {
        const key = svgCamelCase.has(attr) ? attr : attr.toLowerCase();
        return booleanAttributes.has(key) && (value === '' || value === undefined)
          ? ` ${key}`
          : value === undefined
            ? ` ${key}`
            : ` ${key}="${value}"`;
      });
  const close = slash && !voidElements.has(name.toLowerCase()) ? '/' : '';
  return `<${name}${normalized}${close}>`;
}
