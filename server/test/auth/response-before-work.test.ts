import { expect } from 'chai';
import type { TestContext } from '../helpers/context.js';
import { startSmtpSink, type SmtpSink } from '../mail/smtp-sink.js';
import { createAuthContext, register, uniqueEmail } from './helpers.js';

/**
 * Password reset and resend-confirmation used to look the address up and send the mail before
 * answering, so a known address took measurably longer than an unknown one. They now answer
 * first. The SMTP server here holds every message until the test lets it go: if a response
 * waited for the mail, it could not arrive while the message is held.
 */
describe('reset and resend answer before any work that depends on the address', () => {
  let smtp: SmtpSink;
  let ctx: TestContext;

  const mailsTo = (email: string) =>
    smtp.received.filter((entry) => entry.envelope.to.includes(email)).map((entry) => entry.mail);
  const resetMailsTo = (email: string) =>
    mailsTo(email).filter((mail) => /Passwort zurücksetzen/.test(mail.subject ?? ''));
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
    smtp = await startSmtpSink();
    ctx = await createAuthContext({ SMTP_URL: smtp.url });
  });

  after(async () => {
    smtp.release();
    await ctx?.close();
    await smtp.close();
  });

  it('password reset: a known address answers while its mail is still held, like an unknown one', async () => {
    const email = await confirmedAccount(ctx, uniqueEmail('reset-known'));
    smtp.hold();
    const generate = (address: string) =>
      ctx.request.post('/api/v1/password-reset').send({ action: 'generate', email: address });
    const known = await answeredWhileHeld(generate(email));
    const unknown = await answeredWhileHeld(generate(uniqueEmail('reset-unknown')));
    expect(known.status).to.equal(200);
    expect(known.body).to.deep.equal(unknown.body);
    expect(resetMailsTo(email)).to.have.length(0);
    smtp.release();
    await eventually(() => resetMailsTo(email).length === 1);
  });

  it('resend confirmation: the same', async () => {
    const email = uniqueEmail('resend-known');
    await register(ctx, email).expect(201);
    await eventually(() => mailsTo(email).length === 1);
    smtp.hold();
    const resend = (address: string) =>
      ctx.request.post('/api/v1/auth/resend-confirmation').send({ email: address });
    const known = await answeredWhileHeld(resend(email));
    const unknown = await answeredWhileHeld(resend(uniqueEmail('resend-unknown')));
    expect(known.status).to.equal(200);
    expect(known.body).to.deep.equal(unknown.body);
    smtp.release();
    await eventually(() => mailsTo(email).length === 2);
  });

  it('a graceful shutdown still sends what a response promised', async () => {
    const own = await createAuthContext({ SMTP_URL: smtp.url });
    const email = uniqueEmail('shutdown');
    let closing: Promise<void> | undefined;
    try {
      await confirmedAccount(own, email);
      smtp.hold();
      await own.request.post('/api/v1/password-reset').send({ action: 'generate', email }).expect(200);
      closing = own.close();
      smtp.release();
      await closing;
    } finally {
      if (!closing) await own.close();
    }
    expect(resetMailsTo(email)).to.have.length(1);
  });
});
