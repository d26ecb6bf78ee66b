import { randomUUID } from 'node:crypto';
import { readdirSync, rmSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import nodemailer from 'nodemailer';
import type { Mailer } from './handle.ts';
import { composeEmail, safeTransport, type Addresses } from './message.ts';

/**
 * Writes each enquiry as an RFC 5322 `.eml` file into `dir`, the local default when no SMTP server
 * is configured. Written to a temporary name and renamed, so a reader never sees half a message.
 * Made as a server starts: it first removes what servers stopped mid-write left (removeUnsent).
 */
export function outboxMailer(dir: string, addresses: Addresses): Mailer {
  const removed = removeUnsent(dir);
  if (removed.length)
    console.warn(
      `! Removed ${removed.length} unfinished enquir${removed.length === 1 ? 'y' : 'ies'} a stopped server left in ${resolve(dir)} ` +
        `(${removed.join(', ')}): never confirmed to the visitor, who was shown an error and could send it again.`,
    );
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows', ...safeTransport });
  return {
    destination: `.eml files in ${resolve(dir)}`,
    async send(contact, token) {
      const { message } = await transport.sendMail(await composeEmail(contact, addresses, token));
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}`;
      const file = join(dir, `${name}.eml`);
      try {
        await mkdir(dir, { recursive: true });
        await writeWhole(file, message as Buffer);
      } catch (cause) {
        throw new Error(`Writing the enquiry to the outbox file ${file} failed; check that ${dir} is writable and its disk has room`, {
          cause,
        });
      }
    },
  };
}

/** The temporary name process `pid` writes the enquiry `file` under until it is whole. */
export const unsentName = (file: string, pid = process.pid) => `${file}.${pid}.tmp`;

/** unsentName's names, and `<name>.eml.tmp`, which had no process id. */
const unsentFile = /^.+\.eml(?:\.(\d+))?\.tmp$/;

/**
 * Removes from `dir` the enquiries that servers stopped (killed, or their machine off) while
 * writing left: each temporary file of a process that is gone, or of this one, which has written
 * none yet (its id is an earlier one's, reused). Removed, not delivered: an enquiry is confirmed
 * to its visitor only once renamed into place, so the visitor of one left behind was shown an
 * error with the form still filled in, and may have sent it again (delivering it would make a
 * duplicate); and its file may end mid-message. Returns the names removed.
 */
export function removeUnsent(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return []; // no outbox yet
  }
  const removed: string[] = [];
  for (const name of names.sort()) {
    const match = unsentFile.exec(name);
    if (!match) continue;
    const pid = Number(match[1] ?? 0);
    if (pid && pid !== process.pid && running(pid)) continue;
    rmSync(join(dir, name), { force: true });
    removed.push(name);
  }
  return removed;
}

/** Whether process `pid` exists (signal 0 only checks). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // there, but another user's
  }
}

/** Writes `file` through a temporary name, which goes again when the write fails (a full disk, say). */
async function writeWhole(file: string, bytes: Buffer): Promise<void> {
  const temp = unsentName(file); // the file's name is new, so is this one
  try {
    await writeFile(temp, bytes, { flag: 'wx' });
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
