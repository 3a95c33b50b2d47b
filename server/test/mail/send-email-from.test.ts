import { expect } from 'chai';
import type { TestContext } from '../helpers/context.js';
import { verifySender } from './sender-helpers.js';
import { startSmtpSink, type SmtpSink } from './smtp-sink.js';
import {
  createMailContext,
  MAIL_FROM_ADDRESS,
  member,
  tenant,
  waitForDelivery,
  type Member,
  type Tenant,
} from './template-helpers.js';

let counter = 0;
const recipient = (prefix: string) => `${prefix}.${Date.now().toString(36)}.${(counter += 1)}@example.com`;

/**
 * Issue #36 item 5: SPEC §3 lists `from` in the send request. Both send paths honour a verified
 * sender — the mail that reaches the SMTP server carries it, display name included, and the answer
 * says which sender was used — and refuse any other `from` with a message that names the address
 * and how to verify it, sending nothing.
 */
describe('send-email `from` (issue #36 item 5): both paths, real SMTP on loopback', () => {
  let sink: SmtpSink;
  let ctx: TestContext;
  let alice: Member;
  let shop: Tenant;

  before(async () => {
    sink = await startSmtpSink();
    ctx = await createMailContext(sink, { EMAIL_SEND_RATE_LIMIT_PER_APPLICATION: '1000' });
    alice = await member(ctx, 'alice');
    shop = await tenant(ctx, alice, 'Absender');
    await verifySender(ctx, sink, alice, shop.application, 'hallo@mueller.example');
    // Listed, so a link went out, but nobody followed it: pending.
    await ctx.request
      .patch(`/api/v1/applications/${shop.application}/email-settings`)
      .set(alice.auth)
      .send({ verified_senders: ['hallo@mueller.example', 'pending@mueller.example'] })
      .expect(200);
  });
  after(async () => {
    await ctx?.close();
    await sink?.close();
  });

  const PATHS = ['/functions/v1/send-email', '/api/v1/email/send'] as const;
  const send = (path: string, body: Record<string, unknown>) =>
    ctx.request
      .post(path)
      .set(alice.auth)
      .send({ applicationId: shop.application, subject: 'Hallo', html: '<p>Hallo</p>', ...body });

  for (const path of PATHS) {
    it(`${path}: a verified sender arrives as From, display name kept, and the answer names it`, async () => {
      const to = recipient('verified');
      const answer = await send(path, { to, from: 'Müller & Söhne Support <Hallo@Mueller.example>' }).expect(
        200,
      );
      expect(answer.body.from).to.equal('"Müller & Söhne Support" <hallo@mueller.example>');

      const delivered = await waitForDelivery(sink, to);
      expect(delivered.mail.from?.value).to.deep.equal([
        { name: 'Müller & Söhne Support', address: 'hallo@mueller.example' },
      ]);
      expect(delivered.envelope.from).to.equal('hallo@mueller.example');
    });

    it(`${path}: without from, the answer and the mail carry MAIL_FROM`, async () => {
      const to = recipient('default');
      const answer = await send(path, { to }).expect(200);
      expect(answer.body.from).to.equal(`IAM Platform <${MAIL_FROM_ADDRESS}>`);
      expect((await waitForDelivery(sink, to)).mail.from?.value).to.deep.equal([
        { name: 'IAM Platform', address: MAIL_FROM_ADDRESS },
      ]);
    });

    it(`${path}: an unknown sender is refused (403) naming it and how to verify it; nothing is sent`, async () => {
      const before = sink.received.length;
      const refused = await send(path, {
        to: recipient('unknown'),
        from: 'Chef <chef@mueller.example>',
      }).expect(403);
      expect(refused.body.code).to.equal('sender_not_verified');
      expect(refused.body.error).to.include('chef@mueller.example');
      expect(refused.body.error).to.include(`PATCH /api/v1/applications/${shop.application}/email-settings`);
      expect(refused.body.error).to.include('Nothing was sent');
      expect(refused.body.details).to.deep.include.members([
        { path: 'body.from', message: refused.body.details[0].message },
      ]);
      expect(sink.received.length).to.equal(before);
    });

    it(`${path}: a listed but unconfirmed sender is refused (403) saying the link is still to be followed`, async () => {
      const before = sink.received.length;
      const refused = await send(path, { to: recipient('pending'), from: 'pending@mueller.example' }).expect(
        403,
      );
      expect(refused.body.code).to.equal('sender_not_verified');
      expect(refused.body.error).to.include('pending@mueller.example');
      expect(refused.body.error).to.match(/not verified yet: .*follow the link mailed to it/);
      expect(sink.received.length).to.equal(before);
    });

    it(`${path}: a malformed from is refused (400 invalid_sender, at body.from); nothing is sent`, async () => {
      const before = sink.received.length;
      for (const from of [
        'Müller Support',
        'a@mueller.example, b@mueller.example',
        '<>',
        'x <hallo@mueller.example',
      ]) {
        const refused = await send(path, { to: recipient('malformed'), from }).expect(400);
        expect(refused.body.code, from).to.equal('invalid_sender');
        expect(refused.body.error, from).to.match(/one address, or "Name <address>"/);
        expect(refused.body.details?.[0]?.path, from).to.equal('body.from');
      }
      expect(sink.received.length).to.equal(before);
    });
  }
});
