import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { handleContact, maxBodyBytes } from '../../../functions/contact/handle.ts';
import { memoryRateLimiter } from '../../../functions/contact/rate-limit.ts';
import { smtpMailer } from '../../../functions/contact/smtp.ts';
import { deadSmtpUrl, startSmtpServer, type TestSmtpServer } from '../smtp-server.ts';
import { addresses, emptyFieldMessages, endpoint, englishEnquiry, postForm, postJson, spanishEnquiry, testEnv } from './fixtures.ts';

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp.close());
beforeEach(() => {
  smtp.received.length = 0;
});

describe('delivery', () => {
  it('delivers a Spanish enquiry to the fixed inbox, with service and locality in the subject and the visitor in Reply-To', async () => {
    const response = await handleContact(postJson(spanishEnquiry), testEnv(smtp.url));

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(smtp.received).toHaveLength(1);
    const [{ envelope, mail }] = smtp.received as [(typeof smtp.received)[0]];
    expect(envelope).toEqual({ from: 'web@marina.test', to: ['oficina@marina.test'] });
    expect(mail.from?.value).toEqual([{ address: 'web@marina.test', name: 'Web Marina' }]);
    expect(mail.to).toMatchObject({ value: [{ address: 'oficina@marina.test' }] });
    expect(mail.replyTo?.value).toEqual([{ address: 'lucia.perez@correo.es', name: '' }]);
    expect(mail.subject).toBe('Solicitud web: fontaneros en Jávea');
    expect(mail.html).toBe(false);
    expect(mail.text).toContain('Nombre: Lucía Pérez');
    expect(mail.text).toContain('Email: lucia.perez@correo.es');
    expect(mail.text).toContain('Teléfono: +34 611 222 333');
    expect(mail.text).toContain('Servicio: fontaneros');
    expect(mail.text).toContain('Localidad: Jávea');
    expect(mail.text).toContain('Idioma de la página: español (es)');
    expect(mail.text).toContain(spanishEnquiry.mensaje);
  });

  it('delivers an English enquiry marked [EN] with the page language in the body', async () => {
    const response = await handleContact(postJson(englishEnquiry), testEnv(smtp.url));

    expect(response.status).toBe(200);
    const [{ mail }] = smtp.received as [(typeof smtp.received)[0]];
    expect(mail.subject).toBe('Solicitud web: piscinas en Altea Hills [EN]');
    expect(mail.replyTo?.text).toBe('oliver@mail.co.uk');
    expect(mail.text).toContain('Nombre: Oliver Grant');
    expect(mail.text).toContain('Idioma de la página: inglés (en)');
    expect(mail.text).toContain(englishEnquiry.mensaje);
  });

  it('sends the trimmed values, not the padding the visitor typed', async () => {
    await handleContact(postJson({ ...spanishEnquiry, nombre: '   Lucía Pérez  ', localidad: ' Jávea ' }), testEnv(smtp.url));

    const [{ mail }] = smtp.received as [(typeof smtp.received)[0]];
    expect(mail.subject).toBe('Solicitud web: fontaneros en Jávea');
    expect(mail.text).toContain('Nombre: Lucía Pérez\n');
  });
});

describe('validation', () => {
  it('answers invalid Spanish data with 400 and a Spanish message per field, sending nothing', async () => {
    const response = await handleContact(
      postJson({ nombre: 'L', email: 'lucia@', telefono: '123', servicio: '', localidad: '', mensaje: 'Hola', lang: 'es', website: '' }),
      testEnv(smtp.url),
    );

    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      ok: false,
      errors: emptyFieldMessages.es,
    });
    expect(smtp.received).toEqual([]);
  });

  it('answers invalid English data in English', async () => {
    const response = await handleContact(postJson({ ...englishEnquiry, mensaje: 'x'.repeat(1001) }), testEnv(smtp.url));

    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ ok: false, errors: { mensaje: 'Message must be at most 1000 characters' } });
  });

  it('answers a body that is not a JSON object with 400', async () => {
    for (const body of ['{"nombre": ', '[1, 2]', '"hola"', 'null']) {
      const response = await handleContact(postJson(body), testEnv(smtp.url));
      expect(response.status, body).toBe(400);
      expect(await response.json()).toEqual({ ok: false, error: 'invalid_body' });
    }
    expect(smtp.received).toEqual([]);
  });
});

