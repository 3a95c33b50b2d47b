/**
 * Distinct users and installations come from activity bitmaps over identity numbers. What a user
 * of the summary notices: a person active in two organizations counts once where both are shown,
 * once in each organization, and two processes numbering the same new identities at the same
 * moment still count each of them once.
 */
import { expect } from 'chai';
import { Types } from 'mongoose';
import { pino } from 'pino';
import type { TestContext } from '../helpers/context.js';
import { bearer } from '../auth/helpers.js';
import { createTenant, type Tenant } from '../tokens/helpers.js';
import { createTrackingContext } from '../tracking/helpers.js';
import { createAnalyticsRecorder, type TrackingRecord } from '../../src/modules/telemetry/index.js';

describe('analytics: distinct users across organizations and processes (activity bitmaps)', () => {
  let ctx: TestContext;
  let first: Tenant;
  let second: Tenant;

  before(async () => {
    ctx = await createTrackingContext();
    first = await createTenant(ctx, 'bitmap-a');
    // The same owner's second organization.
    second = await createTenant(ctx, 'bitmap-b', first.user);
  });
  after(() => ctx.close());

  const owner = (tenant: Tenant): TrackingRecord['application'] => ({
    _id: new Types.ObjectId(tenant.applicationId),
    project_id: new Types.ObjectId(tenant.projectId),
    organization_id: new Types.ObjectId(tenant.organizationId),
  });
  const ids = (prefix: string, count: number) =>
    Array.from({ length: count }, (_, i) => `anon_${prefix}${String(i).padStart(28, '0')}`);
  const summary = async (query: Record<string, string> = {}) =>
    (
      await ctx.request
        .get('/api/v1/analytics/summary')
        .query({ period: '24h', ...query })
        .set(bearer(first.user.access_token))
        .expect(200)
    ).body;

  it('counts a person active in both organizations once overall and once in each, though two processes numbered them at once', async () => {
    // A second recorder on the same database: another server process.
    const otherProcess = createAnalyticsRecorder({
      connection: ctx.database.connection,
      logger: pino({ level: 'silent' }),
      retentionDays: 90,
      rollupRetentionDays: 400,
    });
    const shared = ids('shared', 3);
    const at = new Date();
    await Promise.all([
      ctx.services.analyticsRecorder.writeBatch({
        tracking: [{ application: owner(first), at, anonymousIds: [...shared, ...ids('first', 20)] }],
      }),
      otherProcess.writeBatch({
        tracking: [
          {
            application: owner(second),
            at,
            anonymousIds: [...shared, ...ids('second', 30)],
            installationIds: ['inst_shared', 'inst_other'],
          },
        ],
      }),
    ]);
    await otherProcess.close();

    // Every identity has one number, whichever process numbered it first.
    const numbers = ctx.database.connection.collection('analytics_identities');
    for (const key of shared)
      expect(await numbers.countDocuments({ kind: 'anonymous', key }), key).to.equal(1);

    const both = await summary();
    expect(both.totals).to.include({ anonymous_users: 53, active_users: 53, active_installations: 2 });
    const thisHour = both.timeseries[both.timeseries.length - 1];
    expect(thisHour.active_users).to.equal(53);
    expect((await summary({ organization_id: first.organizationId })).totals).to.include({
      anonymous_users: 23,
    });
    expect((await summary({ organization_id: second.organizationId })).totals).to.include({
      anonymous_users: 33,
      active_installations: 2,
    });
    expect((await summary({ application_id: first.applicationId, period: '30d' })).totals).to.include({
      anonymous_users: 23,
    });
  });

  it('counts an identity seen again in a later flush once', async () => {
    const again = ids('first', 5);
    await ctx.services.analyticsRecorder.writeBatch({
      tracking: [{ application: owner(first), at: new Date(), anonymousIds: again }],
    });
    expect((await summary({ organization_id: first.organizationId })).totals).to.include({
      anonymous_users: 23,
    });
  });
});

describe('analytics: upgrading from one key row per identity and bucket', () => {
  let ctx: TestContext;
  after(() => ctx.close());

  it('moves the old active keys into bitmaps at start-up and drops the old collections', async () => {
    ctx = await createTrackingContext();
    const tenant = await createTenant(ctx, 'legacy-keys');
    const db = ctx.database.connection.db!;
    const hour = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000);
    const day = new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000);
    const row = (granularity: 'hour' | 'day', kind: string, key: string) => ({
      scope: 'application',
      scope_id: new Types.ObjectId(tenant.applicationId),
      granularity,
      kind,
      t: granularity === 'hour' ? hour : day,
      key,
    });
    // As the first version wrote them: both granularities, two anonymous ids and an installation.
    await db
      .collection('analytics_active_keys_hourly')
      .insertMany([
        row('hour', 'anonymous', 'anon_legacy_1'),
        row('hour', 'anonymous', 'anon_legacy_2'),
        row('hour', 'installation', 'inst_legacy_1'),
      ]);
    await db
      .collection('analytics_active_keys')
      .insertMany([row('day', 'anonymous', 'anon_legacy_1'), row('day', 'anonymous', 'anon_legacy_2')]);

    // An upgraded process starts: its first analytics use (creating the indexes) starts the move.
    const upgraded = createAnalyticsRecorder({
      connection: ctx.database.connection,
      logger: pino({ level: 'silent' }),
      retentionDays: 90,
      rollupRetentionDays: 400,
    });
    await upgraded.ensureIndexes();
    const read = async (period: string) =>
      (
        await ctx.request
          .get('/api/v1/analytics/summary')
          .query({ period, application_id: tenant.applicationId })
          .set(bearer(tenant.user.access_token))
          .expect(200)
      ).body.totals;
    const deadline = Date.now() + 10_000;
    while ((await db.listCollections({ name: /^analytics_active_keys/ }).toArray()).length > 0) {
      if (Date.now() > deadline) throw new Error('the old key collections are still there after 10 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await upgraded.close();
    expect(await read('24h')).to.include({ anonymous_users: 2, active_installations: 1 });
    expect(await read('30d')).to.include({ anonymous_users: 2 });
  });
});
