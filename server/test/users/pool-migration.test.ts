/**
 * The user pools migration (issue #31) on a database written by the version before pools: the
 * fixture test/fixtures/pre-pools-db (README there) is copied to a temporary data directory and
 * the current server is started on it, as an operator would after upgrading.
 */
import { cp, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { startEmbeddedMongo } from '@iam-platform/embedded-mongodb';
import { expect } from 'chai';
import mongoose, { type Connection } from 'mongoose';
import { pino } from 'pino';
import supertest from 'supertest';
import { loadConfig } from '../../src/config.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { migrateUsersToPools, userModel, type PoolMigrationReport } from '../../src/modules/users/index.js';
import { awayFromStepEdge, currentStep, totpAt } from '../mfa/helpers.js';
import { bearer, linkIn } from '../auth/helpers.js';

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'pre-pools-db');

interface Manifest {
  produced_at: string;
  password: string;
  organizations: Record<string, string>;
  projects: { shop: string; blog: string };
  applications: { web_shop: string; shop_app: string; blog_site: string; old_blog_deleted: string };
  accounts: Record<string, { id: string; email: string }>;
  totp: { account: string; secret: string; recovery_codes: string[] };
  refresh_tokens: Record<string, string>;
}

const DB_NAME = 'iam_platform';

/**
 * A copy of the fixture in a fresh directory (`<dir>/db`, where DATA_DIR=<dir> keeps it). The
 * fixture's sessions were written with a one-year lifetime: their expiry moves forward by the
 * fixture's age, so the test does not start failing once the fixture is a year old.
 */
async function copyFixture(manifest: Manifest): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'pool-migration-'));
  await mkdir(path.join(dir, 'db'), { mode: 0o700 });
  await cp(path.join(FIXTURE, 'db', 'storage.mdb'), path.join(dir, 'db', 'storage.mdb'));
  const age = Date.now() - Date.parse(manifest.produced_at);
  if (age > 0) {
    await withDatabase(path.join(dir, 'db'), async (connection) => {
      for (const name of ['auth_sessions', 'refresh_tokens'])
        await connection
          .collection(name)
          .updateMany({}, [{ $set: { expires_at: { $add: ['$expires_at', age] } } }]);
    });
  }
  return dir;
}

/** Opens a data directory with the embedded server alone (no application code). */
async function withDatabase<T>(
  dataDir: string,
  work: (connection: Connection, uri: string) => Promise<T>,
): Promise<T> {
  const mongo = await startEmbeddedMongo({ dataDir, port: 0, ttlMonitorIntervalMs: 3_600_000 });
  const connection = mongoose.createConnection(mongo.uri, { dbName: DB_NAME });
  try {
    await connection.asPromise();
    return await work(connection, mongo.uri);
  } finally {
    await connection.close();
    await mongo.stop();
  }
}

const silent = pino({ level: 'silent' });

/** Everything the migration may change, to compare before and after a second run. */
async function snapshot(connection: Connection) {
  const read = (name: string) => connection.collection(name).find({}).sort({ _id: 1 }).toArray();
  return {
    profiles: await read('profiles'),
    sessions: await read('auth_sessions'),
    indexes: (await connection.collection('profiles').indexes()).map((index) => index.name).sort(),
  };
}

