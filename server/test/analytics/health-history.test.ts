import { expect } from 'chai';
import { pino } from 'pino';
import supertest from 'supertest';
import { loadConfig } from '../../src/config.js';
import { createHealthSampler } from '../../src/modules/telemetry/index.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { bearer, signedInUser } from '../auth/helpers.js';

const HOUR_MS = 3_600_000;
/**
 * The samplers below sample every 400 ms; a sample is taken mid-slot, so only a timer late by more
 * than 200 ms (a very busy test machine) skips a slot. Their uptime may then be a little under 100 %.
 */
const INTERVAL_MS = 400;
const MIN_UPTIME = 80;
const silent = pino({ level: 'silent' });

type User = Awaited<ReturnType<typeof signedInUser>>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('GET /api/v1/analytics/health: uptime and response time from stored samples', () => {
  let ctx: TestContext;
  let user: User;
  /** The current hour slot when the samples were seeded. */
  let c: number;

  const sample = (
    instance: string,
    slot: number,
    healthy: boolean,
    responseMs: number,
    at = new Date(slot * HOUR_MS + HOUR_MS / 2),
  ) => ({
    instance_id: instance,
    at,
    slot,
    interval_ms: HOUR_MS,
    healthy,
    response_ms: responseMs,
  });
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

  /** The history of a period, as long as the hour the samples were seeded around has not turned. */
  const history = async (period: string) => {
    const response = await ctx.request
      .get('/api/v1/analytics/health')
      .query({ period })
      .set(bearer(user.access_token));
    expect(response.status, JSON.stringify(response.body)).to.equal(200);
    expect(Math.floor(Date.now() / HOUR_MS), 'the hour turned during the test: run it again').to.equal(c);
    return response.body;
  };

  before(async () => {
    // Hourly slots, so the seeded samples sit in known slots and nothing samples meanwhile.
    ctx = await createTestContext({
      env: { BCRYPT_COST: '4', RATE_LIMIT_PER_IP: '10000', HEALTH_SAMPLE_INTERVAL_MS: String(HOUR_MS) },
    });
    user = await signedInUser(ctx, 'health');
  });
  after(() => ctx.close());

  it('has nothing to say before the first sample', async () => {
    c = Math.floor(Date.now() / HOUR_MS);
    expect(await history('24h')).to.deep.equal({
      period: '24h',
      uptime_percent: null,
      avg_response_ms: null,
      samples: 0,
      last_checked_at: null,
    });
  });

  it('counts a slot up when any process was healthy, down when all failed or none sampled', async () => {
    c = Math.floor(Date.now() / HOUR_MS);
    // Process A healthy for 20 hours from 30 hours ago; process B healthy 15..6 hours ago (5 of
    // them overlap A), failing 5 and 4 hours ago; nothing from either in the last 3 hours.
    await ctx.database.connection
      .collection('health_samples')
      .insertMany([
        ...range(c - 30, c - 11).map((slot) => sample('a', slot, true, 10)),
        ...range(c - 15, c - 6).map((slot) => sample('b', slot, true, 30)),
        ...range(c - 5, c - 4).map((slot) => sample('b', slot, false, 2000)),
      ]);
    // 24 expected slots; up: A's 14 within the day, then B's 5 after A stopped.
    expect(await history('24h')).to.deep.equal({
      period: '24h',
      uptime_percent: 79.167,
      avg_response_ms: 18.3, // (14 × 10 + 10 × 30) / 24 healthy samples
      samples: 26,
      last_checked_at: new Date((c - 4) * HOUR_MS + HOUR_MS / 2).toISOString(),
    });
    // 7 days: the first sample ever was 30 hours ago, so 30 slots are expected, not 168.
    const week = await history('7d');
    expect(week).to.include({ period: '7d', uptime_percent: 83.333, samples: 32, avg_response_ms: 16.7 });
    expect(await history('90d')).to.deep.include({ ...week, period: '90d' });
  });

  it('counts the current slot once it has a sample', async () => {
    await ctx.database.connection
      .collection('health_samples')
      .insertOne(sample('a', c, true, 10, new Date(Date.now() - 1_000)));
    expect(await history('24h')).to.include({ uptime_percent: 80, samples: 27 });
  });

  it('refuses an unknown period (400) and anonymous callers (401)', async () => {
    const response = await ctx.request
      .get('/api/v1/analytics/health')
      .query({ period: '1y' })
      .set(bearer(user.access_token))
      .expect(400);
    expect(response.body.code).to.equal('validation_failed');
    await ctx.request.get('/api/v1/analytics/health').expect(401);
  });
});

