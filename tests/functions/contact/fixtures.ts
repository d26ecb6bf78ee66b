/** Real inputs for the contact function's tests. */
import type { ContactEnv } from '../../../functions/contact/handle.ts';
import { memoryRateLimiter } from '../../../functions/contact/rate-limit.ts';
import { smtpMailer } from '../../../functions/contact/smtp.ts';

export const endpoint = 'http://localhost/api/send-contact-email';
export const addresses = { from: 'Web Marina <web@marina.test>', to: 'oficina@marina.test' };

export const spanishEnquiry = {
  nombre: 'Lucía Pérez',
  email: 'lucia.perez@correo.es',
  telefono: '+34 611 222 333',
  servicio: 'fontaneros',
  localidad: 'Jávea',
  mensaje: 'Tenemos una fuga bajo el fregadero de la cocina. ¿Podéis venir esta semana?',
  lang: 'es',
  website: '',
};

export const englishEnquiry = {
  nombre: 'Oliver Grant',
  email: 'oliver@mail.co.uk',
  telefono: '07700 900123',
  servicio: 'piscinas',
  localidad: 'Altea Hills',
  mensaje: 'Could you look after our pool while we are away from June to September?',
  lang: 'en',
  website: '',
};

export function postJson(body: unknown, headers: Record<string, string> = {}): Request {
  return new Request(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

export function postForm(fields: Record<string, string>, headers: Record<string, string> = {}): Request {
  return new Request(endpoint, { method: 'POST', headers, body: new URLSearchParams(fields) });
}

export interface TestEnv extends ContactEnv {
  logged: unknown[][];
}

/** A fresh env per test (fresh rate limit) that delivers to `smtpUrl` and records log lines. */
export function testEnv(smtpUrl: string, overrides: Partial<ContactEnv> = {}): TestEnv {
  const logged: unknown[][] = [];
  return {
    mailer: smtpMailer(smtpUrl, addresses),
    allowedOrigins: ['https://www.marina.test'],
    rateLimiter: memoryRateLimiter({ limit: 5, windowMs: 10 * 60_000 }),
    logger: { error: (...args: unknown[]) => void logged.push(args) },
    clientIp: '203.0.113.7',
    logged,
    ...overrides,
  };
}
