import { expect } from 'chai';
import { pino } from 'pino';
import { createServices, type Services } from '../../src/services.js';
import type { TestContext } from '../helpers/context.js';
import { member, tenant, type Member, type Tenant } from '../mail/template-helpers.js';
import { startSmtpSink, type SmtpSink } from '../mail/smtp-sink.js';
import { createWebhook, startReceiver, type Receiver } from '../webhooks/helpers.js';
import { createAlertContext, createRule, historyOf, minutes, seedRequests, startOfTest } from './helpers.js';

/**
 * Two server processes on one database (issue #35): two sets of services, each with its own
 * evaluator, share the lease in alert_leases. Evaluating at the same moments, exactly one of
 * them is the leader each time, and the rule that crosses its threshold notifies exactly once.
 */
describe('alerts: two processes on one database', () => {
  let sink: SmtpSink;
  let receiver: Receiver;
  let ctx: TestContext;
  let second: Services;
  let admin: Member;
  let shop: Tenant;
  let alertId: string;
  const base = startOfTest();
  const mails = () => sink.received.filter((m) => m.mail.subject?.includes('API flood'));

  before(async function () {
    this.timeout(120_000);
    sink = await startSmtpSink();
    receiver = await startReceiver();
    ctx = await createAlertContext(sink);
    second = createServices({
      config: ctx.config,
      logger: pino({ level: 'silent' }),
      database: ctx.database,
    });
    admin = await member(ctx, 'alert-two');
    shop = await tenant(ctx, admin, 'Flood');
    await createWebhook(ctx, admin.token, shop.organization, { url: receiver.url, events: ['alert.firing'] });
    alertId = (
      await createRule(ctx, admin.token, {
        application_id: shop.application,
        name: 'API flood',
        metric: 'api_calls',
        comparator: 'gte',
        threshold: 5,
        window_s: 600,
        cooldown_s: 600,
        min_samples: 0,
        channels: { emails: [admin.email], webhook: true },
      })
    ).id;
  });
  after(async () => {
    await second.close();
    await ctx.close();
    await receiver.close();
    await sink.close();
  });

  it('one leader per round, one notification for one crossing', async () => {
    await seedRequests(
      ctx.services,
      shop.application,
      Array.from({ length: 6 }, (_, i) => ({ at: minutes(base, 1), status: 200 + i })),
    );
    const rounds = [];
    for (const minute of [2, 3, 4]) {
      const at = minutes(base, minute);
      const [a, b] = await Promise.all([
        ctx.services.alerts.evaluator.evaluateOnce(at),
        second.alerts.evaluator.evaluateOnce(at),
      ]);
      rounds.push([a.leader, b.leader]);
      expect(a.leader !== b.leader, `minute ${minute}: exactly one leader`).to.equal(true);
    }
    // The first to take the lease keeps it while it renews it every round.
    expect(new Set(rounds.map((r) => JSON.stringify(r))).size).to.equal(1);
    expect(mails()).to.have.length(1);
    const history = await historyOf(ctx, admin.token, alertId);
    expect(history.map((row) => row.kind)).to.deep.equal(['firing']);
    await receiver.waitFor((requests) => requests.length >= 1, 10_000, 'alert.firing');
    await ctx.services.webhooks.drain();
    expect(receiver.requests.map((r) => r.json.type)).to.deep.equal(['alert.firing']);
  });

  it('the other process takes over once the leader stops renewing (lease expired): still no second notification', async () => {
    // Only the second process evaluates from now on; until the 90 s lease runs out it is refused.
    const refused = await second.alerts.evaluator.evaluateOnce(minutes(base, 4.5));
    const leaderBefore = (await ctx.services.alerts.evaluator.evaluateOnce(minutes(base, 4.5))).leader;
    expect(refused.leader || leaderBefore).to.equal(true);
    const takeover = await second.alerts.evaluator.evaluateOnce(minutes(base, 12));
    expect(takeover.leader).to.equal(true);
    // The window (2, 12] holds no request: 0 < 5, resolved; the rule mails its resolution once.
    expect(takeover.resolved).to.equal(1);
    expect(mails().map((m) => m.mail.subject)).to.deep.equal([
      '[ausgelöst] API flood',
      '[behoben] API flood',
    ]);
  });

  it('both loops running (each process its own timer) evaluate without doubling', async () => {
    ctx.services.alerts.evaluator.start({ intervalMs: 20 });
    second.alerts.evaluator.start({ intervalMs: 20 });
    // The loops use the real clock: the rule's window (the last 600 s) holds no request, so it stays resolved.
    const seen = async () =>
      (await ctx.request.get(`/api/v1/alerts/${alertId}`).set(admin.auth).expect(200)).body.last_evaluated_at;
    const first = await seen();
    const deadline = Date.now() + 10_000;
    while ((await seen()) === first && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await Promise.all([ctx.services.alerts.evaluator.stop(), second.alerts.evaluator.stop()]);
    expect(await seen(), 'a loop evaluated').to.not.equal(first);
    expect(mails()).to.have.length(2);
    expect(await historyOf(ctx, admin.token, alertId)).to.have.length(2);
  });
});
