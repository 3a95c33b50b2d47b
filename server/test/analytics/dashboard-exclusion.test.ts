import { expect } from 'chai';
import type { TestContext } from '../helpers/context.js';
import { bearer } from '../auth/helpers.js';
import { createToken } from '../tokens/helpers.js';
import { createTrackedTenant, createTrackingContext, type TrackedTenant } from '../tracking/helpers.js';

/**
 * Issue #35 "clean numbers": a team member looking at an application in the dashboard (a
 * platform-pool session on the product API) is not the application's traffic. Before, viewing an
 * application once showed 1 API call and 1 active user in its analytics.
 */
describe('analytics: the dashboard’s own requests are not the application’s traffic', () => {
  let ctx: TestContext;
  let alice: TrackedTenant;

  const asAlice = (path: string, query: Record<string, string> = {}) =>
    ctx.request.get(path).query(query).set(bearer(alice.user.access_token));

  before(async () => {
    ctx = await createTrackingContext();
    alice = await createTrackedTenant(ctx, 'dash-alice');
    await ctx.services.analyticsRecorder.flush();
  });
  after(() => ctx.close());

  it('viewing an application as a team member leaves its analytics at 0 API calls and 0 active users', async () => {
    // What the dashboard does when a member opens an application: the application, its analytics,
    // its logs, its installations.
    await asAlice(`/api/v1/applications/${alice.applicationId}`).expect(200);
    await asAlice('/api/v1/installations', { application_id: alice.applicationId }).expect(200);
    await asAlice('/api/v1/activity-logs', { application_id: alice.applicationId }).expect(200);
    for (let i = 0; i < 3; i++)
      await asAlice('/api/v1/analytics/summary', { application_id: alice.applicationId }).expect(200);

    const summary = (
      await asAlice('/api/v1/analytics/summary', { application_id: alice.applicationId }).expect(200)
    ).body;
    expect(summary.totals).to.include({ requests: 0, errors: 0, active_users: 0, registered_users: 0 });
    expect(summary.top_endpoints).to.deep.equal([]);
    const functions = (
      await asAlice('/api/v1/analytics/functions', { application_id: alice.applicationId }).expect(200)
    ).body;
    expect(functions.cards).to.include({ total_requests: 0, unique_functions: 0 });
    expect(functions.functions).to.deep.equal([]);
    // Not in the project's or the organization's numbers either.
    const organization = (
      await asAlice('/api/v1/analytics/summary', { organization_id: alice.organizationId }).expect(200)
    ).body;
    expect(organization.totals).to.include({ requests: 0, active_users: 0 });
    const stickiness = (
      await asAlice('/api/v1/analytics/stickiness', { application_id: alice.applicationId }).expect(200)
    ).body;
    expect(stickiness).to.include({ dau: 0, wau: 0, mau: 0, dau_mau: null });
  });

  it('keeps the requests in the log marked source dashboard, listed only with include_dashboard=true', async () => {
    const query = { application_id: alice.applicationId, action: 'api.request', limit: '100' };
    const hidden = (await asAlice('/api/v1/activity-logs', query).expect(200)).body;
    expect(hidden.data).to.deep.equal([]);
    const shown = (
      await asAlice('/api/v1/activity-logs', { ...query, include_dashboard: 'true' }).expect(200)
    ).body;
    // Rows name an application by the route (/applications/:id), not by a query parameter: of the
    // first test's views, the application's one.
    expect(shown.data).to.have.length(1);
    expect(shown.data[0]).to.include({
      source: 'dashboard',
      endpoint: '/api/v1/applications/:id',
      user_id: alice.user.user.id,
      application_id: alice.applicationId,
    });
    // source=dashboard lists it too; source=platform does not.
    const bySource = (await asAlice('/api/v1/activity-logs', { ...query, source: 'dashboard' }).expect(200))
      .body;
    expect(bySource.data).to.have.length(1);
    const platform = (await asAlice('/api/v1/activity-logs', { ...query, source: 'platform' }).expect(200))
      .body;
    expect(platform.data).to.deep.equal([]);
    // The total and the export follow the list.
    const counted = (await asAlice('/api/v1/activity-logs', { ...query, include_total: 'true' }).expect(200))
      .body;
    expect(counted.total).to.equal(0);
  });

  it('still counts the application’s own traffic: its API token’s calls', async () => {
    const token = (await createToken(ctx, alice.user, alice.applicationId, { scopes: ['analytics'] })).token;
    await ctx.services.analyticsRecorder.flush();
    for (let i = 0; i < 2; i++)
      await ctx.request
        .get('/api/v1/installations')
        .query({ application_id: alice.applicationId })
        .set(bearer(token))
        .expect(200);
    const summary = (
      await asAlice('/api/v1/analytics/summary', { application_id: alice.applicationId }).expect(200)
    ).body;
    expect(summary.totals).to.include({ requests: 2, active_users: 1, registered_users: 1 });
    const listed = (
      await asAlice('/api/v1/activity-logs', {
        application_id: alice.applicationId,
        action: 'api.request',
        limit: '100',
      }).expect(200)
    ).body;
    expect(listed.data).to.have.length(2);
    expect(listed.data[0].source).to.equal('platform');
  });
});
