import { expect } from 'chai';
import jwt from 'jsonwebtoken';
import type { TestContext } from '../helpers/context.js';
import { bearer, createAuthContext, PASSWORD, signedInUser } from './helpers.js';
import {
  addMember,
  createApplication,
  createOrganization,
  createProject,
  type User,
} from '../projects/helpers.js';

/**
 * A partner site that embeds our sign-in dialog sees the tokens its users get. Those tokens
 * carry the application as audience, so the partner cannot use them as the user's dashboard
 * session: list their organizations, mint API tokens, change their password.
 */
describe('token audience: embedding logins are not dashboard sessions', () => {
  let ctx: TestContext;
  let owner: User;
  let victim: User;
  let organizationId: string;
  let applicationId: string;
  let otherApplicationId: string;

  const app = (id = applicationId) => ({ 'X-Application-ID': id });
  const embeddingLogin = async (id = applicationId) =>
    (
      await ctx.request
        .post('/api/auth/login')
        .set(app(id))
        .send({ email: victim.email, password: PASSWORD })
        .expect(200)
    ).body as { token: string; refresh_token: string };

  before(async () => {
    ctx = await createAuthContext();
    [owner, victim] = await Promise.all([signedInUser(ctx, 'owner'), signedInUser(ctx, 'victim')]);
    organizationId = await createOrganization(ctx, owner);
    await addMember(ctx, owner, organizationId, victim, 'admin');
    const projectId = (await createProject(ctx, owner, organizationId)).id;
    applicationId = (await createApplication(ctx, owner, projectId)).id;
    otherApplicationId = (await createApplication(ctx, owner, projectId)).id;
    // The victim also belongs to an organization the partner application has nothing to do with.
    await createOrganization(ctx, victim);
  });
  after(() => ctx.close());

  it('signs embedding tokens for the application, dashboard tokens for the dashboard', async () => {
    const { token } = await embeddingLogin();
    expect(jwt.decode(token)).to.include({ aud: applicationId, sub: victim.user.id });
    expect(jwt.decode(victim.access_token)).to.include({ aud: ctx.config.auth.audience });
  });

  it('refuses them on the product API: no profile, organizations, API tokens or password change', async () => {
    const { token } = await embeddingLogin();
    const attempts = {
      'GET /me': ctx.request.get('/api/v1/auth/me'),
      'GET /organizations': ctx.request.get('/api/v1/organizations'),
      'GET /sessions': ctx.request.get('/api/v1/auth/sessions'),
      'POST /tokens': ctx.request
        .post('/api/v1/tokens')
        .send({ name: 'stolen', scopes: ['admin'], application_id: applicationId }),
      'PATCH /me': ctx.request
        .patch('/api/v1/auth/me')
        .send({ current_password: PASSWORD, password: 'taken over!' }),
    };
    for (const [label, attempt] of Object.entries(attempts)) {
      const response = await attempt.set(bearer(token));
      expect(response.status, label).to.equal(403);
      expect(response.body.code, label).to.equal('application_token_not_allowed');
    }
    const tokens = await ctx.request.get('/api/v1/tokens').set(bearer(victim.access_token)).expect(200);
    expect(tokens.body.data).to.have.length(0);
    // The password was not changed: the victim still signs in with the old one.
    await ctx.request
      .post('/api/v1/auth/login')
      .send({ email: victim.email, password: PASSWORD })
      .expect(200);
  });

  it('accepts them on /api/v1/verify, limited to the application’s organization', async () => {
    const { token } = await embeddingLogin();
    const response = await ctx.request.post('/api/v1/verify').set(bearer(token)).expect(200);
    expect(response.body.user.id).to.equal(victim.user.id);
    expect(response.body.context).to.include({
      authenticated_via: 'application_session',
      application_id: applicationId,
    });
    expect(response.body.organizations.map((o: { id: string }) => o.id)).to.deep.equal([organizationId]);
  });

  it('accepts them on /api/v1/permissions for their own application only', async () => {
    const { token } = await embeddingLogin();
    const own = await ctx.request
      .post('/api/v1/permissions')
      .set(bearer(token))
      .send({ application_id: applicationId })
      .expect(200);
    expect(own.body.role).to.equal('admin');
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
    await ctx.request.get('/api/v1/auth/me').set(bearer(rotated.body.token)).expect(403);

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
    const projectId = (await createProject(ctx, owner, organizationId)).id;
    const doomed = (await createApplication(ctx, owner, projectId)).id;
    const { token } = await embeddingLogin(doomed);
    await ctx.request.post('/api/v1/verify').set(bearer(token)).expect(200);
    await ctx.request.delete(`/api/v1/applications/${doomed}`).set(bearer(owner.access_token)).expect(204);
    const refused = await ctx.request.post('/api/v1/verify').set(bearer(token)).expect(401);
    expect(refused.body.code).to.equal('session_ended');
  });
});
