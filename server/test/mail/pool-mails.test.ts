import { expect } from 'chai';
import { Types } from 'mongoose';
import { applicationTemplate } from '../../src/modules/mail/index.js';
import { PASSWORD, uniqueEmail } from '../auth/helpers.js';
import type { TestContext } from '../helpers/context.js';
import { importUsers, exportedHash, OLD_PASSWORD, usersPath } from '../pool-users/helpers.js';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from './smtp-sink.js';
import {
  addApplication,
  createMailContext,
  member,
  systemTemplateOf,
  tenant,
  waitForDelivery,
  type Member,
  type Tenant,
} from './template-helpers.js';

const BRAND = 'Kaffeehaus Müller';

/** Every link of a mail's text part. */
function linksIn(mail: ReceivedMail): string[] {
  return (mail.mail.text ?? '').match(/https?:\/\/[^\s)>"]+/g) ?? [];
}

/** The e-mail log's row of a mail: written once SMTP has answered, so just after the delivery. */
async function loggedMail(ctx: TestContext, filter: Record<string, unknown>) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const row = await ctx.database.connection.collection('email_logs').findOne(filter);
    if (row) return row;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return expect.fail(`no e-mail log row for ${JSON.stringify(filter)}`);
}

function linkIn(mail: ReceivedMail, fragment: string): URL {
  const link = linksIn(mail).find((url) => url.includes(fragment));
  expect(link, `a link containing ${fragment} in:\n${mail.mail.text}`).to.be.a('string');
  return new URL(link!);
}