describe('health sampler: every server process samples its health while it runs', () => {
  let running: RunningServer | undefined;
  afterEach(async () => {
    await running?.close();
    running = undefined;
  });

  it('a running server stores a sample per interval and reports (nearly) 100 % uptime', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      BCRYPT_COST: '4',
      HEALTH_SAMPLE_INTERVAL_MS: String(INTERVAL_MS),
    });
    running = await startServer(config, silent, { inMemoryDatabase: true });
    const client = { request: supertest(running.url) } as TestContext;
    const user = await signedInUser(client, 'sampler');
    await sleep(10 * INTERVAL_MS);
    const body = (
      await client.request
        .get('/api/v1/analytics/health')
        .query({ period: '24h' })
        .set(bearer(user.access_token))
        .expect(200)
    ).body;
    expect(body.samples).to.be.at.least(5);
    expect(body.uptime_percent).to.be.at.least(MIN_UPTIME);
    expect(body.avg_response_ms).to.be.a('number').and.to.be.greaterThan(0);
    expect(Date.now() - Date.parse(body.last_checked_at)).to.be.below(1_000);
    const samples = await running.database.connection.collection('health_samples').find({}).toArray();
    expect(new Set(samples.map((s) => s.instance_id)).size, 'one process').to.equal(1);
    expect(new Set(samples.map((s) => s.slot)).size, 'one sample per slot').to.equal(samples.length);
  });

  describe('on a shared database', () => {
    let ctx: TestContext;
    let user: User;
    before(async () => {
      ctx = await createTestContext({
        env: { BCRYPT_COST: '4', RATE_LIMIT_PER_IP: '10000', HEALTH_SAMPLE_INTERVAL_MS: String(INTERVAL_MS) },
      });
      user = await signedInUser(ctx, 'sampler');
    });
    after(() => ctx.close());
    const samplesStored = () => ctx.database.connection.collection('health_samples').countDocuments();
    const health = async () =>
      (
        await ctx.request
          .get('/api/v1/analytics/health')
          .query({ period: '24h' })
          .set(bearer(user.access_token))
          .expect(200)
      ).body;

    it('two processes: each stores its own samples, a slot is counted once', async () => {
      const samplers = ['one', 'two'].map((instanceId) =>
        createHealthSampler({
          connection: ctx.database.connection,
          logger: silent,
          intervalMs: INTERVAL_MS,
          isDatabaseUp: async () => true,
          instanceId,
        }),
      );
      for (const sampler of samplers) sampler.start();
      await sleep(10 * INTERVAL_MS);
      await Promise.all(samplers.map((sampler) => sampler.stop()));
      const body = await health();
      expect(body.uptime_percent).to.be.at.least(MIN_UPTIME);
      const samples = await ctx.database.connection.collection('health_samples').find({}).toArray();
      expect(body.samples).to.equal(samples.length);
      const one = samples.filter((s) => s.instance_id === 'one').length;
      expect(one).to.be.at.least(5);
      expect(samples.length - one).to.be.within(one - 1, one + 1);
    });

    it('a process whose database check fails lowers the uptime; stopping ends sampling', async () => {
      let up = true;
      const sampler = createHealthSampler({
        connection: ctx.database.connection,
        logger: silent,
        intervalMs: INTERVAL_MS,
        isDatabaseUp: async () => up,
        instanceId: 'flaky',
      });
      await ctx.database.connection.collection('health_samples').deleteMany({});
      sampler.start();
      await sleep(6 * INTERVAL_MS);
      up = false;
      await sleep(6 * INTERVAL_MS);
      await sampler.stop();
      const body = await health();
      expect(body.uptime_percent).to.be.within(30, 70);
      const failed = await ctx.database.connection
        .collection('health_samples')
        .countDocuments({ healthy: false });
      expect(failed).to.be.at.least(3);
      const stored = await samplesStored();
      await sleep(3 * INTERVAL_MS);
      expect(await samplesStored(), 'no sample after stop()').to.equal(stored);
    });
  });
});
