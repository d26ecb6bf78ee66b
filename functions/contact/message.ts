import type { SendMailOptions } from 'nodemailer';
import { controlCharacter, emailPattern, type Contact } from '../../cli/site/contact/schema.ts';
import { services } from './services.ts';

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

const titles = new Map(services.map((s) => [s.slug, s.title]));

/** The e-mail for one enquiry. The visitor's address only ever goes into Reply-To. */
export function composeEmail(contact: Contact, { from, to }: Addresses): SendMailOptions {
  if (!emailPattern.test(contact.email)) {
    throw new Error(
      `Refusing to use "${headerText(contact.email)}" as Reply-To: it is not a plain e-mail address. Validate the enquiry with validateContact first.`,
    );
  }
  const service = titles.get(contact.servicio)?.[contact.lang];
  if (!service) {
    throw new Error(
      `"${headerText(contact.servicio)}" is not one of the site's services. Validate the enquiry with validateContact first.`,
    );
  }
  const languageTag = contact.lang === 'en' ? ' [EN]' : '';
  return {
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
      `Idioma de la página: ${contact.lang === 'en' ? 'inglés (en)' : 'español (es)'}`,
      '',
      'Mensaje:',
      ...quoted(contact.mensaje),
      '',
    ].join('\n'),
  };
}

/** Transport options that keep visitor data from ever naming a file or URL to read. */
export const safeTransport = { disableFileAccess: true, disableUrlAccess: true } as const;
