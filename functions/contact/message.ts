import type { SendMailOptions } from 'nodemailer';
import { emailPattern, type Contact } from './schema.ts';

export interface Addresses {
  /** Fixed sender, e.g. "Web <web@example.com>" (CONTACT_FROM). */
  from: string;
  /** The company inbox (CONTACT_TO). */
  to: string;
}

const oneLine = (text: string) => text.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();

/** The e-mail for one enquiry. The visitor's address only ever goes into Reply-To. */
export function composeEmail(contact: Contact, { from, to }: Addresses): SendMailOptions {
  if (!emailPattern.test(contact.email)) {
    throw new Error(`Refusing to use "${oneLine(contact.email)}" as Reply-To: it is not a plain e-mail address. Validate the enquiry with validateContact first.`);
  }
  const languageTag = contact.lang === 'en' ? ' [EN]' : '';
  return {
    from,
    to,
    replyTo: contact.email,
    subject: oneLine(`Solicitud web: ${contact.servicio} en ${contact.localidad}${languageTag}`),
    text: [
      'Nueva solicitud de presupuesto desde el formulario de contacto de la web.',
      '',
      `Nombre: ${contact.nombre}`,
      `Email: ${contact.email}`,
      `Teléfono: ${contact.telefono}`,
      `Servicio: ${contact.servicio}`,
      `Localidad: ${contact.localidad}`,
      `Idioma de la página: ${contact.lang === 'en' ? 'inglés (en)' : 'español (es)'}`,
      '',
      'Mensaje:',
      contact.mensaje,
      '',
    ].join('\n'),
  };
}

/** Transport options that keep visitor data from ever naming a file or URL to read. */
export const safeTransport = { disableFileAccess: true, disableUrlAccess: true } as const;
