/**
 * Token introspection without a database read (issues #32 and #38; modules/oidc/oidc.token-cache.ts):
 * once a process has read an access token, introspecting it again sends no command — and a revoked
 * token introspects inactive at once in the process that revoked it and within 1 s in every other.
 * Two apps with their own connections and caches on one database stand for two processes.
 */
import { expect } from 'chai';
import { monitoredContext, type MonitoredContext } from '../helpers/command-count.js';
import { createClient, createOidcPool, type OidcTestPool, type TestClient } from '../oidc/helpers.js';

/** The documented bound for other processes (docs/performance.md). */
const CROSS_PROCESS_BOUND_MS = 1_000;
const PUBLIC_URL = 'http://127.0.0.1:9';
const env = { PUBLIC_URL, RATE_LIMIT_PER_IP: '10000', RATE_LIMIT_PER_ACCOUNT: '1000' };

describe('OpenID introspection from memory, revocation honoured (issues #32, #38)', function () {
  this.timeout(60_000);
  let a: MonitoredContext;
  let b: MonitoredContext;
  let pool: OidcTestPool;
  let machine: TestClient;

  before(async function () {
    this.timeout(120_000);
    a = await monitoredContext({ env });
    b = await monitoredContext({ database: a.database, env });
    pool = await createOidcPool({ ctx: a, baseUrl: PUBLIC_URL, close: async () => {} });
    machine = await createClient({ ctx: a, baseUrl: PUBLIC_URL, close: async () => {} }, pool, 'm2m');
  });
  after(async () => {
    await b?.close();
    await a?.close();
  });

  const basic = () =>
    `Basic ${Buffer.from(`${machine.client_id}:${machine.client_secret!}`).toString('base64')}`;
  const form = (ctx: MonitoredContext, path: string, body: string) =>
    ctx.request.post(`/oidc/${pool.projectId}${path}`).set('authorization', basic()).type('form').send(body);
  const issue = async () => {
    const response = await form(a, '/token', 'grant_type=client_credentials');
    expect(response.status, JSON.stringify(response.body)).to.equal(200);
    return response.body.access_token as string;
  };
  const active = async (ctx: MonitoredContext, token: string) => {
    const response = await form(ctx, '/token/introspection', `token=${encodeURIComponent(token)}`);
    expect(response.status, JSON.stringify(response.body)).to.equal(200);
    return response.body.active as boolean;
  };
  /** Commands on the tokens' collections (not the provider's set-up in a process, nor the feed). */
  const oidcCommands = (ctx: MonitoredContext) =>
    ctx.commands.filter((command) =>
      /^(?!createIndexes).* oidc_(client_credentials|access_token)$/.test(command),
    );

  it('reads a token once per process: later introspections send no command', async () => {
    const token = await issue();
    for (const ctx of [a, b]) {
      ctx.reset();
      expect(await active(ctx, token)).to.equal(true);
      expect(oidcCommands(ctx), 'the first introspection reads the token').to.deep.equal([
        'find oidc_client_credentials',
      ]);
      for (let i = 0; i < 3; i++) {
        ctx.reset();
        expect(await active(ctx, token)).to.equal(true);
        expect(oidcCommands(ctx), 'a warm introspection').to.deep.equal([]);
      }
    }
  });

  it('answers a revoked token inactive at once in the revoking process, within 1 s in the other', async () => {
    const token = await issue();
    expect(await active(a, token)).to.equal(true);
    expect(await active(b, token)).to.equal(true);
    // Both now answer from memory.
    b.reset();
    expect(await active(b, token)).to.equal(true);
    expect(oidcCommands(b)).to.deep.equal([]);

    const revokedAt = Date.now();
    const revoked = await form(a, '/token/revocation', `token=${encodeURIComponent(token)}`);
    expect(revoked.status, JSON.stringify(revoked.body)).to.equal(200);
    expect(await active(a, token), 'A at once').to.equal(false);
    let inB = await active(b, token);
    while (inB && Date.now() - revokedAt < CROSS_PROCESS_BOUND_MS) inB = await active(b, token);
    expect(inB, `B within ${CROSS_PROCESS_BOUND_MS} ms`).to.equal(false);
    console.log(`      B saw the revocation after ${Date.now() - revokedAt} ms`);
  });

  it('never remembers an unknown token (one issued later by another process is found)', async () => {
    const unknown = 'x'.repeat(44);
    expect(await active(b, unknown)).to.equal(false);
    const token = await issue();
    expect(await active(b, token)).to.equal(true);
  });
});
