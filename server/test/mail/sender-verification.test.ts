import { expect } from 'chai';
import { Types } from 'mongoose';
import type { AddressObject } from 'mailparser';
import type { TestContext } from '../helpers/context.js';
import { confirmFromSink, senderLinkFromSink } from './sender-helpers.js';
import { startSmtpSink, type SmtpSink } from './smtp-sink.js';
import {
  createMailContext,
  deliveriesTo,
  MAIL_FROM_ADDRESS,
  member,
  tenant,
  waitForDelivery,
  type Member,
  type Tenant,
} from './template-helpers.js';

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  const objects = field === undefined ? [] : Array.isArray(field) ? field : [field];
  return objects.flatMap((object) => object.value.map((mailbox) => (mailbox.address ?? '').toLowerCase()));
}

const tokenOf = (link: string) => new URL(link, 'http://x').searchParams.get('token')!;

describe('verified senders: only by a link mailed to the address (issue #37 item 7)', () => {
  let sink: SmtpSink;
  let ctx: TestContext;
  let alice: Member;
  let shop: Tenant;

  before(async () => {
    sink = await startSmtpSink();
    ctx = await createMailContext(sink);
    alice = await member(ctx, 'alice');
    await confirmFromSink(ctx, sink, alice.email);
    shop = await tenant(ctx, alice, 'Senders');
  });
  after(async () => {
    await ctx?.close();
    await sink?.close();
  });

  const settingsPath = () => `/api/v1/applications/${shop.application}/email-settings`;
  const setSenders = (senders: string[], who: Member = alice) =>
    ctx.request.patch(settingsPath()).set(who.auth).send({ verified_senders: senders });
  const send = (from: string, to = alice.email, subject = 'Von') =>
    ctx.request
      .post('/api/v1/email/send')
      .set(alice.auth)
      .send({ to, from, subject, html: '<p>x</p>', applicationId: shop.application });

  it('lists a new address as pending, mails it a link, and never sends as it before the link is used', async () => {
    const before = sink.received.length;
    const patched = await setSenders(['Security@PayPal.com']).expect(200);
    expect(patched.body).to.include({ application_id: shop.application });
    expect(patched.body.verified_senders).to.deep.equal([]);
    expect(patched.body.pending_senders).to.deep.equal(['security@paypal.com']);
    expect((await ctx.request.get(settingsPath()).set(alice.auth).expect(200)).body).to.deep.include({
      verified_senders: [],
      pending_senders: ['security@paypal.com'],
    });

    const link = await senderLinkFromSink(sink, 'security@paypal.com', before);
    const mail = (await waitForDelivery(sink, 'security@paypal.com')).mail;
    expect(addresses(mail.from)).to.deep.equal([MAIL_FROM_ADDRESS]);
    expect(mail.text).to.contain('Senders GmbH');

    const refused = await send('PayPal Security <security@paypal.com>', alice.email, 'Gefälscht').expect(403);
    expect(refused.body.code).to.equal('sender_not_verified');
    expect(refused.body.error).to.contain('security@paypal.com');
    expect(deliveriesTo(sink, alice.email).filter((m) => m.mail.subject === 'Gefälscht')).to.have.length(0);

    // The page behind the link changes nothing (mail scanners follow links); JSON clients get the facts.
    const page = await ctx.request.get(link).set('Accept', 'text/html').expect(200);
    expect(page.headers['content-type']).to.match(/html/);
    expect(page.text).to.contain('security@paypal.com').and.to.contain('method="post"');
    const english = await ctx.request
      .get(link)
      .set('Accept', 'text/html')
      .set('Accept-Language', 'en')
      .expect(200);
    expect(english.text).to.contain('Confirm');
    const facts = await ctx.request.get(link).set('Accept', 'application/json').expect(200);
    expect(facts.body).to.include({ address: 'security@paypal.com', organization_name: 'Senders GmbH' });
    await send('security@paypal.com').expect(403);
  });

  it('verifies by POSTing the token once; `from` then works for that sender', async () => {
    const before = sink.received.length;
    await setSenders(['security@paypal.com', 'support@shop.example']).expect(200);
    const link = await senderLinkFromSink(sink, 'support@shop.example', before);
    // The form on the page posts the token and gets a page back.
    const confirmed = await ctx.request
      .post('/api/v1/email/sender-verification')
      .type('form')
      .send({ token: tokenOf(link) })
      .expect(200);
    expect(confirmed.text).to.contain('support@shop.example');
    const again = await ctx.request
      .post('/api/v1/email/sender-verification')
      .send({ token: tokenOf(link) })
      .expect(400);
    expect(again.body.code).to.equal('invalid_sender_token');

    const settings = (await ctx.request.get(settingsPath()).set(alice.auth).expect(200)).body;
    expect(settings.verified_senders).to.deep.equal(['support@shop.example']);
    expect(settings.pending_senders).to.deep.equal(['security@paypal.com']);

    const ok = await send('Shop Support <support@shop.example>', alice.email, 'Echt').expect(200);
    expect(ok.body.from).to.equal('"Shop Support" <support@shop.example>');
    const delivered = await waitForDelivery(sink, alice.email, (m) => m.mail.subject === 'Echt');
    expect(addresses(delivered.mail.from)).to.deep.equal(['support@shop.example']);
    expect(delivered.envelope.from).to.equal('support@shop.example');

    // MAIL_FROM's own address keeps MAIL_FROM's name; header injection is refused.
    const platform = await send(`Your Bank <${MAIL_FROM_ADDRESS}>`).expect(200);
    expect(platform.body.from).to.equal(`IAM Platform <${MAIL_FROM_ADDRESS}>`);
    const injected = await send('x <support@shop.example>\r\nBcc: evil@example.com').expect(400);
    expect(injected.body.code).to.equal('invalid_sender');
  });

  it('resends a fresh link to a pending address (the old one stops working); admins only', async () => {
    const before = sink.received.length;
    const oldLink = await senderLinkFromSink(sink, 'security@paypal.com');
    const colleague = await member(ctx, 'colleague');
    const path = `${settingsPath()}/sender-verification`;
    await ctx.request.post(path).set(colleague.auth).send({ address: 'security@paypal.com' }).expect(404);
    const resent = await ctx.request
      .post(path)
      .set(alice.auth)
      .send({ address: 'security@paypal.com' })
      .expect(200);
    expect(resent.body.pending_senders).to.deep.equal(['security@paypal.com']);
    const newLink = await senderLinkFromSink(sink, 'security@paypal.com', before);
    expect(newLink).not.to.equal(oldLink);
    await ctx.request
      .post('/api/v1/email/sender-verification')
      .send({ token: tokenOf(oldLink) })
      .expect(400);

    const verified = await ctx.request
      .post(path)
      .set(alice.auth)
      .send({ address: 'support@shop.example' })
      .expect(409);
    expect(verified.body.code).to.equal('sender_already_verified');
    const unknown = await ctx.request
      .post(path)
      .set(alice.auth)
      .send({ address: 'nobody@shop.example' })
      .expect(404);
    expect(unknown.body.code).to.equal('sender_not_found');
    await ctx.request.post(path).set(alice.auth).send({ address: 'not an address' }).expect(400);
  });

  it('refuses an expired link, and forgets a sender taken off the list', async () => {
    const before = sink.received.length;
    await setSenders(['support@shop.example', 'late@shop.example']).expect(200);
    const link = await senderLinkFromSink(sink, 'late@shop.example', before);
    await ctx.database.connection
      .collection('email_senders')
      .updateOne(
        { address: 'late@shop.example' },
        { $set: { token_expires_at: new Date(Date.now() - 1000) } },
      );
    const expired = await ctx.request.get(link).set('Accept', 'application/json').expect(400);
    expect(expired.body.code).to.equal('invalid_sender_token');
    await ctx.request
      .post('/api/v1/email/sender-verification')
      .send({ token: tokenOf(link) })
      .expect(400);

    const removed = await setSenders([]).expect(200);
    expect(removed.body).to.deep.include({ verified_senders: [], pending_senders: [] });
    await send('support@shop.example').expect(403);
  });

  it('treats senders listed before verification existed as pending', async () => {
    const legacy = await tenant(ctx, alice, 'Legacy');
    await ctx.database.connection.collection('email_settings').insertOne({
      application_id: new Types.ObjectId(legacy.application),
      default_locale: 'de',
      verified_senders: ['ceo@legacy.example'],
      created_at: new Date(),
      updated_at: new Date(),
    });
    const settings = (
      await ctx.request
        .get(`/api/v1/applications/${legacy.application}/email-settings`)
        .set(alice.auth)
        .expect(200)
    ).body;
    expect(settings).to.deep.include({ verified_senders: [], pending_senders: ['ceo@legacy.example'] });
    const refused = await ctx.request
      .post('/api/v1/email/send')
      .set(alice.auth)
      .send({
        to: alice.email,
        from: 'ceo@legacy.example',
        subject: 'x',
        html: '<p>x</p>',
        applicationId: legacy.application,
      })
      .expect(403);
    expect(refused.body.code).to.equal('sender_not_verified');
    // A link can be requested for it.
    await ctx.request
      .post(`/api/v1/applications/${legacy.application}/email-settings/sender-verification`)
      .set(alice.auth)
      .send({ address: 'ceo@legacy.example' })
      .expect(200);
    await senderLinkFromSink(sink, 'ceo@legacy.example');
  });
});
