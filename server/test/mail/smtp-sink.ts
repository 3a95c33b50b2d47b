import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  envelope: { from: string; to: string[] };
  mail: ParsedMail;
}

export interface SmtpSink {
  url: string;
  received: ReceivedMail[];
  /** SMTP sessions currently open (a pooled client keeps its connection open between mails). */
  openConnections(): number;
  /**
   * Holds every message from now on (DATA is not acknowledged) until `release()`: shows whether
   * a response waited for a mail to be delivered.
   */
  hold(): void;
  release(): void;
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback that accepts any mail (no TLS, no auth) and keeps every message,
 * parsed. A message is stored before the server acknowledges it, so it is there when the send resolves.
 */
export async function startSmtpSink(
  options: { refuseRecipient?: (address: string) => boolean } = {},
): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  let connections = 0;
  let held: Promise<void> = Promise.resolve();
  let release = () => {};
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 1000,
    onConnect(_session, callback) {
      connections += 1;
      callback();
    },
    onClose() {
      connections -= 1;
    },
    onRcptTo(address, _session, callback) {
      if (options.refuseRecipient?.(address.address)) {
        callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        async (mail) => {
          await held;
          const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
          received.push({
            envelope: { from, to: session.envelope.rcptTo.map((rcpt) => rcpt.address) },
            mail,
          });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    openConnections: () => connections,
    hold() {
      held = new Promise<void>((resolve) => (release = resolve));
    },
    release: () => release(),
    close: () => {
      release();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
