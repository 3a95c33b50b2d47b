import { expect } from 'chai';
import { Types } from 'mongoose';
import { PASSWORD } from '../auth/helpers.js';
import type { TestContext } from '../helpers/context.js';
import { newId } from '../tracking/helpers.js';
import { confirmFromSink, senderLinkFromSink } from './sender-helpers.js';
import { startSmtpSink, type SmtpSink } from './smtp-sink.js';
import {
  addApplication,
  createMailContext,
  deliveriesTo,
  member,
  tenant,
  waitForDelivery,
  type Member,
  type Tenant,
} from './template-helpers.js';

let counter = 0;
const stranger = (prefix = 'stranger') =>
  `${prefix}.${Date.now().toString(36)}.${(counter += 1)}@example.com`;

describe('the send API is no open relay: recipients, organization quota, userId (issue #37 items 6, 11)', () => {
  let sink: SmtpSink;
  let ctx: TestContext;
  let mallory: Member;
  let shop: Tenant;

  before(async () => {
    sink = await startSmtpSink();
    ctx = await createMailContext(sink, { EMAIL_SEND_DAILY_LIMIT_PER_ORGANIZATION: '1000' });
    // A fresh self-registered account with an organization of its own: the attacker of item 6.
    mallory = await member(ctx, 'mallory');
    shop = await tenant(ctx, mallory, 'Relay');
  });
  after(async () => {
    await ctx?.close();
    await sink?.close();
  });

  const emailLogs = () => ctx.database.connection.collection('email_logs');
  const send = (body: Record<string, unknown>, who: Member = mallory, applicationId = shop.application) =>
    ctx.request
      .post('/api/v1/email/send')
      .set(who.auth)
      .send({ applicationId, subject: 'Hallo', html: '<p>Hallo</p>', ...body });

  it('refuses a stranger as recipient (403 recipient_not_allowed, saying how to lift it), sending and logging nothing', async () => {
    for (const path of ['/api/v1/email/send', '/functions/v1/send-email']) {
      const to = stranger();
      const response = await ctx.request
        .post(path)
        .set(mallory.auth)
        .send({
          to,
          subject: 'Ihr Konto',
          html: '<p>Bitte melden Sie sich an</p>',
          applicationId: shop.application,
        })
        .expect(403);
      expect(response.body.code).to.equal('recipient_not_allowed');
      expect(response.body.error)
        .to.match(/verif/i)
        .and.to.match(/sender/i);
      expect(deliveriesTo(sink, to)).to.have.length(0);
      expect(await emailLogs().countDocuments({ recipient_email: to })).to.equal(0);
    }
    // Templates too.
    const to = stranger();
    await send({ to, subject: undefined, html: undefined, template: 'welcome' }).expect(403);
    expect(deliveriesTo(sink, to)).to.have.length(0);
  });

  it('mails the application’s own users once their address is confirmed', async () => {
    const carol = await member(ctx, 'carol', { application_id: shop.application });
    const unconfirmed = await send({ to: carol.email }).expect(403);
    expect(unconfirmed.body.code).to.equal('recipient_not_allowed');
    await confirmFromSink(ctx, sink, carol.email);
    await send({ to: carol.email, subject: 'Für Carol' }).expect(200);
    expect(
      (await waitForDelivery(sink, carol.email, (m) => m.mail.subject === 'Für Carol')).mail.html,
    ).to.contain('Hallo');
    // The same person is nobody to another application of the same organization.
    const project = (
      await ctx.request.get(`/api/v1/applications/${shop.application}`).set(mallory.auth).expect(200)
    ).body.project_id as string;
    const other = await addApplication(ctx, mallory, project, 'Other');
    await send({ to: carol.email }, mallory, other).expect(403);
  });

  it('mails people who signed in through the application (its identify data), once confirmed', async () => {
    // An end user of the shop's pool who registered through another application of the project.
    const sibling = await addApplication(ctx, mallory, shop.project, 'Sibling');
    const email = stranger('dave');
    await ctx.request
      .post('/api/auth/register')
      .set('X-Application-ID', sibling)
      .send({ email, password: PASSWORD })
      .expect(201);
    await confirmFromSink(ctx, sink, email);
    await send({ to: email }).expect(403);
    await ctx.request
      .post('/api/auth/login')
      .set('X-Application-ID', shop.application)
      .send({ email, password: PASSWORD, anonymous_id: newId('anon_') })
      .expect(200);
    await send({ to: email, subject: 'Für Dave' }).expect(200);
    await waitForDelivery(sink, email, (m) => m.mail.subject === 'Für Dave');
  });

  it('mails the organization’s own confirmed members', async () => {
    await send({ to: mallory.email }).expect(403);
    await confirmFromSink(ctx, sink, mallory.email);
    await send({ to: mallory.email.toUpperCase(), subject: 'An mich' }).expect(200);
    await waitForDelivery(sink, mallory.email, (m) => m.mail.subject === 'An mich');
  });

  it('mails anyone once the organization has a sender verified by its link', async () => {
    const org = await tenant(ctx, mallory, 'Verified');
    const to = stranger('anyone');
    await send({ to }, mallory, org.application).expect(403);
    const sender = stranger('sender');
    const before = sink.received.length;
    await ctx.request
      .patch(`/api/v1/applications/${org.application}/email-settings`)
      .set(mallory.auth)
      .send({ verified_senders: [sender] })
      .expect(200);
    // Pending is not enough.
    await send({ to }, mallory, org.application).expect(403);
    const link = await senderLinkFromSink(sink, sender, before);
    await ctx.request
      .post('/api/v1/email/sender-verification')
      .send({ token: new URL(link, 'http://x').searchParams.get('token') })
      .expect(200);
    await send({ to, subject: 'Jetzt erlaubt' }, mallory, org.application).expect(200);
    // The address that confirmed is a recipient of every application of that organization.
    const project = (
      await ctx.request.get(`/api/v1/applications/${org.application}`).set(mallory.auth).expect(200)
    ).body.project_id as string;
    const second = await addApplication(ctx, mallory, project, 'Second');
    await send({ to, subject: 'Zweite Anwendung' }, mallory, second).expect(200);
    await waitForDelivery(sink, to, (m) => m.mail.subject === 'Zweite Anwendung');
    // Other organizations gain nothing from it.
    await send({ to }).expect(403);
  });

  it('stores a userId only when the person belongs to the application; another tenant’s user is 404 application_user_not_found, nothing stored', async () => {
    const victim = await member(ctx, 'victim');
    const to = mallory.email;
    const refused = await send({ to, userId: victim.id, subject: 'DSGVO' }).expect(404);
    expect(refused.body.code).to.equal('application_user_not_found');
    expect(refused.body.error).to.match(/userId/);
    // (The victim's own account mails are logged with their id, but never for this application.)
    expect(
      await emailLogs().countDocuments({ user_id: victim.id, application_id: shop.application }),
    ).to.equal(0);
    expect(deliveriesTo(sink, to).filter((m) => m.mail.subject === 'DSGVO')).to.have.length(0);
    // An unknown or malformed id is refused alike.
    await send({ to, userId: new Types.ObjectId().toHexString() }).expect(404);
    await send({ to, userId: 'not-an-id' }).expect(404);
    // The organization's member and the application's user are accepted and logged.
    const ok = await send({ to, userId: mallory.id, subject: 'Eigener Nutzer' }).expect(200);
    expect(await emailLogs().findOne({ message_id: ok.body.message_id })).to.include({ user_id: mallory.id });
  });

  it('refuses raw HTML that sanitizes to nothing (400), sending nothing', async () => {
    const response = await send({ to: mallory.email, html: '<script>x</script>', subject: 'Leer' }).expect(
      400,
    );
    expect(response.body.code).to.equal('validation_failed');
    expect(response.body.details.map((d: { path: string }) => d.path)).to.include('body.html');
  });
});

