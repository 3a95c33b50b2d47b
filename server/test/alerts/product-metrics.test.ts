import { expect } from 'chai';
import { bearer } from '../auth/helpers.js';
import type { TestContext } from '../helpers/context.js';
import {
  createTrackedTenant,
  createTrackingContext,
  ingest,
  installationBody,
  newId,
  PARTNER_ORIGIN,
  type TrackedTenant,
} from '../tracking/helpers.js';
import { historyOf } from './helpers.js';

const SDK = { 'X-SDK-Version': 'js-1.4.0', Origin: PARTNER_ORIGIN };
const HOUR = 3_600_000;
const MINUTE = 60_000;
const DAY = 24 * HOUR;

/**
 * Rules on SDK events (issue #35): event_count over raw events and funnel_conversion through
 * product analytics' funnel, on events sent through the SDK ingest with their own timestamps.
 */
describe('alerts: event_count and funnel_conversion on SDK events', () => {
  let ctx: TestContext;
  let shop: TrackedTenant;
  /** Midnight UTC two days ago. */
  const d0 = Math.floor(Date.now() / DAY) * DAY - 2 * DAY;
  const at = (offset: number) => new Date(d0 + offset);
  const visitors = Array.from({ length: 4 }, () => installationBody());

  async function send(visitor: number, events: Array<[string, number]>) {
    const batch = {
      events: events.map(([event, offset]) => ({
        id: newId('evt_'),
        event,
        timestamp: at(offset).toISOString(),
      })),
      session_info: { session_id: newId('sess_'), installation_id: visitors[visitor]!.installation_id },
    };
    await ingest(ctx, '/analytics', shop.applicationId, batch, SDK).expect(200);
  }

  async function rule(body: Record<string, unknown>) {
    const response = await ctx.request
      .post('/api/v1/alerts')
      .set(bearer(shop.user.access_token))
      .send({ application_id: shop.applicationId, comparator: 'gte', window_s: 3600, ...body });
    expect(response.status, JSON.stringify(response.body)).to.equal(201);
    return response.body.id as string;
  }

  before(async function () {
    this.timeout(120_000);
    ctx = await createTrackingContext();
    shop = await createTrackedTenant(ctx, 'alert-funnel');
    for (const visitor of visitors)
      await ingest(ctx, '/installations', shop.applicationId, visitor, SDK).expect(201);
    // Four sign-ups at 01:00; only the first visitor confirms within the hour.
    await send(0, [
      ['signup', 1 * HOUR],
      ['confirmed', 1 * HOUR + 20 * MINUTE],
    ]);
    await send(1, [
      ['signup', 1 * HOUR],
      ['confirmed', 3 * HOUR],
    ]);
    await send(2, [['signup', 1 * HOUR + 10 * MINUTE]]);
    await send(3, [['signup', 1 * HOUR + 30 * MINUTE]]);
    // The funnel reads the visitor days the recorder writes once a second: write them now.
    await ctx.services.analyticsRecorder.flush();
  });
  after(() => ctx.close());

  it('event_count: fires when the named event reaches the threshold in the window', async () => {
    const id = await rule({ name: 'Sign-up wave', metric: 'event_count', event: 'signup', threshold: 4 });
    const evaluate = (offset: number) => ctx.services.alerts.evaluator.evaluateOnce(at(offset));
    // (00:20, 01:20]: three sign-ups.
    expect(await evaluate(1 * HOUR + 20 * MINUTE)).to.include({ fired: 0 });
    // (00:40, 01:40]: all four.
    expect(await evaluate(1 * HOUR + 40 * MINUTE)).to.include({ fired: 1 });
    const [firing] = await historyOf(ctx, shop.user.access_token, id);
    expect(firing).to.deep.include({ kind: 'firing', value: 4, samples: 4 });
  });

  it('funnel_conversion: of those who signed up one window earlier, the share who confirmed within the window', async () => {
    const id = await rule({
      name: 'Confirmation drop',
      metric: 'funnel_conversion',
      steps: ['signup', 'confirmed'],
      comparator: 'lt',
      threshold: 50,
      min_samples: 4,
    });
    // At 03:00 the entrants are those of [01:00, 02:00): 4 sign-ups, 1 confirmed within an hour = 25 %.
    const result = await ctx.services.alerts.evaluator.evaluateOnce(at(3 * HOUR));
    expect(result).to.include({ fired: 1 });
    const [firing] = await historyOf(ctx, shop.user.access_token, id);
    expect(firing).to.deep.include({ kind: 'firing', value: 25, samples: 4 });
    // At 04:00 the entrants of [02:00, 03:00) are none: below min_samples, it resolves.
    await ctx.services.alerts.evaluator.evaluateOnce(at(4 * HOUR));
    const [resolved] = await historyOf(ctx, shop.user.access_token, id);
    expect(resolved).to.deep.include({ kind: 'resolved', samples: 0 });
  });
});
