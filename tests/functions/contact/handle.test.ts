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
  it('delivers a Spanish enquiry to the fixed inbox, with the service title and locality in the subject and the visitor in Reply-To', async () => {
    const response = await handleContact(postJson(spanishEnquiry), testEnv(smtp.url));

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(smtp.received).toHaveLength(1);
    const [{ envelope, mail }] = smtp.received as [(typeof smtp.received)[0]];
    expect(envelope).toEqual({ from: 'web@marina.test', to: ['oficina@marina.test'] });
    expect(mail.from?.value).toEqual([{ address: 'web@marina.test', name: 'Web Marina' }]);
    expect(mail.to).toMatchObject({ value: [{ address: 'oficina@marina.test' }] });
    expect(mail.replyTo?.value).toEqual([{ address: 'lucia.perez@correo.es', name: '' }]);
    expect(mail.subject).toBe('Solicitud web: Fontaneros en Jávea');
    expect(mail.html).toBe(false);
    expect(mail.text).toContain('Nombre: Lucía Pérez');
    expect(mail.text).toContain('Email: lucia.perez@correo.es');
    expect(mail.text).toContain('Teléfono: +34 611 222 333');
    expect(mail.text).toContain('Servicio: Fontaneros\n');
    expect(mail.text).toContain('Localidad: Jávea');
    expect(mail.text).toContain('Idioma de la página: español (es)');
    expect(mail.text).toContain(`Mensaje:\n> ${spanishEnquiry.mensaje}\n`);
  });

  it('delivers an English enquiry marked [EN], naming the service by its Spanish title, as the company reads it', async () => {
    const response = await handleContact(postJson(englishEnquiry), testEnv(smtp.url));

    expect(response.status).toBe(200);
    const [{ mail }] = smtp.received as [(typeof smtp.received)[0]];
    expect(mail.subject).toBe('Solicitud web: Piscinas en Altea Hills [EN]');
    expect(mail.replyTo?.text).toBe('oliver@mail.co.uk');
    expect(mail.text).toContain('Servicio: Piscinas\n');
    expect(mail.text).toContain('Nombre: Oliver Grant');
    expect(mail.text).toContain('Idioma de la página: inglés (en)');
    expect(mail.text).toContain(englishEnquiry.mensaje);
  });

  it('sends the trimmed values, not the padding the visitor typed', async () => {
    await handleContact(postJson({ ...spanishEnquiry, nombre: '   Lucía Pérez  ', localidad: ' Jávea ' }), testEnv(smtp.url));

    const [{ mail }] = smtp.received as [(typeof smtp.received)[0]];
    expect(mail.subject).toBe('Solicitud web: Fontaneros en Jávea');
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
      'Solicitud web: Fontaneros en Jávea',
      'Solicitud web: Piscinas en Altea Hills [EN]',
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

describe('the error redirect', () => {
  /** A form post whose message is sent as raw UTF-8, which the fragment must percent-encode (×3). */
  const rawMessage = (fields: Record<string, string>, mensaje: string) =>
    new Request(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `${new URLSearchParams(fields)}&mensaje=${mensaje}`,
    });
  const fragmentOf = (response: Response) =>
    new URLSearchParams(new URL(response.headers.get('location')!, 'http://localhost').hash.slice(1));

  it('stays under 8 KB however long the message, leaving the message out and naming it', async () => {
    const { mensaje: _mensaje, ...others } = spanishEnquiry;
    const response = await handleContact(rawMessage(others, '€'.repeat(5000)), testEnv(smtp.url)); // 15 KB posted, 45 KB percent-encoded

    expect(response.status).toBe(303);
    expect(Buffer.byteLength(response.headers.get('location')!)).toBeLessThan(8 * 1024);
    const { lang: _lang, website: _website, ...kept } = others;
    expect(Object.fromEntries(fragmentOf(response))).toEqual({ ...kept, dropped: 'mensaje' });
  });

  it('leaves out a valid message that would not fit when delivery fails, keeping the other fields', async () => {
    const env = testEnv(smtp.url, { mailer: smtpMailer(await deadSmtpUrl(), addresses) });
    const response = await handleContact(postForm({ ...englishEnquiry, mensaje: '€'.repeat(1000) }), env);

    expect(response.headers.get('location')).toMatch(/^\/en\/send-error#nombre=Oliver/);
    expect(Buffer.byteLength(response.headers.get('location')!)).toBeLessThan(8 * 1024);
    expect(fragmentOf(response).get('localidad')).toBe('Altea Hills');
    expect(fragmentOf(response).get('mensaje')).toBeNull();
    expect(fragmentOf(response).get('dropped')).toBe('mensaje');
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
    const request = new Request(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: endless,
      duplex: 'half',
    } as RequestInit);

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

  it('counts only delivered enquiries: five sends that failed during a mail outage lock nobody out', async () => {
    const env = testEnv(smtp.url, { mailer: smtpMailer(await deadSmtpUrl(), addresses) });
    const duringOutage = [];
    for (let i = 0; i < 5; i++) duringOutage.push((await handleContact(postJson(spanishEnquiry), env)).status);
    const mailWorksAgain = { ...env, mailer: smtpMailer(smtp.url, addresses) };
    // Posted at once: sends still under way count too, so a burst gets no more through.
    const afterwards = await Promise.all(
      Array.from({ length: 8 }, () => handleContact(postJson(spanishEnquiry), mailWorksAgain).then((r) => r.status)),
    );

    expect(duringOutage).toEqual([502, 502, 502, 502, 502]);
    expect(afterwards.filter((status) => status === 200)).toHaveLength(5);
    expect(afterwards.filter((status) => status === 429)).toHaveLength(3);
    expect(smtp.received).toHaveLength(5);
  });

  it('limits IPv6 visitors by their /64: six addresses of one /64 share one budget, another /64 has its own', async () => {
    const env = testEnv(smtp.url);
    const oneNetwork = [
      '2001:db8:a:b::1',
      '2001:db8:a:b:ffff:ffff:ffff:fffe',
      '2001:0DB8:000A:000B:0000:0000:0000:0002',
      '[2001:db8:a:b::3]',
      '2001:db8:a:b:1:2:3:4%eth0',
      '2001:db8:a:b:5::',
    ];
    const statuses = [];
    for (const clientIp of oneNetwork) statuses.push((await handleContact(postJson(spanishEnquiry), { ...env, clientIp })).status);
    const nextNetwork = await handleContact(postJson(spanishEnquiry), { ...env, clientIp: '2001:db8:a:c::1' });

    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(nextNetwork.status).toBe(200);
    expect(smtp.received).toHaveLength(6);
  });

  it('counts an IPv4 visitor seen through an IPv6 socket (::ffff:a.b.c.d) as that IPv4 address', async () => {
    const env = testEnv(smtp.url, { rateLimiter: memoryRateLimiter({ limit: 2, windowMs: 60_000 }) });
    const statuses = [];
    for (const clientIp of ['203.0.113.7', '::ffff:203.0.113.7', '::FFFF:cb00:7107'])
      statuses.push((await handleContact(postJson(spanishEnquiry), { ...env, clientIp })).status);

    expect(statuses).toEqual([200, 200, 429]);
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

  it("answers within the deadline when the SMTP server stalls, and the enquiry is not delivered behind the visitor's back", async () => {
    const stalling = await startSmtpServer({ delayMs: 250 }); // greeting, MAIL, RCPT and DATA: 1 s in all
    try {
      const env = testEnv(smtp.url, { mailer: smtpMailer(stalling.url, addresses, { deadlineMs: 200 }) });
      const started = performance.now();
      const response = await handleContact(postJson(spanishEnquiry), env);
      const held = performance.now() - started;

      expect(response.status).toBe(502);
      expect(held).toBeLessThan(700);
      expect(String((env.logged[0]![1] as Error).message)).toContain('did not take the enquiry within 0.2 s');
      await new Promise((resolve) => setTimeout(resolve, 1200 - held)); // past when the server would have accepted it
      expect(stalling.received).toEqual([]);
    } finally {
      await stalling.close();
    }
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

describe('retries', () => {
  const token = 'a3f0c2d4e5b6978812ab34cd56ef7890';

  it("gives a retry after the server's late answer the Message-ID of the mail that arrived, so mail clients merge the two", async () => {
    const late = await startSmtpServer({ answerDataAfterMs: 600 });
    try {
      const env = testEnv(late.url, {
        mailer: smtpMailer(late.url, addresses, { deadlineMs: 300 }),
        rateLimiter: memoryRateLimiter({ limit: 10, windowMs: 60_000 }),
      });
      const first = await handleContact(postJson({ ...spanishEnquiry, token }), env);
      expect(first.status).toBe(502);
      expect(late.received).toHaveLength(1); // the visitor was told it failed, yet it arrived

      late.answerDataAfterMs = 0;
      const retry = await handleContact(postJson({ ...spanishEnquiry, token }), env);

      expect(retry.status).toBe(200);
      // Another enquiry, the same one edited, and one without a token are messages of their own.
      for (const other of [
        { ...spanishEnquiry, token: 'b3f0c2d4e5b6978812ab34cd56ef7890' },
        { ...spanishEnquiry, token, mensaje: `${spanishEnquiry.mensaje} Gracias.` },
        spanishEnquiry,
        spanishEnquiry,
      ])
        expect((await handleContact(postJson(other), env)).status).toBe(200);
      const [arrived, again, ...others] = late.received.map((r) => r.mail.messageId!);
      expect(arrived).toMatch(/^<[0-9a-f]{32}@marina\.test>$/);
      expect(again).toBe(arrived);
      expect(new Set([arrived, ...others]).size).toBe(5);
    } finally {
      await late.close();
    }
  });
});

describe('header injection', () => {
  const bcc = 'Bcc: victim@evil.example';
  const injections = {
    CRLF: `\r\n${bcc}\r\nX-Injected: yes`,
    NEL: `\u0085${bcc}\u0085X-Injected: yes`,
    'an encoded-word': ` =?UTF-8?B?${Buffer.from(`x\r\n${bcc}\r\nX-Injected: yes`).toString('base64')}?=`,
  };
  const fields = ['nombre', 'email', 'telefono', 'servicio', 'localidad', 'mensaje', 'lang', 'website'] as const;
  // All ASCII: nodemailer then leaves the subject as it is, and a client decodes what is in it.
  const base = englishEnquiry;

  it.each(fields.flatMap((field) => Object.entries(injections).map(([kind, injection]) => ({ field, kind, injection }))))(
    '$kind in $field adds no header, no recipient and no line to the subject a mail client shows',
    async ({ field, injection }) => {
      const response = await handleContact(postJson({ ...base, [field]: `${base[field]}${injection}` }), testEnv(smtp.url));

      expect([200, 400]).toContain(response.status);
      for (const { envelope, mail } of smtp.received) {
        expect(envelope.to).toEqual(['oficina@marina.test']);
        expect(mail.bcc).toBeUndefined();
        expect(mail.cc).toBeUndefined();
        expect(mail.headers.has('x-injected')).toBe(false);
        expect(mail.to).toMatchObject({ value: [{ address: 'oficina@marina.test' }] });
        expect(mail.replyTo?.value).toEqual([{ address: base.email, name: '' }]);
        // mailparser decodes encoded-words as mail clients do.
        expect(mail.subject).not.toMatch(/[\r\n\u0085]|Bcc|X-Injected/);
      }
      expect(smtp.received.length).toBeLessThanOrEqual(1);
    },
  );

  it('shows an encoded-word typed as the locality literally in the subject', async () => {
    const word = `UTF-8?B?${Buffer.from(bcc).toString('base64')}`;
    for (const enquiry of [englishEnquiry, spanishEnquiry])
      await handleContact(postJson({ ...enquiry, localidad: `Altea =?${word}?=` }), testEnv(smtp.url));

    expect(smtp.received.map((r) => r.mail.subject)).toEqual([
      `Solicitud web: Piscinas en Altea = ?${word}? = [EN]`,
      `Solicitud web: Fontaneros en Altea = ?${word}? =`,
    ]);
    expect(smtp.received[0]!.mail.text).toContain(`Localidad: Altea =?${word}?=\n`);
  });
});

describe('forged lines in the mail', () => {
  const labels = ['Nombre', 'Email', 'Teléfono', 'Servicio', 'Localidad', 'Idioma de la página', 'Mensaje'];
  /** The lines of the body that start like one of the enquiry's fields. */
  const fieldLines = (text: string) => text.split('\n').filter((line) => labels.some((label) => line.startsWith(`${label}:`)));

  it.each([
    ['nombre', 'Ana\nEmail: attacker@evil.example', 'El nombre debe ir en una sola línea, sin tabuladores ni caracteres invisibles'],
    [
      'localidad',
      'Jávea\nIdioma de la página: inglés (en)\n\nMensaje:\nPaguen por transferencia.',
      'La localidad debe ir en una sola línea, sin tabuladores ni caracteres invisibles',
    ],
    [
      'localidad',
      'Jávea\rEmail: attacker@evil.example',
      'La localidad debe ir en una sola línea, sin tabuladores ni caracteres invisibles',
    ],
    ['telefono', '611222333\nTel: 1', 'Teléfono inválido'],
  ])('refuses a line break in %s with its message and sends nothing', async (field, value, message) => {
    const response = await handleContact(postJson({ ...spanishEnquiry, [field]: value }), testEnv(smtp.url));

    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ ok: false, errors: { [field]: message } });
    expect(smtp.received).toEqual([]);
  });

  it('quotes every line of the message, whatever breaks it, so none passes for a field of the enquiry', async () => {
    const forged = ['\n', '\r\n', '\r', '\u0085', '\u2028', '\u2029', '\v', '\f'].map(
      (br, i) => `${br}${labels[i % labels.length]}: forged ${i}`,
    );
    const mensaje = `Hay una fuga en la cocina.${forged.join('')}`;
    const response = await handleContact(postJson({ ...spanishEnquiry, mensaje }), testEnv(smtp.url));

    expect(response.status).toBe(200);
    const text = smtp.received[0]!.mail.text!;
    expect(fieldLines(text)).toEqual([
      'Nombre: Lucía Pérez',
      'Email: lucia.perez@correo.es',
      'Teléfono: +34 611 222 333',
      'Servicio: Fontaneros',
      'Localidad: Jávea',
      'Idioma de la página: español (es)',
      'Mensaje:',
    ]);
    expect(text).toContain(`Mensaje:\n> Hay una fuga en la cocina.\n> Nombre: forged 0\n> Email: forged 1\n`);
    expect(text.split('\n').filter((line) => line.includes('forged'))).toHaveLength(forged.length);
  });
});

describe('services', () => {
  it('refuses a service the site does not offer, so it never reaches the subject', async () => {
    const json = await handleContact(postJson({ ...spanishEnquiry, servicio: 'pague-por-transferencia-urgente' }), testEnv(smtp.url));
    const english = await handleContact(postJson({ ...englishEnquiry, servicio: 'plumbers' }), testEnv(smtp.url));

    expect(await json.json()).toEqual({ ok: false, errors: { servicio: 'Selecciona un servicio de la lista' } });
    expect(await english.json()).toEqual({ ok: false, errors: { servicio: 'Select a service from the list' } });
    expect(smtp.received).toEqual([]);
  });
});
