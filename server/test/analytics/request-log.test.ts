import { expect } from 'chai';
import type { TestContext } from '../helpers/context.js';
import { bearer, PASSWORD, signedInUser } from '../auth/helpers.js';
import { createToken } from '../tokens/helpers.js';
import {
  createTrackedTenant,
  createTrackingContext,
  PARTNER_ORIGIN,
  type TrackedTenant,
} from '../tracking/helpers.js';

const USER_AGENT = 'request-log-test/1.0';

describe('request logging: every API request becomes an api row of activity_logs', () => {
  let ctx: TestContext;
  let alice: TrackedTenant;
  const logs = () => ctx.database.connection.collection('activity_logs');
  /** The api rows of one user agent, oldest first, once the recorder has written its queue. */
  const apiRows = async (userAgent: string) => {
    await ctx.services.analyticsRecorder.flush();
    return logs()
      .find({ resource_type: 'api', user_agent: userAgent })
      .sort({ created_at: 1, _id: 1 })
      .toArray();
  };

  before(async () => {
    ctx = await createTrackingContext();
    alice = await createTrackedTenant(ctx, 'log-alice');
  });
  after(() => ctx.close());

  it('records the route pattern (not the URL with ids), method, status, time, IP, agent, user and owner', async () => {
    const agent = `${USER_AGENT} pattern`;
    await ctx.request
      .get(`/api/v1/projects/${alice.projectId}`)
      .set(bearer(alice.user.access_token))
      .set('User-Agent', agent)
      .expect(200);
    const [row, ...more] = await apiRows(agent);
    expect(more).to.have.length(0);
    expect(row).to.include({
      action: 'api.request',
      resource_type: 'api',
      endpoint: '/api/v1/projects/:id',
      method: 'GET',
      status_code: 200,
      user_agent: agent,
      application_id: null,
    });
    expect(row!.ip_address).to.match(/127\.0\.0\.1|::1/);
    expect(row!.response_time_ms).to.be.a('number').and.to.be.above(0).and.below(5000);
    expect(String(row!.user_id)).to.equal(alice.user.user.id);
    expect(String(row!.project_id)).to.equal(alice.projectId);
    expect(String(row!.organization_id)).to.equal(alice.organizationId);
    expect(row!.created_at).to.be.instanceOf(Date);
  });

  it('attributes an API token’s calls to its application, project and organization', async () => {
    const token = await createToken(ctx, alice.user, alice.applicationId, { scopes: ['analytics'] });
    const agent = `${USER_AGENT} token`;
    await ctx.request
      .get('/api/v1/activity-logs')
      .query({ limit: 1 })
      .set(bearer(token.token))
      .set('User-Agent', agent)
      .expect(200);
    const [row] = await apiRows(agent);
    expect(row).to.include({ endpoint: '/api/v1/activity-logs', method: 'GET', status_code: 200 });
    expect(String(row!.application_id)).to.equal(alice.applicationId);
    expect(String(row!.project_id)).to.equal(alice.projectId);
    expect(String(row!.organization_id)).to.equal(alice.organizationId);
  });

  it('logs the embedding API for the X-Application-ID’s application, failures included', async () => {
    const agent = `${USER_AGENT} embedding`;
    await ctx.request
      .post('/api/auth/login')
      .set('X-Application-ID', alice.applicationId)
      .set('Origin', PARTNER_ORIGIN)
      .set('User-Agent', agent)
      .send({ email: alice.user.email, password: `${PASSWORD}-wrong` })
      .expect(401);
    const [row] = await apiRows(agent);
    expect(row).to.include({ endpoint: '/api/auth/login', method: 'POST', status_code: 401 });
    expect(String(row!.application_id)).to.equal(alice.applicationId);
    expect(String(row!.organization_id)).to.equal(alice.organizationId);
  });

  it('never counts a refused request in the analytics of the tenant whose id it named', async () => {
    const mallory = await signedInUser(ctx, 'log-mallory');
    const agent = `${USER_AGENT} foreign`;
    for (const path of [
      `/api/v1/projects/${alice.projectId}`,
      `/api/v1/organizations/${alice.organizationId}`,
    ])
      await ctx.request.get(path).set(bearer(mallory.access_token)).set('User-Agent', agent).expect(404);
    const rows = await apiRows(agent);
    expect(rows.map((row) => row.endpoint)).to.deep.equal([
      '/api/v1/projects/:id',
      '/api/v1/organizations/:id',
    ]);
    for (const row of rows) {
      expect(row).to.include({
        status_code: 404,
        organization_id: null,
        project_id: null,
        application_id: null,
      });
      expect(String(row.user_id)).to.equal(mallory.user.id);
    }
  });

  it('leaves out /health, the API documentation’s files and CORS preflights; logs unknown routes without a pattern', async () => {
    const agent = `${USER_AGENT} ignored`;
    await ctx.request.get('/api/v1/health').set('User-Agent', agent).expect(200);
    await ctx.request.get('/api/v1/docs/').set('User-Agent', agent).expect(200);
    await ctx.request
      .options('/api/auth/login')
      .set('Origin', PARTNER_ORIGIN)
      .set('Access-Control-Request-Method', 'POST')
      .set('User-Agent', agent)
      .expect(204);
    await ctx.request.get('/api/v1/no-such-route/123').set('User-Agent', agent).expect(404);
    const rows = await apiRows(agent);
    expect(rows).to.have.length(1);
    expect(rows[0]).to.include({ endpoint: null, method: 'GET', status_code: 404 });
  });

  it('is written by the recorder’s own timer within about a second, without anyone flushing', async () => {
    const agent = `${USER_AGENT} deferred`;
    const started = Date.now();
    await ctx.request
      .get('/api/v1/organizations')
      .set(bearer(alice.user.access_token))
      .set('User-Agent', agent)
      .expect(200);
    while ((await logs().countDocuments({ user_agent: agent })) === 0) {
      expect(Date.now() - started, 'written within 2 s').to.be.below(2000);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });

  it('loses none of 40 concurrent requests', async () => {
    const agent = `${USER_AGENT} burst`;
    await Promise.all(
      Array.from({ length: 40 }, () =>
        ctx.request
          .get('/api/v1/organizations')
          .set(bearer(alice.user.access_token))
          .set('User-Agent', agent)
          .expect(200),
      ),
    );
    expect(await apiRows(agent)).to.have.length(40);
  });

  it('answers before the row is written (no database round trip per request) and flushes it at shutdown', async () => {
    const other = await createTrackingContext();
    try {
      const agent = `${USER_AGENT} shutdown`;
      await other.request.get('/api/v1/auth/providers').set('User-Agent', agent).expect(200);
      const collection = other.database.connection.collection('activity_logs');
      // This process's first logged request: its flush timer has only just started.
      expect(await collection.countDocuments({ user_agent: agent })).to.equal(0);
      await other.services.close();
      const row = await collection.findOne({ user_agent: agent });
      expect(row).to.include({ endpoint: '/api/v1/auth/providers', status_code: 200, user_id: null });
    } finally {
      await other.database.close();
    }
  });

  it('logs nothing with REQUEST_LOGGING=false (to measure what logging costs)', async () => {
    const other = await createTrackingContext({ REQUEST_LOGGING: 'false' });
    try {
      const agent = `${USER_AGENT} switched off`;
      await other.request.get('/api/v1/auth/providers').set('User-Agent', agent).expect(200);
      await other.services.close();
      const collection = other.database.connection.collection('activity_logs');
      expect(await collection.countDocuments({ user_agent: agent })).to.equal(0);
    } finally {
      await other.database.close();
    }
  });
});