describe('user pools migration on a database of the previous version', function () {
  this.timeout(60_000);

  let manifest: Manifest;
  let dataDir: string;
  let running: RunningServer;
  let request: ReturnType<typeof supertest>;
  const lines: Array<Record<string, unknown> & { msg: string }> = [];

  const account = (name: string) => manifest.accounts[name]!;
  const profile = (name: string) =>
    running.database.connection
      .collection('profiles')
      .findOne({ _id: new mongoose.Types.ObjectId(account(name).id) });
  /** Confirms an address with the token of the newest confirmation mail in the development outbox. */
  async function confirmByMail(email: string): Promise<void> {
    const mails = await request.get('/api/v1/dev/outbox').query({ to: email, limit: 50 }).expect(200);
    const mail = (mails.body.data as Array<{ template_name: string; text: string }>).find(
      (entry) => entry.template_name === 'email_confirmation',
    );
    expect(mail, `a confirmation mail to ${email}`).to.exist;
    const token = linkIn(mail!, 'token=').searchParams.get('token');
    await request.post('/api/v1/auth/confirm').send({ token }).expect(200);
  }
  const dashboardLogin = (name: string, password = manifest.password) =>
    request.post('/api/v1/auth/login').send({ email: account(name).email, password });
  const applicationLogin = (name: string, application: string) =>
    request
      .post('/api/auth/login')
      .set('X-Application-ID', application)
      .send({ email: account(name).email, password: manifest.password });

  before(async () => {
    manifest = JSON.parse(await readFile(path.join(FIXTURE, 'manifest.json'), 'utf8')) as Manifest;
    dataDir = await copyFixture(manifest);
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const config = loadConfig({
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      BCRYPT_COST: '4',
      RATE_LIMIT_PER_IP: '10000',
      RATE_LIMIT_PER_ACCOUNT: '1000',
    });
    running = await startServer(config, pino({ level: 'info' }, sink));
    request = supertest(running.url);
  });

  after(async () => {
    await running?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  describe('the pools it gives', () => {
    it('moves accounts registered through an application into the pool of its project', async () => {
      const { shop, blog } = manifest.projects;
      for (const [name, pool] of [
        ['emma', shop], // Web Shop
        ['tina', shop], // Web Shop, with TOTP
        ['dora', shop], // Web Shop, signed in to the dashboard once but joined nothing
        ['rudi', shop], // Shop App: the same project, so the same pool
        ['bea', blog],
        ['uma', blog], // not confirmed yet
        ['olga', blog], // registered at an application deleted since: its project is still known
      ] as const)
        expect((await profile(name))?.pool_id, name).to.equal(pool);
    });

    it('keeps dashboard accounts, organization members and creators in the platform pool', async () => {
      for (const name of ['olivia', 'oscar', 'mia', 'jonas', 'paula', 'carl'])
        expect((await profile(name))?.pool_id, name).to.equal('platform');
    });

    it('leaves no account and no session without a pool', async () => {
      const { connection } = running.database;
      expect(await connection.collection('profiles').countDocuments({ pool_id: null })).to.equal(0);
      expect(await connection.collection('auth_sessions').countDocuments({ pool_id: null })).to.equal(0);
    });

    it("gives sessions their account's pool and revokes those that would cross the new boundary", async () => {
      const sessions = await running.database.connection.collection('auth_sessions').find({}).toArray();
      const ofUser = (name: string) =>
        sessions.filter((session) => String(session.user_id) === account(name).id);
      for (const session of ofUser('emma')) {
        expect(session.pool_id).to.equal(manifest.projects.shop);
        expect(session.revoked_at).to.equal(null);
      }
      // dashboard sessions of end users who moved, and a team member's session through an application
      const revoked = sessions.filter((session) => session.revoke_reason === 'pool_migration');
      expect(revoked.map((session) => String(session.user_id)).sort()).to.deep.equal(
        ['tina', 'dora', 'jonas', 'mia'].map((name) => account(name).id).sort(),
      );
      for (const session of revoked) {
        const user = Object.values(manifest.accounts).find((entry) => entry.id === String(session.user_id))!;
        if (session.application_id)
          expect(['jonas', 'mia'].map((name) => account(name).email)).to.include(user.email);
        else expect(['tina', 'dora'].map((name) => account(name).email)).to.include(user.email);
      }
    });

    it('replaces the unique e-mail index by the pool-led one', async () => {
      const { connection } = running.database;
      await userModel(connection).init();
      const indexes = await connection.collection('profiles').indexes();
      const keys = indexes.map((index) => JSON.stringify(index.key));
      expect(keys).to.not.include(JSON.stringify({ email: 1 }));
      expect(keys).to.not.include(JSON.stringify({ google_id: 1 }));
      const pooled = indexes.find(
        (index) => JSON.stringify(index.key) === JSON.stringify({ pool_id: 1, email: 1 }),
      );
      expect(pooled?.unique).to.equal(true);
    });
  });

  it('logs what it moved: accounts per pool, kept platform accounts, sessions, indexes', () => {
    const line = lines.find((entry) => entry.msg.startsWith('user pools migration'));
    expect(line, 'a log line of the migration').to.exist;
    const report = line!.poolMigration as PoolMigrationReport;
    expect(report.users).to.deep.equal({
      platform: 6,
      [manifest.projects.shop]: 4,
      [manifest.projects.blog]: 3,
    });
    expect(report.kept_on_platform).to.deep.equal({
      organization_member: 2,
      organization_creator: 1,
      global_admin: 0,
      application_missing: 0,
    });
    expect(report.sessions).to.deep.equal({ updated: 13, revoked: 4 });
    expect(report.dropped_indexes.sort()).to.deep.equal(['email_1', 'google_id_1']);
    expect(report.conflicts).to.equal(0);
    expect(line!.msg).to.contain(`4 → ${manifest.projects.shop}`);
    // and it ran before the server listened
    const listening = lines.findIndex((entry) => /Links in e-mails/.test(entry.msg));
    expect(lines.indexOf(line!)).to.be.below(listening);
  });

  it('changes nothing when it runs again', async () => {
    const { connection } = running.database;
    await userModel(connection).init(); // the model's own index builds, started at start-up, are done
    const before = await snapshot(connection);
    const again = await migrateUsersToPools({ connection, logger: silent });
    expect(again.users).to.deep.equal({});
    expect(again.sessions).to.deep.equal({ updated: 0, revoked: 0 });
    expect(again.dropped_indexes).to.deep.equal([]);
    expect(await snapshot(connection)).to.deep.equal(before);
  });

  describe('signing in afterwards', () => {
    it('lets platform accounts sign in to the dashboard as before', async () => {
      for (const name of ['olivia', 'oscar', 'mia', 'jonas', 'paula', 'carl']) {
        const response = await dashboardLogin(name);
        expect(response.status, `${name}: ${JSON.stringify(response.body)}`).to.equal(200);
        expect(response.body.access_token).to.be.a('string');
      }
    });

    it("lets end users sign in through their pool's applications", async () => {
      const { web_shop, shop_app, blog_site } = manifest.applications;
      for (const [name, application] of [
        ['emma', web_shop],
        ['emma', shop_app], // the other application of the same project
        ['rudi', web_shop],
        ['dora', shop_app],
        ['bea', blog_site],
        ['olga', blog_site], // her own application is deleted; the pool lives on
      ] as const) {
        const response = await applicationLogin(name, application);
        expect(response.status, `${name}: ${JSON.stringify(response.body)}`).to.equal(200);
        expect(response.body.user.id).to.equal(account(name).id);
        expect(response.body.token).to.be.a('string');
      }
    });

    it('asks the end user with TOTP for the second step and accepts their code', async () => {
      const first = await applicationLogin('tina', manifest.applications.web_shop).expect(200);
      expect(first.body).to.include({ mfa_required: true });
      await awayFromStepEdge();
      const second = await request
        .post('/api/auth/mfa/challenge')
        .set('X-Application-ID', manifest.applications.web_shop)
        .send({ mfa_token: first.body.mfa_token, code: totpAt(manifest.totp.secret, currentStep()) });
      expect(second.status, JSON.stringify(second.body)).to.equal(200);
      expect(second.body.user.id).to.equal(account('tina').id);
    });

    it('still asks the unconfirmed end user to confirm first', async () => {
      const response = await applicationLogin('uma', manifest.applications.blog_site);
      expect(response.status).to.equal(403);
      expect(response.body.code).to.equal('email_not_confirmed');
    });

    it("answers an end user's credentials at the dashboard like a wrong password", async () => {
      const wrong = await dashboardLogin('olivia', 'not the password').expect(401);
      for (const name of ['emma', 'tina', 'dora', 'bea', 'olga']) {
        const response = await dashboardLogin(name);
        expect(response.status, name).to.equal(401);
        expect(response.body, name).to.deep.equal(wrong.body);
      }
    });

    it("refuses an end user at another pool's application and a team member at an application", async () => {
      const refused = [
        await applicationLogin('emma', manifest.applications.blog_site),
        await applicationLogin('bea', manifest.applications.web_shop),
        await applicationLogin('mia', manifest.applications.web_shop),
        await applicationLogin('jonas', manifest.applications.web_shop),
      ];
      for (const response of refused) {
        expect(response.status).to.equal(401);
        expect(response.body.code).to.equal('invalid_credentials');
      }
    });
  });

  describe('refresh tokens issued before', () => {
    const refresh = (token: string, application?: string) =>
      application
        ? request
            .post('/api/auth/refresh')
            .set('X-Application-ID', application)
            .send({ refresh_token: token })
        : request.post('/api/v1/auth/refresh').send({ refresh_token: token });

    it("keep working inside the account's pool, and the new token names the pool", async () => {
      const { web_shop, shop_app, blog_site } = manifest.applications;
      const tokens = manifest.refresh_tokens;
      for (const [token, application, pool] of [
        [tokens.emma_web_shop!, web_shop, manifest.projects.shop],
        [tokens.rudi_shop_app_rotated!, shop_app, manifest.projects.shop],
        [tokens.bea_blog_site!, blog_site, manifest.projects.blog],
      ] as const) {
        const response = await refresh(token, application);
        expect(response.status, JSON.stringify(response.body)).to.equal(200);
        expect(claims(response.body.token as string).pool).to.equal(pool);
      }
      for (const token of [tokens.olivia_dashboard!, tokens.mia_dashboard!, tokens.jonas_dashboard!]) {
        const response = await refresh(token);
        expect(response.status, JSON.stringify(response.body)).to.equal(200);
        expect(claims(response.body.access_token as string).pool).to.equal('platform');
      }
    });

    it('no longer work across the boundary (the sessions were revoked)', async () => {
      const tokens = manifest.refresh_tokens;
      await refresh(tokens.dora_dashboard!).expect(401);
      await refresh(tokens.tina_dashboard!).expect(401);
      await refresh(tokens.mia_web_shop!, manifest.applications.web_shop).expect(401);
      await refresh(tokens.jonas_web_shop!, manifest.applications.web_shop).expect(401);
    });
  });

  it('gives a person in both roles a separate end-user account when they register in the pool', async () => {
    const jonas = account('jonas');
    const web_shop = manifest.applications.web_shop;
    const registered = await request
      .post('/api/auth/register')
      .set('X-Application-ID', web_shop)
      .send({ email: jonas.email, password: 'a different passphrase', display_name: 'Jonas' })
      .expect(201);
    expect(registered.body.user.id).to.not.equal(jonas.id);
    await confirmByMail(jonas.email);
    const inPool = await request
      .post('/api/auth/login')
      .set('X-Application-ID', web_shop)
      .send({ email: jonas.email, password: 'a different passphrase' })
      .expect(200);
    expect(inPool.body.user.id).to.equal(registered.body.user.id);
    // the team account is untouched: its own password, the dashboard only
    const team = await dashboardLogin('jonas').expect(200);
    expect(team.body.user.id).to.equal(jonas.id);
    await request
      .get('/api/v1/auth/me')
      .set(bearer(team.body.access_token as string))
      .expect(200);
    await request
      .post('/api/auth/login')
      .set('X-Application-ID', web_shop)
      .send({ email: jonas.email, password: manifest.password })
      .expect(401);
  });
});

describe('user pools migration: two processes starting at once', function () {
  this.timeout(60_000);

  it('moves every account once between them, to the same pools as one process alone', async () => {
    const manifest = JSON.parse(await readFile(path.join(FIXTURE, 'manifest.json'), 'utf8')) as Manifest;
    const dir = await copyFixture(manifest);
    try {
      // two connections to one database: what two server processes starting together amount to
      await withDatabase(path.join(dir, 'db'), async (first, uri) => {
        const second = mongoose.createConnection(uri, { dbName: DB_NAME });
        await second.asPromise();
        try {
          const reports = await Promise.all([
            migrateUsersToPools({ connection: first, logger: silent, batchSize: 2 }),
            migrateUsersToPools({ connection: second, logger: silent, batchSize: 3 }),
          ]);
          const total = (pick: (report: PoolMigrationReport) => number) =>
            reports.reduce((sum, report) => sum + pick(report), 0);
          const count = (pool: string) => total((report) => report.users[pool] ?? 0);
          expect(count('platform')).to.equal(6);
          expect(count(manifest.projects.shop)).to.equal(4);
          expect(count(manifest.projects.blog)).to.equal(3);
          expect(total((report) => report.sessions.updated)).to.equal(13);
          expect(total((report) => report.sessions.revoked)).to.equal(4);
          expect(reports.flatMap((report) => report.dropped_indexes).sort()).to.deep.equal([
            'email_1',
            'google_id_1',
          ]);
          const profiles = await first.collection('profiles').find({}).toArray();
          const pools = Object.fromEntries(
            profiles.map((user) => [user.email as string, user.pool_id as string]),
          );
          expect(pools[manifest.accounts.emma!.email]).to.equal(manifest.projects.shop);
          expect(pools[manifest.accounts.carl!.email]).to.equal('platform');
          expect(profiles.filter((user) => !user.pool_id)).to.have.length(0);
        } finally {
          await second.close();
        }
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

/** The payload of a JWT (not verified: the server verified it when it issued it). */
function claims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
}

describe('user pools migration: rules the fixture does not show', () => {
  it('keeps global administrators and accounts of vanished applications on the platform, and leaves pooled accounts alone', async () => {
    const mongo = await startEmbeddedMongo({ dataDir: null, port: 0 });
    const connection = mongoose.createConnection(mongo.uri, { dbName: DB_NAME });
    try {
      await connection.asPromise();
      const id = () => new mongoose.Types.ObjectId();
      const [project, application, vanished, organization] = [id(), id(), id(), id()];
      await connection.collection('applications').insertOne({ _id: application, project_id: project });
      const users = {
        admin: { _id: id(), email: 'root@example.com', registered_application_id: application },
        vanished: { _id: id(), email: 'gone@example.com', registered_application_id: vanished },
        former: { _id: id(), email: 'former@example.com', registered_application_id: application },
        customer: { _id: id(), email: 'customer@example.com', registered_application_id: application },
        explicitNull: {
          _id: id(),
          email: 'null@example.com',
          registered_application_id: application,
          pool_id: null,
        },
        pooled: {
          _id: id(),
          email: 'pooled@example.com',
          registered_application_id: null,
          pool_id: String(project),
        },
      };
      await connection.collection('profiles').insertMany(Object.values(users));
      // a membership that ended (left the organization): still someone the dashboard knows
      await connection.collection('organization_members').insertOne({
        organization_id: organization,
        user_id: users.former._id,
        is_active: false,
        pending: false,
      });

      const report = await migrateUsersToPools({
        connection,
        logger: silent,
        adminEmails: ['ROOT@example.com'],
      });
      const poolOf = async (user: { _id: mongoose.Types.ObjectId }) =>
        (await connection.collection('profiles').findOne({ _id: user._id }))?.pool_id;
      expect(await poolOf(users.admin)).to.equal('platform');
      expect(await poolOf(users.vanished)).to.equal('platform');
      expect(await poolOf(users.former)).to.equal('platform');
      expect(await poolOf(users.customer)).to.equal(String(project));
      expect(await poolOf(users.explicitNull)).to.equal(String(project));
      expect(await poolOf(users.pooled)).to.equal(String(project));
      expect(report.users).to.deep.equal({ platform: 3, [String(project)]: 2 });
      expect(report.kept_on_platform).to.deep.equal({
        organization_member: 1,
        organization_creator: 0,
        global_admin: 1,
        application_missing: 1,
      });
    } finally {
      await connection.close();
      await mongo.stop();
    }
  });

  it('does nothing on an empty database', async () => {
    const mongo = await startEmbeddedMongo({ dataDir: null, port: 0 });
    const connection = mongoose.createConnection(mongo.uri, { dbName: DB_NAME });
    try {
      await connection.asPromise();
      const report = await migrateUsersToPools({ connection, logger: silent });
      expect(report.users).to.deep.equal({});
      expect(report.dropped_indexes).to.deep.equal([]);
    } finally {
      await connection.close();
      await mongo.stop();
    }
  });
});
