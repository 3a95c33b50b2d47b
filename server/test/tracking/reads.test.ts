import { expect } from 'chai';
import type { TestContext } from '../helpers/context.js';
import { bearer } from '../auth/helpers.js';
import { addMember } from '../projects/helpers.js';
import { createApplication, createTenant, createToken } from '../tokens/helpers.js';
import { signedInUser } from '../auth/helpers.js';
import {
  createTrackedTenant,
  createTrackingContext,
  ingest,
  installationBody,
  newId,
  type TrackedTenant,
} from './helpers.js';

const HOUR_MS = 3_600_000;

interface Listed {
  installation_id?: string;
  anonymous_id?: string;
  application_id: string;
  action?: string;
}

describe('tracking reads for the dashboard', () => {
  let ctx: TestContext;
  let tenant: TrackedTenant;
  let secondApplication: string;
  let stranger: TrackedTenant;
  const seen: Record<string, string> = {};
  const get = (path: string, token: string, query: Record<string, string | number> = {}) =>
    ctx.request.get(path).query(query).set(bearer(token));
  const ids = (rows: Listed[], field: 'installation_id' | 'anonymous_id' = 'installation_id') =>
    rows.map((row) => row[field]);

  /** Registers an installation, then dates its last_seen_at `hoursAgo` back. */
  async function installation(applicationId: string, hoursAgo: number, fields: Record<string, unknown> = {}) {
    const body = installationBody(fields);
    await ingest(ctx, '/installations', applicationId, body).expect(201);
    const at = new Date(Date.now() - hoursAgo * HOUR_MS);
    await ctx.database.connection
      .collection('installations')
      .updateOne({ installation_id: body.installation_id }, { $set: { last_seen_at: at } });
    await ctx.database.connection
      .collection('anonymous_users')
      .updateOne({ anonymous_id: body.anonymous_id }, { $set: { last_activity_at: at } });
    return body;
  }

  before(async () => {
    ctx = await createTrackingContext();
    tenant = await createTrackedTenant(ctx);
    secondApplication = await createApplication(ctx, tenant.user, tenant.projectId, 'Second');
    stranger = await createTrackedTenant(ctx, 'stranger');
    seen.recent = (await installation(tenant.applicationId, 1)).installation_id;
    seen.older = (await installation(tenant.applicationId, 5, { is_anonymous: false })).installation_id;
    seen.stale = (await installation(tenant.applicationId, 48)).installation_id;
    seen.second = (await installation(secondApplication, 2)).installation_id;
    seen.foreign = (await installation(stranger.applicationId, 1)).installation_id;
  });
  after(() => ctx.close());

  it('lists an application’s installations, newest last_seen_at first, filtered', async () => {
    const token = tenant.user.access_token;
    const all = await get('/api/v1/installations', token, { application_id: tenant.applicationId }).expect(
      200,
    );
    expect(ids(all.body.data)).to.deep.equal([seen.recent, seen.older, seen.stale]);
    expect(all.body.next_cursor).to.equal(null);
    const first = all.body.data[0];
    expect(first.device_info).to.include({ platform: 'MacIntel', screen_resolution: '1920x1080' });
    expect(first).to.include({ session_count: 1, total_events: 0, is_anonymous: true, user_id: null });
    expect(first).not.to.have.property('recent_session_ids');
    expect(first).not.to.have.property('_id');

    const active = await get('/api/v1/installations', token, {
      application_id: tenant.applicationId,
      active: 'true',
    }).expect(200);
    expect(ids(active.body.data)).to.deep.equal([seen.recent, seen.older]);
    const inactive = await get('/api/v1/installations', token, {
      application_id: tenant.applicationId,
      active: 'false',
    }).expect(200);
    expect(ids(inactive.body.data)).to.deep.equal([seen.stale]);
    const signedIn = await get('/api/v1/installations', token, {
      application_id: tenant.applicationId,
      is_anonymous: 'false',
    }).expect(200);
    expect(ids(signedIn.body.data)).to.deep.equal([seen.older]);

    const page1 = await get('/api/v1/installations', token, {
      application_id: tenant.applicationId,
      limit: 2,
    });
    expect(ids(page1.body.data)).to.deep.equal([seen.recent, seen.older]);
    const page2 = await get('/api/v1/installations', token, {
      application_id: tenant.applicationId,
      limit: 2,
      cursor: page1.body.next_cursor,
    }).expect(200);
    expect(ids(page2.body.data)).to.deep.equal([seen.stale]);
    expect(page2.body.next_cursor).to.equal(null);
  });

  it('lists every application of the caller’s organizations without application_id', async () => {
    const all = await get('/api/v1/installations', tenant.user.access_token).expect(200);
    expect(ids(all.body.data)).to.deep.equal([seen.recent, seen.second, seen.older, seen.stale]);
    const member = await signedInUser(ctx, 'member');
    await addMember(ctx, tenant.user, tenant.organizationId, member);
    const asMember = await get('/api/v1/installations', member.access_token).expect(200);
    expect(asMember.body.data).to.have.length(4);
  });

  it('lists anonymous users, newest activity first', async () => {
    const response = await get('/api/v1/anonymous-users', tenant.user.access_token, {
      application_id: tenant.applicationId,
    }).expect(200);
    expect(response.body.data.map((row: Listed) => row.installation_id)).to.deep.equal([
      seen.recent,
      seen.older,
      seen.stale,
    ]);
    expect(response.body.data[0]).to.include({ display_name: 'Anonymous User MacIntel', user_id: null });
    const byInstallation = await get('/api/v1/anonymous-users', tenant.user.access_token, {
      application_id: tenant.applicationId,
      installation_id: seen.stale!,
    }).expect(200);
    expect(byInstallation.body.data).to.have.length(1);
  });

  it('answers 404 for another tenant’s application and never shows its rows', async () => {
    for (const path of ['/api/v1/installations', '/api/v1/anonymous-users', '/api/v1/activity-logs']) {
      const response = await get(path, tenant.user.access_token, { application_id: stranger.applicationId });
      expect(response.status, path).to.equal(404);
      expect(response.body.code, path).to.equal('application_not_found');
    }
    const own = await get('/api/v1/installations', stranger.user.access_token).expect(200);
    expect(ids(own.body.data)).to.deep.equal([seen.foreign]);
  });

  it('serves cs_ tokens with the analytics scope for their own application only', async () => {
    const analytics = (await createToken(ctx, tenant.user, tenant.applicationId, { scopes: ['analytics'] }))
      .token;
    const own = await get('/api/v1/installations', analytics).expect(200);
    expect(ids(own.body.data)).to.deep.equal([seen.recent, seen.older, seen.stale]);
    await get('/api/v1/installations', analytics, { application_id: tenant.applicationId }).expect(200);
    await get('/api/v1/anonymous-users', analytics).expect(200);
    for (const path of ['/api/v1/installations', '/api/v1/anonymous-users', '/api/v1/activity-logs']) {
      await get(path, analytics, { application_id: secondApplication }).expect(404);
    }

    const readOnly = (await createToken(ctx, tenant.user, tenant.applicationId, { scopes: ['read'] })).token;
    for (const path of ['/api/v1/installations', '/api/v1/anonymous-users', '/api/v1/activity-logs']) {
      const refused = await get(path, readOnly).expect(403);
      expect(refused.body.code, path).to.equal('insufficient_scope');
      expect(refused.body.error, path).to.contain('analytics');
    }
  });

  it('validates the filters', async () => {
    const token = tenant.user.access_token;
    await get('/api/v1/installations', token, { active: 'yes' }).expect(400);
    await get('/api/v1/installations', token, { application_id: 'nope' }).expect(400);
    await get('/api/v1/installations', token, { limit: 101 }).expect(400);
    await get('/api/v1/anonymous-users', token, { installation_id: 'x' }).expect(400);
    await get('/api/v1/installations', token, { cursor: 'garbage' }).expect(400);
  });
});

