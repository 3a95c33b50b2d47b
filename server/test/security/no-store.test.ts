import { expect } from 'chai';
import type { Response } from 'supertest';
import type { TestContext } from '../helpers/context.js';
import { bearer, createAuthContext, PASSWORD, register, signedInUser, uniqueEmail } from '../auth/helpers.js';
import { registerEndUser } from '../helpers/end-users.js';
import { createApplication, createOrganization, createProject, type User } from '../projects/helpers.js';

/** No shared or browser cache may keep the response (OAuth 2.0 §5.1 for token responses). */
function expectNoStore(response: Response, what: string): void {
  expect(response.headers['cache-control'], `${what}: Cache-Control`).to.equal('no-store');
}

describe('Cache-Control: no-store on API responses that carry tokens or secrets', () => {
  let ctx: TestContext;
  let user: User;
  let applicationId: string;

  before(async () => {
    ctx = await createAuthContext();
    user = await signedInUser(ctx, 'no-store');
    const organizationId = await createOrganization(ctx, user);
    const projectId = (await createProject(ctx, user, organizationId)).id;
    applicationId = (await createApplication(ctx, user, projectId)).id;
  });
  after(() => ctx.close());

  it('login and refresh (access and refresh token)', async () => {
    const login = await ctx.request
      .post('/api/v1/auth/login')
      .send({ email: user.email, password: PASSWORD })
      .expect(200);
    expect(login.body.access_token).to.be.a('string');
    expectNoStore(login, 'login');
    const refresh = await ctx.request
      .post('/api/v1/auth/refresh')
      .send({ refresh_token: login.body.refresh_token })
      .expect(200);
    expect(refresh.body.access_token).to.be.a('string');
    expectNoStore(refresh, 'refresh');
  });

  it('embedding login and refresh', async () => {
    const headers = { 'X-Application-ID': applicationId };
    const endUser = await registerEndUser(ctx, applicationId);
    const login = await ctx.request
      .post('/api/auth/login')
      .set(headers)
      .send({ email: endUser.email, password: endUser.password })
      .expect(200);
    expect(login.body.token).to.be.a('string');
    expectNoStore(login, 'embedding login');
    const refresh = await ctx.request
      .post('/api/auth/refresh')
      .set(headers)
      .send({ refresh_token: login.body.refresh_token });
    expect(refresh.status, JSON.stringify(refresh.body)).to.equal(200);
    expectNoStore(refresh, 'embedding refresh');
  });

  it('API token creation (the cs_ token in full)', async () => {
    const response = await ctx.request
      .post('/api/v1/tokens')
      .set(bearer(user.access_token))
      .send({ name: 'CI', scopes: ['read'], application_id: applicationId })
      .expect(201);
    expect(response.body.token).to.match(/^cs_/);
    expectNoStore(response, 'token creation');
  });

  it('project creation (the pk_ key in full)', async () => {
    const organizationId = await createOrganization(ctx, user);
    const response = await ctx.request
      .post('/api/v1/projects')
      .set(bearer(user.access_token))
      .send({ name: 'Shop', slug: `shop-${Date.now().toString(36)}`, organization_id: organizationId })
      .expect(201);
    expect(response.body.api_key).to.match(/^pk_/);
    expectNoStore(response, 'project creation');
  });

  it('registration, reads of personal data and errors: every /api response by default', async () => {
    expectNoStore(await register(ctx, uniqueEmail('no-store')).expect(201), 'register');
    expectNoStore(await ctx.request.get('/api/v1/auth/me').set(bearer(user.access_token)).expect(200), 'me');
    expectNoStore(await ctx.request.get('/api/v1/auth/me').expect(401), '401');
    expectNoStore(await ctx.request.get('/api/v1/nowhere').expect(404), 'unknown route');
    expectNoStore(
      await ctx.request.post('/api/v1/auth/login').type('json').send('{"email":').expect(400),
      'invalid JSON',
    );
  });

  it('keeps explicit caching where a route sets it (the public JWKS)', async () => {
    const jwks = await ctx.request.get('/.well-known/jwks.json').expect(200);
    expect(jwks.headers['cache-control']).to.equal('public, max-age=600');
  });
});
