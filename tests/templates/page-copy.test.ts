/**
 * What a person reads on the pages, beyond what validators check: copy that does not promise
 * services or places the content lacks, claims only where they are true, numbers in the reader's
 * format, and details such as captions, the order of towns and the footer's columns.
 */
import { Parser } from 'htmlparser2';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatEuroRange } from '../../templates/intl.ts';
import { type BuiltSite, builtSite } from '../cli/engine/built-site.ts';
import { workedExampleDir } from '../helpers.ts';

let real: BuiltSite;
let worked: BuiltSite;
beforeAll(async () => {
  [real, worked] = await Promise.all([builtSite(), builtSite(workedExampleDir)]);
}, 180_000);

const nbsp = '\u00a0';

/** The texts of the elements of a page that match `element`, in document order; `inside` limits them to one part of it. */
function textsOf(html: string, element: (name: string, attributes: Record<string, string>) => boolean, inside?: string): string[] {
  const found: string[] = [];
  const open: { name: string; keep: boolean; text: string }[] = [];
  let within = inside === undefined ? 1 : 0;
  const parser = new Parser({
    onopentag(name, attributes) {
      if (name === inside) within++;
      open.push({ name, keep: within > 0 && element(name, attributes), text: '' });
    },
    ontext(text) {
      for (const tag of open) if (tag.keep) tag.text += text;
    },
    onclosetag(name) {
      const tag = open.pop();
      if (tag?.keep) found.push(tag.text.replace(/\s+/g, ' ').trim());
      if (name === inside) within--;
    },
  });
  parser.end(html);
  return found;
}

const headings = (html: string) => textsOf(html, (name) => /^h[1-6]$/.test(name));

describe('copy drawn from the content', () => {
  it('counts and names the services and towns the site has, not the eight and sixteen of the real site', () => {
    expect(worked.text('/')).toContain('2 especialidades para cuidar');
    expect(worked.text('/')).toContain('Trabajamos en 2 localidades de la Marina Alta.');
    expect(worked.text('/')).toContain('Electricistas y piscinas en la Marina Alta');
    expect(worked.text('/en')).toContain('2 specialities to look after');
    expect(worked.text('/en')).toContain('We work in 2 towns across the Marina Alta.');
    expect(worked.text('/en')).toContain('Electricians and pool maintenance across');
    expect(real.text('/')).toContain('8 especialidades para cuidar');
    expect(real.text('/')).toContain('Trabajamos en 16 localidades de la Marina Alta y la Marina Baja.');
    expect(real.text('/')).toContain(
      'Electricistas, fontaneros, pintores, jardineros, piscinas, excavaciones, reformas y placas solares en',
    );
    for (const site of [real, worked]) expect(site.text('/')).not.toMatch(/Ocho|Eight|de Jávea y Moraira a Altea/);
  });

  it('names F-GAS certification only on the electricians’ and air-conditioning pages and posts, the trade it belongs to', () => {
    const where = new Set<string>();
    for (const route of real.result.routes.routes) {
      if (!real.text(route.path).includes('F\u2011GAS')) continue;
      if (route.family === 'service' || route.family === 'service-locality') where.add(route.service.key);
      else if (route.family === 'post') where.add(route.post.service);
      else where.add(route.family);
    }
    expect([...where].sort()).toEqual(['air-conditioning', 'air-conditioning-locality', 'electricistas']);
  });

  it('gives no page two headings with the same words', () => {
    for (const site of [real, worked]) {
      for (const route of site.result.routes.routes) {
        const seen = headings(site.page(route.path)).map((h) => h.toLocaleLowerCase());
        expect(
          seen.filter((h, i) => seen.indexOf(h) !== i),
          route.path,
        ).toEqual([]);
      }
    }
  });

  it('does not repeat on a plumbing page in a town the list of what the service includes above the specialised work', () => {
    const sections = headings(real.page('/fontaneros/javea'));
    expect(sections).toContain('Trabajos de fontanería especializados');
    expect(sections).not.toContain('Qué incluye el servicio');
    // A service whose extra sections have no lists keeps the checklist.
    expect(headings(real.page('/piscinas/javea'))).toContain('Qué incluye el servicio');
  });
});

