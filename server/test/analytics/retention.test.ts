import { expect } from 'chai';
import { pino } from 'pino';
import supertest from 'supertest';
import { createApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { connectDatabase, type Database } from '../../src/db/connect.js';
import { startEmbeddedMongo, type EmbeddedMongo } from '@iam-platform/embedded-mongodb';
import { createServices, type Services } from '../../src/services.js';
import type { RequestRecord } from '../../src/modules/telemetry/index.js';
import type { TestContext } from '../helpers/context.js';
import { bearer } from '../auth/helpers.js';
import { createTenant, type Tenant } from '../tokens/helpers.js';
import { createTrackedTenant, createTrackingContext, ingest, newId } from '../tracking/helpers.js';

const DAY_MS = 86_400_000;
const RAW_DAYS = 30;
const ROLLUP_DAYS = 200;
const RETENTION_ENV = {
  ANALYTICS_RETENTION_DAYS: String(RAW_DAYS),
  ROLLUP_RETENTION_DAYS: String(ROLLUP_DAYS),
};

function requestRow(tenant: Tenant, createdAt: Date, fields: Partial<RequestRecord> = {}): RequestRecord {
  return {
    created_at: createdAt,
    method: 'GET',
    endpoint: '/api/v1/projects/:id',
    status_code: 200,
    response_time_ms: 12,
    ip_address: '203.0.113.9',
    user_agent: 'retention-test',
    user_id: tenant.user.user.id,
    application_id: tenant.applicationId,
    project_id: null,
    organization_id: null,
    ...fields,
  };
}

describe('analytics retention: TTL indexes from ANALYTICS_RETENTION_DAYS and ROLLUP_RETENTION_DAYS', () => {
  let ctx: TestContext;

  before(async () => {
    ctx = await createTrackingContext(RETENTION_ENV);
  });
  after(() => ctx.close());

  it('creates the TTL indexes with the configured expireAfterSeconds (raw rows 30 days, rollups 200)', async () => {
    const tenant = await createTrackedTenant(ctx, 'ttl-indexes');
    // A summary read and an ingest create the indexes (once per process, on first use).
    await ctx.request.get('/api/v1/analytics/summary').set(bearer(tenant.user.access_token)).expect(200);
    await ingest(ctx, '/analytics', tenant.applicationId, {
      events: [{ id: newId('evt_'), event: 'x' }],
    }).expect(200);
    const ttlOf = async (collection: string) =>
      Object.fromEntries(
        (await ctx.database.connection.collection(collection).listIndexes().toArray())
          .filter((index) => index.expireAfterSeconds !== undefined)
          .map((index) => [Object.keys(index.key).join(','), index.expireAfterSeconds]),
      );
    expect(await ttlOf('activity_logs')).to.deep.equal({ created_at: RAW_DAYS * 86_400 });
    expect(await ttlOf('analytics_events')).to.deep.equal({ timestamp: RAW_DAYS * 86_400 });
    for (const collection of ['analytics_rollups', 'analytics_event_counts', 'analytics_active_daily'])
      expect(await ttlOf(collection), collection).to.deep.equal({ t: ROLLUP_DAYS * 86_400 });
    // Hourly activity bitmaps serve the 24h and 7d periods and their comparison only.
    expect(await ttlOf('analytics_active_hourly')).to.deep.equal({ t: 15 * 86_400 });
  });

  it('keeps logging when the TTL index cannot be made (an index of the operator’s own on created_at)', async () => {
    const other = await createTrackingContext(RETENTION_ENV);
    try {
      const logs = other.database.connection.collection('activity_logs');
      await logs.createIndex({ created_at: 1 }, { name: 'operators_own' });
      await other.request.get('/api/v1/auth/providers').set('User-Agent', 'ttl-conflict').expect(200);
      await other.services.analyticsRecorder.flush();
      expect(await logs.countDocuments({ user_agent: 'ttl-conflict' })).to.equal(1);
    } finally {
      await other.close();
    }
  });

  it('refuses a ROLLUP_RETENTION_DAYS that is not a whole number of days from 1 to 3650', () => {
    for (const value of ['0', '-5', '1.5', 'forever', '3651'])
      expect(() => loadConfig({ NODE_ENV: 'test', ROLLUP_RETENTION_DAYS: value }), value).to.throw(
        /ROLLUP_RETENTION_DAYS/,
      );
    const config = loadConfig({ NODE_ENV: 'test' });
    expect(config.analytics).to.deep.equal({
      retentionDays: 90,
      rollupRetentionDays: 400,
      requestLogging: true,
    });
  });
});

/**
 * The embedded server runs a TTL monitor like mongod's (every 60 s there, every 200 ms here), so
 * this suite proves the deletion itself: it always uses the embedded server, even when
 * MONGODB_URI points the other suites at a real MongoDB.
 */
describe('analytics retention on the embedded database: expired raw rows go, rollups stay', () => {
  let mongo: EmbeddedMongo;
  let database: Database;
  let services: Services;
  let request: ReturnType<typeof supertest>;

  before(async () => {
    mongo = await startEmbeddedMongo({ dataDir: null, ttlMonitorIntervalMs: 200 });
    const config = loadConfig({
      NODE_ENV: 'test',
      ...RETENTION_ENV,
      BCRYPT_COST: '4',
      INGEST_RATE_LIMIT_PER_IP: '100000',
      RATE_LIMIT_PER_IP: '100000',
      RATE_LIMIT_PER_ACCOUNT: '100000',
    });
    const logger = pino({ level: 'silent' });
    database = await connectDatabase({
      mongodbUri: mongo.uri,
      embeddedDataDir: null,
      dbName: 'retention',
      logger,
    });
    services = createServices({ config, logger, database });
    request = supertest(createApp({ config, logger, database, services }));
  });
  after(async () => {
    await services.close();
    await database.close();
    await mongo.stop();
  });

  it('deletes request rows and events older than 30 days; their hourly and daily rollups still count them', async () => {
    const ctx = { request, database, services } as unknown as TestContext;
    const tenant = await createTenant(ctx, 'ttl-delete');
    const now = Date.now();
    const old = new Date(now - 40 * DAY_MS);
    const recent = new Date(now - 2 * DAY_MS);
    const connection = database.connection;
    const application = await connection
      .collection('applications')
      .findOne({}, { sort: { _id: -1 }, projection: { project_id: 1, organization_id: 1 } });
    await services.analyticsRecorder.writeBatch({
      requests: [
        requestRow(tenant, old),
        requestRow(tenant, old, { status_code: 500 }),
        requestRow(tenant, recent),
      ],
      tracking: [
        {
          application: {
            _id: application!._id,
            project_id: application!.project_id,
            organization_id: application!.organization_id,
          },
          at: old,
          events: [{ event: 'signup', timestamp: old }],
          anonymousIds: [newId('anon_')],
        },
      ],
    });
    // The raw event of that day (ingest refuses timestamps this old, so it is stored as it was then),
    // after a first ingest, which creates the events' TTL index as it does in every process.
    await ingest(ctx, '/analytics', tenant.applicationId, { events: [{ event: 'today' }] }).expect(200);
    await connection.collection('analytics_events').insertOne({
      application_id: application!._id,
      project_id: application!.project_id,
      organization_id: application!.organization_id,
      event: 'signup',
      properties: {},
      timestamp: old,
      received_at: old,
      session_id: null,
      installation_id: null,
      sdk_version: null,
    });
    const rawOf = () =>
      connection.collection('activity_logs').countDocuments({ user_agent: 'retention-test' });
    const eventsOf = () => connection.collection('analytics_events').countDocuments({ event: 'signup' });
    // The monitor runs every 200 ms, so the expired rows may already be gone here.

    const deadline = Date.now() + 5000;
    while ((await rawOf()) > 1 || (await eventsOf()) > 0) {
      expect(Date.now(), 'the TTL monitor deleted the expired rows within 5 s').to.be.below(deadline);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const [kept] = await connection
      .collection('activity_logs')
      .find({ user_agent: 'retention-test' })
      .toArray();
    expect(kept!.created_at.getTime()).to.equal(recent.getTime());

    // The rollups (kept 200 days) still have the expired rows' numbers.
    const summary = await request
      .get('/api/v1/analytics/summary')
      .query({ application_id: tenant.applicationId, period: '90d' })
      .set(bearer(tenant.user.access_token))
      .expect(200);
    expect(summary.body.totals).to.include({ requests: 4, errors: 1, events: 2, anonymous_users: 1 });
    const oldDay = summary.body.timeseries.find(
      (bucket: { t: string }) => bucket.t === `${old.toISOString().slice(0, 10)}T00:00:00.000Z`,
    );
    // Active that day: the tenant's user (the request rows) and the anonymous user (the tracking).
    expect(oldDay).to.include({ requests: 2, errors: 1, events: 1, active_users: 2 });
    expect(
      await connection
        .collection('analytics_rollups')
        .countDocuments({ t: { $lt: new Date(now - 39 * DAY_MS) } }),
    ).to.be.above(0);
  });
});
