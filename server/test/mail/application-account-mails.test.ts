import { expect } from 'chai';
import { PASSWORD } from '../auth/helpers.js';
import type { TestContext } from '../helpers/context.js';
import { startSmtpSink, type SmtpSink } from './smtp-sink.js';
import {
  createMailContext,
  member,
  systemTemplateOf,
  tenant,
  waitForDelivery,
  type Member,
  type Tenant,
} from './template-helpers.js';

/** The reset link of a mail's text part. */
function resetLinkIn(text: string | undefined): URL {
  const link = (text ?? '').match(/https?:\/\/[^\s)>"]+/g)?.find((url) => url.includes('mode=reset'));
  expect(link, `a reset link in:\n${text}`).to.be.a('string');
  return new URL(link!);
}

describe('account mails of people who registered through an application', () => {
  let sink: SmtpSink;
  let ctx: TestContext;
  let alice: Member;
  let shop: Tenant;

  before(async () => {
    sink = await startSmtpSink();
    ctx = await createMailContext(sink);
    alice = await member(ctx, 'alice');
    shop = await tenant(ctx, alice, 'Shop');
    const customize = async (name: string, locale: 'de' | 'en', body: Record<string, unknown>) => {
      const template = await systemTemplateOf(ctx, alice, shop.application, name, locale);
      await ctx.request
        .patch(`/api/v1/email-templates/${template.id}`)
        .set(alice.auth)
        .send(body)
        .expect(200);
    };
    await customize('password_reset', 'en', {
      subject: 'Reset your Shop password, {{name}}',
      html_content:
        '<p>Hi {{name}}, somebody asked to reset your Shop password.</p><p><a href="{{resetLink}}">Choose a new Shop password</a></p>',
    });
    await customize('password_reset', 'de', { subject: 'Shop: Passwort zurücksetzen' });
    await customize('email_confirmation', 'en', { subject: 'Confirm your Shop account' });
  });
  after(async () => {
    await ctx?.close();
    await sink?.close();
  });

  const requestReset = (email: string) =>
    ctx.request.post('/api/v1/password-reset').send({ action: 'generate', email }).expect(200);

  it('send the application’s customized reset mail in the user’s language, with a working link', async () => {
    const carol = await member(ctx, 'carol', { application_id: shop.application });
    await ctx.request.patch('/api/v1/email/preferences').set(carol.auth).send({ locale: 'en' }).expect(200);
    expect(
      (await ctx.request.get('/api/v1/email/preferences').set(carol.auth).expect(200)).body,
    ).to.deep.equal({
      locale: 'en',
    });

    await requestReset(carol.email);
    const delivered = await waitForDelivery(sink, carol.email, (entry) =>
      /password/i.test(entry.mail.subject ?? ''),
    );
    expect(delivered.mail.subject).to.equal(`Reset your Shop password, ${carol.email.split('@')[0]}`);
    expect(delivered.mail.html).to.contain('somebody asked to reset your Shop password');
    expect(delivered.mail.html).to.contain('<html lang="en">');
    expect(delivered.mail.text).to.contain('This e-mail was sent automatically by IAM Platform.');

    const token = resetLinkIn(delivered.mail.text).searchParams.get('token');
    await ctx.request
      .post('/api/v1/password-reset')
      .send({ action: 'reset', token, new_password: 'a brand new secret' })
      .expect(200);
    await ctx.request
      .post('/api/v1/auth/login')
      .send({ email: carol.email, password: 'a brand new secret' })
      .expect(200);

    const log = await ctx.database.connection
      .collection('email_logs')
      .findOne({ recipient_email: carol.email, template_name: 'password_reset' });
    expect(log).to.include({ application_id: shop.application, status: 'sent', user_id: carol.id });
  });

  it('fall back to the application’s default locale, and the platform’s defaults without an application', async () => {
    const erin = await member(ctx, 'erin', { application_id: shop.application });
    await requestReset(erin.email);
    const erinsMail = await waitForDelivery(sink, erin.email, (entry) =>
      /Passwort/.test(entry.mail.subject ?? ''),
    );
    expect(erinsMail.mail.subject).to.equal('Shop: Passwort zurücksetzen');

    const dave = await member(ctx, 'dave');
    await requestReset(dave.email);
    const davesMail = await waitForDelivery(sink, dave.email, (entry) =>
      /Passwort/.test(entry.mail.subject ?? ''),
    );
    expect(davesMail.mail.subject).to.equal('Passwort zurücksetzen');
    expect(davesMail.mail.html).not.to.contain('Shop');
  });

  it('follow the application’s default locale set by an admin, for the confirmation mail too', async () => {
    await ctx.request
      .patch(`/api/v1/applications/${shop.application}/email-settings`)
      .set(alice.auth)
      .send({ default_locale: 'en' })
      .expect(200);
    const settings = await ctx.request
      .get(`/api/v1/applications/${shop.application}/email-settings`)
      .set(alice.auth)
      .expect(200);
    expect(settings.body).to.deep.equal({
      application_id: shop.application,
      default_locale: 'en',
      verified_senders: [],
      pending_senders: [],
    });
    const frank = `frank.${Date.now().toString(36)}@example.com`;
    await ctx.request
      .post('/api/v1/auth/register')
      .send({ email: frank, password: PASSWORD, application_id: shop.application })
      .expect(201);
    const confirmation = await waitForDelivery(sink, frank);
    expect(confirmation.mail.subject).to.equal('Confirm your Shop account');
    expect(confirmation.mail.text).to.match(/\/api\/v1\/auth\/confirm\?token=/);
  });
});