/** Mails to a project pool's end users (issue #31): the pool's brand, its hosted pages, its templates. */
describe('mails to the end users of a project’s pool', function () {
  this.timeout(60_000);
  let sink: SmtpSink;
  let ctx: TestContext;
  let alice: Member;
  let shop: Tenant;

  const endUserApp = (applicationId: string) => ({ 'X-Application-ID': applicationId });
  const signIn = (applicationId: string, email: string, password: string) =>
    ctx.request.post('/api/auth/login').set(endUserApp(applicationId)).send({ email, password });
  const setBranding = (project: string, branding: Record<string, unknown>) =>
    ctx.request.patch(`/api/v1/projects/${project}/pool`).set(alice.auth).send({ branding }).expect(200);

  /** What a mail to an end user of `project` must never show: our name, the dashboard, its wording. */
  function expectPoolMail(mail: ReceivedMail, project: string, brand = BRAND) {
    const html = mail.mail.html || '';
    const text = mail.mail.text ?? '';
    for (const part of [html, text, mail.mail.subject ?? '']) {
      expect(part).not.to.contain('IAM Platform');
      expect(part).not.to.match(/IAM-Platform|Dashboard|API-Token|API token|Organisation|organization/);
    }
    // The brand in the layout's header (and footer) of both parts.
    expect(html).to.contain(`>${brand.replace(/&/g, '&amp;')}</td>`);
    expect(text.startsWith(`${brand}\n`), text).to.equal(true);
    // Every link leads to the pool's hosted pages (or the confirmation that redirects there).
    const hosted = `${ctx.config.publicUrl}/p/${project}/`;
    const confirm = `${ctx.config.publicUrl}/api/v1/auth/confirm?`;
    for (const link of linksIn(mail)) {
      const ok = link.startsWith(hosted) || (link.startsWith(confirm) && link.endsWith(`&pool=${project}`));
      expect(ok, `${link} leads to the pool's hosted pages`).to.equal(true);
      expect(link).not.to.match(/\/auth\?|\/dashboard\b/);
    }
  }

  before(async () => {
    sink = await startSmtpSink();
    ctx = await createMailContext(sink);
    alice = await member(ctx, 'poolmails');
    shop = await tenant(ctx, alice, 'Kaffee');
    await setBranding(shop.project, { display_name: BRAND });
  });
  after(async () => {
    await ctx?.close();
    await sink?.close();
  });

  it('an end user registered through an application: confirmation and welcome in the pool’s name, linking to its hosted pages', async () => {
    const email = uniqueEmail('guest');
    await ctx.request
      .post('/api/auth/register')
      .set(endUserApp(shop.application))
      .send({ email, password: PASSWORD })
      .expect(201);
    const confirmation = await waitForDelivery(sink, email, (entry) =>
      /bestätigen/.test(entry.mail.subject ?? ''),
    );
    expect(confirmation.mail.subject).to.equal('Bitte bestätigen Sie Ihre E-Mail-Adresse');
    expect(confirmation.mail.text).to.contain(`vielen Dank für Ihre Registrierung bei ${BRAND}.`);
    expect(confirmation.mail.text).to.contain(`Diese E-Mail wurde automatisch von ${BRAND} versendet.`);
    expectPoolMail(confirmation, shop.project);

    const link = linkIn(confirmation, '/api/v1/auth/confirm');
    const confirmed = await ctx.request.get(`${link.pathname}${link.search}`).expect(303);
    expect(confirmed.headers.location).to.match(new RegExp(`/p/${shop.project}/confirm\\?confirmed=1$`));

    const welcome = await waitForDelivery(sink, email, (entry) =>
      /Willkommen/.test(entry.mail.subject ?? ''),
    );
    expect(welcome.mail.subject).to.equal(`Willkommen bei ${BRAND}`);
    expect(welcome.mail.text).to.contain(`willkommen bei ${BRAND}! Ihr Konto ist eingerichtet.`);
    expect(welcome.mail.text).to.contain(`Zu Ihrem Konto: ${ctx.config.publicUrl}/p/${shop.project}/account`);
    expectPoolMail(welcome, shop.project);
  });

  it('speaks the pool’s branding locale to a person without their own, and tells an existing account about a second sign-up in it', async () => {
    const corner = await tenant(ctx, alice, 'Corner');
    await setBranding(corner.project, { display_name: 'Corner Shop & Co', locale: 'en' });
    const email = uniqueEmail('corner');
    const register = () =>
      ctx.request
        .post('/api/auth/register')
        .set(endUserApp(corner.application))
        .send({ email, password: PASSWORD })
        .expect(201);
    await register();
    const confirmation = await waitForDelivery(sink, email, (entry) =>
      /confirm/i.test(entry.mail.subject ?? ''),
    );
    expect(confirmation.mail.subject).to.equal('Please confirm your e-mail address');
    expect(confirmation.mail.html).to.contain('<html lang="en">');
    expect(confirmation.mail.text).to.contain('thank you for signing up with Corner Shop & Co.');
    expect(confirmation.mail.text).to.contain('This e-mail was sent automatically by Corner Shop & Co.');
    expectPoolMail(confirmation, corner.project, 'Corner Shop & Co');

    await register();
    const attempt = await waitForDelivery(sink, email, (entry) =>
      /tried to sign up/.test(entry.mail.subject ?? ''),
    );
    expect(attempt.mail.text).to.contain('a new account at Corner Shop & Co with your e-mail address');
    expect(attempt.mail.text).to.contain(`Sign in: ${ctx.config.publicUrl}/p/${corner.project}/sign-in`);
    linkIn(attempt, `/p/${corner.project}/reset?token=`);
    expectPoolMail(attempt, corner.project, 'Corner Shop & Co');
  });

  it('an imported user (no application of their own) gets the project’s customized reset mail; the notice after the reset is an end user’s', async () => {
    // The project's default application is its oldest: the shop. A newer one stays uncustomized.
    const newer = await addApplication(ctx, alice, shop.project, 'Kiosk');
    const reset = await systemTemplateOf(ctx, alice, shop.application, 'password_reset', 'de');
    await ctx.request
      .patch(`/api/v1/email-templates/${reset.id}`)
      .set(alice.auth)
      .send({
        subject: '{{productName}}: neues Passwort für {{name}}',
        html_content:
          '<p>Hallo {{name}}, hier legen Sie Ihr neues Passwort bei {{productName}} fest:</p><p><a href="{{resetLink}}">Neues Passwort</a></p>',
      })
      .expect(200);
    const email = uniqueEmail('imported');
    const result = await importUsers(ctx, { access_token: alice.token }, shop.project, [
      { email, display_name: 'Ida Import', password_hash: exportedHash(), email_verified: true },
    ]);
    expect(result.imported).to.equal(1);

    // Asked for through the newer application: the account was registered through none.
    const asked = await ctx.request.post('/api/auth/password-reset').set(endUserApp(newer)).send({ email });
    expect(asked.status, JSON.stringify(asked.body)).to.equal(200);
    const mail = await waitForDelivery(sink, email, (entry) =>
      /neues Passwort/.test(entry.mail.subject ?? ''),
    );
    expect(mail.mail.subject).to.equal(`${BRAND}: neues Passwort für Ida Import`);
    expect(mail.mail.text).to.contain(`hier legen Sie Ihr neues Passwort bei ${BRAND} fest`);
    expectPoolMail(mail, shop.project);
    const logged = await loggedMail(ctx, { recipient_email: email, template_name: 'password_reset' });
    expect(logged).to.include({ application_id: shop.application, status: 'sent' });

    const token = linkIn(mail, `/p/${shop.project}/reset?token=`).searchParams.get('token');
    await ctx.request
      .post('/api/v1/password-reset')
      .send({ action: 'reset', token, new_password: 'a new password for the shop' })
      .expect(200);
    const changed = await waitForDelivery(sink, email, (entry) =>
      /Passwort wurde geändert/.test(entry.mail.subject ?? ''),
    );
    expect(changed.mail.text).to.contain(`das Passwort Ihres Kontos bei ${BRAND} wurde soeben geändert`);
    expectPoolMail(changed, shop.project);
    await signIn(shop.application, email, 'a new password for the shop').expect(200);
    await signIn(shop.application, email, OLD_PASSWORD).expect(401);
  });

  it('an invitation names the pool and carries a 7-day link that sets the password once; inviting again voids it', async () => {
    const email = uniqueEmail('invitee');
    const invite = (status: number) =>
      ctx.request.post(usersPath(shop.project, '/invite')).set(alice.auth).send({ email }).expect(status);
    await invite(201);
    const mail = await waitForDelivery(sink, email);
    expect(mail.mail.subject).to.equal(`${BRAND} lädt Sie ein`);
    expect(mail.mail.text).to.contain(`${BRAND} lädt Sie ein, ein Konto zu nutzen.`);
    expect(mail.mail.text).to.contain('Der Link ist 7 Tage gültig');
    expect(mail.mail.text).to.contain(`Zur Anmeldung: ${ctx.config.publicUrl}/p/${shop.project}/sign-in`);
    expectPoolMail(mail, shop.project);
    const logged = await loggedMail(ctx, { recipient_email: email });
    expect(logged).to.include({ template_name: 'pool_invitation', application_id: shop.application });

    const first = linkIn(mail, `/p/${shop.project}/reset?token=`).searchParams.get('token')!;
    const stored = await ctx.database.connection
      .collection('auth_tokens')
      .findOne({ purpose: 'pool_invitation', used_at: null }, { sort: { _id: -1 } });
    expect(stored, 'the invitation token').to.exist;
    const lifetime = (stored!.expires_at as Date).getTime() - (stored!.created_at as Date).getTime();
    expect(lifetime).to.be.closeTo(7 * 24 * 3600 * 1000, 60_000);

    await invite(200);
    const second = await waitForDelivery(sink, email, (entry) => entry !== mail);
    const token = linkIn(second, `/p/${shop.project}/reset?token=`).searchParams.get('token')!;
    const setPassword = (raw: string, password: string) =>
      ctx.request
        .post('/api/v1/password-reset')
        .send({ action: 'reset', token: raw, new_password: password });
    expect((await setPassword(first, 'from the first mail').expect(400)).body.code).to.equal(
      'invalid_reset_token',
    );
    // The hosted reset page checks the link first, as for a reset link.
    const checked = await ctx.request.post('/api/v1/password-reset/check').send({ token }).expect(200);
    expect(checked.body).to.deep.equal({ valid: true, factors: [] });
    await setPassword(token, 'chosen by the invitee').expect(200);
    await signIn(shop.application, email, 'chosen by the invitee').expect(200);
    expect((await setPassword(token, 'chosen a second time').expect(400)).body.code).to.equal(
      'invalid_reset_token',
    );
  });

  it('an application’s copy nobody edited follows the current default; an edited one stays as its editor left it', async () => {
    const welcome = await systemTemplateOf(ctx, alice, shop.application, 'welcome', 'de');
    const copies = ctx.database.connection.collection('email_templates');
    // As an application created before pools had it: the dashboard's wording, never edited.
    const legacy = {
      subject: 'Willkommen bei IAM Platform',
      html_content:
        '<p>Hallo {{name}},</p><p>willkommen bei IAM Platform! Im Dashboard legen Sie Organisationen an.</p>',
    };
    await copies.updateOne({ _id: new Types.ObjectId(welcome.id) }, { $set: legacy });
    const preview = await ctx.request
      .post(`/api/v1/email-templates/${welcome.id}/preview`)
      .set(alice.auth)
      .send({ data: { name: 'Ada' } })
      .expect(200);
    // The preview shows the stored copy as it is, with the pool's name and hosted pages filled in.
    expect(preview.body.unresolved).to.deep.equal([]);
    const listed = await systemTemplateOf(ctx, alice, shop.application, 'welcome', 'de');
    const current = applicationTemplate('welcome', 'de');
    expect(listed).to.include({ subject: current.subject, html_content: current.html_content });

    const fresh = await ctx.request
      .post(`/api/v1/email-templates/${welcome.id}/preview`)
      .set(alice.auth)
      .send({ data: { name: 'Ada' } })
      .expect(200);
    expect(fresh.body.subject).to.equal(`Willkommen bei ${BRAND}`);
    expect(fresh.body.text).to.contain(`Zu Ihrem Konto: ${ctx.config.publicUrl}/p/${shop.project}/account`);

    await ctx.request.patch(`/api/v1/email-templates/${welcome.id}`).set(alice.auth).send(legacy).expect(200);
    expect(await systemTemplateOf(ctx, alice, shop.application, 'welcome', 'de')).to.include(legacy);
    await ctx.request.post(`/api/v1/email-templates/${welcome.id}/reset`).set(alice.auth).expect(200);
  });

  it('a dashboard account’s mails keep the platform’s name and link to the dashboard', async () => {
    const email = uniqueEmail('teammate');
    await ctx.request.post('/api/v1/auth/register').send({ email, password: PASSWORD }).expect(201);
    const confirmation = await waitForDelivery(sink, email, (entry) =>
      /bestätigen/.test(entry.mail.subject ?? ''),
    );
    expect(confirmation.mail.text).to.contain('vielen Dank für Ihre Registrierung bei IAM Platform.');
    expect(confirmation.mail.text).to.contain('Diese E-Mail wurde automatisch von IAM Platform versendet.');
    expect(confirmation.mail.text!.startsWith('IAM Platform\n')).to.equal(true);
    const link = linkIn(confirmation, '/api/v1/auth/confirm');
    expect(link.searchParams.has('pool')).to.equal(false);
    await ctx.request.get(`${link.pathname}${link.search}`).expect(303);
    const welcome = await waitForDelivery(sink, email, (entry) =>
      /Willkommen/.test(entry.mail.subject ?? ''),
    );
    expect(welcome.mail.subject).to.equal('Willkommen bei IAM Platform');
    expect(welcome.mail.text).to.contain(
      'Im Dashboard legen Sie Organisationen, Projekte und Anwendungen an',
    );
    expect(welcome.mail.text).to.contain(`Zum Dashboard: ${ctx.config.auth.dashboardUrl}/dashboard`);
  });
});
