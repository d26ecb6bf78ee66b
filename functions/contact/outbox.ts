import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import nodemailer from 'nodemailer';
import type { Mailer } from './handle.ts';
import { composeEmail, safeTransport, type Addresses } from './message.ts';

/**
 * Writes each enquiry as an RFC 5322 `.eml` file into `dir`, the local default when no SMTP server
 * is configured. Written to a temporary name and renamed, so a reader never sees half a message.
 */
export function outboxMailer(dir: string, addresses: Addresses): Mailer {
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

/** Writes `file` through a temporary name, which goes again when the write fails (a full disk, say). */
async function writeWhole(file: string, bytes: Buffer): Promise<void> {
  const temp = `${file}.tmp`; // the file's name is new, so is this one
  try {
    await writeFile(temp, bytes, { flag: 'wx' });
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
