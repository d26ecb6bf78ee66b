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

/** The message of spec §5 for each empty field, in the order of the form. */
export const emptyFieldMessages = {
  es: {
    nombre: 'El nombre debe tener al menos 2 caracteres',
    email: 'Email inválido',
    telefono: 'Teléfono inválido',
    servicio: 'Selecciona un servicio',
    localidad: 'La localidad es requerida',
    mensaje: 'El mensaje debe tener al menos 10 caracteres',
  },
  en: {
    nombre: 'Name must be at least 2 characters',
    email: 'Invalid email',
    telefono: 'Invalid phone',
    servicio: 'Select a service',
    localidad: 'Locality is required',
    mensaje: 'Message must be at least 10 characters',
  },
} as const;
