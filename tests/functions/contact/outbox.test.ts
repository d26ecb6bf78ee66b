import { execFileSync, spawn } from 'node:child_process';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterEach, beforeEach, expect, it, onTestFinished, vi } from 'vitest';
import { createContactEnv } from '../../../functions/contact/config.ts';
import { handleContact } from '../../../functions/contact/handle.ts';
import { unsentName } from '../../../functions/contact/outbox.ts';
import { englishEnquiry, postJson, spanishEnquiry } from './fixtures.ts';
import { repoRoot, scratchDir } from '../../helpers.ts';

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

it('removes at start what a server killed while writing an enquiry left, and keeps the rest', async () => {
  await mkdir(dir, { recursive: true });
  // A real process killed while it writes an enquiry under the name the outbox gives it.
  const writer = spawn(process.execPath, [
    '-e',
    `process.stdin.once('data', (name) => {
       const fd = require('node:fs').openSync(String(name), 'wx');
       require('node:fs').writeSync(fd, 'From: Web <web@localhost.test>\\r\\nSubject: Solicitud web: Fontan');
       console.log('writing');
     });`,
  ]);
  const killed = join(dir, '2025-01-01T10-00-00-000Z-1a2b3c4d.eml');
  writer.stdin.write(unsentName(killed, writer.pid));
  await new Promise((resolve) => writer.stdout.once('data', resolve));
  writer.kill('SIGKILL');
  await new Promise((resolve) => writer.once('exit', resolve));
  // Left by an earlier version, which named no process; one a running server is writing; one sent.
  await writeFile(join(dir, '2024-12-31T09-00-00-000Z-5e6f7a8b.eml.tmp'), 'From: Web');
  const running = unsentName(join(dir, '2025-01-01T10-00-01-000Z-9c0d1e2f.eml'));
  await writeFile(running, 'From: Web');
  await writeFile(join(dir, 'sent.eml'), 'From: Web');
  const dist = join(dir, '..', 'dist');
  await mkdir(dist);
  await writeFile(join(dist, 'index.html'), '<h1>Inicio</h1>');

  const server = spawn(process.execPath, [join(repoRoot, 'cli/bin.cjs'), 'serve', '--dir', dist, '--port', '0'], {
    env: { ...process.env, SMTP_URL: '', OUTBOX_DIR: dir },
  });
  onTestFinished(() => void server.kill());
  let output = '';
  server.stdout.on('data', (chunk: Buffer) => (output += chunk));
  server.stderr.on('data', (chunk: Buffer) => (output += chunk));
  await vi.waitFor(() => expect(output).toContain('Serving'), { timeout: 30_000 });

  expect((await readdir(dir)).sort()).toEqual([basename(running), 'sent.eml']);
  expect(output).toContain(
    `! Removed 2 unfinished enquiries a stopped server left in ${dir} (2024-12-31T09-00-00-000Z-5e6f7a8b.eml.tmp, ${basename(unsentName(killed, writer.pid))}): ` +
      'never confirmed to the visitor, who was shown an error and could send it again.',
  );
});
