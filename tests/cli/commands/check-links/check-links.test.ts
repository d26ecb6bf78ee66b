import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../../../cli/engine/pipeline.ts';
import { templatesDir } from '../../../../cli/paths.ts';
import { loadContent } from '../../../../cli/engine/load/content.ts';
import { writeOutputs } from '../../../../cli/engine/write/publish.ts';
import { checkLinks } from '../../../../cli/commands/check-links/command.ts';
import { formatReport } from '../../../../cli/commands/check-links/report.ts';

let dist: string;

beforeAll(async () => {
  dist = join(await mkdtemp(join(tmpdir(), 'site-')), 'dist');
  await writeOutputs(dist, (await build(await loadContent('content'), { templatesDir, year: 2026 })).outputs);
});

/** A copy of the built site with one file rewritten. */
async function breakSite(edits: Record<string, (html: string) => string>): Promise<string> {
  const copy = join(await mkdtemp(join(tmpdir(), 'broken-')), 'dist');
  await cp(dist, copy, { recursive: true });
  for (const [file, edit] of Object.entries(edits)) {
    const before = await readFile(join(copy, file), 'utf8');
    const after = edit(before);
    expect(after, `the edit of ${file} changed nothing`).not.toBe(before);
    await writeFile(join(copy, file), after);
  }
  return copy;
}

const inMain = (extra: string) => (html: string) =>
  html.replace('<main id="main" class="flex-1">', `<main id="main" class="flex-1">${extra}`);

describe('check-links', { timeout: 60_000 }, () => {
  it('finds no problem in the real built site', async () => {
    const summary = await checkLinks({ dir: dist, content: 'content' });
    expect(summary.problems).toEqual([]);
    expect(summary.pages).toBeGreaterThan(300);
    expect(summary.links).toBeGreaterThan(500);
  });

  it('reports each class of problem with its page and target', async () => {
    const broken = await breakSite({
      'empresa.html': inMain(
        '<a href="/fontaneros/denia">a</a><a href="/contacto#formulario">b</a><img src="/images/grua.svg" alt="c" width="1" height="1"/><a href="tel:+34611111111">d</a>',
      ),
      'fontaneros.html': (html) =>
        html.replace(
          'hreflang="en" href="https://www.example.com/en/plumbers"',
          'hreflang="en" href="https://www.example.com/en/painters"',
        ),
      'sitemap.xml': (xml) => xml.replace(/<url>\s*<loc>https:\/\/www\.example\.com\/en\/about<\/loc>[\s\S]*?<\/url>/, ''),
      _redirects: (text) => `/fontaneros/jalon  /fontaneros/xalon  301\n/old-blog  /fontaneros/jalon  301\n${text}`,
    });
    const { problems } = await checkLinks({ dir: broken, content: 'content' });
    const found = problems.map((p) => `${p.page} → ${p.target}: ${p.reason}`);
    expect(found).toEqual(
      expect.arrayContaining([
        '/empresa → /fontaneros/denia: HTTP 404',
        '/empresa → /contacto#formulario: no element has this id',
        '/empresa → /images/grua.svg: HTTP 404',
        '/empresa → tel:+34611111111: tel: link should call +34600000000 (site.yaml)',
        '/fontaneros → https://www.example.com/en/painters: hreflang="en" should point to /en/plumbers',
        '/en/plumbers → https://www.example.com/fontaneros: hreflang="es" target does not link back to this page',
        '/en/about → /sitemap.xml: page is missing from the sitemap',
        '/fontaneros/jalon → /fontaneros/xalon: redirects to a page the site does not have',
        '/old-blog → /fontaneros/jalon: redirects to another redirect: point the alias at the page itself',
      ]),
    );
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
