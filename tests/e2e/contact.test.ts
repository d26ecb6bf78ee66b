import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { useSite, timeouts } from './site.ts';
import { emptyFieldMessages } from '../functions/contact/fixtures.ts';
import { tokenPattern } from '../../cli/site/contact/fields.ts';

const site = useSite();
afterEach(() => {
  site.contact.received.length = 0;
  site.contact.status = 200;
  site.contact.hold = undefined;
});

const fields = ['nombre', 'email', 'telefono', 'servicio', 'localidad', 'mensaje'] as const;
type Field = (typeof fields)[number];

const messages = emptyFieldMessages;
const pages = { es: '/contacto', en: '/en/contact' } as const;
const valid = {
  nombre: 'Ana García',
  email: 'ana@example.org',
  telefono: '+34 611 222 333',
  servicio: 'fontaneros',
  localidad: 'Jávea',
  mensaje: 'Gotea el termo del baño desde ayer.',
};

/** The contact page with its form hydrated: it stops the browser's own validation once it can validate. */
async function openForm(path: string) {
  const opened = await site.open(path);
  await opened.page.locator('form#contact-form[novalidate]').waitFor({ state: 'attached' });
  return opened;
}

const control = (page: Page, field: Field) => page.locator(`#contact-form [name="${field}"]`);
const value = (page: Page, field: Field) => control(page, field).inputValue();
const focused = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('name'));

async function fill(page: Page, values: Partial<Record<Field, string>>) {
  for (const [field, text] of Object.entries(values) as [Field, string][]) {
    if (field === 'servicio') await control(page, field).selectOption(text);
    else await control(page, field).fill(text);
  }
}

/** The message shown for a field: its text, tied to the field by aria-describedby and aria-invalid. */
async function shownError(page: Page, field: Field): Promise<string | undefined> {
  const input = control(page, field);
  const describedBy = await input.getAttribute('aria-describedby');
  if ((await input.getAttribute('aria-invalid')) !== 'true' || !describedBy) return undefined;
  return (await page.locator(`#${describedBy}`).textContent()) ?? undefined;
}
const shownErrors = async (page: Page) => Object.fromEntries(await Promise.all(fields.map(async (f) => [f, await shownError(page, f)])));
const submit = (page: Page, label: string) => page.getByRole('button', { name: label }).click();
const untilError = (page: Page, field: Field, present: boolean) =>
  page.waitForFunction(
    ([name, present]) => (document.querySelector(`[name="${name}"]`)?.getAttribute('aria-invalid') === 'true') === present,
    [field, present] as const,
  );

describe('contact form validation', { timeout: timeouts.test }, () => {
  for (const [lang, label] of [
    ['es', 'Enviar mensaje'],
    ['en', 'Send message'],
  ] as const) {
    it(`${lang}: an empty submit shows the spec message under every field and focuses the first`, async () => {
      const { page, errors } = await openForm(pages[lang]);
      await submit(page, label);
      await untilError(page, 'mensaje', true);
      expect(await shownErrors(page)).toEqual(messages[lang]);
      expect(await focused(page)).toBe('nombre');
      expect(site.contact.received).toEqual([]);
      expect(errors).toEqual([]);
    });

    it(`${lang}: values that break each rule get the spec message`, async () => {
      const { page } = await openForm(pages[lang]);
      await fill(page, { nombre: 'A', email: 'ana@example', telefono: '12345', localidad: 'J', mensaje: 'Hola' });
      await submit(page, label);
      await untilError(page, 'mensaje', true);
      expect(await shownErrors(page)).toEqual(messages[lang]);
    });
  }

  it('after a submit, re-checks each field as it changes, and focus goes to the first field still invalid', async () => {
    const { page } = await openForm(pages.es);
    await fill(page, { nombre: 'A' });
    expect(await shownError(page, 'nombre')).toBeUndefined(); // no message before the first submit
    await submit(page, 'Enviar mensaje');
    await untilError(page, 'nombre', true);

    await fill(page, { nombre: 'Ana' });
    await untilError(page, 'nombre', false);
    expect(await shownError(page, 'email')).toBe(messages.es.email);
    await fill(page, { email: 'ana@example.org' });
    await untilError(page, 'email', false);
    await fill(page, { nombre: 'A' });
    await untilError(page, 'nombre', true);
    expect(await shownError(page, 'nombre')).toBe(messages.es.nombre);

    await fill(page, { nombre: 'Ana' });
    await submit(page, 'Enviar mensaje');
    await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'telefono');
    expect(site.contact.received).toEqual([]);
  });
  it('keeps every value the browser autofills at once', async () => {
    const { page } = await openForm(pages.es);
    // Autofill sets several fields in one go, each with its own input event.
    await page.evaluate(
      (values) => {
        for (const [name, value] of Object.entries(values)) {
          const input = document.querySelector<HTMLInputElement>(`#contact-form [name="${name}"]`)!;
          input.value = value;
          input.dispatchEvent(new Event('input', { bubbles: true }));
        }
      },
      { nombre: valid.nombre, email: valid.email, telefono: valid.telefono },
    );
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done))));
    expect([await value(page, 'nombre'), await value(page, 'email'), await value(page, 'telefono')]).toEqual([
      valid.nombre,
      valid.email,
      valid.telefono,
    ]);
  });
});

