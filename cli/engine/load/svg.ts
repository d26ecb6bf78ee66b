/**
 * SVG illustrations, cleaned by allowlist before they are published: what is kept is written out
 * again from the parsed tree, so the browser reads exactly what was checked.
 *
 * Kept: the elements and attributes of a drawing (shapes, text, paint, clipping, masks, filters),
 * links only to #fragments of the same file, CSS that fetches nothing. Dropped without a word, as
 * they cannot change the drawing: comments, the XML declaration, a DOCTYPE that declares nothing,
 * <metadata>, data-* attributes, and the elements and attributes editors keep in namespaces of
 * their own (Inkscape's, Illustrator's). Refused, each named: everything else, such as scripts,
 * event handlers, animation (it can set a link), <foreignObject>, <a>, <image>, processing
 * instructions such as <?xml-stylesheet?>, entity declarations, links elsewhere, and CSS with an
 * url() to elsewhere or an @import, found by a CSS tokenizer (which decodes escapes as browsers do).
 */
import { type CSSToken, isTokenFunction, isTokenString, isTokenWhitespace, TokenType, tokenize } from '@csstools/css-tokenizer';
import { Parser } from 'htmlparser2';
import { excerpt } from '../../site/issues.ts';

const namespaces = {
  svg: 'http://www.w3.org/2000/svg',
  xlink: 'http://www.w3.org/1999/xlink',
  xml: 'http://www.w3.org/XML/1998/namespace',
};

/** Namespaces whose elements a browser acts on: an element from them that is not allowed is refused, not dropped. */
const activeNamespaces = new Set([namespaces.svg, 'http://www.w3.org/1999/xhtml', 'http://www.w3.org/1998/Math/MathML', namespaces.xlink]);

