import type { SendMailOptions } from 'nodemailer';
import { controlCharacter, emailPattern, type Contact } from '../../cli/site/contact/schema.ts';
import { site } from './services.ts';

export interface Addresses {
  /** Fixed sender, e.g. "Web <web@example.com>" (CONTACT_FROM). */
  from: string;
  /** The company inbox (CONTACT_TO). */
  to: string;
}

const controlCharacters = new RegExp(`${controlCharacter.source}+`, 'g');
/** Every way a mail client may start a new line. */
const lineBreak = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/;

/**
 * Text for a header: one line, and no encoded-word markers, which a mail client would decode
 * into text the visitor could not have typed (a line break, a forged "Bcc:").
 */
const headerText = (text: string) => text.replace(controlCharacters, ' ').trim().replaceAll('=?', '= ?').replaceAll('?=', '? =');

/** Each line of the visitor's message quoted, so none can pass for a line of the enquiry. */
const quoted = (text: string) => text.split(lineBreak).map((line) => `> ${line.replace(controlCharacters, ' ')}`);

const titles = new Map(site.services.map((s) => [s.slug, s.title]));
const languageNames = new Map(site.languages.map((l) => [l.code, l.name]));

/**
 * The e-mail for one enquiry. The visitor's address only ever goes into Reply-To. With the form's
 * one-time `token`, its Message-ID is derived (enquiryMessageId); without, the mailer makes one up.
 */
export async function composeEmail(contact: Contact, { from, to }: Addresses, token?: string): Promise<SendMailOptions> {
  if (!emailPattern.test(contact.email)) {
    throw new Error(
      `Refusing to use "${headerText(contact.email)}" as Reply-To: it is not a plain e-mail address. Validate the enquiry with validateContact first.`,
    );
  }
  // The company reads its mail in the site's first language, whatever the page's: the service by its name there.
  const service = titles.get(contact.servicio);
  if (!service) {
    throw new Error(
      `"${headerText(contact.servicio)}" is not one of the site's services. Validate the enquiry with validateContact first.`,
    );
  }
  const first = site.languages[0]!.code;
  const languageTag = contact.lang === first ? '' : ` [${contact.lang.toUpperCase()}]`;
  return {
    ...(token && { messageId: await enquiryMessageId(contact, token, from) }),
    from,
    to,
    replyTo: contact.email,
    subject: headerText(`Solicitud web: ${service} en ${contact.localidad}${languageTag}`),
    text: [
      'Nueva solicitud de presupuesto desde el formulario de contacto de la web.',
      '',
      `Nombre: ${contact.nombre}`,
      `Email: ${contact.email}`,
      `Teléfono: ${contact.telefono}`,
      `Servicio: ${service}`,
      `Localidad: ${contact.localidad}`,
      `Idioma de la página: ${languageNames.get(contact.lang) ?? contact.lang} (${contact.lang})`,
      '',
      'Mensaje:',
      ...quoted(contact.mensaje),
      '',
    ].join('\n'),
  };
}

/**
 * The Message-ID of an enquiry: the same for every try the form makes of it (same token, same
 * text), so that a retry after an answer that came too late is one message to a mail client; a
 * new enquiry, or the same one edited, gets another. The domain is the sender's, as RFC 5322 advises.
 */
async function enquiryMessageId(contact: Contact, token: string, from: string): Promise<string> {
  const { nombre, email, telefono, servicio, localidad, mensaje, lang } = contact;
  const text = JSON.stringify([token, nombre, email, telefono, servicio, localidad, mensaje, lang]);
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  const hex = Array.from(hash.subarray(0, 16), (byte) => byte.toString(16).padStart(2, '0')).join('');
  const domain = /@([A-Za-z0-9.-]+)>?$/.exec(from.trim())?.[1] ?? 'localhost';
  return `<${hex}@${domain}>`;
}

/** Transport options that keep visitor data from ever naming a file or URL to read. */
export const safeTransport = { disableFileAccess: true, disableUrlAccess: true } as const;
