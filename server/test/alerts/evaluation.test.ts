import { expect } from 'chai';
import type { TestContext } from '../helpers/context.js';
import { member, tenant, type Member, type Tenant } from '../mail/template-helpers.js';
import { startSmtpSink, type SmtpSink } from '../mail/smtp-sink.js';
import { createWebhook, receiverAccepts, startReceiver, type Receiver } from '../webhooks/helpers.js';
import { createAlertContext, createRule, historyOf, minutes, seedRequests, startOfTest } from './helpers.js';

/**
 * Issue #35, alerts: one rule on an application's error rate, evaluated with a controlled clock
 * (evaluateOnce(now)) over request rows written as the request logger writes them. Mail goes to a
 * real SMTP server on loopback, webhook events to a real HTTP receiver that checks the signature.
 */
describe('alerts: evaluation, notifications, cooldown, resolution', () => {
  let sink: SmtpSink;
  let receiver: Receiver;
  let ctx: TestContext;
  let admin: Member;
  let shop: Tenant;
  let secret: string;
  let alertId: string;
  const base = startOfTest();
  const alertMails = () => sink.received.filter((m) => m.mail.subject?.includes('Checkout errors'));
  const alertEvents = () => receiver.requests.filter((r) => r.json.type.startsWith('alert.'));

  before(async function () {
    this.timeout(120_000);
    sink = await startSmtpSink();
    receiver = await startReceiver();
    ctx = await createAlertContext(sink);
    admin = await member(ctx, 'alert-admin');
    shop = await tenant(ctx, admin, 'Checkout');
    secret = (
      await createWebhook(ctx, admin.token, shop.organization, { url: receiver.url, events: ['alert.*'] })
    ).secret;
    const rule = await createRule(ctx, admin.token, {
      application_id: shop.application,
      name: 'Checkout errors',
      metric: 'error_rate',
      comparator: 'gt',
      threshold: 50,
      window_s: 300,
      cooldown_s: 3600,
      min_samples: 4,
      channels: { emails: [admin.email], webhook: true },
    });
    alertId = rule.id;
    expect(rule.state).to.equal('ok');
  });
  after(async () => {
    await ctx.close();
    await receiver.close();
    await sink.close();
  });

  const evaluate = (at: Date) => ctx.services.alerts.evaluator.evaluateOnce(at);
  const stateOf = async () =>
    (await ctx.request.get(`/api/v1/alerts/${alertId}`).set(admin.auth).expect(200)).body as {
      state: string;
      last_value: number | null;
      last_samples: number | null;
    };

  it('stays ok below min_samples, then fires once when the error rate crosses the threshold in the window', async () => {
    // Three failures: 100 % errors, but 3 samples < min_samples 4.
    await seedRequests(ctx.services, shop.application, [
      { at: minutes(base, 1), status: 500 },
      { at: minutes(base, 2), status: 502 },
      { at: minutes(base, 3), status: 500 },
    ]);
    expect(await evaluate(minutes(base, 4))).to.include({ leader: true, fired: 0 });
    expect(await stateOf()).to.include({ state: 'ok', last_value: 100, last_samples: 3 });
    expect(alertMails()).to.have.length(0);

    // A fourth request (a success): 3 of 4 failed = 75 % > 50 %, with 4 samples.
    await seedRequests(ctx.services, shop.application, [{ at: minutes(base, 4), status: 200 }]);
    expect(await evaluate(minutes(base, 5))).to.include({ leader: true, fired: 1 });
    expect(await stateOf()).to.include({ state: 'firing', last_value: 75, last_samples: 4 });

    const [mail] = alertMails();
    expect(alertMails()).to.have.length(1);
    expect(mail!.envelope.to).to.deep.equal([admin.email]);
    expect(mail!.mail.subject).to.equal('[ausgelöst] Checkout errors');
    expect(mail!.mail.text).to.include('Fehlerquote (%): 75').and.include('> 50').and.include('5 min');
    expect(mail!.mail.text).to.include(`/alerts/${alertId}`);

    await receiver.waitFor(
      (requests) => requests.some((r) => r.json.type === 'alert.firing'),
      10_000,
      'alert.firing',
    );
    const [event] = alertEvents();
    expect(receiverAccepts(secret, event!.body, event!.headers['x-iam-signature'])).to.equal(true);
    expect(event!.json).to.include({ type: 'alert.firing', organization_id: shop.organization });
    expect(event!.json.application_id).to.equal(shop.application);
    expect(event!.json.data).to.deep.include({ state: 'firing', value: 75, samples: 4, test: false });
    expect((event!.json.data.alert as { id: string }).id).to.equal(alertId);

    const bell = await ctx.request.get('/api/v1/alerts/firing').set(admin.auth).expect(200);
    expect(bell.body.data.map((rule: { id: string }) => rule.id)).to.deep.equal([alertId]);
  });

  it('does not notify again while it keeps firing', async () => {
    expect(await evaluate(minutes(base, 6))).to.include({ leader: true, fired: 0, resolved: 0 });
    expect(alertMails()).to.have.length(1);
  });

  it('resolves when the window no longer breaches: alert.resolved by mail and webhook', async () => {
    // The window (6, 11] holds no request: fewer samples than min_samples, the condition no longer holds.
    expect(await evaluate(minutes(base, 11))).to.include({ resolved: 1 });
    expect(await stateOf()).to.include({ state: 'resolved' });
    expect(alertMails()).to.have.length(2);
    expect(alertMails()[1]!.mail.subject).to.equal('[behoben] Checkout errors');
    await receiver.waitFor(
      (requests) => requests.some((r) => r.json.type === 'alert.resolved'),
      10_000,
      'alert.resolved',
    );
    const resolved = alertEvents().find((r) => r.json.type === 'alert.resolved')!;
    expect(receiverAccepts(secret, resolved.body, resolved.headers['x-iam-signature'])).to.equal(true);
    expect(resolved.json.data).to.include({ state: 'resolved' });
    const bell = await ctx.request.get('/api/v1/alerts/firing').set(admin.auth).expect(200);
    expect(bell.body.data).to.deep.equal([]);
  });

  it('fires again within the cooldown without a notification; its resolution is not notified either', async () => {
    await seedRequests(ctx.services, shop.application, [
      { at: minutes(base, 12), status: 500 },
      { at: minutes(base, 13), status: 500 },
      { at: minutes(base, 13), status: 500 },
      { at: minutes(base, 14), status: 500 },
    ]);
    expect(await evaluate(minutes(base, 15))).to.include({ fired: 1 });
    expect(await evaluate(minutes(base, 25))).to.include({ resolved: 1 });
    expect(alertMails(), 'within the 3600 s cooldown of the first notification').to.have.length(2);

    const history = await historyOf(ctx, admin.token, alertId);
    expect(
      history.map((row) => [row.kind, row.to_state, row.notified.emails, row.notified.suppressed]),
    ).to.deep.equal([
      ['resolved', 'resolved', 0, null],
      ['firing', 'firing', 0, 'cooldown'],
      ['resolved', 'resolved', 1, null],
      ['firing', 'firing', 1, null],
    ]);
    expect(history[3]).to.deep.include({ from_state: 'ok', value: 75, samples: 4 });
    // Exactly two alert events ever reached the receiver (the firing and the first resolution).
    await ctx.services.webhooks.drain();
    expect(alertEvents().map((r) => r.json.type)).to.deep.equal(['alert.firing', 'alert.resolved']);
  });

  it('notifies again once the cooldown has passed; a muted rule changes state but sends nothing', async () => {
    await seedRequests(ctx.services, shop.application, [
      { at: minutes(base, 70), status: 500 },
      { at: minutes(base, 71), status: 500 },
      { at: minutes(base, 71), status: 500 },
      { at: minutes(base, 72), status: 500 },
    ]);
    expect(await evaluate(minutes(base, 73))).to.include({ fired: 1 });
    expect(alertMails()).to.have.length(3);

    await ctx.request.patch(`/api/v1/alerts/${alertId}`).set(admin.auth).send({ muted: true }).expect(200);
    expect(await evaluate(minutes(base, 85))).to.include({ resolved: 1 });
    expect(alertMails(), 'muted: no resolution mail').to.have.length(3);
    const [latest] = await historyOf(ctx, admin.token, alertId);
    expect(latest).to.deep.include({
      kind: 'resolved',
      notified: { emails: 0, webhook: false, suppressed: 'muted' },
    });
  });

  it('POST /alerts/{id}/test mails every address and queues a test event, changing no state', async () => {
    await ctx.request.patch(`/api/v1/alerts/${alertId}`).set(admin.auth).send({ muted: false }).expect(200);
    const sent = await ctx.request.post(`/api/v1/alerts/${alertId}/test`).set(admin.auth).expect(200);
    expect(sent.body).to.deep.equal({ emails: [admin.email], failed_emails: [], webhook: true });
    expect(alertMails().at(-1)!.mail.subject).to.equal('[Test] Checkout errors');
    await receiver.waitFor(
      (requests) => requests.some((r) => r.json.data.test === true),
      10_000,
      'a test event',
    );
    expect((await stateOf()).state).to.equal('resolved');
    const [latest] = await historyOf(ctx, admin.token, alertId);
    expect(latest).to.deep.include({ kind: 'test', to_state: null });
  });
});
