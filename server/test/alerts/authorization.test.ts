import { expect } from 'chai';
import { bearer, createAuthContext, signedInUser } from '../auth/helpers.js';
import { signedInEndUser } from '../helpers/end-users.js';
import type { TestContext } from '../helpers/context.js';
import {
  addMember,
  createApplication,
  createOrganization,
  createProject,
  type User,
} from '../projects/helpers.js';

/**
 * Who may manage and read alert rules (issue #35): the organization's admins (alert:read,
 * alert:manage); a member's built-in role has neither (403 forbidden naming it); another tenant's
 * admin gets 404 as for a rule that does not exist; an API token (session-only routes) and an end
 * user of a project's pool (another user pool) are refused. Bad input answers 400 with the field.
 */
describe('alerts: authorization and validation', () => {
  let ctx: TestContext;
  let admin: User;
  let member: User;
  let stranger: User;
  let organization: string;
  let project: string;
  let application: string;
  let alertId: string;
  const as = (user: User) => bearer(user.access_token);
  const rule = (extra: Record<string, unknown> = {}) => ({
    application_id: application,
    name: 'Too many failed sign-ins',
    metric: 'failed_sign_ins',
    comparator: 'gte',
    threshold: 20,
    window_s: 600,
    ...extra,
  });

  before(async function () {
    this.timeout(120_000);
    ctx = await createAuthContext();
    admin = await signedInUser(ctx, 'alerts-admin');
    member = await signedInUser(ctx, 'alerts-member');
    stranger = await signedInUser(ctx, 'alerts-stranger');
    organization = await createOrganization(ctx, admin);
    await addMember(ctx, admin, organization, member, 'member');
    await createOrganization(ctx, stranger);
    project = (await createProject(ctx, admin, organization)).id;
    application = (await createApplication(ctx, admin, project)).id;
    const created = await ctx.request
      .post('/api/v1/alerts')
      .set(as(admin))
      .send(rule({ channels: { emails: [member.email.toUpperCase()], webhook: true } }));
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    alertId = created.body.id;
    expect(created.body).to.deep.include({
      organization_id: organization,
      project_id: project,
      application_id: application,
      state: 'ok',
      cooldown_s: 3600,
      min_samples: 1,
      muted: false,
      channels: { emails: [member.email], webhook: true },
    });
  });
  after(() => ctx.close());

  it('lists the rules by application, project and organization for the admin', async () => {
    const projectRule = await ctx.request
      .post('/api/v1/alerts')
      .set(as(admin))
      .send({ ...rule(), application_id: undefined, project_id: project, metric: 'api_calls' })
      .expect(201);
    const ids = async (query: Record<string, string>) =>
      (await ctx.request.get('/api/v1/alerts').query(query).set(as(admin)).expect(200)).body.data.map(
        (r: { id: string }) => r.id,
      );
    expect(await ids({ application_id: application })).to.deep.equal([alertId]);
    expect(await ids({ project_id: project })).to.deep.equal([projectRule.body.id, alertId]);
    expect(await ids({ organization_id: organization })).to.deep.equal([projectRule.body.id, alertId]);
    expect(await ids({})).to.deep.equal([projectRule.body.id, alertId]);
    await ctx.request.delete(`/api/v1/alerts/${projectRule.body.id}`).set(as(admin)).expect(204);
    await ctx.request.get(`/api/v1/alerts/${projectRule.body.id}`).set(as(admin)).expect(404);
  });

  it('refuses a member: 403 forbidden naming alert:manage or alert:read', async () => {
    const create = await ctx.request.post('/api/v1/alerts').set(as(member)).send(rule()).expect(403);
    expect(create.body).to.include({ code: 'forbidden', permission: 'alert:manage' });
    const patch = await ctx.request.patch(`/api/v1/alerts/${alertId}`).set(as(member)).send({ muted: true });
    expect(patch.status).to.equal(403);
    const read = await ctx.request.get(`/api/v1/alerts/${alertId}/history`).set(as(member)).expect(403);
    expect(read.body).to.include({ code: 'forbidden', permission: 'alert:read' });
    // Without a filter: the organizations where the role reads alerts — none.
    const all = await ctx.request.get('/api/v1/alerts').set(as(member)).expect(200);
    expect(all.body.data).to.deep.equal([]);
  });

  it('answers another tenant 404 for the rule, the application and the organization, and changes nothing', async () => {
    for (const [method, path] of [
      ['get', `/api/v1/alerts/${alertId}`],
      ['patch', `/api/v1/alerts/${alertId}`],
      ['delete', `/api/v1/alerts/${alertId}`],
      ['get', `/api/v1/alerts/${alertId}/history`],
      ['post', `/api/v1/alerts/${alertId}/test`],
    ] as const) {
      const response = await ctx.request[method](path).set(as(stranger)).send({ muted: true });
      expect(response.status, `${method} ${path}`).to.equal(404);
      expect(response.body.code).to.equal('alert_not_found');
    }
    const create = await ctx.request.post('/api/v1/alerts').set(as(stranger)).send(rule()).expect(404);
    expect(create.body.code).to.equal('application_not_found');
    const list = await ctx.request
      .get('/api/v1/alerts')
      .query({ organization_id: organization })
      .set(as(stranger))
      .expect(404);
    expect(list.body.code).to.equal('organization_not_found');
    await ctx.request
      .get('/api/v1/alerts/firing')
      .query({ project_id: project })
      .set(as(stranger))
      .expect(404);
    const still = await ctx.request.get(`/api/v1/alerts/${alertId}`).set(as(admin)).expect(200);
    expect(still.body.muted).to.equal(false);
  });

  it('refuses API tokens and another user pool’s session', async () => {
    const token = await ctx.request
      .post('/api/v1/tokens')
      .set(as(admin))
      .send({ name: 'CI', scopes: ['admin'], application_id: application });
    expect(token.status, JSON.stringify(token.body)).to.be.oneOf([201, 403]);
    if (token.status === 201) {
      const byToken = await ctx.request.get('/api/v1/alerts').set(bearer(token.body.token)).expect(403);
      expect(byToken.body.code).to.equal('token_not_allowed');
    }
    const readToken = await ctx.request
      .post('/api/v1/tokens')
      .set(as(admin))
      .send({ name: 'Reader', scopes: ['read', 'analytics'], application_id: application })
      .expect(201);
    const refused = await ctx.request.post('/api/v1/alerts').set(bearer(readToken.body.token)).send(rule());
    expect(refused.status).to.equal(403);
    expect(refused.body.code).to.equal('token_not_allowed');

    const endUser = await signedInEndUser(ctx, application, { prefix: 'alerts-customer' });
    const pool = await ctx.request.get('/api/v1/alerts').set(bearer(endUser.token)).expect(403);
    expect(pool.body.code).to.equal('application_token_not_allowed');
  });

  it('answers bad rules with 400 naming the field', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ metric: undefined }, 'validation_failed', 'body.metric'],
      [{ metric: 'cpu' }, 'validation_failed', 'body.metric'],
      [{ comparator: 'eq' }, 'validation_failed', 'body.comparator'],
      [{ threshold: -1 }, 'validation_failed', 'body.threshold'],
      [{ window_s: 10 }, 'validation_failed', 'body.window_s'],
      [{ cooldown_s: -5 }, 'validation_failed', 'body.cooldown_s'],
      [{ min_samples: 1.5 }, 'validation_failed', 'body.min_samples'],
      [{ project_id: project }, 'validation_failed', 'body.application_id'],
      [{ metric: 'event_count' }, 'validation_failed', 'body.event'],
      [{ metric: 'api_calls', event: 'purchase' }, 'validation_failed', 'body.event'],
      [{ metric: 'error_rate', threshold: 150 }, 'validation_failed', 'body.threshold'],
      [{ metric: 'funnel_conversion', steps: ['signup'] }, 'validation_failed', 'body.steps'],
      [{ channels: { emails: ['not-an-address'] } }, 'validation_failed', 'body.channels.emails.0'],
      [
        { channels: { emails: ['outsider@example.com'] } },
        'alert_recipient_not_member',
        'body.channels.emails',
      ],
    ];
    for (const [change, code, path] of cases) {
      const response = await ctx.request.post('/api/v1/alerts').set(as(admin)).send(rule(change));
      const label = `${JSON.stringify(change)}: ${response.status} ${JSON.stringify(response.body)}`;
      expect(response.status, label).to.equal(400);
      expect(response.body.code, label).to.equal(code);
      expect(
        response.body.details.map((d: { path: string }) => d.path),
        label,
      ).to.include(path);
    }
    const patch = await ctx.request.patch(`/api/v1/alerts/${alertId}`).set(as(admin)).send({}).expect(400);
    expect(patch.body.code).to.equal('validation_failed');
    await ctx.request.get('/api/v1/alerts/not-an-id').set(as(admin)).expect(400);
  });

  it('changes, mutes until a time and unmutes a rule', async () => {
    const until = new Date(Date.now() + 3_600_000).toISOString();
    const muted = await ctx.request
      .patch(`/api/v1/alerts/${alertId}`)
      .set(as(admin))
      .send({ muted_until: until, threshold: 25, metric: 'event_count', event: 'checkout_failed' })
      .expect(200);
    expect(muted.body).to.include({
      muted: true,
      muted_until: until,
      threshold: 25,
      event: 'checkout_failed',
    });
    const unmuted = await ctx.request
      .patch(`/api/v1/alerts/${alertId}`)
      .set(as(admin))
      .send({ muted_until: null, metric: 'api_calls' })
      .expect(200);
    expect(unmuted.body).to.include({ muted: false, muted_until: null, metric: 'api_calls', event: null });
    // Each change is in the organization's audit trail, attributed to the admin.
    const trail = await ctx.request
      .get('/api/v1/activity-logs')
      .query({ organization_id: organization, action: 'alert.updated', limit: 100 })
      .set(as(admin))
      .expect(200);
    const entries = trail.body.data.filter((e: { resource_id: string }) => e.resource_id === alertId);
    expect(entries).to.have.length(2);
    expect(entries[0]).to.include({ action: 'alert.updated', user_id: admin.user.id });
  });
});