describe('form posts without JavaScript', () => {
  it('redirect with 303 to the thank-you page of their language', async () => {
    const spanish = await handleContact(postForm(spanishEnquiry), testEnv(smtp.url));
    const english = await handleContact(postForm(englishEnquiry), testEnv(smtp.url));

    expect(spanish.status).toBe(303);
    expect(spanish.headers.get('location')).toBe('/mensaje-enviado');
    expect(english.status).toBe(303);
    expect(english.headers.get('location')).toBe('/en/message-sent');
    expect(smtp.received.map((r) => r.mail.subject)).toEqual([
      'Solicitud web: fontaneros en Jávea',
      'Solicitud web: piscinas en Altea Hills [EN]',
    ]);
  });

  it('send invalid data back to the error page with the fields, but not the honeypot, in the URL fragment', async () => {
    const spanish = await handleContact(postForm({ ...spanishEnquiry, email: 'lucia en correo.es' }), testEnv(smtp.url));
    const english = await handleContact(postForm({ ...englishEnquiry, telefono: '12' }), testEnv(smtp.url));

    expect(spanish.status).toBe(303);
    const [path, fragment] = spanish.headers.get('location')!.split('#') as [string, string];
    expect(path).toBe('/error-envio');
    const { lang: _lang, website: _website, ...fields } = spanishEnquiry;
    expect(Object.fromEntries(new URLSearchParams(fragment))).toEqual({ ...fields, email: 'lucia en correo.es' });
    expect(english.headers.get('location')).toMatch(/^\/en\/send-error#nombre=Oliver\+Grant&/);
    expect(smtp.received).toEqual([]);
  });
});

describe('rejections', () => {
  it('refuses methods other than POST with 405 and an Allow header', async () => {
    for (const method of ['GET', 'PUT', 'DELETE', 'OPTIONS']) {
      const response = await handleContact(new Request(endpoint, { method }), testEnv(smtp.url));
      expect(response.status, method).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
    }
  });

  it('refuses content types other than JSON and urlencoded with 415', async () => {
    const multipart = new FormData();
    for (const [name, value] of Object.entries(spanishEnquiry)) multipart.append(name, value);
    const requests = [
      new Request(endpoint, { method: 'POST', body: multipart }),
      new Request(endpoint, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify(spanishEnquiry) }),
      new Request(endpoint, { method: 'POST', body: JSON.stringify(spanishEnquiry) }),
    ];
    for (const request of requests) expect((await handleContact(request, testEnv(smtp.url))).status).toBe(415);
    expect(smtp.received).toEqual([]);
  });

  it('refuses a body over 16 KB with 413', async () => {
    const response = await handleContact(postJson({ ...spanishEnquiry, mensaje: 'a'.repeat(maxBodyBytes) }), testEnv(smtp.url));

    expect(response.status).toBe(413);
    expect(smtp.received).toEqual([]);
  });

  it('refuses a declared Content-Length over 16 KB before reading the body', async () => {
    let pulled = false;
    const body = new ReadableStream(
      {
        pull() {
          pulled = true;
        },
      },
      { highWaterMark: 0 },
    );
    const request = new Request(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(maxBodyBytes + 1) },
      body,
      duplex: 'half',
    } as RequestInit);

    expect((await handleContact(request, testEnv(smtp.url))).status).toBe(413);
    expect(pulled).toBe(false);
  });

  it('stops reading an endless chunked body soon after 16 KB and answers 413', async () => {
    let produced = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        produced += 1024;
        controller.enqueue(new TextEncoder().encode('a'.repeat(1024)));
      },
    });
    const request = new Request(endpoint, { method: 'POST', headers: { 'content-type': 'application/json' }, body: endless, duplex: 'half' } as RequestInit);

    expect((await handleContact(request, testEnv(smtp.url))).status).toBe(413);
    expect(produced).toBeLessThan(maxBodyBytes + 8 * 1024);
  });

  it('refuses a post from a foreign Origin with 403 and accepts its own and the configured ones', async () => {
    const foreign = await handleContact(postJson(spanishEnquiry, { origin: 'https://evil.example' }), testEnv(smtp.url));
    const own = await handleContact(postJson(spanishEnquiry, { origin: 'http://localhost' }), testEnv(smtp.url));
    const configured = await handleContact(postJson(spanishEnquiry, { origin: 'https://www.marina.test' }), testEnv(smtp.url));

    expect(foreign.status).toBe(403);
    expect(own.status).toBe(200);
    expect(configured.status).toBe(200);
    expect(smtp.received).toHaveLength(2);
  });

  it('refuses a cross-site fetch with 403 even without an Origin header', async () => {
    const response = await handleContact(postForm(spanishEnquiry, { 'sec-fetch-site': 'cross-site' }), testEnv(smtp.url));

    expect(response.status).toBe(403);
    expect(smtp.received).toEqual([]);
  });

  it('answers a filled honeypot with a fake success and sends nothing', async () => {
    const json = await handleContact(postJson({ ...spanishEnquiry, website: 'https://spam.example' }), testEnv(smtp.url));
    const form = await handleContact(postForm({ ...englishEnquiry, website: 'spam' }), testEnv(smtp.url));

    expect(json.status).toBe(200);
    expect(await json.json()).toEqual({ ok: true });
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe('/en/message-sent');
    expect(smtp.received).toEqual([]);
  });

  it('answers a missing honeypot with a fake success and sends nothing', async () => {
    const { website: _website, ...withoutHoneypot } = spanishEnquiry;
    const response = await handleContact(postJson(withoutHoneypot), testEnv(smtp.url));

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(smtp.received).toEqual([]);
  });
});

