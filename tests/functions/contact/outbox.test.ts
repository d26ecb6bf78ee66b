import { execFileSync } from 'node:child_process';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterEach, beforeEach, expect, it, onTestFinished } from 'vitest';
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
  expect(subjects.sort()).toEqual(['Solicitud web: Fontaneros en Jávea', 'Solicitud web: Piscinas en Altea Hills [EN]']);
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

it('leaves no temporary file in the outbox when the disk is full, and writes again once there is room', async (context) => {
  // A real full disk: a 64 KB tmpfs, filled up. Mounting one takes root, as CI has; elsewhere skipped.
  const disk = await scratchDir('full-disk-');
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', disk], { stdio: 'ignore' });
  } catch {
    context.skip('mounting a tmpfs needs root');
  }
  onTestFinished(() => void execFileSync('umount', [disk]));
  const outbox = join(disk, '.outbox');
  await mkdir(outbox);
  const filler = join(disk, 'filler');
  await expect(writeFile(filler, Buffer.alloc(128 * 1024))).rejects.toThrow(/ENOSPC/);
  const env = { ...createContactEnv({ OUTBOX_DIR: outbox }, { outbox: true }), logger: { error: () => {} }, clientIp: '203.0.113.7' };

  const whileFull = [];
  for (let i = 0; i < 4; i++) whileFull.push((await handleContact(postJson(spanishEnquiry), env)).status);
  const leftBehind = await readdir(outbox);
  await rm(filler);
  const withRoom = await handleContact(postJson(englishEnquiry), env);

  expect(whileFull).toEqual([502, 502, 502, 502]);
  expect(leftBehind).toEqual([]);
  expect(withRoom.status).toBe(200);
  expect((await readdir(outbox)).map((name) => name.endsWith('.eml'))).toEqual([true]);
});
