import { readdirSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContent } from '../../../cli/engine/content.ts';
import { cleanSvg } from '../../../cli/engine/load/svg.ts';
import { ContentError, issueLines } from '../../../cli/site/issues.ts';
import { builtSite } from './built-site.ts';
import { contentDir, copyContent, repoRoot, workedExampleDir } from '../../helpers.ts';

const svg = (body: string, root = 'width="24" height="12"') => `<svg xmlns="http://www.w3.org/2000/svg" ${root}>${body}</svg>`;

/** Every problem loading the worked example with `files` added to its content/images/, as the CLI prints them. */
async function refusals(files: Record<string, string>): Promise<string[]> {
  const content = await copyContent(workedExampleDir);
  for (const [name, text] of Object.entries(files)) await writeFile(join(content, 'images', name), text);
  const error = await loadContent(content).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ContentError);
  return (error as ContentError).issues.map((issue) => issueLines({ ...issue, file: issue.file.slice(content.length + 1) }).join('\n'));
}

describe('an SVG in content/images/', { timeout: 60_000 }, () => {
  it.each([
    [
      'a javascript: link under a renamed xlink prefix',
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:foo="http://www.w3.org/1999/xlink" width="10" height="10"><use foo:href="javascript:alert(1)"/></svg>`,
      'a link to "javascript:alert(1)" (foo:href); only #fragments of the same file may be linked',
    ],
    ['a <set> that sets href to javascript:', svg('<g><set attributeName="href" to="javascript:alert(1)"/></g>'), 'a <set> element'],
    [
      'an <animate> that sets xlink:href to javascript:',
      svg('<g><animate attributeName="xlink:href" values="javascript:alert(1)"/></g>'),
      'a <animate> element',
    ],
    [
      'an external XSLT',
      `<?xml version="1.0"?><?xml-stylesheet type="text/xsl" href="https://x.example/t.xsl"?>${svg('<rect width="1" height="1"/>')}`,
      'a processing instruction <?xml-stylesheet type="text/xsl" href="https://x.example/t.xsl"?>',
    ],
    [
      'a CSS url() behind an escape',
      svg('<style>rect { fill: u\\72l(https://evil.example/p.png) }</style><rect width="1" height="1"/>'),
      'url("https://evil.example/p.png") in a <style> element',
    ],
    [
      'a CSS url() behind an escape in a style attribute',
      svg('<rect style="fill:\\75rl(\'https://evil.example/p.png\')" width="1" height="1"/>'),
      'url() to elsewhere in style',
    ],
    ['a script', svg('<script>alert(1)</script>'), 'a <script> element'],
    ['an onload handler', svg('<rect onload="alert(1)" width="1" height="1"/>'), 'an event handler (onload)'],
  ])('is refused when it holds %s, naming the file and what was found', async (_, text, reason) => {
    expect(await refusals({ 'trick.svg': text })).toEqual([
      `images/trick.svg  refused: ${reason} (E_SVG_REFUSED)\n  hint: illustrations must be plain drawings: export it again without these`,
    ]);
  });

  it('is refused for each thing a drawing may not hold, all named at once', async () => {
    const text = `<!DOCTYPE svg [<!ENTITY x "y">]>${svg(
      '<foreignObject><iframe src="https://x.example"/></foreignObject><a href="#r"><rect id="r"/></a><image href="https://x.example/p.png"/><use href="https://x.example/s.svg#a"/><g xml:base="https://x.example/"/>',
    )}`;
    expect(await refusals({ 'many.svg': text })).toEqual([
      'images/many.svg  refused: a DOCTYPE that declares entities; a <foreignObject> element; a <a> element; a <image> element; a link to "https://x.example/s.svg#a" (href); only #fragments of the same file may be linked; the attribute xml:base (E_SVG_REFUSED)\n  hint: illustrations must be plain drawings: export it again without these',
    ]);
  });

  it('keeps links and url()s to #fragments of the same file, and CSS that loads nothing', () => {
    const text = svg(
      '<style>@media (min-width: 1px) { .a { fill: url(#g) } }</style><defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient><path id="p" d="M0 0h1"/></defs><rect class="a" fill="url(#g)" style="stroke: url( \'#g\' )" width="1" height="1"/><use href="#p"/><use xmlns:l="http://www.w3.org/1999/xlink" l:href="#p"/>',
    );
    const cleaned = cleanSvg(text);
    expect(cleaned.refused).toEqual([]);
    // The renamed prefix is written out as the usual one, declared on the root.
    expect(cleaned.svg).toBe(
      text
        .replace(
          '<svg xmlns="http://www.w3.org/2000/svg"',
          '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"',
        )
        .replace('<use xmlns:l="http://www.w3.org/1999/xlink" l:href', '<use xlink:href'),
    );
  });

  it('is published without what an editor leaves in it that cannot change the drawing', () => {
    const exported = [
      '<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
      '<!-- Created with Inkscape -->',
      '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">',
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd" width="10" height="10" inkscape:version="1.3" sodipodi:docname="x.svg">',
      '<sodipodi:namedview pagecolor="#ffffff"><inkscape:page x="0" y="0"/></sodipodi:namedview>',
      '<metadata><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></metadata>',
      '<g inkscape:label="Capa 1" inkscape:groupmode="layer" data-name="Capa 1"><rect width="10" height="10" fill="#c2410c"/><text x="1" y="8">Fontaneros &amp; co. &lt;3</text></g>',
      '</svg>',
    ].join('\n');
    expect(cleanSvg(exported)).toEqual({
      svg: [
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">',
        '',
        '',
        '<g><rect width="10" height="10" fill="#c2410c"/><text x="1" y="8">Fontaneros &amp; co. &lt;3</text></g>',
        '</svg>',
      ].join('\n'),
      size: { width: 10, height: 10 },
      refused: [],
    });
  });

  it('takes its size from the root element only', () => {
    expect(cleanSvg(svg('<svg width="1" height="1"/>')).size).toEqual({ width: 24, height: 12 });
    expect(cleanSvg(svg('', 'viewBox="0 0 1 1"')).size).toBeUndefined();
  });

  it('of the site, each of them, is published byte for byte as it was drawn', async () => {
    const folders = [join(contentDir, 'images'), join(workedExampleDir, 'images'), join(repoRoot, 'tests/fixtures/minimal-site/images')];
    for (const folder of folders) {
      for (const name of readdirSync(folder).filter((file) => file.endsWith('.svg'))) {
        const text = readFileSync(join(folder, name), 'utf8');
        expect(cleanSvg(text), join(folder, name)).toMatchObject({ svg: text, refused: [] });
      }
    }
    const site = await builtSite(workedExampleDir);
    for (const name of readdirSync(join(workedExampleDir, 'images')).filter((file) => file.endsWith('.svg'))) {
      const published = site.result.outputs.get(`images/${name}`) as Uint8Array;
      expect(Buffer.from(published)).toEqual(readFileSync(join(workedExampleDir, 'images', name)));
    }
  });
});
