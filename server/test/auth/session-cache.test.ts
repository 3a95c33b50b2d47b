/**
 * Sessions and API tokens are checked from an in-process cache (no database read per request);
 * ending one must still be honoured by every process: at once by the process that ended it, within
 * one second by the others. Two server processes on one database: this test process (A, in-process
 * app) and a child process running the real entry point (B) against A's embedded database.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import mongoose from 'mongoose';
import { pino } from 'pino';
import supertest from 'supertest';
import { createApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { connectDatabase } from '../../src/db/connect.js';
import { createBatchedWriter } from '../../src/modules/tokens/tokens.service.js';
import { createServices } from '../../src/services.js';
import type { TestContext } from '../helpers/context.js';
import { applicationHeader, registerEndUser } from '../helpers/end-users.js';
import { bearer, PASSWORD, signedInUser } from './helpers.js';
import { createApplication, createOrganization, createProject } from '../projects/helpers.js';
import { createTenant, createToken } from '../tokens/helpers.js';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The documented bound for other processes (docs/performance.md). */
const CROSS_PROCESS_BOUND_MS = 1_000;

const env = {
  NODE_ENV: 'test',
  PUBLIC_URL: 'http://localhost:3000',
  BCRYPT_COST: '4',
  RATE_LIMIT_PER_IP: '10000',
  RATE_LIMIT_PER_ACCOUNT: '1000',
};

/** Process A: the app in this process, on a fresh embedded database that B connects to as well. */
async function startProcessA(): Promise<TestContext> {
  const config = loadConfig(env);
  const logger = pino({ level: 'silent' });
  const database = await connectDatabase({ mongodbUri: undefined, embeddedDataDir: null, logger });
  const services = createServices({ config, logger, database });
  const app = createApp({ config, logger, database, services });
  return {
    app,
    request: supertest(app),
    database,
    services,
    config,
    async close() {
      await services.close();
      await database.close();
    },
  };
}

/** Process B: `src/index.ts` in a child process on the same database; resolves its base URL. */
function startProcessB(mongodbUri: string): Promise<{ child: ChildProcess; url: string }> {
  // The same condition as .mocharc.json: workspace packages (@iam-platform/common) from source, not dist/.
  const args = ['--conditions=@iam-platform/source', '--import', 'tsx', 'src/index.ts'];
  const child = spawn(process.execPath, args, {
    cwd: serverRoot,
    env: {
      ...process.env,
      ...env,
      MONGODB_URI: mongodbUri,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      WEB_CONCURRENCY: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`process B did not start:\n${output}`)), 30_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      for (const line of output.split('\n')) {
        if (!line.includes('IAM Platform is listening')) continue;
        clearTimeout(timer);
        resolve({ child, url: (JSON.parse(line) as { url: string }).url });
        return;
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`process B exited with ${code}:\n${output}`)));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Counts the database commands this process sends to one collection while `work` runs. */
async function commandsTo(collection: string, work: () => Promise<void>): Promise<number> {
  let count = 0;
  mongoose.set('debug', (name: string, method: string) => {
    if (process.env.DBG) console.log(name, method);
    if (name === collection) count += 1;
  });
  try {
    await work();
  } finally {
    mongoose.set('debug', false);
  }
  return count;
}

