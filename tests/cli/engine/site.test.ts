import { beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../../cli/engine/pipeline.ts';
import { templatesDir } from '../../../cli/support/paths.ts';
import { loadContent } from '../../../cli/engine/content.ts';
import type { SiteModel } from '../../../cli/site/model.ts';
import { outputFile } from '../../../cli/site/routes.ts';
import { copyContent, editFile } from '../../helpers.ts';
import { builtSite, matchesOf as attr, type BuiltSite } from './built-site.ts';

let model: SiteModel;
let built: BuiltSite;
let site: BuiltSite['result'];
const page = (path: string) => built.page(path);
const text = (path: string) => built.text(path);

beforeAll(async () => {
  built = await builtSite();
  ({ model, result: site } = built);
});

describe('the built site', () => {
  it('has every spec route in both languages', () => {
    const spanish = [
      '/',
      '/empresa',
      '/contacto',
      '/blog',
      '/aviso-legal',
      '/politica-privacidad',
      '/politica-cookies',
      '/electricistas/instalacion-aire-acondicionado',
    ];
    const english = [
      '/en',
      '/en/about',
      '/en/contact',
      '/en/blog',
      '/en/legal-notice',
      '/en/privacy-policy',
      '/en/cookie-policy',
      '/en/electricians/air-conditioning-installation',
    ];
    const services = {
      es: ['electricistas', 'fontaneros', 'pintores', 'jardineros', 'piscinas', 'excavaciones', 'reformas', 'placas-solares'],
      en: ['electricians', 'plumbers', 'painters', 'gardeners', 'pool-maintenance', 'excavations', 'renovations', 'solar-panels'],
    };
    const localities = model.localities.map((l) => l.slug);
    expect(localities).toHaveLength(16);
    const expected = [
      ...spanish,
      ...english,
      ...services.es.flatMap((s) => [`/${s}`, ...localities.map((l) => `/${s}/${l}`)]),
      ...services.en.flatMap((s) => [`/en/${s}`, ...localities.map((l) => `/en/${s}/${l}`)]),
      ...localities.flatMap((l) => [
        `/electricistas/instalacion-aire-acondicionado/${l}`,
        `/en/electricians/air-conditioning-installation/${l}`,
      ]),
    ];
    for (const path of expected) expect(site.outputs.has(outputFile(path)), path).toBe(true);
    expect(site.outputs.has('404.html') && site.outputs.has('en/404.html')).toBe(true);
  });

  it('shows the layout texts on every family: call button, WhatsApp label, footer year', () => {
    for (const path of ['/', '/fontaneros', '/fontaneros/javea', '/electricistas/instalacion-aire-acondicionado/altea']) {
      expect(page(path)).toContain('aria-label="Contactar por WhatsApp"');
      expect(text(path)).toContain('Llamar ahora');
      expect(text(path)).toContain('© 2026 Marina Hogar');
    }
    expect(text('/en/plumbers')).toContain('Call Now');
    expect(page('/en/plumbers')).toMatch(/href="https:\/\/wa\.me\/34600000000\?text=[^"]+" target="_blank" rel="noopener"/);
  });

  it('home lists all eight services and the sixteen localities in both languages', () => {
    for (const [path, lang] of [
      ['/', 'es'],
      ['/en', 'en'],
    ] as const) {
      for (const service of model.services) expect(text(path)).toContain(service[lang]!.title);
      for (const locality of model.localities) expect(text(path)).toContain(locality.name);
    }
    expect(page('/en')).toContain('href="/en/solar-panels"');
  });

  it('service pages carry their checklist, locality links and the spec claims', () => {
    const gardeners = text('/jardineros');
    expect(gardeners).toMatch(/50 ?%/);
    expect(page('/jardineros')).toContain('href="/jardineros/xalo"');
    for (const item of model.services.find((s) => s.key === 'jardineros')!.es!.servicios) expect(gardeners).toContain(item);
    const solar = page('/placas-solares');
    for (const l of model.localities) expect(solar).toContain(`href="/placas-solares/${l.slug}"`);
    expect(solar.match(/<img [^>]*src="\/images\/solar-[a-z]+\.svg"/g)).toHaveLength(4);
  });

  it('air-conditioning pages show the breadcrumb, three types, four steps and the contact link', () => {
    for (const path of ['/electricistas/instalacion-aire-acondicionado', '/electricistas/instalacion-aire-acondicionado/javea']) {
      const html = page(path);
      expect(html).toContain('aria-label="Ruta de navegación"');
      expect(html, 'a figure held to its unit').toContain('40\u00a0%');
      expect(text(path), 'F-GAS never broken at its hyphen').toContain('F\u2011GAS');
      expect(html).toContain('href="/contacto#contact-form"');
    }
    expect(text('/en/electricians/air-conditioning-installation/javea')).toContain('Jávea');
  });

  it('service-in-locality pages have the spec title, six checklist items and four reasons', () => {
    expect(page('/electricistas/javea')).toMatch(/<h1[^>]*>Electricistas en Jávea<\/h1>/);
    expect(page('/en/electricians/javea')).toContain('<title>Electricians in Jávea | Marina Hogar</title>');
    expect(page('/en/electricians/javea')).toMatch(/<h1[^>]*>Electricians in Jávea<\/h1>/);
    const html = page('/fontaneros/callosa-den-sarria');
    expect(text('/fontaneros/callosa-den-sarria')).toContain("Callosa d'en Sarrià");
    for (const point of model.strings.es!.whyChooseUs.points) expect(text('/fontaneros/callosa-den-sarria')).toContain(point.title);
    expect(html).toContain('og:title');
  });

  it('gives no two service-in-locality pages the same body text', () => {
    // Names swapped for a marker: a page that differs only by the place name is a doorway page.
    const names = new RegExp(model.localities.map((l) => l.name.replace(/'/g, '&#x27;')).join('|'), 'g');
    const main = (path: string) => /<main[^>]*>([\s\S]*)<\/main>/.exec(page(path))![1]!.replace(names, '{locality}');
    const bodies = site.routes.byFamily('service-locality').map((r) => main(r.path));
    expect(new Set(bodies).size).toBe(bodies.length);
    expect(bodies).toHaveLength(2 * 8 * 16);
  });

  it("points each page's language toggle and hreflang at its real counterpart", () => {
    const pairs = [
      ['/', '/en'],
      ['/fontaneros/javea', '/en/plumbers/javea'],
      ['/electricistas/instalacion-aire-acondicionado/xalo', '/en/electricians/air-conditioning-installation/xalo'],
      ['/blog/mantenimiento-piscinas-verano', '/en/blog/summer-pool-maintenance-tips'],
      ['/politica-cookies', '/en/cookie-policy'],
    ];
    for (const [es, en] of pairs) {
      expect(page(es!)).toContain(`href="${en}" hrefLang="en"`);
      expect(page(en!)).toContain(`href="${es}" hrefLang="es"`);
      for (const html of [page(es!), page(en!)]) {
        const absolute = (path: string) => `https://www.example.com${path === '/' ? '' : path}`;
        expect(attr(html, /<link rel="alternate" hrefLang="[a-z-]+" href="([^"]+)"/g)).toEqual([
          absolute(es!),
          absolute(en!),
          absolute(es!),
        ]);
      }
    }
  });

  it("marks the current page in the header's two navigations, on its own pages alone", () => {
    const current = (path: string) => attr(/<header[\s\S]*<\/header>/.exec(page(path))![0], /<a href="([^"]+)" aria-current="page"/g);
    for (const path of ['/empresa', '/contacto', '/blog', '/en/about', '/en/contact', '/en/blog'])
      expect(current(path), path).toEqual([path, path]);
    for (const path of ['/', '/en/plumbers/javea', '/blog/mantenimiento-piscinas-verano']) expect(current(path), path).toEqual([]);
  });

  it("draws the services' icons and the checklists' ticks, each with its class", () => {
    for (const path of ['/', '/en']) {
      for (const service of model.services)
        expect(page(path), `${path} ${service.icon}`).toMatch(new RegExp(`<svg [^>]*class="lucide [^"]*lucide-${service.icon} size-6"`));
    }
    for (const path of ['/', '/jardineros', '/en/gardeners/javea', '/electricistas/instalacion-aire-acondicionado/altea']) {
      const ticks = attr(page(path), /<li class="flex items-start gap-3 rounded-xl[^"]*">(<svg [^>]*>)/g);
      expect(ticks.length, path).toBeGreaterThan(3);
      for (const tick of ticks) expect(tick, path).toContain('class="lucide lucide-check mt-0.5 size-5 shrink-0 text-olive-700"');
    }
  });

  it('links only to pages that exist', () => {
    const paths = new Set(site.routes.routes.map((r) => r.path));
    for (const [file, html] of site.outputs) {
      if (!file.endsWith('.html') || typeof html !== 'string') continue;
      for (const href of attr(html, /<a [^>]*href="(\/[^"#?]*)/g)) expect(paths.has(href!), `${file} links to ${href}`).toBe(true);
    }
  });

  it('gives every image a width, a height and alt text', () => {
    for (const [file, html] of site.outputs) {
      if (typeof html !== 'string' || !file.endsWith('.html')) continue;
      for (const img of html.match(/<img [^>]*>/g) ?? []) expect(img, file).toMatch(/(?=.*width="\d+")(?=.*height="\d+")(?=.*alt=")/);
    }
  });
});

describe('growing the content', { timeout: 30_000 }, () => {
  it('adds a column of pages for a 17th locality', async () => {
    const dir = await copyContent();
    await editFile(dir, 'localities.yaml', (yaml) =>
      yaml.replace(
        /^localities:\n/m,
        `localities:\n  - slug: denia\n    name: Dénia\n    comarca: Marina Alta\n    geo: { lat: 38.84, lon: 0.11 }\n    es:\n      description: Ciudad portuaria al pie del Montgó.\n      context: con su puerto y el castillo sobre el casco antiguo\n    en:\n      description: A port town at the foot of the Montgó.\n      context: with its harbour and the castle above the old town\n`,
      ),
    );
    const grown = await build(await loadContent(dir), { templatesDir, year: 2026 });
    expect(grown.routes.routes.length - site.routes.routes.length).toBe(2 * (8 + 1));
    expect(grown.outputs.get('electricistas/denia.html')).toContain('Electricistas en Dénia');
    expect(grown.outputs.get('en/solar-panels/denia.html')).toContain('Solar panels in Dénia');
    expect(grown.outputs.get('placas-solares.html')).toContain('href="/placas-solares/denia"');
  });
});
