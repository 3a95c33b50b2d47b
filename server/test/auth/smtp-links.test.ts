import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { TestContext } from '../helpers/context.js';
import { createAuthContext, login, PASSWORD, uniqueEmail } from './helpers.js';

describe('account mails over a real SMTP server', () => {
  let smtp: SMTPServer;
  let ctx: TestContext;
  const received: ParsedMail[] = [];

  before(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream).then((mail) => {
          received.push(mail);
          callback();
        }, callback);
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    ctx = await createAuthContext({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'IAM Platform <no-reply@iam.test>',
    });
  });

  after(async () => {
    await ctx?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  const mailTo = (email: string, subjectPattern?: RegExp) => {
    const mail = [...received]
      .reverse()
      .find(
        (m) =>
          m.to &&
          JSON.stringify(m.to).includes(email) &&
          (!subjectPattern || subjectPattern.test(m.subject ?? '')),
      );
    expect(mail, `a mail to ${email}`).to.exist;
    return mail!;
  };
  const linkFrom = (mail: ParsedMail, fragment: string) => {
    const link = (mail.text ?? '').match(/https?:\/\/[^\s)>"]+/g)?.find((url) => url.includes(fragment));
    expect(link, `link with ${fragment}`).to.be.a('string');
    expect(mail.html || '').to.contain(link!.replace(/&/g, '&amp;'));
    return new URL(link!);
  };

  it('does not expose the development outbox when SMTP is configured', async () => {
    await ctx.request.get('/api/v1/dev/outbox').expect(404);
  });

  it('delivers a confirmation mail whose link confirms the account', async () => {
    const email = uniqueEmail('smtp');
    await ctx.request.post('/api/v1/auth/register').send({ email, password: PASSWORD }).expect(201);
    const mail = mailTo(email);
    expect(mail.from?.text).to.contain('no-reply@iam.test');
    const link = linkFrom(mail, '/api/v1/auth/confirm');
    const confirmed = await ctx.request.get(`${link.pathname}${link.search}`).expect(303);
    expect(confirmed.headers.location).to.match(/\/auth\?confirmed=1$/);
    await login(ctx, email);
    const log = await ctx.database.connection
      .collection('email_logs')
      .findOne({ recipient_email: email, template_name: 'email_confirmation' });
    expect(log).to.include({ status: 'sent' });
  });

  it('delivers a reset mail whose link resets the password', async () => {
    const email = uniqueEmail('smtp-reset');
    await ctx.request.post('/api/v1/auth/register').send({ email, password: PASSWORD }).expect(201);
    const confirm = linkFrom(mailTo(email), '/api/v1/auth/confirm');
    await ctx.request.get(`${confirm.pathname}${confirm.search}`).expect(303);
    await ctx.request.post('/api/v1/password-reset').send({ action: 'generate', email }).expect(200);
    // The reset mail is sent after the response (so its timing reveals nothing): wait for it.
    await ctx.services.auth.drain();
    const link = linkFrom(mailTo(email, /Passwort zurücksetzen/), 'mode=reset');
    expect(link.pathname).to.equal('/auth');
    await ctx.request
      .post('/api/v1/password-reset')
      .send({ action: 'reset', token: link.searchParams.get('token'), new_password: 'reset by mail' })
      .expect(200);
    await login(ctx, email, 'reset by mail');
  });
});