describe('credential cache: sessions and API tokens across processes', function () {
  this.timeout(60_000);
  let a: TestContext;
  let b: ReturnType<typeof supertest>;
  let child: ChildProcess;

  before(async () => {
    a = await startProcessA();
    const started = await startProcessB(a.database.uri);
    child = started.child;
    b = supertest(started.url);
  });

  after(async () => {
    child?.kill('SIGTERM');
    await a?.close();
  });

  /** B answers the credential (and so has it cached), A ends it, B refuses it within the bound. */
  async function expectRefusedByB(credential: string, end: () => Promise<unknown>, code: string) {
    await b.get('/api/v1/auth/me').set(bearer(credential)).expect(200);
    await b.get('/api/v1/auth/me').set(bearer(credential)).expect(200);
    await end();
    const ended = Date.now();
    const inA = await a.request.get('/api/v1/auth/me').set(bearer(credential));
    expect(inA.status, 'refused at once by the process that ended it').to.equal(401);
    expect(inA.body.code).to.equal(code);
    await sleep(ended + CROSS_PROCESS_BOUND_MS - Date.now());
    const inB = await b.get('/api/v1/auth/me').set(bearer(credential));
    expect(inB.status, 'refused by the other process within the bound').to.equal(401);
    expect(inB.body.code).to.equal(code);
  }

  it('a signed-out session is refused by the other process within 1 s', async () => {
    const user = await signedInUser(a, 'logout');
    await expectRefusedByB(
      user.access_token,
      () => a.request.post('/api/v1/auth/logout').set(bearer(user.access_token)).expect(200),
      'session_ended',
    );
  });

  it('a password change ends the other sessions in every process within 1 s; the current one stays', async () => {
    const user = await signedInUser(a, 'password');
    const other = await a.request
      .post('/api/v1/auth/login')
      .send({ email: user.email, password: PASSWORD })
      .expect(200);
    await expectRefusedByB(
      other.body.access_token as string,
      () =>
        a.request
          .patch('/api/v1/auth/me')
          .set(bearer(user.access_token))
          .send({ password: 'a brand new password', current_password: PASSWORD })
          .expect(200),
      'session_ended',
    );
    await b.get('/api/v1/auth/me').set(bearer(user.access_token)).expect(200);
  });

  it('refresh-token reuse ends the session in every process within 1 s', async () => {
    const user = await signedInUser(a, 'reuse');
    await expectRefusedByB(
      user.access_token,
      async () => {
        await a.request.post('/api/v1/auth/refresh').send({ refresh_token: user.refresh_token }).expect(200);
        await a.request.post('/api/v1/auth/refresh').send({ refresh_token: user.refresh_token }).expect(401);
      },
      'session_ended',
    );
  });

  it('a revoked API token is refused by the other process within 1 s', async () => {
    const tenant = await createTenant(a, 'revoke');
    const token = await createToken(a, tenant.user, tenant.applicationId);
    await expectRefusedByB(
      token.token,
      () =>
        a.request.post(`/api/v1/tokens/${token.id}/revoke`).set(bearer(tenant.user.access_token)).expect(200),
      'api_token_revoked',
    );
  });

  it('checks a session and an API token without reading them from the database on every request', async () => {
    const tenant = await createTenant(a, 'cached');
    const token = await createToken(a, tenant.user, tenant.applicationId);
    await a.request.get('/api/v1/auth/me').set(bearer(tenant.user.access_token)).expect(200);
    await a.request.get('/api/v1/auth/me').set(bearer(token.token)).expect(200);
    const sessionReads = await commandsTo('auth_sessions', async () => {
      for (let i = 0; i < 20; i++)
        await a.request.get('/api/v1/auth/me').set(bearer(tenant.user.access_token)).expect(200);
    });
    const tokenReads = await commandsTo('api_tokens', async () => {
      for (let i = 0; i < 20; i++)
        await a.request.get('/api/v1/auth/me').set(bearer(token.token)).expect(200);
    });
    // Normally none; a poll delayed past FRESH_MS by a busy machine makes the cache step aside for
    // a moment (by design), so a few reads are allowed — never one per request.
    expect(sessionReads, 'auth_sessions commands for 20 requests').to.be.at.most(5);
    expect(tokenReads, 'api_tokens commands for 20 requests').to.be.at.most(5);
  });

  it('records last_used_at of every token used, in batched writes', async () => {
    const tenant = await createTenant(a, 'batch');
    const tokens = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        createToken(a, tenant.user, tenant.applicationId, { name: `t${i}` }),
      ),
    );
    const before = Date.now();
    const methods: string[] = [];
    mongoose.set('debug', (name: string, method: string) => {
      if (name === 'api_tokens') methods.push(method);
    });
    try {
      await Promise.all(
        tokens.map((token) => a.request.get('/api/v1/auth/me').set(bearer(token.token)).expect(200)),
      );
    } finally {
      mongoose.set('debug', false);
    }
    const stored = await a.database.connection
      .collection('api_tokens')
      .find({ _id: { $in: tokens.map((token) => new mongoose.Types.ObjectId(token.id)) } })
      .toArray();
    expect(stored).to.have.length(5);
    for (const token of stored) expect((token.last_used_at as Date).getTime()).to.be.at.least(before - 5);
    const writes = methods.filter((method) => method !== 'findOne');
    expect(writes.length).to.be.within(1, 5);
    expect(writes, 'no write per token: bulk writes').to.satisfy((all: string[]) =>
      all.every((method) => method === 'bulkWrite'),
    );
  });

  it('a refresh token keeps its audience when its session is cached', async () => {
    const owner = await signedInUser(a, 'audience');
    const organizationId = await createOrganization(a, owner);
    const projectId = (await createProject(a, owner, organizationId)).id;
    const applicationId = (await createApplication(a, owner, projectId)).id;
    const application = applicationHeader(applicationId);
    // An end user of the application's pool (a dashboard account cannot sign in there).
    const endUser = await registerEndUser(a, applicationId);
    const login = await a.request
      .post('/api/auth/login')
      .set(application)
      .send({ email: endUser.email, password: endUser.password })
      .expect(200);
    // Rotated through its own application: the session is in the cache now.
    const rotated = await a.request
      .post('/api/auth/refresh')
      .set(application)
      .send({ refresh_token: login.body.refresh_token })
      .expect(200);
    const refused = await a.request
      .post('/api/v1/auth/refresh')
      .send({ refresh_token: rotated.body.refresh_token })
      .expect(401);
    expect(refused.body.code).to.equal('invalid_refresh_token');
    // Refused untouched: its own application still rotates it.
    await a.request
      .post('/api/auth/refresh')
      .set(application)
      .send({ refresh_token: rotated.body.refresh_token })
      .expect(200);
  });

  it('hands every use recorded within the window to one write', async () => {
    const written: string[][] = [];
    const record = createBatchedWriter(async (due) => {
      written.push([...due.keys()]);
    }, 20);
    await Promise.all(['a', 'b', 'c', 'd', 'e'].map((key) => record(key, Date.now())));
    await record('f', Date.now());
    expect(written).to.deep.equal([['a', 'b', 'c', 'd', 'e'], ['f']]);
  });
});
