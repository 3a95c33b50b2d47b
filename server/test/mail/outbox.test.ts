import { expect } from 'chai';
import { ObjectId } from 'mongodb';
import { pino } from 'pino';
import { createMailService } from '../../src/modules/mail/index.js';
import { type MailService } from '../../src/core/mail.js';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { createMailApp } from './mail-app.js';

const OUTBOX_PATH = '/api/v1/dev/outbox';

/** A logger whose lines the test can read. */
function capturingLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { logger, lines };
}

describe('development outbox', () => {
  let ctx: TestContext;
  let mail: MailService;
  let log: ReturnType<typeof capturingLogger>;
  let api: ReturnType<typeof createMailApp>;

  before(async () => {
    ctx = await createTestContext();
    log = capturingLogger();
    mail = createMailService({ connection: ctx.database.connection, config: ctx.config, logger: log.logger });
    api = createMailApp({ connection: ctx.database.connection, config: ctx.config });
  });

  after(async () => {
    await mail?.close();
    await ctx?.close();
  });

  describe('without SMTP_URL', () => {
    const confirmLink = 'http://localhost:3000/api/v1/auth/confirm?token=0123456789abcdef';
    let messageId: string;

    before(async () => {
      const result = await mail.sendTemplate({
        to: 'Neu@Example.com',
        template: 'email_confirmation',
        data: { name: 'Neu <b>', confirmLink },
        userId: 'user-7',
      });
      expect(result.transport).to.equal('outbox');
      messageId = result.message_id;
    });

    it('keeps the mail in the dev_outbox collection', async () => {
      const stored = await ctx.database.connection
        .collection('dev_outbox')
        .findOne({ _id: new ObjectId(messageId) });
      expect(stored).to.include({
        to: 'neu@example.com',
        from: ctx.config.mail.from,
        subject: 'Bitte bestätigen Sie Ihre E-Mail-Adresse',
        template_name: 'email_confirmation',
      });
      expect(stored!.html).to.contain(`href="${confirmLink}"`);
      expect(stored!.html).to.contain('Hallo Neu &lt;b&gt;,');
      expect(stored!.text).to.contain(confirmLink);
      expect(stored!.created_at).to.be.instanceOf(Date);
    });

    it('logs one line naming the recipient and the links, so sign-up can be finished locally', () => {
      const lines = log.lines.filter((line) => line.to === 'neu@example.com');
      expect(lines).to.have.length(1);
      expect(lines[0]).to.include({ level: 30 });
      expect(lines[0]!.links).to.deep.equal([confirmLink]);
      expect(lines[0]!.msg).to.contain('neu@example.com').and.to.contain(confirmLink);
    });

    it('logs the send in email_logs with transport outbox', async () => {
      const entry = await ctx.database.connection.collection('email_logs').findOne({ message_id: messageId });
      expect(entry).to.include({
        recipient_email: 'neu@example.com',
        template_name: 'email_confirmation',
        status: 'sent',
        transport: 'outbox',
        user_id: 'user-7',
        application_id: null,
      });
    });
  });

  describe(`GET ${OUTBOX_PATH}`, () => {
    before(async () => {
      for (const [to, subject] of [
        ['first@example.com', 'Erste'],
        ['second@example.com', 'Andere'],
        ['first@example.com', 'Zweite'],
        ['first@example.com', 'Dritte'],
      ] as const) {
        await mail.send({ to, subject, html: `<p>${subject}</p>` });
      }
    });

    it('lists the outbox newest first', async () => {
      const response = await api.request.get(OUTBOX_PATH).expect(200);
      expect(response.body.next_cursor).to.equal(null);
      expect(response.body.data.slice(0, 4).map((item: { subject: string }) => item.subject)).to.deep.equal([
        'Dritte',
        'Zweite',
        'Andere',
        'Erste',
      ]);
      const [newest] = response.body.data;
      expect(newest).to.have.all.keys('id', 'to', 'subject', 'html', 'text', 'template_name', 'created_at');
      expect(newest).to.include({ to: 'first@example.com', text: 'Dritte', template_name: null });
      expect(newest.html).to.equal('<p>Dritte</p>');
      expect(newest.id).to.match(/^[0-9a-f]{24}$/);
      expect(new Date(newest.created_at).toISOString()).to.equal(newest.created_at);
    });

    it('filters by recipient, ignoring case', async () => {
      const response = await api.request.get(OUTBOX_PATH).query({ to: 'First@Example.com' }).expect(200);
      expect(response.body.data.map((item: { subject: string }) => item.subject)).to.deep.equal([
        'Dritte',
        'Zweite',
        'Erste',
      ]);
      const none = await api.request.get(OUTBOX_PATH).query({ to: 'nobody@example.com' }).expect(200);
      expect(none.body).to.deep.equal({ data: [], next_cursor: null });
    });

    it('returns at most `limit` mails, 20 by default', async () => {
      for (let index = 0; index < 20; index += 1) {
        await mail.send({ to: 'bulk@example.com', subject: `Bulk ${index}`, html: '<p>Bulk</p>' });
      }
      const byDefault = await api.request.get(OUTBOX_PATH).expect(200);
      expect(byDefault.body.data).to.have.length(20);
      expect(byDefault.body.data[0].subject).to.equal('Bulk 19');
      const one = await api.request.get(OUTBOX_PATH).query({ limit: 1, to: 'first@example.com' }).expect(200);
      expect(one.body.data.map((item: { subject: string }) => item.subject)).to.deep.equal(['Dritte']);
      const all = await api.request.get(OUTBOX_PATH).query({ limit: 100 }).expect(200);
      expect(all.body.data.length).to.be.above(20);
    });

    it('rejects a limit outside 1–100 and a malformed address with 400', async () => {
      for (const query of [{ limit: 0 }, { limit: 101 }, { limit: 'many' }, { to: 'not-an-address' }]) {
        const response = await api.request.get(OUTBOX_PATH).query(query).expect(400);
        expect(response.body.code, JSON.stringify(query)).to.equal('validation_failed');
      }
    });

    it('is documented in the OpenAPI document under Development', () => {
      const operation = api.openApi.paths?.[OUTBOX_PATH]?.get;
      expect(operation, 'GET /dev/outbox in OpenAPI').to.exist;
      expect(operation!.tags).to.deep.equal(['Development']);
    });
  });

  it('fills in dashboardUrl (DASHBOARD_URL) and email when the data lacks them', async () => {
    const result = await mail.sendTemplate({
      to: 'fill@example.com',
      template: 'welcome',
      data: { name: 'Fill' },
    });
    const stored = await ctx.database.connection
      .collection('dev_outbox')
      .findOne({ _id: new ObjectId(result.message_id) });
    expect(stored!.html).to.contain(`href="${ctx.config.auth.dashboardUrl}"`);
    expect(stored!.text).to.contain(`Zum Dashboard: ${ctx.config.auth.dashboardUrl}`);
    expect(stored!.text).not.to.contain('{{');
  });

  it('is served by the application and listed in its OpenAPI document', async () => {
    await ctx.services.mail.send({ to: 'wired@example.com', subject: 'Verdrahtet', html: '<p>x</p>' });
    const response = await ctx.request.get(OUTBOX_PATH).query({ to: 'wired@example.com' }).expect(200);
    expect(response.body.data.map((item: { subject: string }) => item.subject)).to.deep.equal(['Verdrahtet']);
    const openApi = await ctx.request.get('/api/v1/openapi.json').expect(200);
    expect(openApi.body.paths[OUTBOX_PATH]?.get?.tags).to.deep.equal(['Development']);
  });

  it('in production mode keeps one-time links out of the log', async () => {
    const production = capturingLogger();
    const service = createMailService({
      connection: ctx.database.connection,
      config: { ...ctx.config, isProduction: true },
      logger: production.logger,
    });
    const resetLink = 'https://iam.example.com/auth?mode=reset&token=secret-token';
    await service.sendTemplate({
      to: 'prod@example.com',
      template: 'password_reset',
      data: { name: 'P', resetLink },
    });
    await service.close();
    const lines = production.lines.filter((line) => line.to === 'prod@example.com');
    expect(lines).to.have.length(1);
    expect(JSON.stringify(production.lines)).not.to.contain('secret-token');
    expect(production.lines.some((line) => String(line.msg).includes('SMTP_URL is not set'))).to.equal(true);
  });
});

describe('development outbox route availability', () => {
  for (const [situation, options] of [
    ['in production mode', { config: (config) => ({ ...config, isProduction: true }) }],
    ['when SMTP_URL is set', { env: { SMTP_URL: 'smtp://127.0.0.1:2525' } }],
  ] as Array<[string, Parameters<typeof createTestContext>[0]]>) {
    describe(situation, () => {
      let ctx: TestContext;
      let api: ReturnType<typeof createMailApp>;

      before(async () => {
        ctx = await createTestContext(options);
        api = createMailApp({ connection: ctx.database.connection, config: ctx.config });
      });

      after(async () => {
        await ctx?.close();
      });

      it(`${OUTBOX_PATH} does not exist`, async () => {
        for (const request of [api.request, ctx.request]) {
          const response = await request.get(OUTBOX_PATH).expect(404);
          expect(response.body.code).to.equal('route_not_found');
        }
      });

      it('is not in the OpenAPI document', async () => {
        expect(api.openApi.paths?.[OUTBOX_PATH]).to.equal(undefined);
        const openApi = await ctx.request.get('/api/v1/openapi.json').expect(200);
        expect(openApi.body.paths[OUTBOX_PATH]).to.equal(undefined);
      });
    });
  }
});
