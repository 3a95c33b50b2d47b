import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { Types } from 'mongoose';
import { bearer } from '../auth/helpers.js';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { createTenant, type Tenant } from '../tokens/helpers.js';
import {
  COPY_SCRIPT,
  requirePython,
  runClient,
  SDK_SOURCE,
  startStub,
  warnings,
  type Plan,
  type Received,
  type Reply,
  type StubServer,
} from './helpers.js';

// The Python client against the real server on a loopback port: the client is fetched from
// /cdn/sdk/iam_sdk.py (put there by the sdk build's copy step), run with python3, and what it sent is
// read back through the dashboard's API and the collections.

interface Listening {
  ctx: TestContext;
  server: Server;
  url: string;
}

async function listen(sdkDist: string, env: Record<string, string> = {}): Promise<Listening> {
  const ctx = await createTestContext({
    env: {
      BCRYPT_COST: '4',
      RATE_LIMIT_PER_IP: '10000',
      RATE_LIMIT_PER_ACCOUNT: '1000',
      INGEST_RATE_LIMIT_PER_IP: '100000',
      INGEST_RATE_LIMIT_PER_APPLICATION: '100000',
      ...env,
    },
    config: (config) => ({ ...config, paths: { ...config.paths, sdkDist } }),
  });
  const server = ctx.app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return { ctx, server, url: `http://127.0.0.1:${port}` };
}

async function stop(listening: Listening | undefined): Promise<void> {
  if (!listening) return;
  listening.server.closeAllConnections();
  await new Promise((resolve) => listening.server.close(resolve));
  await listening.ctx.close();
}

/** A proxy in front of the server: forwards every request; `answer` may replace what the client gets. */
function forwarding(
  target: string,
  upstream: { status: number; body: unknown }[],
  answer: (request: Received, reply: Reply) => Reply = (_request, reply) => reply,
): Promise<StubServer> {
  return startStub(async (request) => {
    const headers: Record<string, string> = {};
    for (const name of ['content-type', 'user-agent', 'x-application-id', 'x-sdk-version']) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const response = await fetch(`${target}${request.url}`, {
      method: request.method,
      headers,
      body: request.text,
    });
    const body = (await response.json()) as unknown;
    upstream.push({ status: response.status, body });
    const retryAfter = response.headers.get('retry-after');
    return answer(request, {
      status: response.status,
      body,
      headers: retryAfter ? { 'Retry-After': retryAfter } : {},
    });
  });
}

