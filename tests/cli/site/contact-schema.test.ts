import { describe, expect, it } from 'vitest';
import { contactFields, langOf, validateContact as validateFor } from '../../../cli/site/contact/schema.ts';
import type { Lang } from '../../../cli/site/lang.ts';
import { site } from '../../../functions/contact/services.ts';
import { englishEnquiry, spanishEnquiry } from '../../functions/contact/fixtures.ts';

/** What the contact function knows of a language of the site: its messages, among others. */
const language = (code: Lang) => site.languages.find((l) => l.code === code)!;

const validateContact = (input: unknown, lang: Lang) =>
  validateFor(
    input,
    lang,
    language(lang).messages,
    site.services.map((s) => s.slug),
  );

/** Every rule of spec §5 plus its 'too long' twin, with the value that breaks it. */
const rules: { field: string; value: unknown; es: string; en: string }[] = [
  { field: 'nombre', value: 'L', es: 'El nombre debe tener al menos 2 caracteres', en: 'Name must be at least 2 characters' },
  { field: 'nombre', value: undefined, es: 'El nombre debe tener al menos 2 caracteres', en: 'Name must be at least 2 characters' },
  {
    field: 'nombre',
    value: 'n'.repeat(101),
    es: 'El nombre no puede tener más de 100 caracteres',
    en: 'Name must be at most 100 characters',
  },
  { field: 'email', value: 'lucia.correo.es', es: 'Email inválido', en: 'Invalid email' },
  { field: 'email', value: '', es: 'Email inválido', en: 'Invalid email' },
  { field: 'email', value: 'a@b', es: 'Email inválido', en: 'Invalid email' },
  { field: 'email', value: '"lucia"@correo.es', es: 'Email inválido', en: 'Invalid email' },
  { field: 'email', value: 'a@b.es,c@d.es', es: 'Email inválido', en: 'Invalid email' },
  {
    field: 'email',
    value: `${'a'.repeat(251)}@b.es`,
    es: 'El email no puede tener más de 255 caracteres',
    en: 'Email must be at most 255 characters',
  },
  { field: 'telefono', value: '61122233', es: 'Teléfono inválido', en: 'Invalid phone' },
  { field: 'telefono', value: 'llamar tarde', es: 'Teléfono inválido', en: 'Invalid phone' },
  {
    field: 'telefono',
    value: '6'.repeat(21),
    es: 'El teléfono no puede tener más de 20 caracteres',
    en: 'Phone must be at most 20 characters',
  },
  { field: 'servicio', value: '', es: 'Selecciona un servicio', en: 'Select a service' },
  { field: 'servicio', value: 42, es: 'Selecciona un servicio', en: 'Select a service' },
  { field: 'servicio', value: 'Fontaneros!', es: 'Selecciona un servicio de la lista', en: 'Select a service from the list' },
  { field: 'servicio', value: 'plumbers', es: 'Selecciona un servicio de la lista', en: 'Select a service from the list' },
  {
    field: 'servicio',
    value: 'pague-por-transferencia-urgente',
    es: 'Selecciona un servicio de la lista',
    en: 'Select a service from the list',
  },
  { field: 'servicio', value: 'constructor', es: 'Selecciona un servicio de la lista', en: 'Select a service from the list' },
  { field: 'localidad', value: 'J', es: 'La localidad es requerida', en: 'Locality is required' },
  {
    field: 'localidad',
    value: 'l'.repeat(101),
    es: 'La localidad no puede tener más de 100 caracteres',
    en: 'Locality must be at most 100 characters',
  },
  { field: 'mensaje', value: 'Hola, ¿?', es: 'El mensaje debe tener al menos 10 caracteres', en: 'Message must be at least 10 characters' },
  {
    field: 'mensaje',
    value: 'm'.repeat(1001),
    es: 'El mensaje no puede tener más de 1000 caracteres',
    en: 'Message must be at most 1000 characters',
  },
  { field: 'mensaje', value: 42, es: 'El mensaje debe tener al menos 10 caracteres', en: 'Message must be at least 10 characters' },
];

