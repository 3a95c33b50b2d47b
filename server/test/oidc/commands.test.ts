import { expect } from 'chai';
import { Types } from 'mongoose';
import type { CommandStartedEvent } from 'mongodb';
import { startEmbeddedMongo } from '@iam-platform/embedded-mongodb';
import { CLIENT_CACHE_MS } from '../../src/modules/oidc/oidc.clients.js';
import { bearer } from '../auth/helpers.js';
import {
  createClient,
  createOidcPool,
  startOidcServer,
  type OidcTestPool,
  type OidcTestServer,
  type TestClient,
} from './helpers.js';

/**
 * What other parts of the server send on their own timers (the revocation feed's poll, the request
 * log's and analytics' batches, their indexes created on first use): not the request's.
 */
const BACKGROUND_COMMANDS = new Set(['createIndexes', 'listCollections', 'hello', 'ping', 'endSessions']);
const BACKGROUND_COLLECTIONS = /^(auth_revocations|activity_logs|analytics_.*)$/;

/**
 * Database commands per token-endpoint request (issue #32, `npm run bench`): counted with the
 * MongoDB driver's command monitoring, so that a change that adds a read or a write to the hot
 * paths shows here without timing anything.
 */
describe('OpenID provider: database commands per token request (issue #32)', function () {
  this.timeout(60_000);
  let t: OidcTestServer;
  let pool: OidcTestPool;
  let machine: TestClient;
  let stopMongo: (() => Promise<void>) | undefined;
  const commands: string[] = [];
  const identifier = 'https://invoices.commands.example.com';

  before(async () => {
    // The app's own connection must monitor commands from its first connection on: the option
    // goes into the connection string the test context connects with.
    const external = process.env.MONGODB_URI;
    let uri = external;
    if (!uri) {
      const mongo = await startEmbeddedMongo({ dataDir: null, port: 0 });
      stopMongo = mongo.stop;
      uri = mongo.uri;
    }
    const monitored = new URL(uri);
    monitored.searchParams.set('monitorCommands', 'true');
    process.env.MONGODB_URI = monitored.href;
    try {
      t = await startOidcServer();
    } finally {
      if (external === undefined) delete process.env.MONGODB_URI;
      else process.env.MONGODB_URI = external;
    }
    t.ctx.database.connection.getClient().on('commandStarted', (event: CommandStartedEvent) => {
      const target = event.command[event.commandName] as unknown;
      const collection = typeof target === 'string' ? target : '';
      if (BACKGROUND_COMMANDS.has(event.commandName) || BACKGROUND_COLLECTIONS.test(collection)) return;
      commands.push(`${event.commandName}${collection ? ` ${collection}` : ''}`);
    });
    pool = await createOidcPool(t);
    await createClient(t, pool, 'm2m', { api_identifier: identifier, api_scopes: ['invoice:read'] });
    machine = await createClient(t, pool, 'm2m');
  });
  after(async () => {
    await t?.close();
    await stopMongo?.();
  });

  const basic = () =>
    `Basic ${Buffer.from(`${machine.client_id}:${machine.client_secret!}`).toString('base64')}`;

  async function post(path: string, body: string): Promise<Record<string, unknown>> {
    const response = await fetch(`${pool.issuer}${path}`, {
      method: 'POST',
      headers: { authorization: basic(), 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    const answer = (await response.json()) as Record<string, unknown>;
    expect(response.status, JSON.stringify(answer)).to.equal(200);
    return answer;
  }

  /**
   * The commands one request sends, after an identical one warmed every cache up. What is read
   * once per 5 s (the pool check, a client's record) may fall into one attempt: the fewest of three
   * attempts in a row is the request's own share (a command every request sends is in all three).
   */
  async function commandsOf(path: string, body: string): Promise<string[]> {
    await post(path, body);
    let fewest: string[] | null = null;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      commands.length = 0;
      await post(path, body);
      // Writes the provider does after answering would land here too.
      await new Promise((resolve) => setTimeout(resolve, 50));
      if (!fewest || commands.length < fewest.length) fewest = [...commands];
    }
    return fewest!;
  }

  it('client credentials (opaque access token): one insert, the token', async () => {
    const sent = await commandsOf('/token', 'grant_type=client_credentials');
    expect(sent).to.deep.equal(['insert oidc_client_credentials']);
  });

  it('client credentials with resource (JWT access token, ES256): no command at all', async () => {
    const body = `grant_type=client_credentials&scope=invoice%3Aread&resource=${encodeURIComponent(identifier)}`;
    const sent = await commandsOf('/token', body);
    expect(sent).to.deep.equal([]);
    const { access_token: token } = await post('/token', body);
    const header = JSON.parse(Buffer.from((token as string).split('.')[0]!, 'base64url').toString()) as {
      alg: string;
      typ: string;
    };
    expect(header).to.include({ alg: 'ES256', typ: 'at+jwt' });
  });

  it('introspection of an opaque access token: one find in the model its length names, then none', async () => {
    for (const hint of ['', '&token_type_hint=access_token', '&token_type_hint=refresh_token']) {
      const { access_token: token } = await post('/token', 'grant_type=client_credentials');
      expect(token as string, 'client-credentials ids are 44 characters').to.have.length(44);
      const body = `token=${encodeURIComponent(token as string)}${hint}`;
      // The first introspection reads the token; the process remembers it (oidc.token-cache.ts).
      commands.length = 0;
      expect(await post('/token/introspection', body)).to.include({
        active: true,
        client_id: machine.client_id,
      });
      expect(
        commands.filter((command) => command.endsWith(' oidc_client_credentials')),
        hint || 'no hint',
      ).to.deep.equal(['find oidc_client_credentials']);
      expect(await commandsOf('/token/introspection', body), hint || 'no hint').to.deep.equal([]);
      expect(await post('/token/introspection', body)).to.include({
        active: true,
        client_id: machine.client_id,
      });
    }
  });
});

/**
 * The provider's memory of clients (oidc.clients.ts, CLIENT_CACHE_MS): a change made through the
 * API takes effect at once in the process that made it; a change this process did not see (another
 * process's) within CLIENT_CACHE_MS.
 */
describe('OpenID provider: clients remembered per process (issue #32)', function () {
  this.timeout(60_000);
  let t: OidcTestServer;
  let pool: OidcTestPool;

  before(async () => {
    t = await startOidcServer();
    pool = await createOidcPool(t);
  });
  after(async () => {
    await t?.close();
  });

  const grant = (clientId: string, secret: string) =>
    fetch(`${pool.issuer}/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });

  it('refuses a secret rotated without overlap at once', async () => {
    const machine = await createClient(t, pool, 'm2m');
    expect((await grant(machine.client_id, machine.client_secret!)).status).to.equal(200);
    const rotated = await t.ctx.request
      .post(`/api/v1/applications/${machine.client_id}/oidc/secret`)
      .set(bearer(pool.owner.access_token))
      .send({ overlap_seconds: 0 });
    expect(rotated.status, JSON.stringify(rotated.body)).to.equal(201);
    expect((await grant(machine.client_id, machine.client_secret!)).status).to.equal(401);
    expect((await grant(machine.client_id, rotated.body.client_secret as string)).status).to.equal(200);
  });

  it('refuses a client whose type changed or whose application was deleted at once', async () => {
    const first = await createClient(t, pool, 'm2m');
    expect((await grant(first.client_id, first.client_secret!)).status).to.equal(200);
    const patched = await t.ctx.request
      .patch(`/api/v1/applications/${first.client_id}`)
      .set(bearer(pool.owner.access_token))
      .send({ oidc: { client_type: null } });
    expect(patched.status, JSON.stringify(patched.body)).to.equal(200);
    expect((await grant(first.client_id, first.client_secret!)).status).to.equal(401);

    const second = await createClient(t, pool, 'm2m');
    expect((await grant(second.client_id, second.client_secret!)).status).to.equal(200);
    await t.ctx.request
      .delete(`/api/v1/applications/${second.client_id}`)
      .set(bearer(pool.owner.access_token))
      .expect(204);
    expect((await grant(second.client_id, second.client_secret!)).status).to.equal(401);
  });

  it(`follows a change made by another process within ${CLIENT_CACHE_MS / 1000} s`, async function () {
    this.timeout(CLIENT_CACHE_MS + 20_000);
    const machine = await createClient(t, pool, 'm2m');
    expect((await grant(machine.client_id, machine.client_secret!)).status).to.equal(200);
    // Another process deactivates the application: this one is not told.
    const changedAt = Date.now();
    await t.ctx.database.connection
      .db!.collection('applications')
      .updateOne({ _id: new Types.ObjectId(machine.client_id) }, { $set: { is_active: false } });
    expect((await grant(machine.client_id, machine.client_secret!)).status, 'remembered').to.equal(200);
    await new Promise((resolve) => setTimeout(resolve, CLIENT_CACHE_MS - (Date.now() - changedAt) + 50));
    expect((await grant(machine.client_id, machine.client_secret!)).status, 'read again').to.equal(401);
  });
});