describe('GET /api/v1/activity-logs: the application log filters', () => {
  let ctx: TestContext;
  let tenant: TrackedTenant;
  const installationId = newId('inst_');
  const anonymousId = newId('anon_');
  const log = (body: Record<string, unknown>) =>
    ingest(ctx, '/activity', tenant.applicationId, { resource_type: 'component', ...body }).expect(201);
  const actions = async (query: Record<string, string | number>) => {
    const response = await ctx.request
      .get('/api/v1/activity-logs')
      .query({ application_id: tenant.applicationId, limit: 500, ...query })
      .set(bearer(tenant.user.access_token));
    expect(response.status, JSON.stringify(response.body)).to.equal(200);
    return (response.body.data as Listed[]).map((row) => row.action);
  };

  before(async () => {
    ctx = await createTrackingContext({ REQUEST_LOGGING: 'false' });
    tenant = await createTrackedTenant(ctx);
    await log({ action: 'page_view', installation_id: installationId, anonymous_user_id: anonymousId });
    await log({ action: 'page.view', resource_type: 'api' });
    await log({ action: 'pageXview' });
    await log({ action: 'checkout (step 1)', installation_id: installationId });
    const old = await log({ action: 'last_month' });
    const { ObjectId } = await import('mongodb');
    await ctx.database.connection
      .collection('activity_logs')
      .updateOne(
        { _id: new ObjectId(old.body.activity_id as string) },
        { $set: { created_at: new Date(Date.now() - 10 * 24 * HOUR_MS) } },
      );
    // A registered user's entry: the owner's own application change (made through the dashboard).
    await ctx.request
      .patch(`/api/v1/applications/${tenant.applicationId}`)
      .set(bearer(tenant.user.access_token))
      .send({ description: 'changed' })
      .expect(200);
  });
  after(() => ctx.close());

  it('filters by application, installation, resource type and action', async () => {
    expect(await actions({})).to.deep.equal([
      'application.updated',
      'checkout (step 1)',
      'pageXview',
      'page.view',
      'page_view',
      'application.created',
      'last_month',
    ]);
    expect(await actions({ installation_id: installationId })).to.deep.equal([
      'checkout (step 1)',
      'page_view',
    ]);
    expect(await actions({ resource_type: 'api' })).to.deep.equal(['page.view']);
    expect(await actions({ action: 'page_view' })).to.deep.equal(['page_view']);
  });

  it('tells registered from anonymous entries', async () => {
    expect(await actions({ user_type: 'registered' })).to.deep.equal([
      'application.updated',
      'application.created',
    ]);
    expect(await actions({ user_type: 'anonymous' })).not.to.include('application.updated');
    await ctx.request
      .get('/api/v1/activity-logs')
      .query({ user_type: 'robot' })
      .set(bearer(tenant.user.access_token))
      .expect(400);
  });

  it('searches action, resource type and endpoint as literal text', async () => {
    expect(await actions({ search: 'page.view' })).to.deep.equal(['page.view']);
    expect(await actions({ search: 'PAGE' })).to.deep.equal(['pageXview', 'page.view', 'page_view']);
    expect(await actions({ search: '(step 1)' })).to.deep.equal(['checkout (step 1)']);
    expect(await actions({ search: 'api' })).to.deep.equal(['page.view']);
    expect(await actions({ search: '.*' })).to.deep.equal([]);
    expect(await actions({ search: '^(a+)+$' })).to.deep.equal([]);
    expect(await actions({ search: '[' })).to.deep.equal([]);
  });

  it('limits to a period: 1d, 7d, 30d or all', async () => {
    expect(await actions({ period: '7d' })).not.to.include('last_month');
    expect(await actions({ period: '30d' })).to.include('last_month');
    expect(await actions({ period: 'all' })).to.include('last_month');
    expect(await actions({ period: '1d' })).to.have.length(6);
    await ctx.request
      .get('/api/v1/activity-logs')
      .query({ period: '90d' })
      .set(bearer(tenant.user.access_token))
      .expect(400);
  });

  it('reads an application only within its own organization, and only while a member of it', async () => {
    // The owner's second organization: naming it with this application finds nothing to read.
    const second = await createTenant(ctx, 'second-org', tenant.user);
    const mismatched = await ctx.request
      .get('/api/v1/activity-logs')
      .query({ application_id: tenant.applicationId, organization_id: second.organizationId })
      .set(bearer(tenant.user.access_token))
      .expect(404);
    expect(mismatched.body.code).to.equal('application_not_found');
    await ctx.request
      .get('/api/v1/activity-logs')
      .query({ application_id: tenant.applicationId, organization_id: tenant.organizationId })
      .set(bearer(tenant.user.access_token))
      .expect(200);

    // A member reads the application's log; after leaving the organization, no longer.
    const member = await signedInUser(ctx, 'app-log-member');
    await addMember(ctx, tenant.user, tenant.organizationId, member);
    const asMember = await ctx.request
      .get('/api/v1/activity-logs')
      .query({ application_id: tenant.applicationId, limit: 500 })
      .set(bearer(member.access_token))
      .expect(200);
    expect(asMember.body.data.map((row: Listed) => row.action)).to.include('page_view');
    const members = await ctx.request
      .get(`/api/v1/organizations/${tenant.organizationId}/members`)
      .set(bearer(tenant.user.access_token))
      .expect(200);
    const membership = (members.body.data ?? members.body).find(
      (row: { user_id: string }) => row.user_id === member.user.id,
    );
    await ctx.request
      .delete(`/api/v1/organizations/${tenant.organizationId}/members/${membership.id}`)
      .set(bearer(tenant.user.access_token))
      .expect(204);
    await ctx.request
      .get('/api/v1/activity-logs')
      .query({ application_id: tenant.applicationId })
      .set(bearer(member.access_token))
      .expect(404);
  });
});
