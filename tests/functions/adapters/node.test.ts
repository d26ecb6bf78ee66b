import { createServer, request as httpRequest, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { nodeContactHandler } from '../../../functions/adapters/node.ts';
import { memoryRateLimiter } from '../../../functions/contact/rate-limit.ts';
import { smtpMailer } from '../../../functions/contact/smtp.ts';
import { addresses, englishEnquiry, spanishEnquiry } from '../contact/fixtures.ts';
import { startSmtpServer, type TestSmtpServer } from '../smtp-server.ts';

let smtp: TestSmtpServer;
let server: Server;
let base: string;
let logged: unknown[][];
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp.close());
beforeEach(async () => {
  smtp.received.length = 0;
  logged = [];
  const handler = nodeContactHandler({
    mailer: smtpMailer(smtp.url, addresses),
    allowedOrigins: [],
    rateLimiter: memoryRateLimiter({ limit: 5, windowMs: 60_000 }),
    logger: { error: (...args: unknown[]) => void logged.push(args) },
  });
  server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  const closed = new Promise((resolve) => server.close(resolve));
  server.closeAllConnections(); // the endless upload's client may still be mid-request
  await closed;
});

it('turns a browser form post over HTTP into a 303 and a delivered message', async () => {
  const response = await fetch(`${base}/api/send-contact-email`, {
    method: 'POST',
    body: new URLSearchParams(englishEnquiry),
    headers: { origin: base },
    redirect: 'manual',
  });

  expect(response.status).toBe(303);
  expect(response.headers.get('location')).toBe('/en/message-sent');
  expect(smtp.received.map((r) => r.mail.subject)).toEqual(['Solicitud web: Piscinas en Altea Hills [EN]']);
});

it('passes the JSON answer, status and headers back over HTTP', async () => {
  const response = await fetch(`${base}/api/send-contact-email`, {
    method: 'POST',
    body: JSON.stringify({ ...spanishEnquiry, telefono: '1' }),
    headers: { 'content-type': 'application/json', origin: base },
  });

  expect(response.status).toBe(400);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(await response.json()).toEqual({ ok: false, errors: { telefono: 'Teléfono inválido' } });
});

it('refuses a chunked upload without Content-Length once it passes 16 KB', async () => {
  const status = await new Promise<number | string>((resolve) => {
    const req = httpRequest(
      `${base}/api/send-contact-email`,
      { method: 'POST', headers: { 'content-type': 'application/json' } },
      (res) => {
        resolve(res.statusCode!);
        req.destroy();
      },
    );
    req.on('error', (error) => resolve(error.message));
    const chunk = 'a'.repeat(1024);
    const write = () => {
      while (req.write(chunk)) {}
      req.once('drain', write);
    };
    write();
  });

  expect(status).toBe(413);
});

it('rate-limits each client by the address its socket comes from', async () => {
  const postFrom = (localAddress: string) =>
    new Promise<number>((resolve, reject) => {
      const options = { method: 'POST', localAddress, headers: { 'content-type': 'application/json' } };
      httpRequest(`${base}/api/send-contact-email`, options, (res) => resolve(res.resume().statusCode!))
        .on('error', reject)
        .end(JSON.stringify(spanishEnquiry));
    });
  const statuses = [];
  for (let i = 0; i < 6; i++) statuses.push(await postFrom('127.0.0.1'));

  expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  expect(await postFrom('127.0.0.2')).toBe(200);
});

/** Sends `head` (and `body`) as written, and resolves with the status line, or '' if the client hangs up first. */
function raw(head: string, { body = '', hangUp = false } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(new URL(base).port), '127.0.0.1', () => {
      socket.write(`${head}\r\n\r\n${body}`);
      if (!hangUp) return;
      setTimeout(() => {
        socket.destroy();
        resolve('');
      }, 50);
    });
    let answer = '';
    socket
      .on('data', (chunk) => (answer += chunk))
      .on('end', () => resolve(answer.split('\r\n')[0]!))
      .on('error', reject);
  });
}

it('answers TRACE with 405 and a malformed Host with 400, logging nothing', async () => {
  const post = 'POST /api/send-contact-email HTTP/1.1\r\nContent-Length: 0\r\nConnection: close';

  expect(await raw('TRACE /api/send-contact-email HTTP/1.1\r\nHost: localhost\r\nConnection: close')).toBe(
    'HTTP/1.1 405 Method Not Allowed',
  );
  for (const host of ['exa mple.es', 'user@evil.example', '[', 'evil.example/path', '999.1.1.1', 'localhost:99999']) {
    expect(await raw(`${post}\r\nHost: ${host}`), host).toBe('HTTP/1.1 400 Bad Request');
  }
  expect(
    await raw(
      'POST http://user:pass@localhost/api/send-contact-email HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\nConnection: close',
    ),
  ).toBe('HTTP/1.1 415 Unsupported Media Type');
  expect(logged).toEqual([]);
});

it('logs one line when a client hangs up halfway through its enquiry', async () => {
  const head = 'POST /api/send-contact-email HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000';
  await raw(head, { body: '{"nombre": "Ana', hangUp: true });
  await expect.poll(() => logged.length).toBe(1);

  expect(logged[0]).toHaveLength(1);
  expect(String(logged[0]![0])).toMatch(
    /^Contact form: the request body broke off \(aborted\); the client went away before sending it all[^\n]*$/,
  );
  expect(smtp.received).toEqual([]);
});
