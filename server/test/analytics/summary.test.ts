import { expect } from 'chai';
import type { TestContext } from '../helpers/context.js';
import { bearer, PASSWORD, signedInUser } from '../auth/helpers.js';
import { createApplication } from '../projects/helpers.js';
import { createTenant, createToken, type Tenant } from '../tokens/helpers.js';
import {
  createTrackedTenant,
  createTrackingContext,
  ingest,
  installationBody,
  newId,
  PARTNER_ORIGIN,
  type TrackedTenant,
} from '../tracking/helpers.js';
import { LATENCY_BOUNDS_MS, latencyBucket } from '../../src/modules/telemetry/index.js';

type User = Awaited<ReturnType<typeof signedInUser>>;
const SDK = { 'X-SDK-Version': 'js-1.4.0', Origin: PARTNER_ORIGIN };

/** The value at the p-th percentile of the values (nearest rank), as the histogram reads it. */
function nearestRank(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil((p / 100) * sorted.length) - 1]!;
}

describe('analytics: GET /api/v1/analytics/summary and /functions against a known seed', () => {
  let ctx: TestContext;
  let alice: TrackedTenant;
  /** A second application in Alice's project, with its own token. */
  let secondApplicationId: string;
  let token: string;
  let secondToken: string;
  let bob: Tenant;
  let carol: User;

  const summary = (user: { access_token: string } | string, query: Record<string, string> = {}) =>
    ctx.request
      .get('/api/v1/analytics/summary')
      .query(query)
      .set(bearer(typeof user === 'string' ? user : user.access_token));

  before(async () => {
    ctx = await createTrackingContext();
    alice = await createTrackedTenant(ctx, 'sum-alice');
    bob = await createTenant(ctx, 'sum-bob');
    carol = await signedInUser(ctx, 'sum-carol');
    secondApplicationId = (await createApplication(ctx, alice.user, alice.projectId)).id;
    token = (await createToken(ctx, alice.user, alice.applicationId, { scopes: ['analytics', 'read'] }))
      .token;
    secondToken = (await createToken(ctx, alice.user, secondApplicationId, { scopes: ['analytics'] })).token;
    // Whatever setup logged is written now, so the seed below starts from a known state.
    await ctx.services.analyticsRecorder.flush();

    // The seed. Application 1, through its API token: 3 successful calls, 2 refused (404).
    for (let i = 0; i < 3; i++)
      await ctx.request.get('/api/v1/activity-logs').query({ limit: 1 }).set(bearer(token)).expect(200);
    for (let i = 0; i < 2; i++)
      await ctx.request.get(`/api/v1/applications/${secondApplicationId}`).set(bearer(token)).expect(404);
    // Its embedding API: one failed sign-in.
    await ctx.request
      .post('/api/auth/login')
      .set({ 'X-Application-ID': alice.applicationId, Origin: PARTNER_ORIGIN })
      .send({ email: alice.user.email, password: `${PASSWORD}-wrong` })
      .expect(401);
    // Its SDK: two installations (two anonymous users), a batch of 5 events sent twice (a retry),
    // and one activity of the first anonymous user.
    const first = installationBody();
    const second = installationBody();
    await ingest(ctx, '/installations', alice.applicationId, first, SDK).expect(201);
    await ingest(ctx, '/installations', alice.applicationId, second, SDK).expect(201);
    const batch = {
      events: ['page_view', 'page_view', 'purchase', 'page_view', 'purchase'].map((event) => ({
        id: newId('evt_'),
        event,
      })),
      session_info: { session_id: newId('sess_'), installation_id: first.installation_id },
    };
    expect((await ingest(ctx, '/analytics', alice.applicationId, batch, SDK).expect(200)).body).to.include({
      events_processed: 5,
    });
    expect((await ingest(ctx, '/analytics', alice.applicationId, batch, SDK).expect(200)).body).to.include({
      events_processed: 0,
      duplicates: 5,
    });
    await ingest(
      ctx,
      '/activity',
      alice.applicationId,
      {
        action: 'page_view',
        resource_type: 'component',
        installation_id: first.installation_id,
        anonymous_user_id: first.anonymous_id,
      },
      SDK,
    ).expect(201);
    // Application 2: one call with its token. The project itself: Alice opens it in the dashboard
    // (logged as the dashboard's, counted nowhere).
    await ctx.request.get('/api/v1/activity-logs').set(bearer(secondToken)).expect(200);
    await ctx.request
      .get(`/api/v1/projects/${alice.projectId}`)
      .set(bearer(alice.user.access_token))
      .expect(200);
  });
  after(() => ctx.close());

  it('counts the application’s requests, errors, events (a retried batch once), users and installations exactly', async () => {
    const response = await summary(alice.user, { application_id: alice.applicationId }).expect(200);
    const body = response.body;
    expect(body.period).to.equal('24h');
    expect(body.totals).to.deep.equal({
      // 3 + 2 token calls, 1 embedding sign-in, 2 installations, 2 batches, 1 activity.
      requests: 11,
      errors: 3,
      error_rate: 27.27,
      events: 5,
      // Alice (through her token) and the two anonymous users.
      active_users: 3,
      registered_users: 1,
      anonymous_users: 2,
      installations: 2,
      active_installations: 2,
      tokens_active: 1,
    });
    expect(body.compare).to.deep.equal({
      requests: 0,
      errors: 0,
      error_rate: 0,
      events: 0,
      active_users: 0,
      registered_users: 0,
      anonymous_users: 0,
      installations: 0,
      active_installations: 0,
      tokens_active: 0,
    });
    expect(body.top_events).to.deep.equal([
      { event: 'page_view', count: 3 },
      { event: 'purchase', count: 2 },
    ]);
    const endpoints = Object.fromEntries(
      body.top_endpoints.map((e: { method: string; endpoint: string }) => [`${e.method} ${e.endpoint}`, e]),
    );
    expect(Object.keys(endpoints)).to.have.members([
      'GET /api/v1/activity-logs',
      'GET /api/v1/applications/:id',
      'POST /api/auth/login',
      'POST /api/v1/installations',
      'POST /api/v1/analytics',
      'POST /api/v1/activity',
    ]);
    expect(body.top_endpoints[0]).to.include({ endpoint: '/api/v1/activity-logs', count: 3, error_rate: 0 });
    expect(endpoints['GET /api/v1/applications/:id']).to.include({ count: 2, error_rate: 100 });
    expect(endpoints['POST /api/auth/login']).to.include({ count: 1, error_rate: 100 });
    expect(endpoints['POST /api/v1/analytics']).to.include({ count: 2, error_rate: 0 });
  });

  it('lists the function statistics with the four cards', async () => {
    const response = await ctx.request
      .get('/api/v1/analytics/functions')
      .query({ application_id: alice.applicationId })
      .set(bearer(alice.user.access_token))
      .expect(200);
    const { cards, functions } = response.body;
    expect(cards).to.include({ total_requests: 11, unique_functions: 6, resource_types: 4 });
    expect(cards.avg_response_ms).to.be.a('number').and.above(0);
    expect(functions[0]).to.include({
      rank: 1,
      function: 'GET /api/v1/activity-logs',
      resource_type: 'api',
      count: 3,
      success_rate: 100,
    });
    const byName = Object.fromEntries(functions.map((f: { function: string }) => [f.function, f]));
    expect(byName['GET /api/v1/applications/:id']).to.include({
      resource_type: 'application',
      count: 2,
      success_rate: 0,
    });
    expect(byName['POST /api/auth/login']).to.include({ resource_type: 'user', count: 1, success_rate: 0 });
    expect(byName['POST /api/v1/analytics']).to.include({
      resource_type: 'component',
      count: 2,
      success_rate: 100,
    });
    expect(functions.map((f: { rank: number }) => f.rank)).to.deep.equal([1, 2, 3, 4, 5, 6]);
    await ctx.request
      .get('/api/v1/analytics/functions')
      .query({ application_id: alice.applicationId })
      .set(bearer(bob.user.access_token))
      .expect(404);
  });

  it('charts the period hour by hour: 24 buckets that add up to the totals', async () => {
    const body = (await summary(alice.user, { application_id: alice.applicationId }).expect(200)).body;
    expect(body.timeseries).to.have.length(24);
    const sum = (field: string) =>
      body.timeseries.reduce((total: number, bucket: Record<string, number>) => total + bucket[field]!, 0);
    expect(sum('requests')).to.equal(11);
    expect(sum('errors')).to.equal(3);
    expect(sum('events')).to.equal(5);
    // The last bucket is the hour the answer was computed in.
    expect(Date.parse(body.timeseries.at(-1).t)).to.equal(
      Math.floor(Date.parse(body.to) / 3_600_000) * 3_600_000,
    );
    expect(Date.parse(body.from)).to.equal(Date.parse(body.timeseries[0].t));
    const busy = body.timeseries.filter((bucket: { requests: number }) => bucket.requests > 0);
    expect(busy.length, 'the seed took seconds: one hour, or two across the turn of an hour').to.be.within(
      1,
      2,
    );
    expect(Math.max(...busy.map((bucket: { active_users: number }) => bucket.active_users))).to.be.within(
      1,
      3,
    );
    const week = (
      await summary(alice.user, { application_id: alice.applicationId, period: '7d' }).expect(200)
    ).body;
    expect(week.timeseries).to.have.length(168);
    const quarter = (
      await summary(alice.user, { application_id: alice.applicationId, period: '90d' }).expect(200)
    ).body;
    expect(quarter.timeseries).to.have.length(90);
    expect(quarter.timeseries.at(-1).t).to.equal(`${quarter.to.slice(0, 10)}T00:00:00.000Z`);
    expect(quarter.totals).to.include({ requests: 11, errors: 3, events: 5, active_users: 3 });
  });

  it('reads latency percentiles from the histogram, within one bucket of the logged response times', async () => {
    const body = (await summary(alice.user, { application_id: alice.applicationId }).expect(200)).body;
    const rows = await ctx.database.connection
      .collection('activity_logs')
      .find({ resource_type: 'api', application_id: { $exists: true }, endpoint: { $ne: null } })
      .toArray();
    const times = rows
      .filter((row) => String(row.application_id) === alice.applicationId)
      .map((row) => row.response_time_ms as number);
    expect(times).to.have.length(11);
    for (const p of [50, 95, 99] as const) {
      const truth = nearestRank(times, p);
      const reported = body.latency_ms[`p${p}`] as number;
      expect(reported, `p${p}`).to.be.at.least(truth);
      expect(latencyBucket(reported), `p${p} bucket`).to.equal(latencyBucket(truth));
    }
  });

  it('gives exact bucket bounds for a seeded distribution (1 … 100 ms)', async () => {
    const tenant = await createTenant(ctx, 'sum-latency');
    const now = new Date();
    await ctx.services.analyticsRecorder.writeBatch({
      requests: Array.from({ length: 100 }, (_unused, i) => ({
        created_at: now,
        method: 'GET',
        endpoint: '/api/v1/projects/:id',
        status_code: i < 10 ? 500 : 200,
        response_time_ms: i + 1,
        ip_address: null,
        user_agent: null,
        user_id: null,
        application_id: tenant.applicationId,
        project_id: null,
        organization_id: null,
      })),
    });
    const body = (await summary(tenant.user, { application_id: tenant.applicationId }).expect(200)).body;
    // p50 = 50 ms (a bound), p95 = 95 ms and p99 = 99 ms both fall in the bucket (75, 100].
    expect(body.latency_ms).to.deep.equal({ p50: 50, p95: 100, p99: 100 });
    expect(body.top_endpoints).to.deep.equal([
      { endpoint: '/api/v1/projects/:id', method: 'GET', count: 100, error_rate: 10, p95_ms: 100 },
    ]);
    expect(LATENCY_BOUNDS_MS).to.include.members([50, 75, 100]);
    // The organization of the application counts them too (the owner was completed when written).
    const organization = (await summary(tenant.user, { organization_id: tenant.organizationId }).expect(200))
      .body;
    expect(organization.totals).to.include({ requests: 100, errors: 10, error_rate: 10 });
  });

  it('adds up the project (both applications; not the dashboard’s call, issue #35) and the organization', async () => {
    const project = (await summary(alice.user, { project_id: alice.projectId }).expect(200)).body;
    expect(project.totals).to.include({
      requests: 12,
      errors: 3,
      events: 5,
      installations: 2,
      tokens_active: 2,
    });
    const organization = (await summary(alice.user, { organization_id: alice.organizationId }).expect(200))
      .body;
    expect(organization.totals).to.include({ requests: 12, errors: 3, events: 5, active_users: 3 });
    // Without filters: every organization of Alice's (she has one).
    const all = (await summary(alice.user).expect(200)).body;
    expect(all.totals).to.deep.equal(organization.totals);
  });

  it('answers 404 for another tenant’s organization, project or application, and shows Bob only his own', async () => {
    const foreign: Array<Record<string, string>> = [
      { organization_id: alice.organizationId },
      { project_id: alice.projectId },
      { application_id: alice.applicationId },
      // His own organization with Alice's project is no way in either.
      { organization_id: bob.organizationId, project_id: alice.projectId },
    ];
    for (const query of foreign) {
      const response = await summary(bob.user, query).expect(404);
      expect(response.body.code).to.match(/^(organization|project|application)_not_found$/);
    }
    const own = (await summary(bob.user).expect(200)).body;
    expect(own.totals).to.include({ requests: 0, events: 0, active_users: 0, installations: 0 });
    expect(own.top_endpoints).to.deep.equal([]);
    // Carol belongs to no organization: nothing at all, not everything.
    const nobody = (await summary(carol).expect(200)).body;
    expect(nobody.totals).to.include({ requests: 0, events: 0 });
  });

  it('lets an API token read its own application and organization only', async () => {
    const own = (await summary(token, { application_id: alice.applicationId }).expect(200)).body;
    expect(own.totals.requests).to.be.at.least(11);
    // The second application's token: its own application, yes; the first one, 404.
    const second = (await summary(secondToken, { application_id: secondApplicationId }).expect(200)).body;
    expect(second.totals).to.include({ requests: 1, errors: 0 });
    const refused = await summary(secondToken, { application_id: alice.applicationId }).expect(404);
    expect(refused.body.code).to.equal('application_not_found');
    expect(
      (await summary(secondToken, { organization_id: bob.organizationId }).expect(404)).body.code,
    ).to.equal('organization_not_found');
    // A token without the analytics scope is refused.
    const readOnly = await createToken(ctx, alice.user, alice.applicationId, { scopes: ['read'] });
    expect((await summary(readOnly.token).expect(403)).body.code).to.equal('insufficient_scope');
  });

  it('refuses a bad period or id with 400', async () => {
    const bad: Array<Record<string, string>> = [
      { period: '1y' },
      { period: '24H' },
      { application_id: 'not-an-id' },
    ];
    for (const query of bad) {
      const response = await summary(alice.user, query).expect(400);
      expect(response.body.code).to.equal('validation_failed');
    }
    await ctx.request.get('/api/v1/analytics/summary').expect(401);
  });
});
