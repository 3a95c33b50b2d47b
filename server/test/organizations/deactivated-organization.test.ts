import { expect } from 'chai';
import type { TestContext } from '../helpers/context.js';
import { bearer, createAuthContext, signedInUser } from '../auth/helpers.js';
import { registerEndUser, type EndUser } from '../helpers/end-users.js';
import { addMember } from '../projects/helpers.js';
import { createTenant, createToken, type CreatedToken, type Tenant, type User } from '../tokens/helpers.js';

describe('a deactivated organization stops serving the outside world', () => {
  let ctx: TestContext;
  let tenant: Tenant;
  let member: User;
  /** An end user of the application's pool: who signs in through its embedding API. */
  let endUser: EndUser;
  let token: CreatedToken;

  const embedding = () => ({ 'X-Application-ID': tenant.applicationId });
  const embeddingLogin = () =>
    ctx.request
      .post('/api/auth/login')
      .set(embedding())
      .send({ email: endUser.email, password: endUser.password });
  const setActive = (active: boolean) =>
    ctx.request
      .post(`/api/v1/organizations/${tenant.organizationId}/${active ? 'activate' : 'deactivate'}`)
      .set(bearer(tenant.user.access_token))
      .expect(200);

  before(async () => {
    ctx = await createAuthContext();
    tenant = await createTenant(ctx, 'deactivating');
    member = await signedInUser(ctx, 'appuser');
    await addMember(ctx, tenant.user, tenant.organizationId, member);
    endUser = await registerEndUser(ctx, tenant.applicationId);
    token = await createToken(ctx, tenant.user, tenant.applicationId, { scopes: ['read', 'write'] });
  });
  after(() => ctx.close());

  it('refuses its API tokens with 403 organization_inactive, and takes them back on reactivation', async () => {
    await ctx.request.get('/api/v1/auth/me').set(bearer(token.token)).expect(200);
    await setActive(false);
    try {
      for (const request of [
        ctx.request.get('/api/v1/auth/me'),
        ctx.request.get(`/api/v1/applications/${tenant.applicationId}`),
        ctx.request.post('/api/v1/permissions').send({ application_id: tenant.applicationId }),
        ctx.request.patch(`/api/v1/applications/${tenant.applicationId}`).send({ name: 'Changed by token' }),
      ]) {
        const response = await request.set(bearer(token.token));
        expect(response.status, JSON.stringify(response.body)).to.equal(403);
        expect(response.body).to.include({ code: 'organization_inactive' });
        expect(response.body.error)
          .to.be.a('string')
          .and.match(/deactivated/);
      }
      const application = await ctx.request
        .get(`/api/v1/applications/${tenant.applicationId}`)
        .set(bearer(tenant.user.access_token))
        .expect(200);
      expect(application.body.name).not.to.equal('Changed by token');
    } finally {
      await setActive(true);
    }
    await ctx.request.get('/api/v1/auth/me').set(bearer(token.token)).expect(200);
  });

  it('does not mint new tokens for it', async () => {
    await setActive(false);
    try {
      const before = await ctx.database.connection.collection('api_tokens').countDocuments();
      const response = await ctx.request
        .post('/api/v1/tokens')
        .set(bearer(tenant.user.access_token))
        .send({ name: 'New', scopes: ['read'], application_id: tenant.applicationId })
        .expect(403);
      expect(response.body.code).to.equal('organization_inactive');
      expect(await ctx.database.connection.collection('api_tokens').countDocuments()).to.equal(before);
    } finally {
      await setActive(true);
    }
  });

  it('closes its applications’ embedding API: sign-in and existing embedding logins answer 404 application_not_found', async () => {
    const signedIn = await embeddingLogin().expect(200);
    await ctx.request.post('/api/auth/verify').set(embedding()).set(bearer(signedIn.body.token)).expect(200);
    await setActive(false);
    try {
      const login = await embeddingLogin().expect(404);
      expect(login.body.code).to.equal('application_not_found');
      const verify = await ctx.request
        .post('/api/auth/verify')
        .set(embedding())
        .set(bearer(signedIn.body.token))
        .expect(404);
      expect(verify.body.code).to.equal('application_not_found');
      const refresh = await ctx.request
        .post('/api/auth/refresh')
        .set(embedding())
        .send({ refresh_token: signedIn.body.refresh_token })
        .expect(404);
      expect(refresh.body.code).to.equal('application_not_found');
      expect(await ctx.services.applications.findActive(tenant.applicationId)).to.equal(null);
    } finally {
      await setActive(true);
    }
    await embeddingLogin().expect(200);
    expect(await ctx.services.applications.findActive(tenant.applicationId)).to.include({
      name: 'App',
    });
  });

  it('stays visible and manageable in the dashboard for its members', async () => {
    await setActive(false);
    try {
      const organization = await ctx.request
        .get(`/api/v1/organizations/${tenant.organizationId}`)
        .set(bearer(member.access_token))
        .expect(200);
      expect(organization.body.is_active).to.equal(false);
      await ctx.request
        .get(`/api/v1/applications/${tenant.applicationId}`)
        .set(bearer(member.access_token))
        .expect(200);
    } finally {
      await setActive(true);
    }
  });
});
