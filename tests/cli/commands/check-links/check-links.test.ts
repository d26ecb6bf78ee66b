import { cp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../../../cli/engine/pipeline.ts';
import { templatesDir } from '../../../../cli/support/paths.ts';
import { loadContent } from '../../../../cli/engine/content.ts';
import { writeOutputs } from '../../../../cli/engine/write/publish.ts';
import { checkLinks } from '../../../../cli/commands/check-links/command.ts';
import { formatReport } from '../../../../cli/commands/check-links/report.ts';
import { copyContent, editFile, scratchDir } from '../../../helpers.ts';

let dist: string;

beforeAll(async () => {
  dist = join(await scratchDir('site-'), 'dist');
  await writeOutputs(dist, (await build(await loadContent('content'), { templatesDir, year: 2026 })).outputs);
});

/** A copy of the built site with some files rewritten: `null` deletes a file, and a file that is not there is edited from ''. */
async function breakSite(edits: Record<string, ((text: string) => string) | null>): Promise<string> {
  const copy = join(await scratchDir('broken-'), 'dist');
  await cp(dist, copy, { recursive: true });
  for (const [file, edit] of Object.entries(edits)) {
    if (edit === null) {
      await rm(join(copy, file));
      continue;
    }
    const before = await readFile(join(copy, file), 'utf8').catch(() => '');
    const after = edit(before);
    expect(after, `the edit of ${file} changed nothing`).not.toBe(before);
    await writeFile(join(copy, file), after);
  }
  return copy;
}

const inMain = (extra: string) => (html: string) =>
  html.replace('<main id="main" class="flex-1">', `<main id="main" class="flex-1">${extra}`);

const described = (problems: { page: string; target: string; reason: string }[]) =>
  problems.map((p) => `${p.page} → ${p.target}: ${p.reason}`);

describe('check-links', { timeout: 60_000 }, () => {
  it('finds no problem in the real built site', async () => {
    const summary = await checkLinks({ dir: dist, content: 'content' });
    expect(summary.problems).toEqual([]);
    expect(summary.pages).toBeGreaterThan(300);
    expect(summary.links).toBeGreaterThan(500);
  });

  it('reports each class of problem with its page and target', async () => {
    const broken = await breakSite({
      'empresa.html': (html) =>
        inMain(
          '<a href="/fontaneros/denia">a</a><a href="/contacto#formulario">b</a><img src="/images/grua.svg" alt="c" width="1" height="1"/><a href="tel:+34611111111">d</a>' +
            '<picture><source type="image/avif" srcset="/assets/photos/gone-480.0123456789.avif 480w, /images/logo.svg 800w">' +
            '<img src="/images/logo.svg" srcset="/images/logo.svg 1x, /assets/photos/gone-960.0123456789.webp 2x" alt="e" width="1" height="1"></picture>' +
            '<a href="#nowhere">f</a><a href="fontaneros/nowhere">g</a><a href="http://[oops">h</a>',
        )(html).replace('content="https://www.example.com/images/og-image.png"', 'content="https://www.example.com/images/og-gone.png"'),
      'contacto.html': (html) =>
        html.replace(/<link rel="stylesheet" href="[^"]+"\/>/, '<link rel="stylesheet" href="/assets/styles.0000000000.css"/>'),
      'fontaneros/javea.html': (html) =>
        html.replace('"url":"https://www.example.com/fontaneros/javea"', '"url":"https://www.example.com/fontaneros/xabia"'),
      'fontaneros/calpe.html': (html) => html.replace('"@type":"Service"', '"@type":Service'),
      'fontaneros.html': (html) =>
        html.replace(
          'hrefLang="en" href="https://www.example.com/en/plumbers"',
          'hrefLang="en" href="https://www.example.com/en/painters"',
        ),
      'pintores.html': (html) => html.replace('<link rel="alternate" hrefLang="en" href="https://www.example.com/en/painters"/>', ''),
      'sitemap.xml': (xml) => xml.replace(/<url>\s*<loc>https:\/\/www\.example\.com\/en\/about<\/loc>[\s\S]*?<\/url>/, ''),
      _redirects: (text) => `/fontaneros/jalon  /fontaneros/xalon  301\n/old-blog  /fontaneros/jalon  301\n${text}`,
    });
    const found = described((await checkLinks({ dir: broken, content: 'content' })).problems);
    expect(found).toEqual(
      expect.arrayContaining([
        '/empresa → /fontaneros/denia: HTTP 404',
        '/empresa → /contacto#formulario: no element has this id',
        '/empresa → #nowhere: no element has this id',
        '/empresa → /images/grua.svg: HTTP 404',
        '/empresa → /assets/photos/gone-480.0123456789.avif: HTTP 404',
        '/empresa → /assets/photos/gone-960.0123456789.webp: HTTP 404',
        '/empresa → fontaneros/nowhere: HTTP 404',
        '/empresa → http://[oops: not a valid URL: fix how it is written',
        '/empresa → https://www.example.com/images/og-gone.png: HTTP 404',
        '/empresa → tel:+34611111111: tel: link should call +34600000000 (site.yaml)',
        '/contacto → /assets/styles.0000000000.css: HTTP 404',
        '/fontaneros/javea → https://www.example.com/fontaneros/xabia: HTTP 404',
        expect.stringMatching(/^\/fontaneros\/calpe → application\/ld\+json: structured data is not valid JSON \(.+\): fix the template/),
        '/fontaneros → https://www.example.com/en/painters: hreflang="en" should point to /en/plumbers',
        '/en/plumbers → https://www.example.com/fontaneros: hreflang="es" target does not link back to this page',
        '/pintores → (no hreflang="en"): hreflang="en" should point to /en/painters',
        '/en/about → /sitemap.xml: page is missing from the sitemap',
        '/fontaneros/jalon → /fontaneros/xalon: redirects to a page the site does not have',
        '/old-blog → /fontaneros/jalon: redirects to another redirect: point the alias at the page itself',
      ]),
    );
  });

  it('finds nothing wrong with URLs the hosts answer, through a redirect or as they are', async () => {
    const fine = await breakSite({
      'empresa.html': inMain(
        '<a href="/blog/">a</a><a href="/empresa.html">b</a><a href="/contacto/#contact-form">c</a><a href="fontaneros">d</a>' +
          '<a href="//www.example.com/en">e</a><a href="/antigua-empresa">f</a><a href="#">g</a><a href="/fontaneros?ref=empresa#main">h</a>' +
          '<img src="/images/logo.svg" srcset="/images/logo.svg 1x, /images/logo.svg 2x" alt="i" width="1" height="1">' +
          '<!-- <a href="/commented-out">j</a> --><script type="text/plain"><a href="/in-a-script">k</a></script>',
      ),
      _redirects: (text) => `/antigua-empresa  /empresa  301\n${text}`,
    });
    expect((await checkLinks({ dir: fine, content: 'content' })).problems).toEqual([]);
  });

  it('checks the output folder against the route map and the aliases of the content', async () => {
    const broken = await breakSite({
      'en/about.html': null,
      'fontaneros/atlantis.html': () => '<!DOCTYPE html><html lang="es"><head><title>Atlantis</title></head><body></body></html>',
    });
    const content = await copyContent();
    await editFile(content, 'blog/es/elegir-electricista-profesional.md', (md) =>
      md.replace('slug: "elegir-electricista-profesional"', 'slug: "elegir-electricista-profesional"\naliases: ["/blog/electricista"]'),
    );
    const found = described((await checkLinks({ dir: broken, content })).problems);
    expect(found).toEqual(
      expect.arrayContaining([
        '/en/about → en/about.html: the content has this page but the output folder lacks its file: build again',
        '/sitemap.xml → /en/about: sitemap lists a page that was not built',
        '/en → /en/about: HTTP 404',
        '/fontaneros/atlantis → fontaneros/atlantis.html: no page of the content has this path: build again, or pass the content folder the site was built from as --content',
        '/fontaneros/atlantis → /sitemap.xml: page is missing from the sitemap',
        '/blog/electricista → /blog/elegir-electricista-profesional: the content makes this alias but _redirects lacks its 301 line: build again',
      ]),
    );
  });

  it('reports a page that no link leads to from the home pages', async () => {
    const broken = await breakSite({});
    // Every link to one category's page pointed at the blog, as a template that forgot the page would leave it.
    const pages = (await readdir(broken, { recursive: true })).filter((file) => file.endsWith('.html'));
    for (const file of pages) {
      const html = await readFile(join(broken, file), 'utf8');
      await writeFile(join(broken, file), html.replaceAll('href="/blog/categoria/pintura"', 'href="/blog"'));
    }
    expect(described((await checkLinks({ dir: broken, content: 'content' })).problems)).toEqual([
      '/blog/categoria/pintura → blog/categoria/pintura.html: no link leads here from the home pages: link it from a page of the site',
    ]);
  });

  it('checks the WhatsApp and e-mail links against site.yaml', async () => {
    const broken = await breakSite({
      'en.html': inMain(
        '<a href="https://wa.me/34699999999?text=hi">w</a><a href="https://wa.me/34600000000">n</a><a href="mailto:hola@example.org">m</a>',
      ),
    });
    const found = (await checkLinks({ dir: broken, content: 'content' })).problems.map((p) => p.reason);
    expect(found).toEqual([
      'WhatsApp link should open a chat with 34600000000 (site.yaml)',
      'WhatsApp link has no text= message',
      'mailto: link should write to info@example.com (site.yaml)',
    ]);
  });

  it('says what to do when the output folder is missing or empty', async () => {
    await expect(checkLinks({ dir: join(dist, 'no-such-folder'), content: 'content' })).rejects.toThrow(
      /no-such-folder does not exist: run "npm run build" first, or pass the built site as --dir/,
    );
    await expect(checkLinks({ dir: await scratchDir('empty-'), content: 'content' })).rejects.toThrow(
      /has no pages: run "npm run build" first/,
    );
  });

  it('groups a broken target used on many pages into one entry', () => {
    const report = formatReport({
      pages: 3,
      links: 9,
      seconds: 0.5,
      problems: ['/a', '/b', '/c'].map((page) => ({ page, target: '/gone', reason: 'HTTP 404' })),
    });
    expect(report).toBe('Checked 9 links on 3 pages in 0.50 s.\n3 problems:\n\n✗ /gone  HTTP 404\n    on /a, /b, /c');
  });
});