const elements = new Set([
  ...['svg', 'g', 'defs', 'symbol', 'use', 'title', 'desc', 'style', 'switch'],
  ...['path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'text', 'tspan', 'textPath'],
  ...['linearGradient', 'radialGradient', 'stop', 'pattern', 'clipPath', 'mask', 'marker', 'filter'],
  ...['feBlend', 'feColorMatrix', 'feComponentTransfer', 'feComposite', 'feConvolveMatrix', 'feDiffuseLighting'],
  ...['feDisplacementMap', 'feDistantLight', 'feDropShadow', 'feFlood', 'feFuncA', 'feFuncB', 'feFuncG', 'feFuncR'],
  ...['feGaussianBlur', 'feMerge', 'feMergeNode', 'feMorphology', 'feOffset', 'fePointLight', 'feSpecularLighting'],
  ...['feSpotLight', 'feTile', 'feTurbulence'],
]);

/** Elements whose text is part of the drawing. */
const textElements = new Set(['text', 'tspan', 'textPath', 'title', 'desc', 'style']);

/** Attributes without a namespace (or in the SVG one): geometry, presentation and filter parameters. */
const attributes = new Set([
  ...['id', 'class', 'style', 'lang', 'role', 'aria-label', 'aria-hidden', 'aria-labelledby', 'aria-describedby', 'focusable'],
  ...['version', 'baseProfile', 'viewBox', 'preserveAspectRatio', 'width', 'height', 'x', 'y', 'x1', 'y1', 'x2', 'y2'],
  ...['cx', 'cy', 'r', 'rx', 'ry', 'fx', 'fy', 'fr', 'd', 'points', 'pathLength', 'transform', 'transform-origin'],
  ...['offset', 'gradientUnits', 'gradientTransform', 'spreadMethod', 'patternUnits', 'patternContentUnits', 'patternTransform'],
  ...['clipPathUnits', 'maskUnits', 'maskContentUnits', 'markerUnits', 'markerWidth', 'markerHeight', 'refX', 'refY', 'orient'],
  ...['dx', 'dy', 'rotate', 'textLength', 'lengthAdjust', 'startOffset', 'method', 'spacing', 'side', 'type', 'media'],
  ...['filterUnits', 'primitiveUnits', 'in', 'in2', 'result', 'stdDeviation', 'values', 'tableValues', 'slope', 'intercept'],
  ...['amplitude', 'exponent', 'k1', 'k2', 'k3', 'k4', 'operator', 'mode', 'order', 'kernelMatrix', 'divisor', 'bias'],
  ...['targetX', 'targetY', 'edgeMode', 'kernelUnitLength', 'preserveAlpha', 'surfaceScale', 'diffuseConstant'],
  ...['specularConstant', 'specularExponent', 'azimuth', 'elevation', 'z', 'pointsAtX', 'pointsAtY', 'pointsAtZ'],
  ...['limitingConeAngle', 'scale', 'xChannelSelector', 'yChannelSelector', 'radius', 'baseFrequency', 'numOctaves'],
  ...['seed', 'stitchTiles', 'requiredExtensions', 'systemLanguage'],
  // Presentation attributes: CSS properties written as attributes.
  ...['fill', 'fill-opacity', 'fill-rule', 'stroke', 'stroke-width', 'stroke-linecap', 'stroke-linejoin', 'stroke-miterlimit'],
  ...['stroke-dasharray', 'stroke-dashoffset', 'stroke-opacity', 'opacity', 'color', 'display', 'visibility', 'overflow'],
  ...['clip', 'clip-path', 'clip-rule', 'mask', 'filter', 'marker-start', 'marker-mid', 'marker-end', 'stop-color'],
  ...['stop-opacity', 'flood-color', 'flood-opacity', 'lighting-color', 'font-family', 'font-size', 'font-size-adjust'],
  ...['font-weight', 'font-style', 'font-variant', 'font-stretch', 'text-anchor', 'dominant-baseline', 'alignment-baseline'],
  ...['baseline-shift', 'letter-spacing', 'word-spacing', 'text-decoration', 'writing-mode', 'direction', 'unicode-bidi'],
  ...['paint-order', 'vector-effect', 'shape-rendering', 'text-rendering', 'image-rendering', 'color-interpolation'],
  ...['color-interpolation-filters', 'mix-blend-mode', 'isolation', 'enable-background'],
]);

/** At-rules that only select or animate what the drawing already has. */
const atRules = new Set(['media', 'supports', 'keyframes', '-webkit-keyframes']);
/** CSS functions that load something: url() and src() are allowed with a #fragment only. */
const loadingFunctions = new Set([
  'image',
  'image-set',
  '-webkit-image-set',
  'cross-fade',
  '-webkit-cross-fade',
  'element',
  '-moz-element',
]);

/** A reference to an element of the same file: the only link a drawing may hold. */
const fragment = (value: string) => /^#[\w.:-]+$/.test(value);

export interface CleanSvg {
  /** The drawing as it is published: only what the allowlist keeps. */
  svg: string;
  /** The width and height the root declares, when it declares both as numbers. */
  size?: { width: number; height: number };
  /** What the file holds that a drawing may not, in the order found: refuse the file when any. */
  refused: string[];
}

interface Open {
  /** Name as written, or undefined when the element is left out with everything in it. */
  name?: string;
  namespaces: Map<string, string>;
  /** Whether anything was written inside it yet (else it closes as <x/>). */
  filled: boolean;
}

export function cleanSvg(text: string): CleanSvg {
  const out: string[] = [];
  const refused = new Set<string>();
  const refuse = (reason: string) => refused.add(reason);
  const stack: Open[] = [{ name: '', namespaces: new Map([['xml', namespaces.xml]]), filled: true }];
  let skipping = 0; // depth inside an element left out
  let rootTag = -1; // index in `out` of the root's start tag, which declares the namespaces used
  let rootClosed = false;
  let size: CleanSvg['size'];
  let usesXlink = false;
  let css = ''; // text of the <style> element being read

  const top = () => stack.at(-1)!;
  const fill = () => {
    const open = top();
    if (!open.filled && open.name) out.push('>');
    open.filled = true;
  };
  const resolve = (qualified: string, scope: Map<string, string>, element: boolean) => {
    const colon = qualified.indexOf(':');
    const prefix = colon < 0 ? '' : qualified.slice(0, colon);
    const local = qualified.slice(colon + 1);
    // Unprefixed attributes are in no namespace; unprefixed elements in the default one.
    const namespace = prefix || element ? scope.get(prefix) : '';
    return { prefix, local, namespace };
  };

  const parser = new Parser(
    {
      onopentag(qualified, attributesOf) {
        if (skipping) return void skipping++;
        const scope = new Map(top().namespaces);
        for (const [name, value] of Object.entries(attributesOf)) {
          if (name === 'xmlns') scope.set('', value);
          else if (name.startsWith('xmlns:')) scope.set(name.slice(6), value);
        }
        const { prefix, local, namespace } = resolve(qualified, scope, true);
        const isRoot = rootTag < 0;
        let keep = false;
        if (namespace === undefined)
          refuse(
            prefix
              ? `the prefix "${prefix}" of <${qualified}>, which no xmlns:${prefix} declares`
              : `<${qualified}> outside the SVG namespace`,
          );
        else if (isRoot && (namespace !== namespaces.svg || local !== 'svg'))
          refuse(`a root element other than <svg xmlns="${namespaces.svg}">`);
        else if (namespace === namespaces.svg && elements.has(local)) keep = !rootClosed;
        else if (namespace === namespaces.svg && local === 'metadata') keep = false;
        else if (namespace === namespaces.svg || activeNamespaces.has(namespace)) refuse(`a <${local}> element`);
        if (!keep) {
          skipping = 1;
          return;
        }
        fill();
        let tag = `<${local}`;
        if (isRoot) {
          rootTag = out.length;
          const width = Number(attributesOf.width);
          const height = Number(attributesOf.height);
          if (width > 0 && height > 0) size = { width, height };
        }
        const written = new Set<string>(); // "fill" and "svg:fill" are one attribute once written out
        for (const [name, value] of Object.entries(attributesOf)) {
          if (name === 'xmlns' || name.startsWith('xmlns:')) continue;
          const kept = keptAttribute(name, resolve(name, scope, false), value, refuse);
          if (kept === undefined || written.has(kept)) continue;
          written.add(kept);
          if (kept.startsWith('xlink:')) usesXlink = true;
          tag += ` ${kept}="${escapeAttribute(value)}"`;
        }
        out.push(tag);
        stack.push({ name: local, namespaces: scope, filled: false });
      },
      onclosetag() {
        if (skipping) return void skipping--;
        const open = stack.pop()!;
        if (open.name === 'style') {
          for (const problem of cssProblems(css)) refuse(`${problem} in a <style> element`);
          css = '';
        }
        out.push(open.filled ? `</${open.name}>` : '/>');
        if (stack.length === 1) rootClosed = true;
      },
      ontext(data) {
        if (skipping) return;
        const open = top();
        if (open.name && textElements.has(open.name)) {
          if (open.name === 'style') css += data;
        } else if (data.trim() || rootTag < 0) return; // text outside text elements is never drawn
        fill();
        out.push(escapeText(data));
      },
      onprocessinginstruction(name, data) {
        const lower = name.toLowerCase();
        if (lower === '?xml') return; // the declaration: the file is UTF-8 either way
        if (lower === '!doctype' && !data.includes('[')) return; // declares nothing
        if (lower === '!doctype') refuse('a DOCTYPE that declares entities');
        else if (name.startsWith('?')) refuse(`a processing instruction <${excerpt(data, 80).slice(1, -1)}?>`);
        else refuse(`a declaration <${excerpt(data, 80).slice(1, -1)}>`);
      },
    },
    { xmlMode: true },
  );
  parser.end(text);
  if (rootTag < 0) refuse('no <svg> element');
  else if (usesXlink) out[rootTag] = out[rootTag]!.replace('<svg', `<svg xmlns:xlink="${namespaces.xlink}"`);
  if (rootTag >= 0) out[rootTag] = out[rootTag]!.replace('<svg', `<svg xmlns="${namespaces.svg}"`);
  return { svg: out.join(''), size, refused: [...refused] };
}

/**
 * The name an attribute is written out under, or undefined when it is left out; what may not be
 * kept is refused.
 */
function keptAttribute(
  name: string,
  { prefix, local, namespace }: { prefix: string; local: string; namespace: string | undefined },
  value: string,
  refuse: (reason: string) => void,
): string | undefined {
  if (namespace === undefined) return void refuse(`the prefix "${prefix}" of ${name}, which no xmlns:${prefix} declares`);
  const link = local === 'href' && (namespace === '' || namespace === namespaces.svg || namespace === namespaces.xlink);
  if (link) {
    if (!fragment(value)) return void refuse(`a link to ${excerpt(value)} (${name}); only #fragments of the same file may be linked`);
    return namespace === namespaces.xlink ? 'xlink:href' : 'href';
  }
  if (namespace === namespaces.xml) {
    if (local === 'space' || local === 'lang') return `xml:${local}`;
    return void refuse(`the attribute ${name}`);
  }
  if (namespace === namespaces.xlink) return undefined; // titles and link behaviour, without a link
  if (namespace !== '' && namespace !== namespaces.svg) return undefined; // an editor's
  if (local.toLowerCase().startsWith('on')) return void refuse(`an event handler (${name})`);
  if (local.startsWith('data-')) return undefined;
  if (!attributes.has(local)) return void refuse(`the attribute ${name}`);
  for (const problem of cssProblems(value)) refuse(`${problem} in ${name}`);
  return local;
}

/** What in a piece of CSS loads from elsewhere: url()s and src()s but to #fragments, image functions and at-rules but a few. */
function cssProblems(css: string): string[] {
  const problems: string[] = [];
  // No function, at-rule or escape without one of these: most values are numbers and colours.
  if (!/[(@\\]/.test(css)) return problems;
  const tokens = tokenize({ css });
  tokens.forEach((token, i) => {
    if (token[0] === TokenType.URL && !fragment(token[4].value)) problems.push(`url(${excerpt(token[4].value)})`);
    else if (token[0] === TokenType.BadURL) problems.push('a malformed url()');
    else if (token[0] === TokenType.AtKeyword && !atRules.has(token[4].value.toLowerCase())) problems.push(`an @${token[4].value} rule`);
    else if (isTokenFunction(token)) {
      const fn = token[4].value.toLowerCase();
      if (loadingFunctions.has(fn)) problems.push(`${fn}()`);
      else if (fn === 'url' || fn === 'src') {
        const argument = nextToken(tokens, i);
        if (!isTokenString(argument) || !fragment(argument[4].value)) problems.push(`${fn}() to elsewhere`);
      }
    }
  });
  return problems;
}

function nextToken(tokens: CSSToken[], i: number): CSSToken | undefined {
  let next = i + 1;
  while (isTokenWhitespace(tokens[next])) next++;
  return tokens[next];
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
