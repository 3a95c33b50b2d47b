import { expect } from 'chai';
import type { AddressObject } from 'mailparser';
import type { TestContext } from '../helpers/context.js';
import { confirmFromSink, verifySender } from './sender-helpers.js';
import { startSmtpSink, type SmtpSink } from './smtp-sink.js';
import {
  createMailContext,
  deliveriesTo,
  MAIL_FROM_ADDRESS,
  member,
  systemTemplateOf,
  tenant,
  waitForDelivery,
  type Member,
  type Tenant,
} from './template-helpers.js';

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  const objects = field === undefined ? [] : Array.isArray(field) ? field : [field];
  return objects.flatMap((object) => object.value.map((mailbox) => (mailbox.address ?? '').toLowerCase()));
}

let counter = 0;
const recipient = (prefix = 'rcpt') => `${prefix}.${Date.now().toString(36)}.${(counter += 1)}@example.com`;

describe('sending e-mail: POST /functions/v1/send-email and /api/v1/email/send', () => {
  let sink: SmtpSink;
  let ctx: TestContext;
  let alice: Member;
  let shop: Tenant;

  before(async () => {
    sink = await startSmtpSink({ refuseRecipient: (address) => address.startsWith('nobody@') });
    ctx = await createMailContext(sink, { EMAIL_SEND_RATE_LIMIT_PER_APPLICATION: '1000' });
    alice = await member(ctx, 'alice');
    shop = await tenant(ctx, alice, 'Shop');
    // With a verified sender the organization may mail anyone (mail-relay.test.ts covers the rest).
    await verifySender(ctx, sink, alice, shop.application, 'support@shop.example');
  });
  after(async () => {
    await ctx?.close();
    await sink?.close();
  });

  const emailLogs = () => ctx.database.connection.collection('email_logs');
  const send = (
    body: Record<string, unknown>,
    who: Record<string, string> = alice.auth,
    path = '/functions/v1/send-email',
  ) =>
    ctx.request
      .post(path)
      .set(who)
      .send({ applicationId: shop.application, ...body });

  it('sends a template with templateData, escaped, in the recipient’s language, and logs it with SPEC metadata', async () => {
    const created = await ctx.request
      .post('/api/v1/email-templates')
      .set(alice.auth)
      .send({
        application_id: shop.application,
        name: 'order_shipped',
        subject: 'Bestellung {{orderId}} ist unterwegs',
        html_content: '<p>Hallo {{customer}},</p><p><a href="{{trackingUrl}}">Verfolgen</a></p>',
      })
      .expect(201);
    const to = recipient('customer');
    const response = await send({
      to,
      template: 'order_shipped',
      templateData: { orderId: 'A-17', customer: '<b>Ada</b>', trackingUrl: 'https://track.example/A-17' },
      userId: alice.id,
    }).expect(200);
    expect(response.body).to.include({
      success: true,
      transport: 'smtp',
      template: 'order_shipped',
      locale: 'de',
    });

    const delivered = await waitForDelivery(sink, to);
    expect(delivered.mail.subject).to.equal('Bestellung A-17 ist unterwegs');
    expect(delivered.mail.messageId).to.equal(response.body.message_id);
    expect(delivered.mail.html).to.contain('Hallo &lt;b&gt;Ada&lt;/b&gt;,');
    expect(delivered.mail.html).to.contain('href="https://track.example/A-17"');
    expect(delivered.mail.text).to.contain('Verfolgen: https://track.example/A-17');
    expect(addresses(delivered.mail.from)).to.deep.equal([MAIL_FROM_ADDRESS]);

    const log = await emailLogs().findOne({ message_id: response.body.message_id });
    expect(log).to.include({
      recipient_email: to,
      template_name: 'order_shipped',
      subject: 'Bestellung A-17 ist unterwegs',
      status: 'sent',
      application_id: shop.application,
      user_id: alice.id,
    });

    // The English variant goes to whoever reads English.
    await ctx.request
      .post('/api/v1/email-templates')
      .set(alice.auth)
      .send({
        application_id: shop.application,
        name: 'order_shipped',
        locale: 'en',
        subject: 'Order {{orderId}} is on its way',
        html_content: '<p>Hello {{customer}}</p>',
      })
      .expect(201);
    const english = recipient('english');
    const inEnglish = await send({
      to: english,
      template: 'order_shipped',
      templateData: { orderId: 'A-18' },
      locale: 'en',
    }).expect(200);
    expect(inEnglish.body.locale).to.equal('en');
    expect((await waitForDelivery(sink, english)).mail.subject).to.equal('Order A-18 is on its way');
    expect(created.body.id).to.be.a('string');
  });

  it('is visible in the organization’s activity log', async () => {
    const to = recipient('activity');
    await send({ to, subject: 'Aktivität', html: '<p>Hi</p>' }).expect(200);
    const logs = await ctx.request
      .get('/api/v1/activity-logs')
      .query({ organization_id: shop.organization, limit: 50 })
      .set(alice.auth)
      .expect(200);
    const entry = (logs.body.data as Array<{ action: string; metadata: Record<string, unknown> }>).find(
      (row) => row.action === 'email.sent' && row.metadata.recipient_email === to,
    );
    expect(entry, 'an email.sent activity entry').to.exist;
    expect(entry!.metadata).to.include({
      template_name: null,
      subject: 'Aktivität',
      status: 'sent',
      application_id: shop.application,
    });
  });

  it('sends raw HTML at /api/v1/email/send, sanitized, with a text part derived from it', async () => {
    const to = recipient('raw');
    await send(
      {
        to,
        subject: 'Ihr Bericht',
        html: '<p>Hallo <b>Grace</b><script>alert(1)</script></p><p><a href="https://example.com/r?id=1" onclick="x()">Öffnen</a></p>',
      },
      alice.auth,
      '/api/v1/email/send',
    ).expect(200);
    const delivered = await waitForDelivery(sink, to);
    expect(delivered.mail.subject).to.equal('Ihr Bericht');
    expect(delivered.mail.html).to.contain('<b>Grace</b>').and.not.to.contain('script');
    expect(delivered.mail.html).not.to.contain('onclick');
    expect(delivered.mail.text).to.contain('Öffnen: https://example.com/r?id=1');
  });

  it('never lets a stored <script> reach a mail', async () => {
    const created = (
      await ctx.request
        .post('/api/v1/email-templates')
        .set(alice.auth)
        .send({
          application_id: shop.application,
          name: 'scripted',
          subject: 'Hi',
          html_content:
            '<p>Hallo {{name}}<script>fetch("https://evil.example")</script><img src="x" onerror="alert(1)"></p>',
        })
        .expect(201)
    ).body as { id: string };
    const to = recipient('scripted');
    await send({ to, template: 'scripted', templateData: { name: '<script>alert(2)</script>' } }).expect(200);
    const delivered = await waitForDelivery(sink, to);
    expect(delivered.mail.html).not.to.contain('<script');
    expect(delivered.mail.html).not.to.contain('onerror');
    expect(delivered.mail.html).to.contain('Hallo &lt;script&gt;alert(2)&lt;/script&gt;');
    expect(created.id).to.be.a('string');
  });

  it('uses the application’s customized system template', async () => {
    const welcome = await systemTemplateOf(ctx, alice, shop.application, 'welcome');
    await ctx.request
      .patch(`/api/v1/email-templates/${welcome.id}`)
      .set(alice.auth)
      .send({ subject: 'Willkommen im Shop, {{name}}!' })
      .expect(200);
    const to = recipient('welcome');
    await send({ to, template: 'welcome', templateData: { name: 'Ada' } }).expect(200);
    expect((await waitForDelivery(sink, to)).mail.subject).to.equal('Willkommen im Shop, Ada!');
  });

  it('answers 404 for a template the application does not have, or has deactivated', async () => {
    const missing = await send({ to: recipient(), template: 'no_such_template' }).expect(404);
    expect(missing.body.code).to.equal('email_template_not_found');
    expect(missing.body.error).to.contain('no_such_template');
    const created = (
      await ctx.request
        .post('/api/v1/email-templates')
        .set(alice.auth)
        .send({ application_id: shop.application, name: 'retired', subject: 'Hi', html_content: '<p>x</p>' })
        .expect(201)
    ).body as { id: string };
    await ctx.request
      .patch(`/api/v1/email-templates/${created.id}`)
      .set(alice.auth)
      .send({ is_active: false })
      .expect(200);
    await send({ to: recipient(), template: 'retired' }).expect(404);
  });

  it('answers 400 for an invalid recipient, for template together with subject/html, and for neither', async () => {
    const before = sink.received.length;
    for (const [body, field] of [
      [{ to: 'not-an-address', subject: 'x', html: '<p>x</p>' }, 'body.to'],
      [{ to: 'a@example.com, b@example.com', subject: 'x', html: '<p>x</p>' }, 'body.to'],
      [{ to: 'a@example.com\r\nBcc: b@example.com', subject: 'x', html: '<p>x</p>' }, 'body.to'],
      [{ subject: 'x', html: '<p>x</p>' }, 'body.to'],
      [{ to: 'a@example.com', template: 'welcome', subject: 'x', html: '<p>x</p>' }, 'body.template'],
      [{ to: 'a@example.com' }, 'body.subject'],
      [{ to: 'a@example.com', subject: 'x' }, 'body.html'],
      [
        { to: 'a@example.com', subject: 'x', html: '<p>x</p>', templateData: { a: 'b' } },
        'body.templateData',
      ],
      [
        { to: 'a@example.com', subject: 'x', html: '<p>x</p>', applicationId: undefined },
        'body.applicationId',
      ],
    ] as const) {
      const response = await send(body).expect(400);
      expect(response.body.code, JSON.stringify(body)).to.equal('validation_failed');
      expect(
        response.body.details.map((detail: { path: string }) => detail.path),
        JSON.stringify(body),
      ).to.include(field);
    }
    expect(sink.received.length).to.equal(before);
  });

  it('accepts as from only MAIL_FROM’s address and verified senders; refuses any other sender', async () => {
    const colleague = await member(ctx, 'colleague');
    const invitation = await ctx.request
      .post(`/api/v1/organizations/${shop.organization}/members`)
      .set(alice.auth)
      .send({ email: colleague.email, role: 'member' })
      .expect(201);
    await ctx.request
      .post(`/api/v1/invitations/${invitation.body.id}/accept`)
      .set(colleague.auth)
      .expect(200);
    const byMember = await ctx.request
      .patch(`/api/v1/applications/${shop.application}/email-settings`)
      .set(colleague.auth)
      .send({ verified_senders: ['ceo@shop.example'] })
      .expect(403);
    expect(byMember.body.error).to.match(/permission organization:update/);
    const settings = await ctx.request
      .patch(`/api/v1/applications/${shop.application}/email-settings`)
      .set(alice.auth)
      .send({ verified_senders: ['Support@Shop.example'] })
      .expect(200);
    // Verified by its link in before(); listing it again keeps it verified.
    expect(settings.body.verified_senders).to.deep.equal(['support@shop.example']);

    const verified = recipient('verified');
    const ok = await send(
      { to: verified, subject: 'Hi', html: '<p>x</p>', from: 'Shop Support <support@shop.example>' },
      colleague.auth,
    ).expect(200);
    expect(ok.body.from).to.equal('"Shop Support" <support@shop.example>');
    const delivered = await waitForDelivery(sink, verified);
    expect(addresses(delivered.mail.from)).to.deep.equal(['support@shop.example']);
    expect(delivered.envelope.from).to.equal('support@shop.example');

    // Any other sender is refused, not silently replaced (issue #37 item 7).
    const spoofed = recipient('spoofed');
    const refused = await send({
      to: spoofed,
      subject: 'Hi',
      html: '<p>x</p>',
      from: 'CEO <ceo@shop.example>',
    }).expect(403);
    expect(refused.body.code).to.equal('sender_not_verified');
    expect(deliveriesTo(sink, spoofed)).to.have.length(0);

    // The platform's own address keeps its configured name: nobody can rename the platform's sender.
    const renamed = recipient('renamed');
    const platform = await send({
      to: renamed,
      subject: 'Hi',
      html: '<p>x</p>',
      from: `Your Bank <${MAIL_FROM_ADDRESS}>`,
    }).expect(200);
    expect(platform.body.from).to.equal(`IAM Platform <${MAIL_FROM_ADDRESS}>`);
    expect((await waitForDelivery(sink, renamed)).mail.from?.value[0]?.name).to.equal('IAM Platform');

    const injected = recipient('injected');
    const injection = await send({
      to: injected,
      subject: 'Hi',
      html: '<p>x</p>',
      from: 'x <support@shop.example>\r\nBcc: evil@example.com',
    }).expect(400);
    expect(injection.body.code).to.equal('invalid_sender');
    expect(deliveriesTo(sink, injected)).to.have.length(0);
  });

  it('answers 502 with the SMTP error when the server refuses, and logs the failure', async () => {
    const response = await send({ to: 'nobody@example.com', subject: 'Abgelehnt', html: '<p>x</p>' }).expect(
      502,
    );
    expect(response.body.code).to.equal('mail_delivery_failed');
    expect(response.body.error).to.contain('Mailbox unavailable');
    expect(response.body.details[0]).to.include({ path: 'smtp' });
    const log = await emailLogs().findOne({ recipient_email: 'nobody@example.com', subject: 'Abgelehnt' });
    expect(log).to.include({ status: 'failed', application_id: shop.application });
    expect(log!.error_message).to.contain('Mailbox unavailable');
    const activity = await ctx.database.connection
      .collection('activity_logs')
      .findOne({ action: 'email.send_failed', 'metadata.recipient_email': 'nobody@example.com' });
    expect(activity, 'an email.send_failed activity entry').to.exist;
  });

  it('lets a cs_ token with write scope send for its application only', async () => {
    const tokenFor = async (scopes: string[]) =>
      (
        await ctx.request
          .post('/api/v1/tokens')
          .set(alice.auth)
          .send({ name: 'Mailer', scopes, application_id: shop.application })
          .expect(201)
      ).body.token as string;
    const writer = { Authorization: `Bearer ${await tokenFor(['write'])}` };
    const reader = { Authorization: `Bearer ${await tokenFor(['read'])}` };
    const to = recipient('token');
    await send({ to, subject: 'Per Token', html: '<p>x</p>' }, writer).expect(200);
    expect((await waitForDelivery(sink, to)).mail.subject).to.equal('Per Token');
    await send({ to, subject: 'x', html: '<p>x</p>' }, reader).expect(403);
    const other = await tenant(ctx, alice, 'Other');
    await send({ to, subject: 'x', html: '<p>x</p>', applicationId: other.application }, writer).expect(404);
    expect(deliveriesTo(sink, to)).to.have.length(1);
  });

  it('refuses anonymous callers and other tenants (404), sending nothing', async () => {
    const to = recipient('intruder');
    await ctx.request
      .post('/functions/v1/send-email')
      .send({ to, subject: 'x', html: '<p>x</p>', applicationId: shop.application })
      .expect(401);
    const mallory = await member(ctx, 'mallory');
    const response = await send({ to, subject: 'x', html: '<p>x</p>' }, mallory.auth).expect(404);
    expect(response.body.code).to.equal('application_not_found');
    expect(deliveriesTo(sink, to)).to.have.length(0);
  });
});

