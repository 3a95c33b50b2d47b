import { expect } from 'chai';
import type { TestContext } from '../helpers/context.js';
import { bearer, createAuthContext, PASSWORD } from '../auth/helpers.js';
import { awayFromStepEdge, currentStep, enrolledUser, totpAt } from '../mfa/helpers.js';
import { authenticatorFor, registerPasskey } from '../mfa/passkey-helpers.js';
import { createApplication, createOrganization, createProject, type User } from '../projects/helpers.js';
import { enrolledEndUser, expectRefusedByEmbeddingLogin, signedInEndUser } from '../helpers/end-users.js';

const SHOP = 'https://shop.example.com';
const OTHER_SHOP = 'https://other-shop.example.org';

describe('embedding API: the second sign-in step (/api/auth/mfa/challenge)', () => {
  let ctx: TestContext;
  let admin: User;
  let shopId: string;
  let otherShopId: string;

  const app = (id = shopId, origin = SHOP) => ({ 'X-Application-ID': id, Origin: origin });
  const embeddedLogin = (email: string, headers = app()) =>
    ctx.request.post('/api/auth/login').set(headers).send({ email, password: PASSWORD });
  const challenge = (body: Record<string, unknown>, headers = app()) =>
    ctx.request.post('/api/auth/mfa/challenge').set(headers).send(body);
  const failuresOf = (userId: string) =>
    ctx.database.connection
      .collection('activity_logs')
      .countDocuments({ action: 'user.mfa_failed', resource_id: userId });

  before(async () => {
    ctx = await createAuthContext();
    admin = await enrolledUser(ctx, 'shopadmin');
    const organizationId = await createOrganization(ctx, admin);
    const projectId = (await createProject(ctx, admin, organizationId)).id;
    shopId = (await createApplication(ctx, admin, projectId, { allowed_origins: [SHOP] })).id;
    otherShopId = (await createApplication(ctx, admin, projectId, { allowed_origins: [OTHER_SHOP] })).id;
  });
  after(() => ctx.close());

  it('answers mfa_required instead of a session for an enrolled account, readable by the partner origin', async () => {
    const user = await enrolledEndUser(ctx, shopId, { prefix: 'enrolled' });
    const sessionsBefore = await ctx.database.connection.collection('auth_sessions').countDocuments();
    const response = await embeddedLogin(user.email).expect(200);
    expect(response.body).to.have.all.keys('mfa_required', 'mfa_token', 'methods', 'expires_in');
    expect(response.body.mfa_required).to.equal(true);
    expect(response.body.methods).to.include('totp');
    expect(response.body).not.to.have.property('token');
    expect(response.headers['access-control-allow-origin']).to.equal(SHOP);
    expect(await ctx.database.connection.collection('auth_sessions').countDocuments()).to.equal(
      sessionsBefore,
    );
    // The mfa_token is no bearer credential for the application's API.
    await ctx.request.post('/api/auth/verify').set(app()).set(bearer(response.body.mfa_token)).expect(401);
  });

  it('finishes with the application’s session for a correct code', async () => {
    const user = await enrolledEndUser(ctx, shopId, { prefix: 'correct' });
    const { mfa_token } = (await embeddedLogin(user.email).expect(200)).body;
    await awayFromStepEdge();
    const response = await challenge({ mfa_token, code: totpAt(user.secret, currentStep() + 1) }).expect(200);
    expect(response.headers['access-control-allow-origin']).to.equal(SHOP);
    expect(response.body).to.have.all.keys('token', 'refresh_token', 'expires_at', 'user');
    expect(response.body.user.email).to.equal(user.email);
    const verified = await ctx.request
      .post('/api/auth/verify')
      .set(app())
      .set(bearer(response.body.token))
      .expect(200);
    expect(verified.body.application_id).to.equal(shopId);
    // An application session, not a dashboard one: the product API refuses it.
    const product = await ctx.request
      .get('/api/v1/organizations')
      .set(bearer(response.body.token))
      .expect(403);
    expect(product.body.code).to.equal('application_token_not_allowed');
    // Used once: the same token does not open a second session.
    await challenge({ mfa_token, code: totpAt(user.secret, currentStep() + 1) }).expect(401);
  });

  it('finishes with a recovery code too', async () => {
    const user = await enrolledEndUser(ctx, shopId, { prefix: 'recovery' });
    const { mfa_token } = (await embeddedLogin(user.email).expect(200)).body;
    const response = await challenge({ mfa_token, recovery_code: user.recoveryCodes[0] }).expect(200);
    expect(response.body.user.email).to.equal(user.email);
  });

  it('refuses a wrong code, counts it, and voids the token after five', async () => {
    const user = await enrolledEndUser(ctx, shopId, { prefix: 'wrong' });
    const { mfa_token } = (await embeddedLogin(user.email).expect(200)).body;
    await awayFromStepEdge();
    const wrongCode = totpAt(user.secret, currentStep() + 10);
    const first = await challenge({ mfa_token, code: wrongCode }).expect(400);
    expect(first.body.code).to.equal('invalid_mfa_code');
    expect(first.body.error).to.be.a('string').and.not.empty;
    expect(first.headers['access-control-allow-origin']).to.equal(SHOP);
    expect(await failuresOf(user.id)).to.equal(1);
    for (let attempt = 2; attempt <= 5; attempt++)
      await challenge({ mfa_token, code: wrongCode }).expect(400);
    expect(await failuresOf(user.id)).to.equal(5);
    // Spent: even the right code no longer opens a session with it.
    const spent = await challenge({ mfa_token, code: totpAt(user.secret, currentStep() + 1) }).expect(401);
    expect(spent.body.code).to.equal('invalid_mfa_token');
  });

  it('refuses another application’s origin, and a token issued for another application', async () => {
    const user = await enrolledEndUser(ctx, shopId, { prefix: 'otherapp' });
    const { mfa_token } = (await embeddedLogin(user.email).expect(200)).body;
    await awayFromStepEdge();
    const code = totpAt(user.secret, currentStep() + 1);

    // The other shop's page, naming this shop's application: refused before anything is checked.
    const foreignOrigin = await challenge({ mfa_token, code }, app(shopId, OTHER_SHOP)).expect(403);
    expect(foreignOrigin.body.code).to.equal('origin_not_allowed');
    expect(foreignOrigin.headers).not.to.have.property('access-control-allow-origin');

    // The other shop's page and application: the token belongs to the first shop.
    const foreignApp = await challenge({ mfa_token, code }, app(otherShopId, OTHER_SHOP)).expect(401);
    expect(foreignApp.body.code).to.equal('invalid_mfa_token');

    // Nor does the dashboard's challenge turn it into a dashboard session.
    const dashboard = await ctx.request
      .post('/api/v1/auth/mfa/challenge')
      .send({ mfa_token, code })
      .expect(401);
    expect(dashboard.body.code).to.equal('invalid_mfa_token');

    // Refusals consumed nothing: the first shop still finishes with the same code.
    await challenge({ mfa_token, code }).expect(200);
  });

  it('refuses a dashboard sign-in step on the embedding API', async () => {
    const user = await enrolledUser(ctx, 'dashstep');
    // The dashboard account gets no first step there either (another pool): a wrong password.
    await expectRefusedByEmbeddingLogin(ctx, shopId, user.email);
    const dashboardStep = await ctx.request
      .post('/api/v1/auth/login')
      .send({ email: user.email, password: PASSWORD })
      .expect(200);
    await awayFromStepEdge();
    const response = await challenge({
      mfa_token: dashboardStep.body.mfa_token,
      code: totpAt(user.secret, currentStep() + 1),
    }).expect(401);
    expect(response.body.code).to.equal('invalid_mfa_token');
  });

  it('allows the partner origin in the preflight and answers bad bodies with 400', async () => {
    const preflight = await ctx.request
      .options('/api/auth/mfa/challenge')
      .query({ application_id: shopId })
      .set({
        Origin: SHOP,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type,x-application-id',
      })
      .expect(204);
    expect(preflight.headers['access-control-allow-origin']).to.equal(SHOP);
    const both = await challenge({ mfa_token: 'x', code: '123456', recovery_code: 'abcde-fghjk' }).expect(
      400,
    );
    expect(both.body.code).to.be.a('string');
    const missing = await challenge({ code: '123456' }).expect(400);
    expect(missing.body.error).to.match(/mfa_token/);
  });

  describe('passkeys', () => {
    const platform = () => new URL(ctx.config.publicUrl).origin;

    it('signs in with a passkey from a page on the platform’s own origin, bound to the application', async () => {
      const user = await signedInEndUser(ctx, shopId, { prefix: 'passkey' });
      const authenticator = authenticatorFor(ctx);
      // Registered on the pool's hosted account page (the platform's origin) with the end user's session.
      await registerPasskey(ctx, user.token, authenticator);
      const step = await embeddedLogin(user.email, app(shopId, platform())).expect(200);
      expect(step.body.methods).to.deep.equal(['webauthn']);
      const { mfa_token } = step.body;

      // Another application cannot fetch options for this step.
      const foreign = await ctx.request
        .post('/api/auth/mfa/webauthn/options')
        .set(app(otherShopId, platform()))
        .send({ mfa_token })
        .expect(401);
      expect(foreign.body.code).to.equal('invalid_mfa_token');

      const options = await ctx.request
        .post('/api/auth/mfa/webauthn/options')
        .set(app(shopId, platform()))
        .send({ mfa_token })
        .expect(200);
      const signedIn = await challenge(
        { mfa_token, webauthn_response: authenticator.assert(options.body) },
        app(shopId, platform()),
      ).expect(200);
      expect(signedIn.body).to.have.all.keys('token', 'refresh_token', 'expires_at', 'user');
      const verified = await ctx.request
        .post('/api/auth/verify')
        .set(app(shopId, platform()))
        .set(bearer(signedIn.body.token))
        .expect(200);
      expect(verified.body.application_id).to.equal(shopId);
    });

    it('offers a partner site only the code, and refuses a passkey-only account there clearly', async () => {
      // TOTP and a passkey: on the partner's page, where a browser cannot use the passkey, only the code.
      const both = await enrolledEndUser(ctx, shopId, { prefix: 'both' });
      await registerPasskey(ctx, both.token, authenticatorFor(ctx));
      const partner = await embeddedLogin(both.email).expect(200);
      expect(partner.body.methods).to.deep.equal(['totp']);
      const options = await ctx.request
        .post('/api/auth/mfa/webauthn/options')
        .set(app())
        .send({ mfa_token: partner.body.mfa_token })
        .expect(403);
      expect(options.body.code).to.equal('second_factor_unavailable');
      expect(
        (await embeddedLogin(both.email, app(shopId, platform())).expect(200)).body.methods,
      ).to.deep.equal(['totp', 'webauthn']);

      // A passkey only: no second step the partner's page could complete, and no session.
      const passkeyOnly = await signedInEndUser(ctx, shopId, { prefix: 'passkeyonly' });
      await registerPasskey(ctx, passkeyOnly.token, authenticatorFor(ctx));
      const refused = await embeddedLogin(passkeyOnly.email).expect(403);
      expect(refused.body.code).to.equal('second_factor_unavailable');
      expect(refused.body.error).to.match(/passkey/);
      expect(refused.headers['access-control-allow-origin']).to.equal(SHOP);
    });
  });

  it('documents the step in the OpenAPI document', async () => {
    const document = await ctx.request.get('/api/v1/openapi.json').expect(200);
    const route = document.body.paths['/api/auth/mfa/challenge'].post;
    expect(route.tags).to.deep.equal(['Embedding API']);
    expect(document.body.paths['/api/auth/mfa/webauthn/options'].post.tags).to.deep.equal(['Embedding API']);
    const login = JSON.stringify(
      document.body.paths['/api/auth/login'].post.responses['200'].content['application/json'].schema,
    );
    expect(login).to.contain('EmbeddingSession').and.to.contain('MfaRequired');
  });
});