describe('the send API: daily quota per organization (issue #37 item 6)', () => {
  it('answers 429 email_quota_exceeded with Retry-After across all the organization’s applications; other organizations keep theirs', async () => {
    const sink = await startSmtpSink();
    const ctx = await createMailContext(sink, { EMAIL_SEND_DAILY_LIMIT_PER_ORGANIZATION: '2' });
    try {
      const owner = await member(ctx, 'quota');
      await confirmFromSink(ctx, sink, owner.email);
      const first = await tenant(ctx, owner, 'First');
      const project = (
        await ctx.request.get(`/api/v1/applications/${first.application}`).set(owner.auth).expect(200)
      ).body.project_id as string;
      const sibling = await addApplication(ctx, owner, project, 'Sibling');
      const other = await tenant(ctx, owner, 'OtherOrg');
      const send = (applicationId: string, to = owner.email) =>
        ctx.request
          .post('/api/v1/email/send')
          .set(owner.auth)
          .send({ to, subject: 'Quota', html: '<p>x</p>', applicationId });
      // Refused recipients do not spend the quota.
      await send(first.application, stranger()).expect(403);
      await send(first.application).expect(200);
      await send(sibling).expect(200);
      const limited = await send(sibling).expect(429);
      expect(limited.body.code).to.equal('email_quota_exceeded');
      expect(limited.body.error).to.match(/2/);
      expect(Number(limited.headers['retry-after'])).to.be.within(1, 86_400);
      await send(other.application).expect(200);
      expect(deliveriesTo(sink, owner.email).filter((m) => m.mail.subject === 'Quota')).to.have.length(3);
    } finally {
      await ctx.close();
      await sink.close();
    }
  });
});