describe('rate limit', () => {
  it('lets one address send 5 enquiries in 10 minutes, answers the 6th with 429 and Retry-After, and lets it in again later', async () => {
    let now = Date.parse('2025-06-01T10:00:00Z');
    const env = testEnv(smtp.url, { rateLimiter: memoryRateLimiter({ limit: 5, windowMs: 10 * 60_000, now: () => now }) });

    for (let i = 0; i < 5; i++) {
      expect((await handleContact(postJson(spanishEnquiry), env)).status).toBe(200);
      now += 60_000;
    }
    const limited = await handleContact(postJson(spanishEnquiry), env);
    const otherVisitor = await handleContact(postJson(spanishEnquiry), { ...env, clientIp: '198.51.100.20' });
    now += 5 * 60_000;
    const later = await handleContact(postJson(spanishEnquiry), env);

    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('300');
    expect(await limited.json()).toEqual({ ok: false, error: 'rate_limited' });
    expect(otherVisitor.status).toBe(200);
    expect(later.status).toBe(200);
    expect(smtp.received).toHaveLength(7);
  });

  it('sends a rate-limited form post to the error page with its data kept', async () => {
    const env = testEnv(smtp.url, { rateLimiter: memoryRateLimiter({ limit: 0, windowMs: 60_000 }) });
    const response = await handleContact(postForm(englishEnquiry), env);

    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toMatch(/^\/en\/send-error#nombre=Oliver/);
    expect(response.headers.get('retry-after')).toBe('60');
    expect(smtp.received).toEqual([]);
  });
});

describe('failed delivery', () => {
  it('answers 502 without detail when the SMTP server refuses the recipient, and logs the error', async () => {
    const refusing = await startSmtpServer({ refuseRecipients: true });
    try {
      const env = testEnv(smtp.url, { mailer: smtpMailer(refusing.url, addresses) });
      const response = await handleContact(postJson(spanishEnquiry), env);

      expect(response.status).toBe(502);
      const body = await response.text();
      expect(JSON.parse(body)).toEqual({ ok: false, error: 'send_failed' });
      expect(body).not.toMatch(/550|Mailbox|127\.0\.0\.1|oficina/);
      expect(env.logged).toHaveLength(1);
      const error = env.logged[0]![1] as Error;
      expect(error.message).toContain(new URL(refusing.url).host);
      expect(String((error.cause as Error).message)).toContain('Mailbox unavailable');
      expect(refusing.received).toEqual([]);
    } finally {
      await refusing.close();
    }
  });

  it('answers 502 when the SMTP server is down', async () => {
    const env = testEnv(smtp.url, { mailer: smtpMailer(await deadSmtpUrl(), addresses) });
    const response = await handleContact(postJson(englishEnquiry), env);

    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ ok: false, error: 'send_failed' });
    expect(env.logged).toHaveLength(1);
  });

  it('sends a form post whose delivery failed to the error page of its language with its data kept', async () => {
    const env = testEnv(smtp.url, { mailer: smtpMailer(await deadSmtpUrl(), addresses) });
    const response = await handleContact(postForm(spanishEnquiry), env);

    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location')!, 'http://localhost');
    expect(location.pathname).toBe('/error-envio');
    expect(new URLSearchParams(location.hash.slice(1)).get('mensaje')).toBe(spanishEnquiry.mensaje);
  });
});

describe('header injection', () => {
  const injection = '\r\nBcc: victim@evil.example\r\nX-Injected: yes';
  const fields = ['nombre', 'email', 'telefono', 'servicio', 'localidad', 'mensaje', 'lang', 'website'] as const;

  it.each(fields)('a CRLF header injection in %s adds no header and no recipient', async (field) => {
    const response = await handleContact(postJson({ ...spanishEnquiry, [field]: `${spanishEnquiry[field]}${injection}` }), testEnv(smtp.url));

    expect([200, 400]).toContain(response.status);
    for (const { envelope, mail } of smtp.received) {
      expect(envelope.to).toEqual(['oficina@marina.test']);
      expect(mail.bcc).toBeUndefined();
      expect(mail.cc).toBeUndefined();
      expect(mail.headers.has('x-injected')).toBe(false);
      expect(mail.to).toMatchObject({ value: [{ address: 'oficina@marina.test' }] });
      expect(mail.replyTo?.value).toEqual([{ address: spanishEnquiry.email, name: '' }]);
      expect(mail.subject).not.toMatch(/[\r\n]/);
    }
    expect(smtp.received.length).toBeLessThanOrEqual(1);
  });
});
