import nodemailer from 'nodemailer';
import type { Mailer } from './handle.ts';
import { composeEmail, safeTransport, type Addresses } from './message.ts';

/** Sends each enquiry through the SMTP server at `url` (smtp:// or smtps://, credentials inside). */
export function smtpMailer(url: string, addresses: Addresses): Mailer {
  const transport = nodemailer.createTransport({
    url,
    ...safeTransport,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  const host = new URL(url).host;
  return {
    destination: `the SMTP server ${host}`,
    async send(contact) {
      try {
        await transport.sendMail(composeEmail(contact, addresses));
      } catch (cause) {
        throw new Error(`Sending the enquiry through the SMTP server ${host} failed`, { cause });
      }
    },
  };
}
