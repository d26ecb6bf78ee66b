/**
 * The contact function's core: one Web-standard handler. It knows no host, file system or clock;
 * everything it needs from outside comes in `env`.
 */
import { type ContactSite, droppedParam, tokenField, tokenPattern } from '../../cli/site/contact/fields.ts';
import { contactFields, honeypotField, langOf, validateContact, type Contact, type ContactErrors } from '../../cli/site/contact/schema.ts';
import { isRecord } from '../../cli/site/json.ts';
import { visitorKey } from './visitor.ts';
import { site } from './services.ts';

export const maxBodyBytes = 16 * 1024;
/** Browsers, proxies and hosts refuse longer headers (8 KB is a common limit), so a redirect stays below. */
const maxLocationBytes = 8000;
const serviceSlugs = site.services.map((s) => s.slug);

export interface Mailer {
  /** Where enquiries go, for log lines, e.g. "the SMTP server mail.example.com:587". */
  destination: string;
  /**
   * Delivers one enquiry; rejects when it was not delivered. `token` is the form's one-time token
   * for it, which every retry repeats (see composeEmail).
   */
  send(contact: Contact, token?: string): Promise<void>;
}

export interface RateLimiter {
  /** Counts one attempt for `key`: 0 when allowed, else the seconds to wait. */
  take(key: string): number;
  /** Uncounts an attempt `take` allowed for `key`: one that was not delivered. */
  giveBack(key: string): void;
}

export interface ContactEnv {
  mailer: Mailer;
  /** Origins that may post besides the request's own, e.g. "https://www.example.com". */
  allowedOrigins: readonly string[];
  rateLimiter: RateLimiter;
  logger: Pick<Console, 'error'>;
  clientIp: string | undefined;
}

type Language = ContactSite['languages'][number];

const json = 'application/json';
const form = 'application/x-www-form-urlencoded';
const noStore = { 'Cache-Control': 'no-store' };

export async function handleContact(request: Request, env: ContactEnv): Promise<Response> {
  if (request.method !== 'POST') return methodNotAllowed();
  if (isCrossSite(request, env.allowedOrigins)) return failure(403, 'cross_site_request');
  const type = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (type !== json && type !== form) return failure(415, 'unsupported_media_type', { 'Accept-Post': `${json}, ${form}` });
  let body: string | undefined;
  try {
    body = await readText(request, maxBodyBytes);
  } catch (error) {
    // A visitor who closes the tab mid-upload; one line, as thousands of them may come.
    env.logger.error(
      `Contact form: the request body broke off (${(error as Error).message}); the client went away before sending it all, so there was nothing to deliver.`,
    );
    return failure(400, 'incomplete_body');
  }
  if (body === undefined) return failure(413, 'payload_too_large');
  const input = type === json ? parseJsonObject(body) : Object.fromEntries(new URLSearchParams(body));
  if (input === undefined) return failure(400, 'invalid_body');

  const lang = langOf(input, site.languages);
  const reply = type === json ? jsonReply : formReply(lang, input);
  if (input[honeypotField] !== '') return reply.sent();
  const result = validateContact(input, lang.code, lang.messages, serviceSlugs);
  if (!result.ok) return reply.invalid(result.errors);
  // Only delivered enquiries count, so a visitor fixing typos, or trying again while the mail
  // server is down, is never locked out. Counted before sending, so a burst cannot slip past.
  const visitor = visitorKey(env.clientIp);
  const wait = env.rateLimiter.take(visitor);
  if (wait > 0) return reply.limited(wait);
  const token = input[tokenField];
  try {
    await env.mailer.send(result.value, typeof token === 'string' && tokenPattern.test(token) ? token : undefined);
  } catch (error) {
    env.rateLimiter.giveBack(visitor);
    env.logger.error(
      'Contact form: the enquiry could not be delivered; the visitor was asked to try again. Check the mail settings (SMTP_URL, CONTACT_FROM, CONTACT_TO).',
      error,
    );
    return reply.failed();
  }
  return reply.sent();
}

interface Reply {
  sent(): Response;
  invalid(errors: ContactErrors): Response;
  limited(retryAfterSeconds: number): Response;
  failed(): Response;
}

const jsonReply: Reply = {
  sent: () => Response.json({ ok: true }, { headers: noStore }),
  invalid: (errors) => Response.json({ ok: false, errors }, { status: 400, headers: noStore }),
  limited: (seconds) => failure(429, 'rate_limited', { 'Retry-After': String(seconds) }),
  failed: () => failure(502, 'send_failed'),
};

/**
 * The form keeps its data on the error page through the URL fragment, which browsers never send
 * to a server, so the visitor's details stay out of every access log.
 */
function formReply(pages: Language, input: Record<string, unknown>): Reply {
  const failedPage = withFields(pages.failed, input);
  const redirect = (location: string, headers: Record<string, string> = {}) =>
    new Response(null, { status: 303, headers: { Location: location, ...noStore, ...headers } });
  return {
    sent: () => redirect(pages.sent),
    invalid: () => redirect(failedPage),
    limited: (seconds) => redirect(failedPage, { 'Retry-After': String(seconds) }),
    failed: () => redirect(failedPage),
  };
}

/**
 * `page` with the visitor's fields in its fragment, in form order. A field that would take the
 * URL past maxLocationBytes is left out and named in `dropped`, so the error page can say so.
 */
function withFields(page: string, input: Record<string, unknown>): string {
  const kept = new URLSearchParams();
  const dropped: string[] = [];
  // What the fields may take: the rest goes to the page, "#" and "&dropped=" with every field name.
  const room = maxLocationBytes - page.length - '#&='.length - droppedParam.length - contactFields.join(',').length;
  for (const name of contactFields) {
    const value = input[name];
    if (typeof value !== 'string') continue;
    const next = new URLSearchParams(kept);
    next.append(name, value);
    if (next.toString().length <= room) kept.append(name, value);
    else dropped.push(name);
  }
  if (dropped.length > 0) kept.append(droppedParam, dropped.join(','));
  return `${page}#${kept}`;
}

export function failure(status: number, error: string, headers: Record<string, string> = {}): Response {
  return Response.json({ ok: false, error }, { status, headers: { ...noStore, ...headers } });
}

/** The answer to every method but POST (hosts' adapters use it for those a Request cannot carry). */
export const methodNotAllowed = () => failure(405, 'method_not_allowed', { Allow: 'POST' });

function isCrossSite(request: Request, allowedOrigins: readonly string[]): boolean {
  if (request.headers.get('sec-fetch-site') === 'cross-site') return true;
  const origin = request.headers.get('origin');
  return origin !== null && origin !== new URL(request.url).origin && !allowedOrigins.includes(origin);
}

/** The body as text, or undefined once it passes `limit` bytes; never holds more than that. */
async function readText(request: Request, limit: number): Promise<string | undefined> {
  if (Number(request.headers.get('content-length')) > limit) return undefined;
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let size = 0;
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    size += chunk.value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(chunk.value);
  }
  return new Blob(chunks).text();
}

function parseJsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
