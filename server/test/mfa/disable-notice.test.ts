import { expect } from 'chai';
import type { TestContext } from '../helpers/context.js';
import { bearer, createAuthContext, PASSWORD, uniqueEmail } from '../auth/helpers.js';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../mail/smtp-sink.js';
import { awayFromStepEdge, currentStep, totpAt } from './helpers.js';
import { authenticatorFor, registerPasskey } from './passkey-helpers.js';

const SUBJECT = 'Sicherheitshinweis: Zwei-Faktor-Anmeldung geändert';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) TestBrowser/1.0';

describe('security notice by mail when two-factor is turned off (real SMTP)', () => {
  let sink: SmtpSink;
  let ctx: TestContext;

  before(async () => {
    sink = await startSmtpSink();
    ctx = await createAuthContext({ SMTP_URL: sink.url, MAIL_FROM: 'IAM Platform <no-reply@iam.test>' });
  });
  after(async () => {
    await ctx?.close();
    await sink?.close();
  });

  const mailsTo = (email: string, subject?: string) =>
    sink.received.filter(
      (received) => received.envelope.to.includes(email) && (!subject || received.mail.subject === subject),
    );
  const linkIn = (received: ReceivedMail, fragment: string) => {
    const link = (received.mail.text ?? '').match(/https?:\/\/\S+/g)?.find((url) => url.includes(fragment));
    expect(link, `a link with ${fragment}`).to.be.a('string');
    return new URL(link!);
  };

  /** Registers through the real mail (confirmation link) and signs in. */
  async function confirmedAccount(prefix: string) {
    const email = uniqueEmail(prefix);
    await ctx.request.post('/api/v1/auth/register').send({ email, password: PASSWORD }).expect(201);
    const confirm = linkIn(mailsTo(email).at(-1)!, '/api/v1/auth/confirm');
    await ctx.request.get(`${confirm.pathname}${confirm.search}`).expect(303);
    const session = await ctx.request
      .post('/api/v1/auth/login')
      .send({ email, password: PASSWORD })
      .expect(200);
    return { email, token: session.body.access_token as string };
  }

  /** A confirmed account with TOTP on. */
  async function enrolledAccount(prefix: string) {
    const { email, token } = await confirmedAccount(prefix);
    const { secret } = (await ctx.request.post('/api/v1/auth/mfa/totp').set(bearer(token)).expect(200)).body;
    await awayFromStepEdge();
    await ctx.request
      .post('/api/v1/auth/mfa/totp/confirm')
      .set(bearer(token))
      .send({ code: totpAt(secret, currentStep()) })
      .expect(200);
    return { email, token, secret: secret as string };
  }

  it('tells the owner what happened, when, from where, and how to react, with a working reset link', async () => {
    const account = await enrolledAccount('notice');
    // A failed attempt changes nothing and mails nothing.
    await ctx.request
      .delete('/api/v1/auth/mfa/totp')
      .set(bearer(account.token))
      .send({ password: 'not the password' })
      .expect(400);
    expect(mailsTo(account.email, SUBJECT)).to.have.length(0);

    const before = new Date();
    await ctx.request
      .delete('/api/v1/auth/mfa/totp')
      .set(bearer(account.token))
      .set('User-Agent', BROWSER)
      .send({ password: PASSWORD })
      .expect(204);

    const notices = mailsTo(account.email, SUBJECT);
    expect(notices, 'one security notice').to.have.length(1);
    const { mail } = notices[0]!;
    const text = mail.text ?? '';
    expect(text).to.contain('ein zweiter Faktor entfernt: die Authenticator-App (TOTP)');
    expect(text).to.contain('Für die Anmeldung genügt jetzt wieder das Passwort');
    // When: the date in German and the time (UTC) of the change.
    const day = new Intl.DateTimeFormat('de-DE', { dateStyle: 'long', timeZone: 'UTC' }).format(before);
    expect(text).to.contain(`Wann: ${day}`);
    expect(text).to.match(/Wann: .* \d{2}:\d{2} UTC/);
    // Where from: the address the server saw (as recorded in the activity log) and the browser.
    const logged = await ctx.database.connection
      .collection('activity_logs')
      .findOne({ action: 'user.mfa_disabled' }, { sort: { _id: -1 } });
    expect(logged!.ip_address).to.be.a('string').and.not.empty;
    expect(text).to.contain(`Von der Adresse: ${logged!.ip_address}`);
    expect(text).to.contain(`Gerät und Browser: ${BROWSER}`);
    expect(text).to.contain('Bestätigt mit: dem Passwort');
    expect(text).to.contain('Wenn Sie das nicht waren');
    expect(mail.html).to.contain('Das war ich nicht');
    expect(linkIn(notices[0]!, '/account/security').pathname).to.equal('/account/security');

    // "If it was not you": the link secures the account and mails a link to set a new password.
    const undo = linkIn(notices[0]!, '/auth/factor-changes/undo');
    await ctx.request
      .post('/api/v1/auth/factor-changes/undo')
      .send({ token: undo.searchParams.get('token') })
      .expect(200);
    const [secured] = mailsTo(account.email, 'Bitte legen Sie ein neues Passwort fest');
    const reset = linkIn(secured!, 'mode=reset');
    await ctx.request
      .post('/api/v1/password-reset')
      .send({ action: 'reset', token: reset.searchParams.get('token'), new_password: 'a fresh password 1' })
      .expect(200);
    await ctx.request
      .post('/api/v1/auth/login')
      .send({ email: account.email, password: 'a fresh password 1' })
      .expect(200);

    const log = await ctx.database.connection
      .collection('email_logs')
      .findOne({ recipient_email: account.email, template_name: 'mfa_disabled' });
    expect(log).to.include({ status: 'sent' });
  });

  it('says so when a code, not the password, turned it off', async () => {
    const account = await enrolledAccount('notice-code');
    await awayFromStepEdge();
    await ctx.request
      .delete('/api/v1/auth/mfa/totp')
      .set(bearer(account.token))
      .send({ code: totpAt(account.secret, currentStep() + 1) })
      .expect(204);
    const [notice] = mailsTo(account.email, SUBJECT);
    expect(notice?.mail.text).to.contain('Bestätigt mit: einem Code aus der Authenticator-App');
  });

  it('mails when the last passkey is removed, not while another second factor is left', async () => {
    const account = await confirmedAccount('notice-passkey');
    const first = await registerPasskey(ctx, account.token, authenticatorFor(ctx), 'Laptop');
    const second = await registerPasskey(ctx, account.token, authenticatorFor(ctx), 'Telefon');
    const remove = (id: string) =>
      ctx.request
        .delete(`/api/v1/auth/mfa/passkeys/${id}`)
        .set(bearer(account.token))
        .send({ password: PASSWORD })
        .expect(204);
    await remove(first.id);
    expect(mailsTo(account.email, SUBJECT), 'a passkey is still there').to.have.length(0);
    await remove(second.id);
    const notices = mailsTo(account.email, SUBJECT);
    expect(notices, 'one security notice').to.have.length(1);
    expect(notices[0]!.mail.text).to.contain('ein zweiter Faktor entfernt: der letzte Passkey');
    expect(notices[0]!.mail.text).to.contain('Bestätigt mit: dem Passwort');
  });
});
