import { cp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSite, type BuildSummary } from '../../../cli/engine/build-site.ts';
import { loadContent } from '../../../cli/engine/content.ts';
import { build } from '../../../cli/engine/pipeline.ts';
import { templatesDir } from '../../../cli/support/paths.ts';
import { ContentError, formatIssue } from '../../../cli/site/issues.ts';
import { builtSite } from './built-site.ts';
import { child, childrenNamed, parseXml } from './write/xml.ts';
import { copyContent, editFile, quietly, scratchDir, snapshot, workedExampleDir } from '../../helpers.ts';

/** The worked example, copied and built once for the whole file, with its cache kept for rebuilds. */
let content: string;
let out: string;
let cache: string;
let first: BuildSummary;
const page = (file: string) => readFile(join(out, file), 'utf8');
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);

beforeAll(async () => {
  content = await copyContent(workedExampleDir);
  const root = await scratchDir('worked-example-');
  out = join(root, 'dist');
  cache = join(root, '.cache');
  first = await quietly(() => buildSite({ content, out, cache }));
}, 180_000);

describe('the worked example: a job with photos, reviews and a business profile', { timeout: 120_000 }, () => {
  it('builds the job page and the jobs index in both languages', async () => {
    for (const file of [
      'trabajos.html',
      'en/projects.html',
      'trabajos/renovacion-piscina-javea.html',
      'en/projects/pool-renovation-javea.html',
    ])
      expect(await page(file)).toContain('<h1');
    const es = await page('trabajos/renovacion-piscina-javea.html');
    expect(es).toContain('hrefLang="en" href="https://www.example.com/en/projects/pool-renovation-javea"');
    const sitemap = parseXml(await readFile(join(out, 'sitemap.xml'), 'utf8'));
    expect(childrenNamed(sitemap, 'url').map((url) => child(url, 'loc').text)).toEqual(
      expect.arrayContaining([
        'https://www.example.com/trabajos/renovacion-piscina-javea',
        'https://www.example.com/en/projects/pool-renovation-javea',
      ]),
    );
  });

  it('publishes photos without EXIF, GPS or the camera serial', async () => {
    const files = await readdir(join(out, 'assets/photos'));
    // Three formats at 480, 800 and 960 px of six 960 px photos, and at 480 and 720 px of the upright one.
    expect(files).toHaveLength(6 * 3 * 3 + 2 * 3);
    for (const file of files) {
      const bytes = await readFile(join(out, 'assets/photos', file));
      const meta = await sharp(bytes).metadata();
      expect(meta.exif, file).toBeUndefined();
      expect(meta.xmp, file).toBeUndefined();
      expect(bytes.includes('EXAMPLE-SERIAL-0042'), file).toBe(false);
      expect(bytes.includes('ExampleCam'), file).toBe(false);
    }
  });

  it('offers AVIF and WebP at widths no larger than the source, with the shape of the source', async () => {
    const html = await page('trabajos/renovacion-piscina-javea.html');
    const pictures = [...html.matchAll(/<picture>([\s\S]*?)<\/picture>/g)].map((m) => m[1]!);
    expect(pictures).toHaveLength(6);
    for (const picture of pictures) {
      expect(picture).toMatch(/<source type="image\/avif" srcSet="[^"]+\.avif 480w/);
      expect(picture).toMatch(/<source type="image\/webp" srcSet="[^"]+\.webp 480w/);
      const widths = [...picture.matchAll(/ (\d+)w/g)].map((m) => Number(m[1]));
      expect(Math.max(...widths)).toBeLessThanOrEqual(960);
      const [, width, height] = /width="(\d+)" height="(\d+)"/.exec(picture)!.map(Number);
      // 960×720, and the sideways photo upright at 720×960.
      expect([960 / 720, 720 / 960]).toContainEqual(width! / height!);
    }
    const upright = pictures.find((p) => p.includes('escalera'))!;
    expect(upright).toContain('width="720" height="960"');
    // The before/after pair leads the page and loads first; the rest waits for the reader.
    expect(pictures.filter((p) => p.includes('fetchPriority="high"'))).toHaveLength(2);
    expect(pictures.filter((p) => p.includes('loading="lazy"') && p.includes('decoding="async"'))).toHaveLength(4);
  });

  it('encodes nothing again when no photo changed', async () => {
    expect(first.photosEncoded).toBeGreaterThan(0);
    await editFile(content, 'projects/renovacion-piscina-javea.yaml', (yaml) =>
      yaml.replace('duration: dos semanas', 'duration: quince días'),
    );
    const again = await quietly(() => buildSite({ content, out, cache }));
    expect(again.photosEncoded).toBe(0);
    expect(await page('trabajos/renovacion-piscina-javea.html')).toContain('quince días');
  });

  it('carries ImageObjects and a BreadcrumbList on the job page', async () => {
    const data = jsonLd(await page('en/projects/pool-renovation-javea.html'));
    const webPage = data.find((d) => d['@type'] === 'WebPage')!;
    expect(webPage.image).toHaveLength(6);
    expect((webPage.image as { '@type': string; contentUrl: string }[])[0]).toMatchObject({ '@type': 'ImageObject' });
    expect(data.find((d) => d['@type'] === 'BreadcrumbList')).toBeDefined();
  });

  it('shows the job on its service page, and first on its locality page, before a nearby one', async () => {
    expect(await page('piscinas.html')).toContain('/trabajos/renovacion-piscina-javea');
    const order = (html: string) =>
      [...html.matchAll(/href="(\/trabajos\/[a-z-]+)"/g)].map((m) => m[1]).filter((v, i, a) => a.indexOf(v) === i);
    expect(order(await page('piscinas/javea.html'))).toEqual([
      '/trabajos/renovacion-piscina-javea',
      '/trabajos/puesta-en-marcha-piscina-moraira',
    ]);
    expect(order(await page('piscinas/moraira.html'))).toEqual([
      '/trabajos/puesta-en-marcha-piscina-moraira',
      '/trabajos/renovacion-piscina-javea',
    ]);
    expect(order(await page('index.html'))).toHaveLength(2);
  });

  it('shows reviews, with a link to leave one, and no review markup on the business', async () => {
    const home = await page('en.html');
    expect(home).toContain('Tom E.');
    expect(home).toMatch(/<blockquote lang="es"/);
    expect(home).toContain('href="https://www.example.org/marina-hogar/review"');
    const business = jsonLd(home).find((d) => d['@type'] === 'LocalBusiness')!;
    expect(JSON.stringify(business)).not.toMatch(/"(Review|AggregateRating)"|"review"|"aggregateRating"/);
    expect(business).toMatchObject({
      sameAs: [
        'https://business.example.com/marina-hogar',
        'https://social.example.com/marina-hogar',
        'https://photos.example.org/marina-hogar',
      ],
      address: { streetAddress: '[Calle y número]', postalCode: '03730', addressLocality: 'Jávea' },
      geo: { '@type': 'GeoCoordinates', latitude: 38.7893 },
      priceRange: '€€',
    });
  });

  it('lists the job in the feed of each language', async () => {
    const entries = async (file: string) =>
      childrenNamed(parseXml(await readFile(join(out, file), 'utf8')), 'entry').map((entry) => ({
        title: child(entry, 'title').text,
        id: child(entry, 'id').text,
      }));
    expect(await entries('blog/feed.xml')).toContainEqual({
      title: 'Renovación de una piscina en una villa de Jávea',
      id: 'https://www.example.com/trabajos/renovacion-piscina-javea',
    });
    expect(await entries('en/blog/feed.xml')).toContainEqual({
      title: "Renovating a villa's swimming pool in Jávea",
      id: 'https://www.example.com/en/projects/pool-renovation-javea',
    });
  });
});

