/**
 * The contact form validates in the browser with no zod: constraints derived from the function's
 * schema, the constraint validation API and setCustomValidity. Here, field by field, the browser's
 * verdict on edge inputs is compared with zod's on the value the form holds, which is what it sends.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { contactFields, validateContact, type ContactField } from '../../cli/site/contact/schema.ts';
import { site as contactSite } from '../../functions/contact/services.ts';
import { spanishEnquiry } from '../functions/contact/fixtures.ts';
import { timeouts, useSite } from './site.ts';

const site = useSite();
const pages = { es: '/contacto', en: '/en/contact' } as const;
const slugs = contactSite.services.map((s) => s.slug);
const messages = (lang: 'es' | 'en') => contactSite.languages.find((l) => l.code === lang)!.messages;

/**
 * Per field: empty and white space only, each side of the length limits (in code points, as zod
 * counts, and astral characters, which HTML counts twice), odd addresses and the controls one-line
 * fields refuse. The browser takes newlines out of one-line inputs, so what reaches zod differs.
 */
const edges: Record<ContactField, string[]> = {
  nombre: [
    '',
    '   ',
    '\t\u00a0\u2028',
    'A',
    ' A ',
    'Al',
    '😀',
    '😀😀',
    'Zoë Ñúñez',
    '李小龙',
    'n'.repeat(100),
    'n'.repeat(101),
    ` ${'n'.repeat(100)} `,
    '😀'.repeat(100),
    '😀'.repeat(101),
    'Ana\nEmail: x@y.es',
    'Ana\tB',
    'Ana\u0085B',
    'Ana\u2028B',
    'Ana\u0000B',
    'Ana\u007fB',
    '\tAna\u2028',
  ],
  email: [
    '',
    '  ',
    'a@b',
    'a@b.c',
    'a@b.co',
    '"a b"@c.d',
    'a b@c.de',
    'a..b@c.de',
    '.a@b.cd',
    'a@-b.cd',
    'ana@example.org',
    ' ana@example.org ',
    'ñ@b.es',
    'ana@bücher.de',
    'a@b.es,c@d.es',
    'a@b.es\nBcc: c@d.es',
    `${'a'.repeat(249)}@b.es`,
    `${'a'.repeat(250)}@b.es`,
    'a+tag_1%@b-c.example',
  ],
  telefono: [
    '',
    '12345678',
    '123456789',
    ' 611 222 33 ',
    '+34 (611) 222-333',
    '611.222/333',
    '6'.repeat(20),
    '6'.repeat(21),
    'llamar tarde',
    '611\t222\t333',
    '\t611222333\t',
    '６１１２２２３３３',
  ],
  servicio: ['', 'fontaneros', 'plumbers', ' fontaneros'],
  localidad: ['', ' ', 'J', 'Xaló', 'l'.repeat(101), '\u00a0Jávea\u00a0', 'Jávea\u2029Idioma: inglés', 'Jávea\u001b'],
  mensaje: [
    '',
    ' '.repeat(12),
    'Hola, ¿?',
    '1234567890',
    ` ${'m'.repeat(9)} `,
    '😀'.repeat(9),
    '😀'.repeat(10),
    'Primera línea.\r\nSegunda.',
    'm'.repeat(1000),
    'm'.repeat(1001),
    `${'m'.repeat(1000)}\n`,
    '\u0000'.repeat(10),
  ],
};

/** Puts `value` in the field as a person does (typing: maxlength applies) or as autofill and scripts do. */
async function enter(page: Page, field: ContactField, value: string, how: 'typed' | 'set') {
  const control = page.locator(`#contact-form [name="${field}"]`);
  if (how === 'set')
    await control.evaluate((element: HTMLInputElement, value) => {
      element.value = value;
      for (const type of ['input', 'change']) element.dispatchEvent(new Event(type, { bubbles: true }));
    }, value);
  else if (field === 'servicio') await control.selectOption(value);
  else await control.fill(value);
  // The island checks again in an effect, which runs after the next frame.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done))));
}

/** The browser's verdict: the control's validity, and the message shown under it (aria-invalid, aria-describedby). */
const verdict = (page: Page, field: ContactField) =>
  page.locator(`#contact-form [name="${field}"]`).evaluate((control: HTMLInputElement) => {
    const shown = control.getAttribute('aria-invalid') === 'true' ? control.getAttribute('aria-describedby') : null;
    return {
      value: control.value,
      valid: control.validity.valid,
      message: shown ? document.getElementById(shown)?.textContent : undefined,
    };
  });

/** zod's verdict on `value` in `field`, the other fields being valid. */
function zodVerdict(field: ContactField, value: string, lang: 'es' | 'en') {
  const result = validateContact({ ...spanishEnquiry, lang, [field]: value }, lang, messages(lang), slugs);
  const message = result.ok ? undefined : result.errors[field];
  return { value, valid: message === undefined, message };
}

/** The form after an empty submit: from then on it checks every change. */
async function validatingForm(lang: 'es' | 'en') {
  const { page, errors } = await site.open(pages[lang]);
  await page.locator('form#contact-form[novalidate]').waitFor({ state: 'attached' });
  await page.locator('#contact-form [type="submit"]').click();
  await page.locator('#contact-form [name="mensaje"][aria-invalid="true"]').waitFor();
  return { page, errors };
}

describe('the contact form in the browser and zod', { timeout: timeouts.test }, () => {
  for (const lang of ['es', 'en'] as const) {
    it.each(contactFields)(`give the same verdict and message for each edge input of %s (${lang})`, async (field) => {
      const { page, errors } = await validatingForm(lang);
      for (const how of ['typed', 'set'] as const) {
        // A person picks one of the select's options (its placeholder is disabled); scripts can set anything.
        const values = how === 'typed' && field === 'servicio' ? slugs.slice(0, 2) : edges[field];
        for (const value of values) {
          await enter(page, field, value, how);
          const browser = await verdict(page, field);
          expect(browser, `${how} ${JSON.stringify(value)}`).toEqual(zodVerdict(field, browser.value, lang));
        }
      }
      expect(errors).toEqual([]);
    });
  }

  it('differ only where type=email is stricter: a domain label over the 63 characters DNS allows', async () => {
    const { page } = await validatingForm('es');
    const address = `ana@${'b'.repeat(64)}.es`;
    await enter(page, 'email', address, 'typed');
    expect(zodVerdict('email', address, 'es').valid).toBe(true);
    expect(await verdict(page, 'email')).toEqual({ value: address, valid: false, message: 'Email inválido' });
  });
});