describe('contact form sending', { timeout: timeouts.test }, () => {
  it('sends the fields as JSON, reads Enviando... while waiting, then shows the success toast and resets', async () => {
    const { page, errors } = await openForm(pages.es);
    const status = page.getByRole('status');
    expect(await status.textContent()).toBe(''); // the live region is there before any toast
    await fill(page, valid);
    let answer!: () => void;
    site.contact.hold = new Promise((done) => (answer = done));
    await submit(page, 'Enviar mensaje');

    const sending = page.getByRole('button', { name: 'Enviando...' });
    await sending.waitFor();
    expect(await sending.isDisabled()).toBe(true);
    answer();
    await status.getByText('¡Mensaje enviado!').waitFor();
    expect(await status.textContent()).toContain('Nos pondremos en contacto contigo lo antes posible.');
    expect(site.contact.received).toEqual([{ ...valid, lang: 'es', website: '', token: expect.stringMatching(tokenPattern) }]);
    for (const field of fields) expect(await value(page, field), field).toBe('');
    expect(await page.getByRole('button', { name: 'Enviar mensaje' }).isEnabled()).toBe(true);
    expect(await shownErrors(page)).toEqual(Object.fromEntries(fields.map((f) => [f, undefined])));

    await status.getByRole('button', { name: 'Cerrar' }).click();
    await status.getByText('¡Mensaje enviado!').waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });

  it('in English reads Sending... and confirms with the English toast', async () => {
    const { page } = await openForm(pages.en);
    await fill(page, valid);
    let answer!: () => void;
    site.contact.hold = new Promise((done) => (answer = done));
    await submit(page, 'Send message');
    await page.getByRole('button', { name: 'Sending...' }).waitFor();
    answer();
    await page.getByRole('status').getByText('Message sent!').waitFor();
    expect(await page.getByRole('status').textContent()).toContain('We will get back to you as soon as possible.');
    expect(site.contact.received).toEqual([{ ...valid, lang: 'en', website: '', token: expect.stringMatching(tokenPattern) }]);
  });

  it('on an error answer shows the Error toast with the spec text and keeps every value', async () => {
    const { page } = await openForm(pages.es);
    site.contact.status = 500;
    await fill(page, valid);
    await submit(page, 'Enviar mensaje');
    const status = page.getByRole('status');
    await status.getByText('Error', { exact: true }).waitFor();
    expect(await status.textContent()).toContain('No se pudo enviar el mensaje. Por favor, inténtalo de nuevo o contáctanos directamente.');
    for (const field of fields) expect(await value(page, field), field).toBe(valid[field]);
    expect(await page.getByRole('button', { name: 'Enviar mensaje' }).isEnabled()).toBe(true);
  });

  it('on a network failure shows the Error toast and keeps every value', async () => {
    const { page } = await openForm(pages.en);
    await page.route('**/api/send-contact-email', (route) => route.abort('connectionrefused'));
    await fill(page, valid);
    await submit(page, 'Send message');
    const status = page.getByRole('status');
    await status.getByText('Error', { exact: true }).waitFor();
    expect(await status.textContent()).toContain('The message could not be sent. Please try again or contact us directly.');
    for (const field of fields) expect(await value(page, field), field).toBe(valid[field]);
  });
});