describe('a renamed job', { timeout: 120_000 }, () => {
  it('keeps its old URL answering with a 301 through an alias, and fails the build without one', async () => {
    const renamed = await copyContent(workedExampleDir);
    const photos = join(renamed, '..', `cache-${Date.now()}`);
    await cp(join(cache, 'photos'), join(photos, 'photos'), { recursive: true });
    const dist = join(renamed, '..', `dist-${Date.now()}`);
    await quietly(() => buildSite({ content: renamed, out: dist, cache: photos }));
    const rename = (alias: string) =>
      editFile(renamed, 'projects/renovacion-piscina-javea.yaml', (yaml) =>
        yaml.replace(/\nes:\n {2}slug: [a-z-]+\n/, `\n${alias}es:\n  slug: piscina-renovada-javea\n`),
      );
    await rename('');
    const error = await quietly(() => buildSite({ content: renamed, out: dist, cache: photos })).catch((e: unknown) => e);
    expect((error as ContentError).issues.map(formatIssue).join('\n')).toMatch(
      /published-urls\.txt:\d+:1 +\/trabajos\/renovacion-piscina-javea was published and no page or alias answers it/,
    );
    await rename('aliases:\n  es: [/trabajos/renovacion-piscina-javea]\n');
    await quietly(() => buildSite({ content: renamed, out: dist, cache: photos }));
    expect(await readFile(join(dist, '_redirects'), 'utf8')).toContain(
      '/trabajos/renovacion-piscina-javea  /trabajos/piscina-renovada-javea  301',
    );
  });
});

