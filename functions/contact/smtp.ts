import nodemailer from 'nodemailer';
import type { Mailer } from './handle.ts';
import { composeEmail, safeTransport, type Addresses } from './message.ts';

/** How long a visitor waits at most for the SMTP server to take an enquiry. */
const smtpDeadlineMs = 15_000;

/**
 * Sends each enquiry through the SMTP server at `url` (smtp:// or smtps://, credentials inside).
 * Each step has its own timeout, and the whole send a deadline: a server that answers every
 * command just in time cannot hold the visitor for minutes.
 */
export function smtpMailer(url: string, addresses: Addresses, { deadlineMs = smtpDeadlineMs } = {}): Mailer {
  const transport = nodemailer.createTransport({
    url,
    ...safeTransport,
    connectionTimeout: 5_000,
    greetingTimeout: 5_000,
    socketTimeout: 10_000,
    // Past the deadline the connection is cut at once, so a half-sent enquiry is not delivered later.
    socketCloseTimeout: 0,
  });
  const host = new URL(url).host;
  return {
    destination: `the SMTP server ${host}`,
    async send(contact, token) {
      const email = await composeEmail(contact, addresses, token);
      const deadline = AbortSignal.timeout(deadlineMs);
      try {
        await transport.sendMail({ ...email, signal: deadline });
      } catch (cause) {
        const what = deadline.aborted
          ? `The SMTP server ${host} did not take the enquiry within ${deadlineMs / 1000} s; the connection was dropped`
          : `Sending the enquiry through the SMTP server ${host} failed`;
        throw new Error(what, { cause });
      }
    },
  };
}
