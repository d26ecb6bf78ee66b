import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it, onTestFinished } from 'vitest';
import { nodeContactHandler } from '../../functions/adapters/node.ts';
import { contactPath, createContactEnv, type HostEnv } from '../../functions/contact/config.ts';
import { smtpMailer } from '../../functions/contact/smtp.ts';
import type { NodeHandler } from '../../cli/commands/serve/server.ts';
import { timeouts, useSite } from '../e2e/site.ts';
import { deadSmtpUrl, startSmtpServer } from './smtp-server.ts';
import { scratchDir } from '../helpers.ts';

// The real function behind the real form: what `npm start` serves, with the env each test sets.
let env: HostEnv;
const realFunction: NodeHandler = (req, res) => nodeContactHandler(env)(req, res);
const site = useSite({ api: { [contactPath]: realFunction } });

const visitor = {
  nombre: 'Ana García',
  email: 'ana@example.org',
  telefono: '+34 611 222 333',
  localidad: 'Jávea',
  mensaje: 'Quiero revisar el cuadro eléctrico de casa.',
};

async function fillAndSend(page: Page, service: string, values: Record<string, string> = visitor) {
  for (const [name, value] of Object.entries(values)) await page.locator(`[name="${name}"]`).fill(value);
  await page.locator('[name="servicio"]').selectOption(service);
  await page.locator('#contact-form [type="submit"]').click();
}