describe('sending e-mail: limits and outages', () => {
  it('is rate limited per application (429 with Retry-After); other applications keep their budget', async () => {
    const sink = await startSmtpSink();
    const ctx = await createMailContext(sink, { EMAIL_SEND_RATE_LIMIT_PER_APPLICATION: '2' });
    try {
      const owner = await member(ctx, 'owner');
      // A member with a confirmed address is a recipient the send API allows.
      await confirmFromSink(ctx, sink, owner.email);
      const first = await tenant(ctx, owner, 'First');
      const second = await tenant(ctx, owner, 'Second');
      const send = (applicationId: string, path = '/api/v1/email/send') =>
        ctx.request
          .post(path)
          .set(owner.auth)
          .send({ to: owner.email, subject: 'limited', html: '<p>x</p>', applicationId });
      await send(first.application).expect(200);
      // Both paths share one budget.
      await send(first.application, '/functions/v1/send-email').expect(200);
      const limited = await send(first.application).expect(429);
      expect(limited.body.code).to.equal('rate_limited');
      expect(Number(limited.headers['retry-after'])).to.be.greaterThan(0);
      await send(second.application).expect(200);
      const sent = sink.received.filter((entry) => entry.mail.subject === 'limited');
      expect(sent).to.have.length(3);
    } finally {
      await ctx.close();
      await sink.close();
    }
  });

  it('answers 502 with the SMTP error when the SMTP server is down, and logs a failed row', async () => {
    const sink = await startSmtpSink();
    const downUrl = sink.url;
    await sink.close();
    const ctx = await createMailContext({ ...sink, url: downUrl });
    try {
      const owner = await member(ctx, 'owner');
      const shop = await tenant(ctx, owner, 'Down');
      // With SMTP down no confirmation link can arrive: the address is marked confirmed directly,
      // so that the member is a recipient the send API allows.
      await ctx.database.connection
        .collection('profiles')
        .updateOne({ email: owner.email }, { $set: { is_verified: true } });
      const to = owner.email;
      const response = await ctx.request
        .post('/functions/v1/send-email')
        .set(owner.auth)
        .send({ to, subject: 'Während des Ausfalls', html: '<p>x</p>', applicationId: shop.application })
        .expect(502);
      expect(response.body.code).to.equal('mail_delivery_failed');
      expect(response.body.error).to.match(/ECONNREFUSED/);
      const log = await ctx.database.connection
        .collection('email_logs')
        .findOne({ recipient_email: to, subject: 'Während des Ausfalls' });
      expect(log).to.include({
        status: 'failed',
        subject: 'Während des Ausfalls',
        application_id: shop.application,
      });
      expect(log!.error_message).to.match(/ECONNREFUSED/);
    } finally {
      await ctx.close();
    }
  });
});