describe('Python client against the real server (iam_sdk.py as served at /cdn/sdk/)', function () {
  this.timeout(60_000);
  let staticRoot: string;
  let sdkDist: string;
  let sdkPath: string;
  let api: Listening;
  let tenant: Tenant;

  const events = (applicationId: string) =>
    api.ctx.database.connection
      .collection('analytics_events')
      .find({ application_id: new Types.ObjectId(applicationId) })
      .sort({ timestamp: 1 })
      .toArray();

  before(async () => {
    requirePython();
    staticRoot = await mkdtemp(path.join(tmpdir(), 'iam-python-'));
    sdkDist = path.join(staticRoot, 'sdk-dist');
    // The copy step of `npm run build -w sdk`, into a scratch dist the server serves.
    const copy = spawnSync(process.execPath, [COPY_SCRIPT, sdkDist], { encoding: 'utf8' });
    expect(copy.status, copy.stderr).to.equal(0);
    api = await listen(sdkDist);
    tenant = await createTenant(api.ctx, 'python');

    // As the docs say: download the client from the server.
    const response = await fetch(`${api.url}/cdn/sdk/iam_sdk.py`);
    expect(response.status).to.equal(200);
    expect(response.headers.get('access-control-allow-origin')).to.equal('*');
    const text = await response.text();
    expect(text, 'the served client is the committed one').to.equal(await readFile(SDK_SOURCE, 'utf8'));
    await mkdir(path.join(staticRoot, 'downloaded'));
    sdkPath = path.join(staticRoot, 'downloaded', 'iam_sdk.py');
    await writeFile(sdkPath, text);
  });

  after(async () => {
    await stop(api);
    if (staticRoot) await rm(staticRoot, { recursive: true, force: true });
  });

  it('registers an installation, sends events and activity; the dashboard lists each exactly once', async () => {
    const owner = bearer(tenant.user.access_token);
    const run = await runClient({
      sdk: sdkPath,
      client: { application_id: tenant.applicationId, api_url: api.url, options: { flush_interval: 60 } },
      steps: [
        { call: 'register_installation' },
        { call: 'track', args: ['report_exported', { format: 'csv', rows: 3 }] },
        { call: 'track', args: ['order_paid', { amount: 12.5 }], kwargs: { event_id: 'order-1:paid' } },
        { call: 'flush', args: [10] },
        // The same event again (a re-run of the job that sent it): accepted, not stored twice.
        { call: 'track', args: ['order_paid', { amount: 12.5 }], kwargs: { event_id: 'order-1:paid' } },
        {
          call: 'activity',
          args: ['export', 'component'],
          kwargs: { resource_id: 'report-42', metadata: { ms: 340 } },
        },
        { call: 'flush', args: [10] },
      ],
    });
    const { client } = run.output;
    expect(warnings(run), run.stderr).to.deep.equal([]);
    expect(run.output.results[3], 'installation + 2 events accepted').to.equal(3);
    expect(run.output.results[6], 'the repeated event + the activity entry accepted').to.equal(2);

    const installations = await api.ctx.request
      .get('/api/v1/installations')
      .query({ application_id: tenant.applicationId })
      .set(owner)
      .expect(200);
    expect(installations.body.data).to.have.length(1);
    const installation = installations.body.data[0];
    expect(installation).to.include({
      installation_id: client.installation_id,
      is_anonymous: true,
      anonymous_id: client.anonymous_id,
      session_count: 1,
      sdk_version: `python/${client.version}`,
      // Two stored events and one activity entry: the repeated event is not counted.
      total_events: 3,
    });
    expect(installation.device_info.platform).to.be.a('string').and.not.empty;
    expect(installation.device_info.user_agent).to.match(/^iam-sdk-python\/\d+\.\d+\.\d+ \(Python 3\./);
    expect(installation.device_info.hardware_concurrency).to.be.above(0);
    expect(installation.device_info.screen_resolution).to.equal(null);
    expect(installation.environment_info.session_id).to.equal(client.session_id);

    const anonymous = await api.ctx.request
      .get('/api/v1/anonymous-users')
      .query({ application_id: tenant.applicationId })
      .set(owner)
      .expect(200);
    expect(anonymous.body.data).to.have.length(1);
    expect(anonymous.body.data[0]).to.include({
      anonymous_id: client.anonymous_id,
      installation_id: client.installation_id,
      display_name: `Anonymous User ${installation.device_info.platform}`,
    });

    const logs = await api.ctx.request
      .get('/api/v1/activity-logs')
      .query({ application_id: tenant.applicationId, installation_id: client.installation_id })
      .set(owner)
      .expect(200);
    expect(logs.body.data).to.have.length(1);
    expect(logs.body.data[0]).to.include({
      action: 'export',
      resource_type: 'component',
      resource_id: 'report-42',
      anonymous_user_id: client.anonymous_id,
      sdk_version: `python/${client.version}`,
    });
    expect(logs.body.data[0].metadata).to.deep.equal({ ms: 340 });
    expect(logs.body.data[0].user_agent).to.equal(installation.device_info.user_agent);
    expect(logs.body.data[0].ip_address).to.match(/127\.0\.0\.1$/);

    const stored = await events(tenant.applicationId);
    expect(stored.map((event) => [event.event, event.properties])).to.deep.equal([
      ['report_exported', { format: 'csv', rows: 3 }],
      ['order_paid', { amount: 12.5 }],
    ]);
    expect(stored[0]!.event_id).to.match(/^evt_[0-9a-f]{32}$/);
    // It starts with the time it was made (milliseconds, 12 hex digits), so ids sort by creation time.
    expect(Number.parseInt(stored[0]!.event_id.slice(4, 16), 16)).to.be.within(
      Date.now() - 120_000,
      Date.now(),
    );
    expect(stored[1]!.event_id).to.equal('order-1:paid');
    for (const event of stored) {
      expect(event).to.include({
        session_id: client.session_id,
        installation_id: client.installation_id,
        sdk_version: `python/${client.version}`,
      });
    }
  });

  it('resends a batch whose answer was lost with the same ids; the server stores it once', async () => {
    const other = await createTenant(api.ctx, 'python-retry');
    const upstream: { status: number; body: unknown }[] = [];
    let lost = 0;
    // The server stores each attempt's batch, but the client sees 503 twice (a proxy timing out).
    const proxy = await forwarding(api.url, upstream, (request, reply) =>
      request.url === '/api/v1/analytics' && lost++ < 2
        ? { status: 503, body: { error: 'The upstream answer was lost.', code: 'bad_gateway' } }
        : reply,
    );
    try {
      const run = await runClient({
        sdk: sdkPath,
        client: {
          application_id: other.applicationId,
          api_url: proxy.url,
          options: { flush_interval: 60, backoff_base: 0.05 },
        },
        steps: [
          { call: 'track', args: ['a'] },
          { call: 'track', args: ['b'] },
          { call: 'track', args: ['c'] },
          { call: 'flush', args: [20] },
        ],
      });
      expect(run.output.results[3], 'flush reports the 3 events delivered').to.equal(3);
      const attempts = proxy.received.filter((request) => request.url === '/api/v1/analytics');
      expect(attempts).to.have.length(3);
      expect(new Set(attempts.map((attempt) => attempt.text)).size, 'identical retries').to.equal(1);
      expect(upstream.map((answer) => answer.body)).to.deep.equal([
        { events_processed: 3, duplicates: 0, rejected: [] },
        { events_processed: 0, duplicates: 3, rejected: [] },
        { events_processed: 0, duplicates: 3, rejected: [] },
      ]);
      expect((await events(other.applicationId)).map((event) => event.event)).to.deep.equal(['a', 'b', 'c']);
    } finally {
      await proxy.close();
    }
  });

  it('does not retry what the server refuses with a 4xx, and says why', async () => {
    const upstream: { status: number; body: unknown }[] = [];
    const proxy = await forwarding(api.url, upstream);
    const plan = (applicationId: string, steps: Plan['steps']): Plan => ({
      sdk: sdkPath,
      client: {
        application_id: applicationId,
        api_url: proxy.url,
        options: { flush_interval: 60, backoff_base: 0.05 },
      },
      steps,
    });
    try {
      // A resource type the server does not know: 400, once.
      const invalid = await runClient(
        plan(tenant.applicationId, [
          { call: 'activity', args: ['launch', 'spaceship'] },
          { call: 'flush', args: [10] },
        ]),
      );
      expect(invalid.output.results).to.deep.equal([true, 0]);
      expect(upstream.map((answer) => answer.status)).to.deep.equal([400]);
      expect(warnings(invalid)).to.have.length(1);
      expect(warnings(invalid)[0]).to.contain('HTTP 400: validation_failed').and.contain('resource_type');

      // An application that does not exist: 404, once.
      const unknown = await runClient(
        plan(new Types.ObjectId().toHexString(), [
          { call: 'track', args: ['x'] },
          { call: 'flush', args: [10] },
        ]),
      );
      expect(unknown.output.results[1]).to.equal(0);
      expect(upstream.map((answer) => answer.status)).to.deep.equal([400, 404]);
      expect(warnings(unknown)[0]).to.contain('HTTP 404: application_not_found');
    } finally {
      await proxy.close();
    }
  });

  describe('under the server’s rate limit', () => {
    let limited: Listening;
    before(async () => {
      limited = await listen(sdkDist, {
        // Per address: the application's ceiling is never below 201 × that (docs/tracking-api.md).
        INGEST_RATE_LIMIT_PER_IP: '2',
        INGEST_RATE_LIMIT_WINDOW_S: '1',
      });
    });
    after(() => stop(limited));

    it('waits for the Retry-After of a 429 and then delivers', async () => {
      const owner = await createTenant(limited.ctx, 'python-limited');
      const upstream: { status: number; body: unknown }[] = [];
      const proxy = await forwarding(limited.url, upstream);
      try {
        const run = await runClient({
          sdk: sdkPath,
          client: {
            application_id: owner.applicationId,
            api_url: proxy.url,
            options: { flush_interval: 60 },
          },
          steps: [
            { call: 'register_installation' },
            { call: 'activity', args: ['sync', 'api'] },
            { call: 'track', args: ['after_the_limit'] },
            { call: 'flush', args: [20] },
          ],
        });
        expect(run.output.results[3]).to.equal(3);
        expect(upstream.map((answer) => answer.status)).to.deep.equal([201, 201, 429, 200]);
        const analytics = proxy.received.filter((request) => request.url === '/api/v1/analytics');
        expect(analytics[1]!.at - analytics[0]!.at, 'waited for Retry-After').to.be.at.least(500);
        expect(warnings(run)).to.deep.equal([]);
      } finally {
        await proxy.close();
      }
    });
  });
});