describe('refused before publishing', { timeout: 120_000 }, () => {
  it('refuses example jobs, reviews and business details in a strict build', async () => {
    const error = await quietly(() => buildSite({ content, out: join(content, '..', 'strict-dist'), cache: false, strict: true })).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ContentError);
    const lines = (error as ContentError).issues.map(formatIssue).join('\n');
    expect(lines).toMatch(/projects\/renovacion-piscina-javea\.yaml:2:\d+ +example: this job is marked as an example/);
    expect(lines).toMatch(/reviews\/tom-moraira\.yaml:2:\d+ +example: this review is marked as an example/);
    for (const field of ['googleProfile', 'reviewUrl', 'sameAs.0', 'address.street', 'geo.lat', 'priceRange'])
      expect(lines).toMatch(new RegExp(`site\\.yaml:\\d+:\\d+ +${field.replace('.', '\\.')}: still the example value`));
  });

  it('names a corrupt photo, an oversized one and a missing alt text together, and leaves dist alone', async () => {
    const broken = await copyContent(workedExampleDir);
    const dist = join(broken, '..', `dist-${Date.now()}`);
    // The encoded photos of the first build, so that this one need not encode them again.
    const brokenCache = join(broken, '..', `cache-${Date.now()}`);
    await cp(join(cache, 'photos'), join(brokenCache, 'photos'), { recursive: true });
    await quietly(() => buildSite({ content: broken, out: dist, cache: brokenCache }));
    const before = await snapshot(dist);
    await writeFile(join(broken, 'photos/piscina-javea-gresite.jpg'), 'not a JPEG at all');
    const huge = await sharp({ create: { width: 8000, height: 5100, channels: 3, background: '#3a7' } })
      .jpeg()
      .toBuffer();
    await writeFile(join(broken, 'photos/piscina-javea-escalera.jpg'), huge);
    await editFile(broken, 'projects/renovacion-piscina-javea.yaml', (yaml) => yaml.replace(/\n {6}en: The pump room[^\n]*/, ''));
    const error = await quietly(() => buildSite({ content: broken, out: dist, cache: brokenCache })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentError);
    const lines = (error as ContentError).issues.map(formatIssue).join('\n');
    expect(lines).toMatch(/photos\/piscina-javea-gresite\.jpg +.*(cannot|corrupt|unreadable)/i);
    expect(lines).toMatch(/photos\/piscina-javea-escalera\.jpg +.*megapixels/);
    expect(lines).toMatch(/projects\/renovacion-piscina-javea\.yaml:\d+:\d+ +photos\.3\.alt: has a "en" text but no alt text in "en"$/m);
    expect(await snapshot(dist)).toEqual(before);
    await rm(broken, { recursive: true, force: true });
  });
});

describe('built without a cache or staging folder', { timeout: 120_000 }, () => {
  it('returns its photos as bytes and leaves no folder of them behind', async () => {
    const tmp = await scratchDir('tmpdir-');
    const before = process.env.TMPDIR;
    process.env.TMPDIR = tmp; // where os.tmpdir() points, for this build only
    const result = await build(await loadContent(workedExampleDir), { templatesDir, year: 2026 }).finally(() => {
      process.env.TMPDIR = before;
    });
    const photos = [...result.outputs].filter(([file]) => file.startsWith('assets/photos/'));
    expect(photos).toHaveLength(6 * 3 * 3 + 2 * 3);
    for (const [file, bytes] of photos) expect((await sharp(bytes as Uint8Array).metadata()).width, file).toBeGreaterThan(0);
    expect(await readdir(tmp)).toEqual([]);
  });
});

describe('the shipped content', () => {
  it('invents no job and no review, and shows no empty section or index for them', async () => {
    const site = await builtSite();
    expect(site.model.projects).toEqual([]);
    expect(site.model.reviews).toEqual([]);
    expect(site.result.routes.at('/trabajos')).toBeUndefined();
    for (const path of ['/', '/en', '/fontaneros', '/fontaneros/javea']) expect(site.page(path)).not.toMatch(/id="(projects|reviews)"/);
  });
});
