import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createContactEnv } from '../../../functions/contact/config.ts';
import { handleContact } from '../../../functions/contact/handle.ts';
import { englishEnquiry, postJson, spanishEnquiry } from './fixtures.ts';
import { scratchDir } from '../../helpers.ts';

let dir: string;
beforeEach(async () => {
  dir = join(await scratchDir('outbox-test-'), '.outbox');
});
afterEach(() => rm(join(dir, '..'), { recursive: true, force: true }));

it('writes each enquiry as a complete .eml file into the outbox when no SMTP_URL is set', async () => {
  const env = createContactEnv({ OUTBOX_DIR: dir, CONTACT_TO: 'oficina@marina.test' }, { outbox: true });

  const responses = [
    await handleContact(postJson(spanishEnquiry), { ...env, clientIp: '203.0.113.7' }),
    await handleContact(postJson(englishEnquiry), { ...env, clientIp: '203.0.113.7' }),
  ];

  expect(responses.map((r) => r.status)).toEqual([200, 200]);
  const files = (await readdir(dir)).sort();
  expect(files).toHaveLength(2);
  expect(files.every((name) => name.endsWith('.eml'))).toBe(true);
  const raw = await readFile(join(dir, files[0]!), 'utf8');
  expect(raw).toMatch(/\r\n\r\n/);
  expect(raw.replace(/\r\n/g, '')).not.toMatch(/\n/);
  const subjects = [];
  for (const name of files) {
    const mail = await simpleParser(await readFile(join(dir, name)));
    expect(mail.to).toMatchObject({ value: [{ address: 'oficina@marina.test' }] });
    expect(mail.messageId).toBeTruthy();
    expect(mail.date).toBeInstanceOf(Date);
    subjects.push(mail.subject);
  }
  expect(subjects.sort()).toEqual(['Solicitud web: Fontaneros en Jávea', 'Solicitud web: Pool maintenance en Altea Hills [EN]']);
});

it('answers 502 when the outbox cannot be written', async () => {
  const blocker = join(dir, '..', 'a-file');
  await writeFile(blocker, 'not a folder');
  const env = createContactEnv({ OUTBOX_DIR: join(blocker, 'outbox') }, { outbox: true });
  const logged: unknown[][] = [];

  const response = await handleContact(postJson(spanishEnquiry), {
    ...env,
    logger: { error: (...args) => void logged.push(args) },
    clientIp: undefined,
  });

  expect(response.status).toBe(502);
  expect((logged[0]![1] as Error).message).toContain(join(blocker, 'outbox'));
});
