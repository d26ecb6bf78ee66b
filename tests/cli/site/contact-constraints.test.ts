import { describe, expect, it } from 'vitest';
import { contactConstraints } from '../../../cli/site/contact/constraints.ts';
import { contactFields, type ContactField } from '../../../cli/site/contact/schema.ts';
import { site } from '../../../functions/contact/services.ts';

const slugs = site.services.map((s) => s.slug);
const messages = (code: string) => site.languages.find((l) => l.code === code)!.messages;
const constraints = { es: contactConstraints(messages('es'), slugs), en: contactConstraints(messages('en'), slugs) };

/** Values around each pattern of spec §5, with the white space and controls that trimming takes off or keeps. */
const samples: Partial<Record<ContactField, string[]>> = {
  nombre: ['', '  ', 'Ana', ' Ana ', '\tAna\u2028', 'Ana\tB', 'Ana\u0085B', 'Ana\u0000', '😀 Zoë'],
  email: ['a@b', 'a@b.c', 'a@b.co', '"a b"@c.d', ' ana@example.org ', '\tana@example.org\n', 'ñ@b.es', 'a@b.es,c@d.es', 'a@-b.es'],
  telefono: ['123456789', ' +34 (611) 222-333 ', '611.222/333', '\t611222333\t', '611\t222333', 'llamar', '６１１'],
  localidad: ['Jávea', 'Jávea\u2029', 'Jávea\u2029Idioma: inglés', '\u00a0Xaló\u00a0'],
};

describe('contactConstraints', () => {
  it("gives each field the HTML attributes its schema's checks allow", () => {
    const attributes = Object.fromEntries(contactFields.map((f) => [f, constraints.es[f].attributes]));
    expect(attributes).toEqual({
      nombre: { required: true, minLength: 2, maxLength: 100, pattern: expect.any(String) },
      email: { required: true, minLength: 1, maxLength: 255, pattern: expect.any(String), type: 'email' },
      telefono: { required: true, minLength: 9, maxLength: 20, pattern: expect.any(String) },
      // The list of services is an alternation, which HTML cannot anchor as zod does; the select's options say it.
      servicio: { required: true, minLength: 1 },
      localidad: { required: true, minLength: 2, maxLength: 100, pattern: expect.any(String) },
      mensaje: { required: true, minLength: 10, maxLength: 1000 },
    });
    expect(constraints.en.nombre.attributes).toEqual(constraints.es.nombre.attributes);
  });

  it.each(contactFields.filter((f) => constraints.es[f].attributes.pattern))(
    'makes the pattern attribute of %s, as the browser applies it, refuse just what its pattern check refuses',
    (field) => {
      // The browser anchors the attribute, compiles it with the v flag and tests the untrimmed value.
      const attribute = new RegExp(`^(?:${constraints.es[field].attributes.pattern})$`, 'v');
      const check = constraints.es[field].checks.find((c) => c.kind === 'pattern')!;
      for (const value of samples[field]!)
        expect(attribute.test(value), JSON.stringify(value)).toBe(new RegExp(check.source, check.flags).test(value.trim()));
    },
  );
});