describe('validateContact', () => {
  it.each(rules.flatMap((rule) => (['es', 'en'] as const).map((lang) => ({ ...rule, lang, message: rule[lang] }))))(
    'rejects $field = $value with "$message" ($lang)',
    ({ field, value, lang, message }) => {
      const result = validateContact({ ...spanishEnquiry, [field]: value }, lang);
      expect(result).toEqual({ ok: false, errors: { [field]: message } });
    },
  );

  // Every character that ends a line somewhere, and a few other controls, inside each one-line field.
  const breaks = {
    CR: '\r',
    LF: '\n',
    CRLF: '\r\n',
    NEL: '\u0085',
    LS: '\u2028',
    PS: '\u2029',
    VT: '\v',
    FF: '\f',
    NUL: '\0',
    TAB: '\t',
    ESC: '\u001b',
    DEL: '\u007f',
    PAD: '\u0080',
    APC: '\u009f',
  };
  const oneLine = {
    nombre: {
      value: 'Ana%Email: a@evil.example',
      es: 'El nombre debe ir en una sola línea, sin tabuladores ni caracteres invisibles',
      en: 'Name must be on one line, without tabs or invisible characters',
    },
    telefono: { value: '611 222%333', es: 'Teléfono inválido', en: 'Invalid phone' },
    localidad: {
      value: 'Jávea%Idioma de la página: inglés',
      es: 'La localidad debe ir en una sola línea, sin tabuladores ni caracteres invisibles',
      en: 'Locality must be on one line, without tabs or invisible characters',
    },
  };
  it.each(
    Object.entries(oneLine).flatMap(([field, rule]) =>
      Object.entries(breaks).flatMap(([name, char]) => (['es', 'en'] as const).map((lang) => ({ field, name, char, lang, rule }))),
    ),
  )("refuses $name inside $field with the field's own message ($lang)", ({ field, char, lang, rule }) => {
    const result = validateContact({ ...spanishEnquiry, [field]: rule.value.replace('%', char) }, lang);
    expect(result).toEqual({ ok: false, errors: { [field]: rule[lang] } });
  });

  it('accepts line breaks in the message', () => {
    const mensaje = 'Primera línea.\r\nSegunda línea.\n\nÚltima.';
    expect(validateContact({ ...spanishEnquiry, mensaje }, 'es')).toEqual({ ok: true, value: { ...spanishEnquiry, mensaje } });
  });

  it('accepts both example enquiries and fills in the language it checks them in', () => {
    expect(validateContact(spanishEnquiry, 'es')).toEqual({ ok: true, value: spanishEnquiry });
    expect(validateContact(englishEnquiry, 'en')).toEqual({ ok: true, value: englishEnquiry });
    const { lang: _lang, ...withoutLang } = englishEnquiry;
    expect(validateContact(withoutLang, 'en')).toEqual({ ok: true, value: { ...withoutLang, lang: 'en' } });
  });

  it('trims every field before checking its length', () => {
    const padded = { ...spanishEnquiry, nombre: '  Al  ', localidad: '\tXaló\n', mensaje: '          corto     ' };
    const result = validateContact(padded, 'es');
    expect(result).toEqual({ ok: false, errors: { mensaje: 'El mensaje debe tener al menos 10 caracteres' } });
    const fixed = validateContact({ ...padded, mensaje: '  Necesito pintar la fachada  ' }, 'es');
    expect(fixed.ok && fixed.value).toMatchObject({ nombre: 'Al', localidad: 'Xaló', mensaje: 'Necesito pintar la fachada' });
  });

  it('lists every missing field, and the honeypot, for input that is not an object', () => {
    for (const lang of ['es', 'en'] satisfies Lang[]) {
      const result = validateContact('nombre=Lucía', lang);
      expect(result.ok).toBe(false);
      expect(Object.keys(result.ok ? {} : result.errors).sort()).toEqual([...contactFields, 'website'].sort());
    }
  });

  it('requires the honeypot to be present and empty', () => {
    expect(validateContact({ ...spanishEnquiry, website: 'x' }, 'en')).toEqual({
      ok: false,
      errors: { website: 'Leave this field empty' },
    });
    const { website: _website, ...withoutHoneypot } = spanishEnquiry;
    expect(validateContact(withoutHoneypot, 'es')).toEqual({ ok: false, errors: { website: 'Deja este campo vacío' } });
  });

  it('reports the first broken rule of a field only', () => {
    const result = validateContact({ ...spanishEnquiry, email: `"${'a'.repeat(300)}` }, 'en');
    expect(result).toEqual({ ok: false, errors: { email: 'Email must be at most 255 characters' } });
  });
});

describe('langOf', () => {
  it("reads 'en' as English and anything else as Spanish, the site's first language", () => {
    const code = (input: unknown) => langOf(input, site.languages).code;
    expect(site.languages.map((l) => l.code)).toEqual(['es', 'en']);
    expect(code({ lang: 'en' })).toBe('en');
    expect(code({ lang: 'es' })).toBe('es');
    expect(code({ lang: 'fr' })).toBe('es');
    expect(code({ lang: 'EN' })).toBe('es');
    expect(code({})).toBe('es');
    expect(code(null)).toBe('es');
    expect(langOf({ lang: 'en' }, site.languages)).toBe(language('en'));
  });

  it('reads any language the site lists as itself, the first one for any other', () => {
    const german = { ...language('en'), code: 'de', name: 'alemán' };
    const languages = [...site.languages, german];
    expect(langOf({ lang: 'de' }, languages)).toBe(german);
    expect(langOf({ lang: 'fr' }, languages)).toBe(languages[0]);
  });
});
