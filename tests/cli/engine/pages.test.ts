import { beforeAll, describe, expect, it } from 'vitest';
import { builtSite, matchesOf, type BuiltSite } from './built-site.ts';

let site: BuiltSite;
beforeAll(async () => {
  site = await builtSite();
});

const jsonLd = (path: string) =>
  matchesOf(site.page(path), /<script type="application\/ld\+json">([\s\S]*?)<\/script>/g).map(
    (json) => JSON.parse(json) as Record<string, unknown>,
  );

describe('about, contact, blog, legal and 404 pages', () => {
  it('about tells the history since 1998 and the four values in both languages', () => {
    for (const [path, lang] of [
      ['/empresa', 'es'],
      ['/en/about', 'en'],
    ] as const) {
      expect(site.text(path)).toContain('1998');
      for (const value of site.model.strings[lang]!.about.values) expect(site.text(path)).toContain(value.title);
    }
  });

  it('contact has a form that works without JavaScript, every field labelled, and the information cards', () => {
    const html = site.page('/contacto');
    const form = /<form [^>]*>/.exec(html)![0];
    expect(form).toContain('method="post"');
    expect(form).toContain('action="/api/send-contact-email"');
    for (const field of ['nombre', 'email', 'telefono', 'servicio', 'localidad', 'mensaje']) {
      expect(html).toContain(`<label for="cf-${field}"`);
      const control = new RegExp(`<(?:input|select|textarea) [^>]*id="cf-${field}"[^>]*>`).exec(html)?.[0];
      expect(control, field).toContain(`name="${field}"`);
    }
    expect(html).toMatch(/<textarea[^>]* rows="5"/);
    expect(/<input [^>]*id="cf-website"[^>]*>/.exec(html)?.[0]).toMatch(/(?=.*name="website")(?=.*tabindex="-1")/);
    expect(html).toContain('<input type="hidden" name="lang" value="es"/>');
    expect(html.match(/<option value="[a-z-]+">/g)).toHaveLength(8);
    const text = site.text('/contacto');
    expect(text).toContain('Marina Alta y Baja');
    expect(text).toContain('09:00–16:00');
    expect(text).toContain('24 horas');
    expect(site.page('/en/contact')).toContain('<input type="hidden" name="lang" value="en"/>');
  });

  it('formats blog dates in each language', () => {
    const post = site.model.posts.es!.find((p) => p.slug === 'mantenimiento-piscinas-verano')!;
    expect(post.date).toBe('2024-05-20');
    expect(site.text('/blog')).toContain('20 de mayo de 2024');
    expect(site.text('/en/blog')).toContain('20 May 2024');
    expect(site.text('/blog/mantenimiento-piscinas-verano')).toContain('20 de mayo de 2024');
  });

  it('blog index cards link to every post; posts link back, to their service and to two real locality pages', () => {
    for (const post of site.model.posts.es!) expect(site.page('/blog')).toContain(`href="/blog/${post.slug}"`);
    const html = site.page('/blog/mantenimiento-piscinas-verano');
    expect(html).toContain('href="/blog"');
    expect(html).toContain('href="/piscinas"');
    expect(html).toContain('href="/piscinas/javea"');
    expect(html).toContain('href="/piscinas/moraira"');
    expect(html).not.toContain('/denia');
    expect(site.text('/blog/mantenimiento-piscinas-verano')).toMatch(/7[.,]2\s*[–-]\s*7[.,]6/);
    expect(site.text('/blog/renovacion-pintado-fachadas')).toMatch(/5 y 7 años/);
  });

  it('legal pages show the values of site.yaml', () => {
    const { site: facts } = site.model;
    for (const path of ['/aviso-legal', '/en/legal-notice']) {
      for (const value of [facts.owner.name, facts.owner.nif, facts.owner.address, facts.email]) expect(site.text(path)).toContain(value);
      expect(site.text(path)).not.toContain('{{');
    }
    expect(site.text('/politica-privacidad')).toContain('AEPD');
    expect(site.text('/politica-cookies')).toContain('cookieConsent');
  });

  it('404 pages show the big 404, the texts, a link home and the services, in each language', () => {
    expect(site.text('/404')).toContain('¡Vaya! Página no encontrada');
    expect(site.text('/404')).toContain('Volver al inicio');
    expect(site.text('/en/404')).toContain('Oops! Page not found');
    expect(site.text('/en/404')).toContain('Return to Home');
    expect(site.page('/en/404')).toContain('href="/en/plumbers"');
    expect(site.page('/404')).toContain('<meta name="robots" content="noindex"/>');
  });
});

describe('search engine and sharing metadata', () => {
  it('every page has a title, description, Open Graph and Twitter image', () => {
    for (const route of site.result.routes.routes) {
      const html = site.page(route.path);
      const title = /<title>([^<]+)<\/title>/.exec(html)?.[1] ?? '';
      expect(title.length, route.path).toBeGreaterThan(10);
      expect(title.replace(/&#x27;/g, "'").length, `${route.path}: ${title}`).toBeLessThanOrEqual(70);
      expect(html, route.path).toMatch(/<meta name="description" content="[^"]{20,}"/);
      expect(html, route.path).toContain('<meta property="og:image" content="https://www.example.com/images/');
      expect(html, route.path).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    }
  });

  it('has valid JSON-LD: LocalBusiness on home and contact, Service on services, BreadcrumbList, BlogPosting', () => {
    const home = jsonLd('/').find((d) => d['@type'] === 'LocalBusiness')!;
    expect(home).toMatchObject({ telephone: '+34600000000', email: 'info@example.com', openingHours: 'Mo-Fr 09:00-16:00' });
    expect(home.areaServed).toHaveLength(16);
    expect(jsonLd('/en/contact').map((d) => d['@type'])).toContain('LocalBusiness');
    expect(jsonLd('/fontaneros').map((d) => d['@type'])).toContain('Service');
    expect(jsonLd('/fontaneros/javea').map((d) => d['@type'])).toEqual(['Service', 'BreadcrumbList']);
    const post = jsonLd('/en/blog/summer-pool-maintenance-tips');
    expect(post.find((d) => d['@type'] === 'BlogPosting')).toMatchObject({ datePublished: '2024-05-20', inLanguage: 'en' });
    for (const data of [...jsonLd('/'), ...post]) expect(data['@context']).toBe('https://schema.org');
  });

  it('links the favicon, the manifest of the page language and the blog feed', () => {
    expect(site.page('/en/blog')).toContain('<link rel="manifest" href="/en/manifest.webmanifest"/>');
    expect(site.page('/blog')).toContain('<link rel="alternate" type="application/atom+xml"');
    expect(site.page('/')).toContain('<link rel="icon" href="/images/favicon.svg" type="image/svg+xml"/>');
    expect(site.result.outputs.has('images/icon-512.png')).toBe(true);
  });
});
