/** A real SMTP server on 127.0.0.1 that records every message it accepts, parsed by mailparser. */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** The SMTP envelope: who the server was really asked to deliver to. */
  envelope: { from: string; to: string[] };
  mail: ParsedMail;
}

export interface TestSmtpServer {
  url: string;
  received: ReceivedMail[];
  /**
   * How long the server takes to answer the end of a message it has already kept, like one slow
   * to confirm a mail it will deliver anyway. Changeable between messages.
   */
  answerDataAfterMs: number;
  close(): Promise<void>;
}

/**
 * `refuseRecipients` answers every RCPT TO with 550, like a server that will not relay.
 * `delayMs` holds the greeting and the answers to MAIL FROM, RCPT TO and the message that long
 * each, like a server that stalls; a message whose connection closed meanwhile is not kept.
 */
export async function startSmtpServer({ refuseRecipients = false, delayMs = 0, answerDataAfterMs = 0 } = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const controls = { answerDataAfterMs };
  const later = (answer: () => void) => (delayMs ? void setTimeout(answer, delayMs) : answer());
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    disableReverseLookup: true,
    onConnect(_session, callback) {
      later(() => callback());
    },
    onMailFrom(_address, _session, callback) {
      later(() => callback());
    },
    onRcptTo(_address, _session, callback) {
      later(() => callback(refuseRecipients ? Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }) : null));
    },
    onData(stream, session, callback) {
      simpleParser(stream).then((mail) => {
        later(() => {
          const { mailFrom, rcptTo } = session.envelope;
          received.push({ envelope: { from: mailFrom ? mailFrom.address : '', to: rcptTo.map((r) => r.address) }, mail });
          setTimeout(callback, controls.answerDataAfterMs);
        });
      }, callback);
    },
  });
  // A client gone before a late answer: the answer finds the connection closed, as on a real server.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') throw error;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return Object.assign(controls, {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

/** An smtp:// URL where nothing listens. */
export async function deadSmtpUrl(): Promise<string> {
  const server = await startSmtpServer();
  await server.close();
  return server.url;
}
