import { expect } from 'chai';
import type { AddressObject } from 'mailparser';
import { pino } from 'pino';
import { AppError } from '../../src/lib/errors.js';
import { SYSTEM_TEMPLATES, createMailService } from '../../src/modules/mail/index.js';
import { type MailService } from '../../src/core/mail.js';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { startSmtpSink, type SmtpSink } from './smtp-sink.js';

const silent = pino({ level: 'silent' });

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  const objects = field === undefined ? [] : Array.isArray(field) ? field : [field];
  return objects.flatMap((object) => object.value.map((mailbox) => mailbox.address ?? ''));
}

function occurrences(haystack: string, needle: string): number {
  return haystack.split(needle).length - 1;
}

async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}

describe('mail over SMTP', () => {
  let sink: SmtpSink;
  let ctx: TestContext;
  let mail: MailService;

  before(async () => {
    sink = await startSmtpSink({ refuseRecipient: (address) => address.startsWith('nobody@') });
    ctx = await createTestContext({
      env: { SMTP_URL: sink.url, MAIL_FROM: 'IAM Platform <no-reply@iam.test>' },
    });
    mail = createMailService({ connection: ctx.database.connection, config: ctx.config, logger: silent });
  });

  after(async () => {
    await mail?.close();
    await ctx?.close();
    await sink?.close();
  });

  const emailLogs = () => ctx.database.connection.collection('email_logs');

  describe('a password reset mail', () => {
    const resetLink = `http://localhost:3000/auth?mode=reset&token=${'ab'.repeat(32)}`;
    let result: Awaited<ReturnType<MailService['sendTemplate']>>;

    before(async () => {
      result = await mail.sendTemplate({
        to: 'Ada@Example.com',
        template: 'password_reset',
        data: { name: 'Ada', resetLink },
        applicationId: 'app-1',
        userId: 'user-1',
      });
    });

    const delivered = () => {
      const match = sink.received.find((received) => received.mail.messageId === result.message_id);
      expect(match, 'message received by the SMTP server').to.exist;
      return match!;
    };

    it('goes out over SMTP with its message id', () => {
      expect(result.transport).to.equal('smtp');
      expect(result.message_id).to.match(/^<.+@.+>$/);
    });

    it('arrives with subject, sender and recipient', () => {
      const { envelope, mail: received } = delivered();
      expect(received.subject).to.equal(SYSTEM_TEMPLATES.password_reset.subject);
      expect(addresses(received.from)).to.deep.equal(['no-reply@iam.test']);
      expect(received.from?.value[0]?.name).to.equal('IAM Platform');
      expect(addresses(received.to).map((address) => address.toLowerCase())).to.deep.equal([
        'ada@example.com',
      ]);
      expect(envelope.from).to.equal('no-reply@iam.test');
      expect(envelope.to.map((address) => address.toLowerCase())).to.deep.equal(['ada@example.com']);
    });

    it('carries the reset link exactly once in the HTML part and once in the text part', () => {
      const { mail: received } = delivered();
      expect(received.html).to.be.a('string');
      expect(occurrences(received.html as string, `href="${resetLink.replace(/&/g, '&amp;')}"`)).to.equal(1);
      expect(occurrences(received.html as string, 'token=')).to.equal(1);
      expect(received.text).to.be.a('string');
      expect(occurrences(received.text!, resetLink)).to.equal(1);
      expect(received.text).not.to.match(/<\/?[a-z][^>]*>/i);
    });

    it('is logged as sent, with metadata and without the body', async () => {
      const entries = await emailLogs().find({ message_id: result.message_id }).toArray();
      expect(entries).to.have.length(1);
      const entry = entries[0]!;
      expect(entry).to.include({
        recipient_email: 'ada@example.com',
        template_name: 'password_reset',
        subject: SYSTEM_TEMPLATES.password_reset.subject,
        status: 'sent',
        transport: 'smtp',
        application_id: 'app-1',
        user_id: 'user-1',
        error_message: null,
      });
      expect(entry.created_at).to.be.instanceOf(Date);
      expect(Object.keys(entry)).not.to.include.members(['html', 'text']);
      expect(JSON.stringify(entry)).not.to.contain('token=');
    });
  });

  it('escapes a hostile name in the HTML part', async () => {
    const name = '<script>alert(1)</script>';
    const result = await mail.sendTemplate({
      to: 'mallory@example.com',
      template: 'password_reset',
      data: { name, resetLink: 'http://localhost:3000/auth?mode=reset&token=x' },
    });
    const received = sink.received.find((entry) => entry.mail.messageId === result.message_id)!.mail;
    expect(received.html).not.to.contain('<script>');
    expect(received.html).to.contain('Hallo &lt;script&gt;alert(1)&lt;/script&gt;,');
    expect(received.text).to.contain(`Hallo ${name},`);
  });

  it('derives the text part from the HTML when send() gets none', async () => {
    const result = await mail.send({
      to: 'grace@example.com',
      subject: 'Ihr Bericht',
      html: '<p>Hallo <b>Grace</b>,</p><p><a href="https://example.com/report?id=1&amp;v=2">Bericht öffnen</a></p>',
    });
    const received = sink.received.find((entry) => entry.mail.messageId === result.message_id)!.mail;
    expect(received.subject).to.equal('Ihr Bericht');
    expect(received.text).to.contain('Hallo Grace,');
    expect(received.text).to.contain('Bericht öffnen: https://example.com/report?id=1&v=2');
    expect(received.text).not.to.contain('<');
    const entry = await emailLogs().findOne({ message_id: result.message_id });
    expect(entry).to.include({ template_name: null, status: 'sent', application_id: null, user_id: null });
  });

  it('sends the given text part and sender as they are', async () => {
    const result = await mail.send({
      to: 'grace@example.com',
      subject: 'Mit Text',
      html: '<p>HTML</p>',
      text: 'Nur Text',
      from: 'Support <support@iam.test>',
    });
    const received = sink.received.find((entry) => entry.mail.messageId === result.message_id)!.mail;
    expect(received.text?.trim()).to.equal('Nur Text');
    expect(addresses(received.from)).to.deep.equal(['support@iam.test']);
  });

  it('answers 502 mail_delivery_failed when the server refuses the recipient, and logs the failure', async () => {
    const before = sink.received.length;
    const error = await rejectionOf(
      mail.sendTemplate({
        to: 'nobody@example.com',
        template: 'welcome',
        data: { name: 'Niemand' },
        applicationId: 'app-2',
      }),
    );
    expect(error).to.be.instanceOf(AppError);
    expect(error).to.include({ status: 502, code: 'mail_delivery_failed' });
    expect(sink.received).to.have.length(before);

    const entries = await emailLogs().find({ recipient_email: 'nobody@example.com' }).toArray();
    expect(entries).to.have.length(1);
    expect(entries[0]).to.include({
      status: 'failed',
      transport: 'smtp',
      template_name: 'welcome',
      // The platform's name in the subject (the recipient is no account of a project's pool).
      subject: 'Willkommen bei IAM Platform',
      application_id: 'app-2',
      message_id: null,
    });
    expect(entries[0]!.error_message).to.contain('Mailbox unavailable');
  });

  it('refuses a recipient that would address several mailboxes', async () => {
    const before = sink.received.length;
    for (const to of ['a@example.com, b@example.com', 'a@example.com\r\nBcc: b@example.com', 'no-address']) {
      const error = await rejectionOf(mail.send({ to, subject: 'x', html: '<p>x</p>' }));
      expect(error, to).to.be.instanceOf(AppError);
      expect(error, to).to.include({ status: 400, code: 'invalid_recipient' });
    }
    expect(sink.received).to.have.length(before);
  });

  it('close() ends the pooled SMTP connection', async () => {
    const service = createMailService({
      connection: ctx.database.connection,
      config: ctx.config,
      logger: silent,
    });
    const openBefore = sink.openConnections();
    await service.send({ to: 'pool@example.com', subject: 'Pool', html: '<p>Pool</p>' });
    expect(sink.openConnections()).to.equal(openBefore + 1);
    await service.close();
    const deadline = Date.now() + 3000;
    while (sink.openConnections() > openBefore && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(sink.openConnections()).to.equal(openBefore);
  });
});
