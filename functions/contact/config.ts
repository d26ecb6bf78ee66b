/** The one place that turns environment variables into the handler's env, for every host. */
import type { ContactEnv } from './handle.ts';
import type { Addresses } from './message.ts';
import { outboxMailer } from './outbox.ts';
import { memoryRateLimiter } from './rate-limit.ts';
import { smtpMailer } from './smtp.ts';

export type HostEnv = Omit<ContactEnv, 'clientIp'>;

export { contactPath } from '../../cli/site/contact/fields.ts';
type Vars = Record<string, string | undefined>;

/**
 * Reads SMTP_URL, CONTACT_FROM, CONTACT_TO, ALLOWED_ORIGINS and OUTBOX_DIR. Without SMTP_URL,
 * enquiries go to the `.eml` outbox when `outbox` is allowed (local runs); hosted functions
 * have no lasting disk, so there a missing SMTP_URL is a configuration error.
 */
export function createContactEnv(vars: Vars, { outbox }: { outbox: boolean }): HostEnv {
  const smtpUrl = vars.SMTP_URL?.trim();
  if (!smtpUrl && !outbox) {
    throw new Error(
      "The contact function has no SMTP_URL: set SMTP_URL, CONTACT_FROM and CONTACT_TO in the host's environment variables, or no enquiry can be delivered.",
    );
  }
  const addresses: Addresses = {
    from: address(vars, 'CONTACT_FROM', smtpUrl ? undefined : 'Web <web@localhost.test>'),
    to: address(vars, 'CONTACT_TO', smtpUrl ? undefined : 'inbox@localhost.test'),
  };
  return {
    mailer: smtpUrl ? smtpMailer(smtpUrl, addresses) : outboxMailer(vars.OUTBOX_DIR || '.outbox', addresses),
    allowedOrigins: (vars.ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    rateLimiter: memoryRateLimiter({ limit: 5, windowMs: 10 * 60_000 }),
    logger: console,
  };
}

function address(vars: Vars, name: string, fallback: string | undefined): string {
  const value = vars[name]?.trim() || fallback;
  if (!value) throw new Error(`SMTP_URL is set but ${name} is not: set ${name} to an e-mail address such as "Web <web@your-domain.es>".`);
  if (!value.includes('@') || /[\r\n]/.test(value)) throw new Error(`${name} is "${value}", which is not one e-mail address on one line.`);
  return value;
}