describe('numbers and details', () => {
  it('writes a price band the way each language does, grouped, with one sign and an en dash', () => {
    const { es, en } = real.model.strings;
    expect([es!.locale, en!.locale]).toEqual(['es-ES', 'en-GB']);
    expect(formatEuroRange(4500, 7000, es!.locale)).toBe(`4.500–7.000${nbsp}€`);
    expect(formatEuroRange(4500, 7000, en!.locale)).toBe('€4,500–7,000');
    expect(formatEuroRange(900, 1200, es!.locale)).toBe(`900–1.200${nbsp}€`);
    expect(worked.page('/trabajos/renovacion-piscina-javea')).toContain(`4.500–7.000${nbsp}€`);
    expect(worked.page('/en/projects/pool-renovation-javea')).toContain('€4,500–7,000');
  });

  it('lists only services under the footer’s services heading, and the company’s pages in a column of their own', () => {
    const html = real.page('/');
    const footer = html.slice(html.indexOf('<footer'));
    const column = (id: string) => {
      const nav = footer.slice(footer.indexOf(`aria-labelledby="${id}"`));
      return textsOf(nav.slice(0, nav.indexOf('</nav>')), (name) => name === 'a');
    };
    expect(column('footer-services')).toEqual(real.model.services.map((s) => s.es!.title));
    expect(column('footer-company')).toEqual(['Empresa', 'Blog', 'Contacto']);
  });

  it('shows the towns in alphabetical order of their names, accents and case aside', () => {
    const collator = new Intl.Collator('es');
    for (const path of ['/', '/fontaneros', '/contacto']) {
      const towns = textsOf(real.page(path), (name) => name === 'li', 'main').filter((t) =>
        real.model.localities.some((l) => l.name === t),
      );
      expect(towns, path).toHaveLength(16);
      expect(towns, path).toEqual([...towns].sort(collator.compare));
    }
    const home = textsOf(real.page('/'), (name) => name === 'li', 'main').filter((t) => real.model.localities.some((l) => l.name === t));
    expect(home.slice(0, 3)).toEqual(['Altea', 'Altea Hills', 'Altea la Vella']);
  });

  it('captions every photo of a job’s gallery with what it shows', () => {
    const job = worked.model.projects[0]!;
    const captions = textsOf(worked.page('/trabajos/renovacion-piscina-javea'), (name) => name === 'figcaption');
    for (const photo of job.photos.filter((p) => !p.role)) expect(captions).toContain(photo.alt.es);
  });
});

describe('the contact page', () => {
  it('tells, at the form, who is responsible for the data, why, on what basis, to whom, the rights, and links the policy', () => {
    for (const [path, words, policy] of [
      [
        '/contacto',
        ['Responsable', 'Finalidad', 'Legitimación', 'Destinatarios', 'Derechos', 'rectificarlos', 'suprimirlos'],
        '/politica-privacidad',
      ],
      ['/en/contact', ['Controller', 'Purpose', 'Legal basis', 'Recipients', 'Your rights', 'rectify', 'erase'], '/en/privacy-policy'],
    ] as const) {
      const text = real.text(path);
      expect(text, path).toContain(real.model.site.owner.name);
      expect(text, path).toContain(real.model.site.brand);
      for (const word of words) expect(text, path).toContain(word);
      expect(real.page(path), path).toMatch(new RegExp(`<a href="${policy}"[^>]*>(Política de privacidad|Privacy policy)</a>`));
    }
  });

  it('offers the phone and WhatsApp beside the form instead of repeating the footer’s contact details', () => {
    const text = real.text('/contacto');
    expect(text).not.toContain('Datos de contacto');
    expect(text).toContain('Te atendemos por teléfono de lunes a viernes, de 09:00 a 16:00');
    expect(real.page('/contacto')).toMatch(
      /<a href="https:\/\/wa\.me\/34600000000\?text=[^"]+"[^>]*target="_blank"[^>]*rel="noopener"[^>]*>/,
    );
  });
});
