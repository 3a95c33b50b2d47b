import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { TestContext } from '../helpers/context.js';
import { createAuthContext, register, uniqueEmail } from './helpers.js';

/**
 * Password reset and resend-confirmation used to look the address up and send the mail before
 * answering, so a known address took measurably longer than an unknown one. They now answer
 * first. The SMTP server here holds every message until the test lets it go: if a response
 * waited for the mail, it could not arrive while the message is held.
 */
describe('reset and resend answer before any work that depends on the address', () => {
  let smtp: SMTPServer;
  let ctx: TestContext;
  const received: ParsedMail[] = [];
  let releaseHeld: () => void = () => {};
  let held = new Promise<void>((resolve) => (releaseHeld = resolve));

  const hold = () => {
    held = new Promise<void>((resolve) => (releaseHeld = resolve));
  };
  const mailsTo = (email: string) => received.filter((mail) => JSON.stringify(mail.to).includes(email));
  const eventually = async (check: () => boolean) => {
    const deadline = Date.now() + 5_000;
    while (!check()) {
      if (Date.now() > deadline) expect.fail('the mail did not arrive after it was released');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  /** An account whose address counts as confirmed (the SMTP sink stands in for the mailbox). */
  const confirmedAccount = async (context: TestContext, email: string) => {
    await register(context, email).expect(201);
    await context.services.auth.drain();
    await context.database.connection
      .collection('profiles')
      .updateOne({ email }, { $set: { is_verified: true } });
    return email;
  };

  /** The response, or a failure if it does not come while the mail is held. */
  const answeredWhileHeld = async (request: PromiseLike<{ status: number; body: unknown }>) => {
    const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 3_000));
    const outcome = await Promise.race([request, timeout]);
    expect(outcome, 'the response waited for the mail to be delivered').not.to.equal('timeout');
    return outcome as { status: number; body: unknown };
  };

  before(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream).then(async (mail) => {
          await held;
          received.push(mail);
          callback();
        }, callback);
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    ctx = await createAuthContext({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    releaseHeld();
  });

  after(async () => {
    releaseHeld();
    await ctx?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('password reset: a known address answers while its mail is still held, like an unknown one', async () => {
    const email = await confirmedAccount(ctx, uniqueEmail('reset-known'));
    hold();
    const generate = (address: string) =>
      ctx.request.post('/api/v1/password-reset').send({ action: 'generate', email: address });
    const known = await answeredWhileHeld(generate(email));
    const unknown = await answeredWhileHeld(generate(uniqueEmail('reset-unknown')));
    expect(known.status).to.equal(200);
    expect(known.body).to.deep.equal(unknown.body);
    expect(mailsTo(email).filter((mail) => /Passwort zurücksetzen/.test(mail.subject ?? ''))).to.have.length(
      0,
    );
    releaseHeld();
    await eventually(() => mailsTo(email).some((mail) => /Passwort zurücksetzen/.test(mail.subject ?? '')));
  });

  it('resend confirmation: the same', async () => {
    releaseHeld();
    const email = uniqueEmail('resend-known');
    await register(ctx, email).expect(201);
    await eventually(() => mailsTo(email).length === 1);
    hold();
    const resend = (address: string) =>
      ctx.request.post('/api/v1/auth/resend-confirmation').send({ email: address });
    const known = await answeredWhileHeld(resend(email));
    const unknown = await answeredWhileHeld(resend(uniqueEmail('resend-unknown')));
    expect(known.status).to.equal(200);
    expect(known.body).to.deep.equal(unknown.body);
    releaseHeld();
    await eventually(() => mailsTo(email).length === 2);
  });

  it('a graceful shutdown still sends what a response promised', async () => {
    const own = await createAuthContext({
      SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    });
    let closing: Promise<void> | undefined;
    try {
      const email = await confirmedAccount(own, uniqueEmail('shutdown'));
      hold();
      await own.request.post('/api/v1/password-reset').send({ action: 'generate', email }).expect(200);
      closing = own.close();
      releaseHeld();
      await closing;
    } finally {
      if (!closing) await own.close();
    }
    expect(
      received.some(
        (mail) =>
          /shutdown/.test(JSON.stringify(mail.to)) && /Passwort zurücksetzen/.test(mail.subject ?? ''),
      ),
    ).to.equal(true);
  });
});