describe('the contact form with the real function', { timeout: timeouts.test }, () => {
  it('delivers a Spanish and an English enquiry to the outbox without SMTP', async () => {
    const outbox = await scratchDir('outbox-');
    env = createContactEnv({ OUTBOX_DIR: outbox }, { outbox: true });
    for (const [path, toast] of [
      ['/contacto', '¡Mensaje enviado!'],
      ['/en/contact', 'Message sent!'],
    ] as const) {
      const { page, errors } = await site.open(path);
      await fillAndSend(page, 'electricistas');
      await page.getByText(toast).waitFor();
      expect(await page.locator('[name="nombre"]').inputValue()).toBe('');
      expect(errors).toEqual([]);
    }
    const files = await readdir(outbox);
    expect(files.filter((f) => f.endsWith('.eml'))).toHaveLength(2);
    const messages = await Promise.all(files.map((f) => readFile(join(outbox, f), 'utf8')));
    for (const eml of messages) {
      expect(eml).toMatch(/^Reply-To: ana@example\.org\r?$/m);
      expect(eml).toContain('Quiero revisar el cuadro');
    }
  });

  it('delivers to a real SMTP server when SMTP_URL is set', async () => {
    const smtp = await startSmtpServer();
    try {
      env = createContactEnv(
        { SMTP_URL: smtp.url, CONTACT_FROM: 'Web <web@marina.test>', CONTACT_TO: 'Oficina <oficina@marina.test>' },
        { outbox: false },
      );
      const { page } = await site.open('/en/contact');
      await fillAndSend(page, 'fontaneros');
      await page.getByText('Message sent!').waitFor();
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]!.envelope.to).toEqual(['oficina@marina.test']);
      expect(smtp.received[0]!.mail.replyTo?.text).toBe('ana@example.org');
    } finally {
      await smtp.close();
    }
  });

  it('makes a retry after the server answered too late the same mail as the copy that arrived: one Message-ID', async () => {
    const late = await startSmtpServer({ answerDataAfterMs: 1500 });
    onTestFinished(() => late.close());
    const addresses = { from: 'Web <web@marina.test>', to: 'oficina@marina.test' };
    env = {
      ...createContactEnv({ SMTP_URL: late.url, CONTACT_FROM: addresses.from, CONTACT_TO: addresses.to }, { outbox: false }),
      mailer: smtpMailer(late.url, addresses, { deadlineMs: 500 }),
    };
    const { page } = await site.open('/contacto');
    const answer = page.waitForResponse((r) => r.url().endsWith(contactPath));
    await fillAndSend(page, 'pintores');
    expect((await answer).status()).toBe(502);
    await page.getByText('No se pudo enviar el mensaje.', { exact: false }).waitFor();

    late.answerDataAfterMs = 0; // the visitor tries again, and this time the answer is quick
    await page.locator('#contact-form [type="submit"]').click();
    await page.getByText('¡Mensaje enviado!').waitFor();
    await fillAndSend(page, 'pintores'); // a new enquiry, word for word the same
    await expect.poll(() => page.getByText('¡Mensaje enviado!').count()).toBe(2);

    const [arrived, retried, next] = late.received.map((r) => r.mail.messageId);
    expect(late.received).toHaveLength(3);
    expect(retried).toBe(arrived);
    expect(next).not.toBe(arrived);
  });

  for (const [name, smtpServer] of [
    ['refuses the message', () => startSmtpServer({ refuseRecipients: true })],
    ['is down', async () => ({ url: await deadSmtpUrl(), close: async () => {} })],
  ] as const) {
    it(`shows the error toast and keeps every value when the SMTP server ${name}`, async () => {
      const smtp = await smtpServer();
      onTestFinished(() => smtp.close());
      env = createContactEnv({ SMTP_URL: smtp.url, CONTACT_FROM: 'web@marina.test', CONTACT_TO: 'oficina@marina.test' }, { outbox: false });
      const { page } = await site.open('/contacto');
      const answer = page.waitForResponse((r) => r.url().endsWith(contactPath));
      await fillAndSend(page, 'pintores');
      expect((await answer).status()).toBe(502);
      await page.getByText('No se pudo enviar el mensaje. Por favor, inténtalo de nuevo o contáctanos directamente.').waitFor();
      for (const [field, value] of Object.entries(visitor)) expect(await page.locator(`[name="${field}"]`).inputValue()).toBe(value);
      expect(await page.locator('[name="servicio"]').inputValue()).toBe('pintores');
    });
  }

  it('without JavaScript, a failed post lands on the error page, whose retry link refills the form once JavaScript runs', async () => {
    env = createContactEnv(
      { SMTP_URL: await deadSmtpUrl(), CONTACT_FROM: 'web@marina.test', CONTACT_TO: 'oficina@marina.test' },
      { outbox: false },
    );
    const noScript = await site.open('/contacto', { javaScriptEnabled: false });
    await fillAndSend(noScript.page, 'reformas');
    await noScript.page.waitForURL(/\/error-envio#/);
    const landed = noScript.page.url();
    expect(landed).not.toContain('website=');

    const { page } = await site.open(new URL(landed).pathname + new URL(landed).hash);
    await page.getByRole('link', { name: 'Intentarlo de nuevo' }).click();
    await page.waitForURL(/\/contacto#/);
    await expect.poll(() => page.locator('[name="nombre"]').inputValue()).toBe(visitor.nombre);
    expect(await page.locator('[name="mensaje"]').inputValue()).toBe(visitor.mensaje);
    expect(await page.locator('[name="servicio"]').inputValue()).toBe('reformas');
  });

  it('without JavaScript, a message too long to carry back is named on the error page, and the other fields still refill the form', async () => {
    env = createContactEnv(
      { SMTP_URL: await deadSmtpUrl(), CONTACT_FROM: 'web@marina.test', CONTACT_TO: 'oficina@marina.test' },
      { outbox: false },
    );
    const noScript = await site.open('/en/contact', { javaScriptEnabled: false });
    await fillAndSend(noScript.page, 'reformas', { ...visitor, mensaje: '€'.repeat(1000) });
    await noScript.page.waitForURL(/\/en\/send-error#/);
    const landed = new URL(noScript.page.url());
    expect(landed.href.length).toBeLessThan(8 * 1024);

    const { page } = await site.open(landed.pathname + landed.hash);
    await page.getByText('What you wrote in Message was too long to keep; please write it again in the form.').waitFor();
    await page.getByRole('link', { name: 'Back to the form to try again' }).click();
    await page.waitForURL(/\/en\/contact#/);
    await expect.poll(() => page.locator('[name="nombre"]').inputValue()).toBe(visitor.nombre);
    expect(await page.locator('[name="servicio"]').inputValue()).toBe('reformas');
    expect(await page.locator('[name="mensaje"]').inputValue()).toBe('');
  });
});
