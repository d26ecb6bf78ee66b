import { expect, it } from 'vitest';
import { createContactEnv } from '../../../functions/contact/config.ts';

it('refuses to run a hosted function without SMTP_URL, naming the variables to set', () => {
  expect(() => createContactEnv({}, { outbox: false })).toThrow(/SMTP_URL, CONTACT_FROM and CONTACT_TO/);
});

it('refuses SMTP_URL without the fixed sender and inbox', () => {
  expect(() => createContactEnv({ SMTP_URL: 'smtp://127.0.0.1:2525', CONTACT_TO: 'oficina@marina.test' }, { outbox: false })).toThrow(
    /CONTACT_FROM/,
  );
  expect(() => createContactEnv({ SMTP_URL: 'smtp://127.0.0.1:2525', CONTACT_FROM: 'web@marina.test' }, { outbox: false })).toThrow(
    /CONTACT_TO/,
  );
});

it('refuses a sender or inbox that is not one address on one line', () => {
  const vars = { SMTP_URL: 'smtp://127.0.0.1:2525', CONTACT_FROM: 'web@marina.test', CONTACT_TO: 'oficina@marina.test\r\nBcc: x@y.z' };
  expect(() => createContactEnv(vars, { outbox: false })).toThrow(/CONTACT_TO/);
});

it('reads the allowed origins as a comma-separated list and tells where mail goes', () => {
  const env = createContactEnv(
    {
      SMTP_URL: 'smtp://user:secret@mail.marina.test:587',
      CONTACT_FROM: 'web@marina.test',
      CONTACT_TO: 'oficina@marina.test',
      ALLOWED_ORIGINS: 'https://marina.test, https://www.marina.test',
    },
    { outbox: false },
  );
  expect(env.allowedOrigins).toEqual(['https://marina.test', 'https://www.marina.test']);
  expect(env.mailer.destination).toBe('the SMTP server mail.marina.test:587');
});
