import { expect } from 'chai';
import jwt from 'jsonwebtoken';
import type { TestContext } from '../helpers/context.js';
import { bearer, createAuthContext, PASSWORD, signedInUser } from './helpers.js';
import { expectRefusedByEmbeddingLogin, registerEndUser, type EndUser } from '../helpers/end-users.js';
import {
  addMember,
  createApplication,
  createOrganization,
  createProject,
  type User,
} from '../projects/helpers.js';

/**
 * A partner site that embeds our sign-in dialog sees the tokens its users get. Those tokens
 * carry the application as audience and name the application's user pool, so the partner cannot
 * use them as a dashboard session: list organizations, mint API tokens, or touch the dashboard
 * account of a person who uses the same address at the partner (issue #31: a separate account).
 */
describe('token audience: embedding logins are not dashboard sessions', () => {
  let ctx: TestContext;
  let owner: User;
  /** A dashboard account, admin of the organization that owns the applications. */
  let victim: User;
  /** The same person at the partner: an end user of the project's pool, with the same address. */
  let endUser: EndUser;
  let organizationId: string;
  let projectId: string;
  let applicationId: string;
  let otherApplicationId: string;

  const app = (id = applicationId) => ({ 'X-Application-ID': id });
  const embeddingLogin = async (id = applicationId) =>
    (
      await ctx.request
        .post('/api/auth/login')
        .set(app(id))
        .send({ email: endUser.email, password: endUser.password })
        .expect(200)
    ).body as { token: string; refresh_token: string };

  before(async () => {
    ctx = await createAuthContext();
    [owner, victim] = await Promise.all([signedInUser(ctx, 'owner'), signedInUser(ctx, 'victim')]);
    organizationId = await createOrganization(ctx, owner);
    await addMember(ctx, owner, organizationId, victim, 'admin');
    projectId = (await createProject(ctx, owner, organizationId)).id;
    applicationId = (await createApplication(ctx, owner, projectId)).id;
    otherApplicationId = (await createApplication(ctx, owner, projectId)).id;
    // The victim also belongs to an organization the partner application has nothing to do with.
    await createOrganization(ctx, victim);
    endUser = await registerEndUser(ctx, applicationId, {
      email: victim.email,
      password: 'partner password',
    });
  });
  after(() => ctx.close());

  it('signs embedding tokens for the application, dashboard tokens for the dashboard', async () => {
    const { token } = await embeddingLogin();
    expect(endUser.id).not.to.equal(victim.user.id);
    expect(jwt.decode(token)).to.include({ aud: applicationId, sub: endUser.id, pool: projectId });
    expect(jwt.decode(victim.access_token)).to.include({
      aud: ctx.config.auth.audience,
      sub: victim.user.id,
      pool: 'platform',
    });
  });

  it('never signs a dashboard account in through the embedding API', async () => {
    await expectRefusedByEmbeddingLogin(ctx, applicationId, victim.email, PASSWORD);
    // Nor the end user's password at the dashboard: two accounts, two passwords.
    const dashboard = await ctx.request
      .post('/api/v1/auth/login')
      .send({ email: endUser.email, password: endUser.password })
      .expect(401);
    expect(dashboard.body.code).to.equal('invalid_credentials');
  });

  it('refuses them on the product API: no organizations or API tokens, and never the dashboard account', async () => {
    const { token } = await embeddingLogin();
    const attempts = {
      'GET /organizations': ctx.request.get('/api/v1/organizations'),
      'GET /tokens': ctx.request.get('/api/v1/tokens'),
      'POST /tokens': ctx.request
        .post('/api/v1/tokens')
        .send({ name: 'stolen', scopes: ['admin'], application_id: applicationId }),
      'GET /applications/:id': ctx.request.get(`/api/v1/applications/${applicationId}`),
    };
    for (const [label, attempt] of Object.entries(attempts)) {
      const response = await attempt.set(bearer(token));
      expect(response.status, label).to.equal(403);
      expect(response.body.code, label).to.equal('application_token_not_allowed');
    }
    const tokens = await ctx.request.get('/api/v1/tokens').set(bearer(victim.access_token)).expect(200);
    expect(tokens.body.data).to.have.length(0);
    // The account's own routes take the token (the hosted account page), but they are the end
    // user's account: the dashboard account with the same address is out of its reach.
    const me = await ctx.request.get('/api/v1/auth/me').set(bearer(token)).expect(200);
    expect(me.body.id).to.equal(endUser.id);
    const sessions = await ctx.request.get('/api/v1/auth/sessions').set(bearer(token)).expect(200);
    const dashboardSessions = await ctx.request
      .get('/api/v1/auth/sessions')
      .set(bearer(victim.access_token))
      .expect(200);
    const ids = (list: { data: { id: string }[] }) => list.data.map((session) => session.id);
    expect(ids(sessions.body)).to.have.length.above(0);
    expect(ids(dashboardSessions.body)).to.have.length.above(0);
    expect(ids(sessions.body).filter((id) => ids(dashboardSessions.body).includes(id))).to.deep.equal([]);
    await ctx.request
      .patch('/api/v1/auth/me')
      .set(bearer(token))
      .send({ current_password: PASSWORD, password: 'taken over!' })
      .expect(400)
      .expect((response) => expect(response.body.code).to.equal('wrong_current_password'));
    // The dashboard password was not changed: the victim still signs in with the old one.
    await ctx.request
      .post('/api/v1/auth/login')
      .send({ email: victim.email, password: PASSWORD })
      .expect(200);
  });

  it('accepts them on /api/v1/verify: the end user, member of no organization', async () => {
    const { token } = await embeddingLogin();
    const response = await ctx.request.post('/api/v1/verify').set(bearer(token)).expect(200);
    expect(response.body.user.id).to.equal(endUser.id);
    expect(response.body.context).to.include({
      authenticated_via: 'application_session',
      application_id: applicationId,
    });
    // An end user is a member of no organization (the victim's memberships are another account's).
    expect(response.body.organizations).to.deep.equal([]);
  });

  it('accepts them on /api/v1/permissions for their own application only', async () => {
    const { token } = await embeddingLogin();
    const own = await ctx.request
      .post('/api/v1/permissions')
      .set(bearer(token))
      .send({ application_id: applicationId })
      .expect(200);
    // An end user: no organization role (the admin role is the dashboard account's), no roles yet.
    expect(own.body).to.deep.equal({
      application_id: applicationId,
      role: null,
      roles: [],
      permissions: { read: false, write: false, delete: false, manage_members: false },
      application_permissions: [],
    });
    const asAdmin = await ctx.request
      .post('/api/v1/permissions')
      .set(bearer(victim.access_token))
      .send({ application_id: applicationId })
      .expect(200);
    expect(asAdmin.body).to.include({ role: 'admin' });
    await ctx.request
      .post('/api/v1/permissions')
      .set(bearer(token))
      .send({ application_id: otherApplicationId })
      .expect(404);
  });

  it('the embedding API takes only tokens of its own application', async () => {
    const { token } = await embeddingLogin();
    await ctx.request.post('/api/auth/verify').set(app()).set(bearer(token)).expect(200);
    for (const [credential, id] of [
      [token, otherApplicationId],
      [victim.access_token, applicationId],
    ] as const) {
      for (const path of ['/api/auth/verify', '/api/auth/permissions']) {
        const response = await ctx.request.post(path).set(app(id)).set(bearer(credential)).expect(401);
        expect(response.body.code).to.equal('token_audience_mismatch');
      }
    }
  });

  it('refresh tokens stay with their audience and are not used up by a refused attempt', async () => {
    const embedded = await embeddingLogin();
    const asDashboard = await ctx.request
      .post('/api/v1/auth/refresh')
      .send({ refresh_token: embedded.refresh_token })
      .expect(401);
    expect(asDashboard.body.code).to.equal('invalid_refresh_token');
    await ctx.request
      .post('/api/auth/refresh')
      .set(app(otherApplicationId))
      .send({ refresh_token: embedded.refresh_token })
      .expect(401);
    const rotated = await ctx.request
      .post('/api/auth/refresh')
      .set(app())
      .send({ refresh_token: embedded.refresh_token })
      .expect(200);
    expect(jwt.decode(rotated.body.token)).to.include({ aud: applicationId });
    await ctx.request.get('/api/v1/organizations').set(bearer(rotated.body.token)).expect(403);

    const dashboard = await ctx.request
      .post('/api/v1/auth/login')
      .send({ email: victim.email, password: PASSWORD })
      .expect(200);
    await ctx.request
      .post('/api/auth/refresh')
      .set(app())
      .send({ refresh_token: dashboard.body.refresh_token })
      .expect(401);
    await ctx.request
      .post('/api/v1/auth/refresh')
      .send({ refresh_token: dashboard.body.refresh_token })
      .expect(200);
  });

  it('ends embedding sessions when their application is deleted', async () => {
    // Another application of the same project: the same pool, so the end user signs in there too.
    const doomed = (await createApplication(ctx, owner, projectId)).id;
    const { token } = await embeddingLogin(doomed);
    await ctx.request.post('/api/v1/verify').set(bearer(token)).expect(200);
    await ctx.request.delete(`/api/v1/applications/${doomed}`).set(bearer(owner.access_token)).expect(204);
    const refused = await ctx.request.post('/api/v1/verify').set(bearer(token)).expect(401);
    expect(refused.body.code).to.equal('session_ended');
  });
});
