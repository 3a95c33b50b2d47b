import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import express, { type Express } from 'express';
import mongoose, { type Connection } from 'mongoose';
import { pino, type Logger } from 'pino';
import supertest from 'supertest';
import { connectDatabase, type Database } from '../../src/db/connect.js';
import {
  allRateLimits,
  clientIpKey,
  createRateLimiter,
  leaseOf,
  DEFAULT_RATE_LIMIT_COLLECTION,
  MongoRateLimitStore,
  type RateLimitDocument,
  type RateLimiterOptions,
} from '../../src/lib/rate-limit/index.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const uniqueName = (base: string) => `${base}-${randomBytes(4).toString('hex')}`;

/** A logger that records what express-rate-limit reports (misconfiguration warnings, store errors). */
function recordingLogger(): { logger: Logger; reports: unknown[] } {
  const reports: unknown[] = [];
  const logger = pino({ level: 'silent' });
  logger.warn = ((...args: unknown[]) => void reports.push(['warn', ...args])) as Logger['warn'];
  logger.error = ((...args: unknown[]) => void reports.push(['error', ...args])) as Logger['error'];
  return { logger, reports };
}

const emailKey = (req: express.Request): string | undefined => {
  const email: unknown = req.body?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : undefined;
};

describe('lib/rate-limit: MongoDB-backed rate limiting', function () {
  this.timeout(30_000);
  let database: Database;
  /** A second connection to the same database: another "server process". */
  let other: Connection;
  const { logger, reports } = recordingLogger();

  function makeApp(connection: Connection, options: Partial<RateLimiterOptions> & { name: string }): Express {
    const app = express();
    app.use(express.json());
    app.post(
      '/login',
      createRateLimiter({ connection, windowS: 60, limit: 3, key: emailKey, logger, ...options }),
      (_req, res) => {
        res.json({ ok: true });
      },
    );
    return app;
  }

  /**
   * A sign-in limited to 2 failures (skipSuccessfulRequests): the password 'right' answers 200, any
   * other 401. Returns an attempt with a password for `email`.
   */
  function failedLoginsLimited(options: Partial<RateLimiterOptions> & { name: string }, email: string) {
    const app = express();
    app.use(express.json());
    app.post(
      '/login',
      createRateLimiter({
        connection: database.connection,
        windowS: 60,
        limit: 2,
        key: emailKey,
        skipSuccessfulRequests: true,
        logger,
        ...options,
      }),
      (req, res) => {
        res.status(req.body.password === 'right' ? 200 : 401).json({});
      },
    );
    return (password: string) => supertest(app).post('/login').send({ email, password });
  }

  /** A connection to the test database that has been closed: every operation on it fails. */
  async function closedConnection(): Promise<Connection> {
    const dead = mongoose.createConnection(database.uri, { dbName: 'ratelimit_test' });
    await dead.asPromise();
    await dead.close();
    return dead;
  }

  /** Answers the errors the app's middleware forwards with 500, and returns the list they are kept in. */
  function answerErrorsWith500(app: Express): unknown[] {
    const forwarded: unknown[] = [];
    app.use((error: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
      forwarded.push(error);
      res.status(500).json({ error: 'internal', code: 'internal_error' });
    });
    return forwarded;
  }

  const login = (app: Express, email?: string) =>
    supertest(app)
      .post('/login')
      .send(email === undefined ? {} : { email });

  before(async () => {
    database = await connectDatabase({
      mongodbUri: process.env.MONGODB_URI,
      embeddedDataDir: null,
      dbName: 'ratelimit_test',
      logger: pino({ level: 'silent' }),
    });
    other = mongoose.createConnection(database.uri, { dbName: 'ratelimit_test' });
    await other.asPromise();
  });

  after(async () => {
    await database?.connection
      .collection(DEFAULT_RATE_LIMIT_COLLECTION)
      .drop()
      .catch(() => undefined);
    await other?.close();
    await database?.close();
  });

  it('answers the (limit+1)-th request with 429, Retry-After and the error body', async () => {
    const name = uniqueName('login-account');
    const app = makeApp(database.connection, { name, limit: 3 });
    for (let i = 1; i <= 3; i++) {
      const res = await login(app, 'a@example.com').expect(200);
      expect(res.headers['ratelimit']).to.equal(`"${name}"; r=${3 - i}; t=60`);
      expect(res.headers['retry-after']).to.equal(undefined);
    }
    const res = await login(app, 'a@example.com').expect(429);
    expect(res.body).to.deep.equal({
      error: 'Too many requests. Please try again later.',
      code: 'rate_limited',
    });
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).to.be.within(1, 60);
    expect(res.headers['ratelimit']).to.match(new RegExp(`^"${name}"; r=0; t=\\d+$`));
    expect(res.headers['ratelimit-policy']).to.match(
      new RegExp(`^"${name}"; q=3; w=60; pk=:[A-Za-z0-9+/=]+:$`),
    );
  });

  it('uses a custom message', async () => {
    const app = makeApp(database.connection, { name: uniqueName('custom'), limit: 1, message: 'Slow down.' });
    await login(app, 'a@example.com').expect(200);
    const res = await login(app, 'a@example.com').expect(429);
    expect(res.body).to.deep.equal({ error: 'Slow down.', code: 'rate_limited' });
  });

  it('shares the limit between two apps on separate connections to the same database', async () => {
    const name = uniqueName('login-ip');
    const first = makeApp(database.connection, { name, limit: 3 });
    const second = makeApp(other, { name, limit: 3 });
    await login(first, 'shared@example.com').expect(200);
    await login(second, 'shared@example.com').expect(200);
    await login(first, 'shared@example.com').expect(200);
    await login(second, 'shared@example.com').expect(429);
    await login(first, 'shared@example.com').expect(429);
  });

  it('counts concurrent first hits from two apps exactly (no lost or doubled counts)', async () => {
    const name = uniqueName('burst');
    const apps = [makeApp(database.connection, { name, limit: 10 }), makeApp(other, { name, limit: 10 })];
    const statuses = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        login(apps[i % 2]!, 'burst@example.com').then((res) => res.status),
      ),
    );
    expect(statuses.filter((status) => status === 200)).to.have.length(10);
    expect(statuses.filter((status) => status === 429)).to.have.length(14);
    const doc = await database.connection
      .collection<RateLimitDocument>(DEFAULT_RATE_LIMIT_COLLECTION)
      .findOne({ _id: `${name}:burst@example.com` });
    expect(doc?.hits).to.equal(24);
  });

  it('keeps different keys and different limiter names independent', async () => {
    const name = uniqueName('login-account');
    const app = makeApp(database.connection, { name, limit: 2 });
    await login(app, 'one@example.com').expect(200);
    await login(app, 'one@example.com').expect(200);
    await login(app, 'one@example.com').expect(429);
    await login(app, 'two@example.com').expect(200);
    await login(app, 'ONE@example.com ').expect(429); // the key function normalises
    const otherName = makeApp(database.connection, { name: uniqueName('login-account'), limit: 2 });
    await login(otherName, 'one@example.com').expect(200);
  });

  it('lets requests through again once the window has passed', async () => {
    const app = makeApp(database.connection, { name: uniqueName('short'), windowS: 1, limit: 1 });
    await login(app, 'w@example.com').expect(200);
    const limited = await login(app, 'w@example.com').expect(429);
    expect(limited.headers['retry-after']).to.equal('1');
    await sleep(1_100);
    const res = await login(app, 'w@example.com').expect(200);
    expect(res.headers['ratelimit']).to.match(/; r=0; t=1$/); // a new window with one hit
  });

  it('never limits a request whose key is undefined', async () => {
    const app = makeApp(database.connection, { name: uniqueName('login-account'), limit: 1 });
    for (let i = 0; i < 5; i++) {
      const res = await login(app).expect(200);
      expect(res.headers['ratelimit']).to.equal(undefined);
    }
  });

  it('with skipSuccessfulRequests counts only failed requests', async () => {
    const attempt = failedLoginsLimited({ name: uniqueName('failed-logins') }, 's@example.com');
    for (let i = 0; i < 4; i++) await attempt('right').expect(200);
    await sleep(100); // the hit is taken back after the response has finished
    await attempt('wrong').expect(401);
    await attempt('wrong').expect(401);
    await attempt('right').expect(429);
  });

  it('stacks limiters on one route (per IP and per account) with one RateLimit entry each', async () => {
    const ipName = uniqueName('login-ip');
    const accountName = uniqueName('login-account');
    const app = express();
    app.set('trust proxy', false);
    app.use(express.json());
    app.post(
      '/login',
      createRateLimiter({
        connection: database.connection,
        name: ipName,
        windowS: 60,
        limit: 3,
        key: clientIpKey,
        logger,
      }),
      createRateLimiter({
        connection: other,
        name: accountName,
        windowS: 60,
        limit: 2,
        key: emailKey,
        logger,
      }),
      (_req, res) => {
        res.json({ ok: true });
      },
    );
    const first = await login(app, 'x@example.com').expect(200);
    expect(first.headers['ratelimit']).to.equal(`"${ipName}"; r=2; t=60, "${accountName}"; r=1; t=60`);
    await login(app, 'x@example.com').expect(200);
    await login(app, 'x@example.com').expect(429); // account limit
    await login(app, 'y@example.com').expect(429); // IP limit (4th request from 127.0.0.1)
    const ids = (
      await database.connection
        .collection<RateLimitDocument>(DEFAULT_RATE_LIMIT_COLLECTION)
        .find({
          _id: { $in: [`${ipName}:127.0.0.1`, `${ipName}:::ffff:127.0.0.1`, `${accountName}:x@example.com`] },
        })
        .toArray()
    ).map((doc) => doc._id);
    expect(ids).to.include(`${accountName}:x@example.com`);
    expect(ids.some((id) => id.startsWith(`${ipName}:`))).to.equal(true);
  });

  it('fails closed: a database error fails the request instead of skipping the limit', async () => {
    const dead = await closedConnection();
    const deadLog = recordingLogger();
    const app = makeApp(dead, { name: uniqueName('dead'), logger: deadLog.logger });
    const forwarded = answerErrorsWith500(app);
    await login(app, 'a@example.com').expect(500);
    expect(forwarded[0]).to.be.instanceOf(Error);
    // Building the limiter touched no database; the failure surfaced in the request that needed it.
    expect(deadLog.reports).to.deep.equal([]);
  });

  describe('leased counting (leaseHits)', () => {
    const hitsOf = async (id: string) =>
      (
        await database.connection
          .collection<RateLimitDocument>(DEFAULT_RATE_LIMIT_COLLECTION)
          .findOne({ _id: id })
      )?.hits;

    it('takes hits from the database a lease at a time and hands them out itself', async () => {
      const name = uniqueName('leased');
      const app = makeApp(database.connection, { name, limit: 10, leaseHits: 3 });
      for (let i = 1; i <= 4; i++) {
        const res = await login(app, 'l@example.com').expect(200);
        expect(res.headers['ratelimit']).to.equal(`"${name}"; r=${10 - i}; t=60`);
      }
      // Two leases of three for four requests: the database was asked twice, not four times.
      expect(await hitsOf(`${name}:l@example.com`)).to.equal(6);
    });

    it('never lets two processes together exceed the limit, and refuses the rest of the window', async () => {
      const name = uniqueName('leased-shared');
      const first = makeApp(database.connection, { name, limit: 10, leaseHits: 3 });
      const second = makeApp(other, { name, limit: 10, leaseHits: 3 });
      const statuses: number[] = [];
      // Interleaved, each process holding hits the other cannot use, and then each until refused.
      for (let i = 0; i < 6; i++)
        statuses.push((await login(i % 2 ? second : first, 'x@example.com')).status);
      for (const app of [first, second, first, second])
        for (let status = 200; status === 200;) {
          status = (await login(app, 'x@example.com')).status;
          statuses.push(status);
        }
      expect(statuses.filter((status) => status === 200)).to.have.length(10);
      expect(statuses.slice(-4)).to.deep.equal([429, 429, 429, 429]);
      const hitsWhenFull = await hitsOf(`${name}:x@example.com`);
      // Refused without asking the database again.
      for (let i = 0; i < 5; i++) await login(first, 'x@example.com').expect(429);
      expect(await hitsOf(`${name}:x@example.com`)).to.equal(hitsWhenFull);
    });

    it('takes one lease for concurrent requests, not one each', async () => {
      const name = uniqueName('leased-burst');
      const app = makeApp(database.connection, { name, limit: 100, leaseHits: 8 });
      const statuses = await Promise.all(
        Array.from({ length: 8 }, () => login(app, 'b@example.com').then((res) => res.status)),
      );
      expect(statuses).to.deep.equal(Array(8).fill(200));
      expect(await hitsOf(`${name}:b@example.com`)).to.equal(8);
    });

    it('gives a taken-back hit to the next request, and starts a new window after the last', async () => {
      const name = uniqueName('leased-failures');
      const attempt = failedLoginsLimited({ name, windowS: 1, leaseHits: 2 }, 'f@example.com');
      for (let i = 0; i < 3; i++) await attempt('right').expect(200);
      await sleep(100); // the hit is taken back after the response has finished
      await attempt('wrong').expect(401);
      await attempt('wrong').expect(401);
      await attempt('right').expect(429);
      // The successes took no lease of their own; the refused request took a second one, past the limit.
      expect(await hitsOf(`${name}:f@example.com`)).to.equal(4);
      await sleep(1_100);
      await attempt('wrong').expect(401);
    });

    it('fails closed when it cannot take a lease', async () => {
      const dead = await closedConnection();
      const app = makeApp(dead, {
        name: uniqueName('leased-dead'),
        leaseHits: 5,
        logger: recordingLogger().logger,
      });
      const forwarded = answerErrorsWith500(app);
      await login(app, 'a@example.com').expect(500);
      await login(app, 'a@example.com').expect(500);
      expect(forwarded).to.have.length(2);
    });

    it('leases 1 % of a limit, between 1 and 100 hits', () => {
      expect([1, 99, 600, 30_000, 1_000_000].map(leaseOf)).to.deep.equal([1, 1, 6, 100, 100]);
    });
  });

  describe('allRateLimits', () => {
    function twoLimits(ipLimit: number, accountLimit: number, connection = database.connection) {
      const ipName = uniqueName('together-ip');
      const accountName = uniqueName('together-account');
      const app = express();
      app.use(express.json());
      app.post(
        '/login',
        allRateLimits(
          createRateLimiter({
            connection,
            name: ipName,
            windowS: 60,
            limit: ipLimit,
            key: clientIpKey,
            logger,
          }),
          createRateLimiter({
            connection,
            name: accountName,
            windowS: 60,
            limit: accountLimit,
            key: emailKey,
            logger,
          }),
        ),
        (_req, res) => {
          res.json({ ok: true });
        },
      );
      return { app, ipName, accountName };
    }

    it('passes a request both limits allow, with both RateLimit entries', async () => {
      const { app, ipName, accountName } = twoLimits(5, 5);
      const res = await login(app, 'both@example.com').expect(200);
      expect(String(res.headers['ratelimit']))
        .to.contain(`"${ipName}"; r=4; t=60`)
        .and.to.contain(`"${accountName}"; r=4; t=60`);
    });

    it('answers 429 once when either refuses, and the other takes its hit back', async () => {
      const { app, accountName } = twoLimits(100, 1);
      await login(app, 'one@example.com').expect(200);
      for (let i = 0; i < 3; i++) {
        const res = await login(app, 'one@example.com').expect(429);
        expect(res.body.code).to.equal('rate_limited');
      }
      // Only the account limiter counted the refused requests: the address has 99 - 1 left, not 99 - 4.
      const res = await login(app, 'two@example.com').expect(200);
      expect(String(res.headers['ratelimit'])).to.match(/"together-ip-[0-9a-f]+"; r=98;/);
      expect(String(res.headers['ratelimit'])).to.contain(`"${accountName}"; r=0;`);
    });

    it('answers 429 once, with the first limiter’s message, when both refuse', async () => {
      const { app, ipName, accountName } = twoLimits(1, 1);
      await login(app, 'same@example.com').expect(200);
      const res = await login(app, 'same@example.com').expect(429);
      expect(res.body).to.deep.equal({
        error: 'Too many requests. Please try again later.',
        code: 'rate_limited',
      });
      expect(String(res.headers['ratelimit']))
        .to.contain(`"${ipName}"; r=0;`)
        .and.to.contain(`"${accountName}"; r=0;`);
    });

    it('fails the request when a store fails', async () => {
      const dead = await closedConnection();
      const { app } = twoLimits(5, 5, dead);
      const forwarded = answerErrorsWith500(app);
      await login(app, 'a@example.com').expect(500);
      expect(forwarded[0]).to.be.instanceOf(Error);
    });
  });

  it('reports no express-rate-limit validation warnings or errors', () => {
    expect(reports).to.deep.equal([]);
  });

  describe('MongoRateLimitStore', () => {
    let store: MongoRateLimitStore;
    const collection = () => database.connection.collection<RateLimitDocument>('rate_limits_store_test');

    before(async () => {
      store = new MongoRateLimitStore(database.connection, {
        collectionName: 'rate_limits_store_test',
        prefix: 'store:',
      });
      await store.init({ windowMs: 60_000 } as Parameters<MongoRateLimitStore['init']>[0]);
    });

    after(async () => {
      await collection()
        .drop()
        .catch(() => undefined);
    });

    it('keeps one document per key with a TTL index on reset_at', async () => {
      const before = Date.now();
      expect(await store.increment('k')).to.deep.include({ totalHits: 1 });
      const { totalHits, resetTime } = await store.increment('k');
      expect(totalHits).to.equal(2);
      expect(resetTime!.getTime()).to.be.within(before + 59_000, Date.now() + 60_000);
      const docs = await collection().find({}).toArray();
      expect(docs).to.deep.equal([{ _id: 'store:k', hits: 2, reset_at: resetTime }]);
      const indexes = await collection().indexes();
      expect(indexes.find((index) => index.name === 'reset_at_ttl')).to.deep.include({
        key: { reset_at: 1 },
        expireAfterSeconds: 0,
      });
    });

    it('get, decrement and resetKey', async () => {
      await store.increment('d');
      await store.increment('d');
      expect((await store.get('d'))?.totalHits).to.equal(2);
      await store.decrement('d');
      expect((await store.get('d'))?.totalHits).to.equal(1);
      await store.resetKey('d');
      expect(await store.get('d')).to.equal(undefined);
      expect((await store.increment('d')).totalHits).to.equal(1);
      expect(await store.get('never-seen')).to.equal(undefined);
    });

    it('restarts an expired window that the TTL monitor has not removed yet', async () => {
      await collection().insertOne({ _id: 'store:old', hits: 99, reset_at: new Date(Date.now() - 1_000) });
      expect(await store.get('old')).to.equal(undefined);
      const { totalHits, resetTime } = await store.increment('old');
      expect(totalHits).to.equal(1);
      expect(resetTime!.getTime()).to.be.above(Date.now() + 50_000);
    });

    it('counts concurrent increments from two connections exactly, also when they race to start a window', async () => {
      const second = new MongoRateLimitStore(other, {
        collectionName: 'rate_limits_store_test',
        prefix: 'store:',
      });
      await second.init({ windowMs: 60_000 } as Parameters<MongoRateLimitStore['init']>[0]);
      const results = await Promise.all(
        Array.from({ length: 30 }, (_, i) => (i % 2 ? second : store).increment('race')),
      );
      expect(results.map((result) => result.totalHits).sort((a, b) => a - b)).to.deep.equal(
        Array.from({ length: 30 }, (_, i) => i + 1),
      );
      expect(new Set(results.map((result) => result.resetTime!.getTime())).size).to.equal(1);
    });

    it('stores very long keys as their SHA-256', async () => {
      const long = 'x'.repeat(10_000);
      expect(store.id(long)).to.match(/^store:sha256:[0-9a-f]{64}$/);
      expect((await store.increment(long)).totalHits).to.equal(1);
      expect((await store.increment(long)).totalHits).to.equal(2);
    });
  });
});
