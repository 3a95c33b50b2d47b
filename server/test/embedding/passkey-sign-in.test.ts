import { expect } from 'chai';
import { Types } from 'mongoose';
import type { TestContext } from '../helpers/context.js';
import { bearer, createAuthContext, signedInUser } from '../auth/helpers.js';
import { authenticatorFor, registerPasskey, type SoftAuthenticator } from '../mfa/passkey-helpers.js';
import { createApplication, createOrganization, createProject, type User } from '../projects/helpers.js';
import { signedInEndUser } from '../helpers/end-users.js';

const SHOP = 'https://shop.example.com';
const NOT_ACCEPTED = {
  error: 'The passkey could not be verified. Try again, or use another way to sign in.',
  code: 'passkey_not_accepted',
};

/**
 * Passkeys as a pool's first sign-in method (issue #31): POST /api/auth/passkeys/sign-in/options
 * and /api/auth/passkeys/sign-in for an end user of the application's pool, from the platform's
 * own origin (the pool's hosted sign-in page), with a software authenticator doing real WebAuthn.
 */
describe('embedding API: sign-in with a passkey (/api/auth/passkeys/sign-in)', function () {
  this.timeout(60_000);
  let ctx: TestContext;
  let owner: User;
  let projectId: string;
  let shopId: string;
  /** Another project of the same organization: another pool. */
  let otherPoolId: string;
  /** Another organization's project and application: another pool, another tenant. */
  let foreignId: string;

  const platform = () => new URL(ctx.config.publicUrl).origin;
  const app = (id = shopId, origin = platform()) => ({ 'X-Application-ID': id, Origin: origin });
  const options = (headers = app()) => ctx.request.post('/api/auth/passkeys/sign-in/options').set(headers);
  const signIn = (body: Record<string, unknown>, headers = app()) =>
    ctx.request.post('/api/auth/passkeys/sign-in').set(headers).send(body);
  /** The whole ceremony: options, the authenticator's assertion, the sign-in answering `status`. */
  async function passkeySignIn(authenticator: SoftAuthenticator, status: number, headers = app()) {
    const issued = await options(headers).expect(200);
    return signIn({ response: authenticator.assert(issued.body) }, headers).expect(status);
  }
  const passkeyRow = (credentialId: string) =>
    ctx.database.connection.collection('mfa_passkeys').findOne({ credential_id: credentialId });
  const setPool = (project: string, body: Record<string, unknown>) =>
    ctx.request
      .patch(`/api/v1/projects/${project}/pool`)
      .set(bearer(owner.access_token))
      .send(body)
      .expect(200);

  /** An end user of the application's pool with a passkey, registered on the hosted account page. */
  async function endUserWithPasskey(applicationId = shopId, prefix = 'passkeyuser') {
    const user = await signedInEndUser(ctx, applicationId, { prefix });
    const authenticator = authenticatorFor(ctx);
    await registerPasskey(ctx, user.token, authenticator);
    return { ...user, authenticator };
  }

  before(async () => {
    ctx = await createAuthContext();
    owner = await signedInUser(ctx, 'passkeyowner');
    const organizationId = await createOrganization(ctx, owner);
    projectId = (await createProject(ctx, owner, organizationId)).id;
    shopId = (await createApplication(ctx, owner, projectId, { allowed_origins: [SHOP] })).id;
    const otherProject = (await createProject(ctx, owner, organizationId)).id;
    otherPoolId = (await createApplication(ctx, owner, otherProject, { allowed_origins: [SHOP] })).id;
    const stranger = await signedInUser(ctx, 'passkeystranger');
    const strangerOrganization = await createOrganization(ctx, stranger);
    const strangerProject = (await createProject(ctx, stranger, strangerOrganization)).id;
    foreignId = (await createApplication(ctx, stranger, strangerProject, { allowed_origins: [SHOP] })).id;
  });
  after(() => ctx.close());

  it('signs an end user of the pool in with the application’s session, without a second step', async () => {
    const user = await endUserWithPasskey();
    const issued = await options().expect(200);
    expect(issued.body.challenge).to.be.a('string');
    expect(issued.body.rpId).to.equal(new URL(ctx.config.publicUrl).hostname);
    expect(issued.body.userVerification).to.equal('required');
    // No account is known yet: the options list no credentials.
    expect(issued.body.allowCredentials ?? []).to.deep.equal([]);
    const stored = await ctx.database.connection
      .collection('mfa_webauthn_challenges')
      .findOne({ ceremony: 'passwordless', pool_id: projectId });
    expect(stored, 'the challenge, stored for the pool').to.not.equal(null);

    const response = await signIn({ response: user.authenticator.assert(issued.body) }).expect(200);
    expect(response.body).to.have.all.keys('token', 'refresh_token', 'expires_at', 'user');
    expect(response.body.user.email).to.equal(user.email);

    const verified = await ctx.request
      .post('/api/auth/verify')
      .set(app())
      .set(bearer(response.body.token))
      .expect(200);
    expect(verified.body.application_id).to.equal(shopId);
    // An application session: the product API refuses it.
    const product = await ctx.request
      .get('/api/v1/organizations')
      .set(bearer(response.body.token))
      .expect(403);
    expect(product.body.code).to.equal('application_token_not_allowed');

    const session = await ctx.database.connection
      .collection('auth_sessions')
      .findOne({ user_id: new Types.ObjectId(user.id), method: 'passkey' });
    expect(session, 'a passkey session').to.not.equal(null);
    expect(String(session!.application_id)).to.equal(shopId);
    expect(session!.pool_id).to.equal(projectId);
    expect((await passkeyRow(user.authenticator.id))!.last_used_at).to.be.instanceOf(Date);

    // The challenge was used once: the same assertion does not sign in again.
    const replayed = await signIn({ response: user.authenticator.assert(issued.body) }).expect(400);
    expect(replayed.body).to.deep.equal(NOT_ACCEPTED);
  });

  it('signs in through every application of the pool (they share their users)', async () => {
    const sibling = (await createApplication(ctx, owner, projectId, { allowed_origins: [SHOP] })).id;
    const user = await endUserWithPasskey();
    const response = await passkeySignIn(user.authenticator, 200, app(sibling));
    expect(response.body.user.id).to.equal(user.id);
    const verified = await ctx.request
      .post('/api/auth/verify')
      .set(app(sibling))
      .set(bearer(response.body.token))
      .expect(200);
    expect(verified.body.application_id).to.equal(sibling);
  });

  it('refuses a dashboard account’s passkey like an unknown one, and leaves it untouched', async () => {
    const member = await signedInUser(ctx, 'teampasskey');
    const authenticator = authenticatorFor(ctx);
    await registerPasskey(ctx, member.access_token, authenticator);
    const before = await passkeyRow(authenticator.id);

    const refused = await passkeySignIn(authenticator, 400);
    expect(refused.body).to.deep.equal(NOT_ACCEPTED);
    // An unknown credential answers exactly the same.
    const unknown = await passkeySignIn(authenticatorFor(ctx), 400);
    expect(unknown.body).to.deep.equal(refused.body);
    const after = await passkeyRow(authenticator.id);
    expect(after!.counter).to.equal(before!.counter);
    expect(after!.last_used_at).to.equal(null);

    // The dashboard still signs the member in with it.
    const dashboardOptions = await ctx.request.post('/api/v1/auth/passkeys/sign-in/options').expect(200);
    const dashboard = await ctx.request
      .post('/api/v1/auth/passkeys/sign-in')
      .send({ response: authenticator.assert(dashboardOptions.body) })
      .expect(200);
    expect(dashboard.body.user.email).to.equal(member.email);
  });

  it('refuses an end user’s passkey on the dashboard’s passkey sign-in like an unknown one', async () => {
    const user = await endUserWithPasskey();
    const before = await passkeyRow(user.authenticator.id);
    const dashboardOptions = await ctx.request.post('/api/v1/auth/passkeys/sign-in/options').expect(200);
    const refused = await ctx.request
      .post('/api/v1/auth/passkeys/sign-in')
      .send({ response: user.authenticator.assert(dashboardOptions.body) })
      .expect(400);
    expect(refused.body).to.deep.equal(NOT_ACCEPTED);
    expect((await passkeyRow(user.authenticator.id))!.counter).to.equal(before!.counter);
  });

  it('refuses a passkey of another pool — of the same organization or another — like an unknown one', async () => {
    for (const [applicationId, prefix] of [
      [otherPoolId, 'otherpool'],
      [foreignId, 'foreignpool'],
    ] as const) {
      const user = await endUserWithPasskey(applicationId, prefix);
      const refused = await passkeySignIn(user.authenticator, 400);
      expect(refused.body).to.deep.equal(NOT_ACCEPTED);
      expect(
        await ctx.database.connection
          .collection('auth_sessions')
          .countDocuments({ user_id: new Types.ObjectId(user.id), method: 'passkey' }),
      ).to.equal(0);
      // In its own pool it signs in.
      const own = await passkeySignIn(user.authenticator, 200, app(applicationId));
      expect(own.body.user.id).to.equal(user.id);
    }
  });

  it('binds the challenge to the pool it was issued for', async () => {
    const user = await endUserWithPasskey();
    // Options of another pool, answered to this one: the challenge is not this pool's.
    const otherOptions = await options(app(otherPoolId)).expect(200);
    const crossed = await signIn({ response: user.authenticator.assert(otherOptions.body) }).expect(400);
    expect(crossed.body).to.deep.equal(NOT_ACCEPTED);
    // Nor is a challenge of the dashboard's passkey sign-in.
    const dashboardOptions = await ctx.request.post('/api/v1/auth/passkeys/sign-in/options').expect(200);
    await signIn({ response: user.authenticator.assert(dashboardOptions.body) }).expect(400);
    // The refusals spent nothing of the user's own: a fresh ceremony signs in.
    await passkeySignIn(user.authenticator, 200);
  });

  it('is refused when the pool’s methods do not include passkey', async () => {
    const user = await endUserWithPasskey();
    const issued = await options().expect(200);
    await setPool(projectId, { methods: ['password', 'email_code'] });
    try {
      const refusedOptions = await options().expect(403);
      expect(refusedOptions.body.code).to.equal('sign_in_method_disabled');
      const refused = await signIn({ response: user.authenticator.assert(issued.body) }).expect(403);
      expect(refused.body.code).to.equal('sign_in_method_disabled');
    } finally {
      await setPool(projectId, { methods: ['password', 'passkey', 'email_code'] });
    }
    // Unchanged by the refusal: the challenge issued before is still good.
    const response = await signIn({ response: user.authenticator.assert(issued.body) }).expect(200);
    expect(response.body.user.id).to.equal(user.id);
  });

  it('refuses a partner’s page (another origin than the platform’s), readably, before any challenge', async () => {
    const user = await endUserWithPasskey();
    const challenges = () => ctx.database.connection.collection('mfa_webauthn_challenges').countDocuments();
    const before = await challenges();
    const refusedOptions = await options(app(shopId, SHOP)).expect(403);
    expect(refusedOptions.body.code).to.equal('passkey_sign_in_unavailable');
    expect(refusedOptions.body.error).to.match(/passkey/i);
    expect(refusedOptions.headers['access-control-allow-origin']).to.equal(SHOP);
    expect(await challenges()).to.equal(before);

    // An assertion made on the platform's page and sent from the partner's is refused too.
    const issued = await options().expect(200);
    const refused = await signIn(
      { response: user.authenticator.assert(issued.body) },
      app(shopId, SHOP),
    ).expect(403);
    expect(refused.body.code).to.equal('passkey_sign_in_unavailable');
    // A script without Origin is no page of the platform either.
    await ctx.request
      .post('/api/auth/passkeys/sign-in/options')
      .set({ 'X-Application-ID': shopId })
      .expect(403);
    // An origin the application does not allow is refused by the gate first.
    const foreignOrigin = await options(app(shopId, 'https://evil.example.net')).expect(403);
    expect(foreignOrigin.body.code).to.equal('origin_not_allowed');
  });

  it('refuses a blocked account after its passkey is verified', async () => {
    const user = await endUserWithPasskey();
    await ctx.request
      .post(`/api/v1/projects/${projectId}/users/${user.id}/block`)
      .set(bearer(owner.access_token))
      .expect(200);
    const refused = await passkeySignIn(user.authenticator, 403);
    expect(refused.body.code).to.equal('account_blocked');
    expect(refused.body).not.to.have.property('token');

    await ctx.request
      .post(`/api/v1/projects/${projectId}/users/${user.id}/unblock`)
      .set(bearer(owner.access_token))
      .expect(200);
    await passkeySignIn(user.authenticator, 200);
  });

  it('gives a full session where the pool requires a second factor, and lets set-up list passkeys', async () => {
    await setPool(projectId, { second_factor: 'required' });
    try {
      // Without a factor the session may only set one up — listing passkeys included.
      const user = await signedInEndUser(ctx, shopId, { prefix: 'required' });
      expect(user).to.have.property('second_factor_enrollment_required', true);
      const empty = await ctx.request.get('/api/v1/auth/mfa/passkeys').set(bearer(user.token)).expect(200);
      expect(empty.body.data).to.deep.equal([]);
      const authenticator = authenticatorFor(ctx);
      const added = await registerPasskey(ctx, user.token, authenticator, 'Laptop');
      const listed = await ctx.request.get('/api/v1/auth/mfa/passkeys').set(bearer(user.token)).expect(200);
      expect(listed.body.data.map((passkey: { id: string }) => passkey.id)).to.deep.equal([added.id]);
      // Other routes still refuse the enrollment-only session.
      await ctx.request.get('/api/v1/auth/sessions').set(bearer(user.token)).expect(403);

      // The passkey is both factors: its sign-in is a full session.
      const response = await passkeySignIn(authenticator, 200);
      expect(response.body).not.to.have.property('second_factor_enrollment_required');
      await ctx.request.post('/api/auth/verify').set(app()).set(bearer(response.body.token)).expect(200);
    } finally {
      await setPool(projectId, { second_factor: 'optional' });
    }
  });

  it('answers bad bodies with 400 and documents both routes in the OpenAPI document', async () => {
    const missing = await signIn({}).expect(400);
    expect(missing.body.code).to.equal('validation_failed');
    await signIn({ response: { id: 'x' } }).expect(400);
    const document = await ctx.request.get('/api/v1/openapi.json').expect(200);
    for (const path of ['/api/auth/passkeys/sign-in/options', '/api/auth/passkeys/sign-in']) {
      const route = document.body.paths[path].post;
      expect(route.tags).to.deep.equal(['Embedding API']);
      expect(route.responses).to.have.property('403');
    }
    const session = JSON.stringify(
      document.body.paths['/api/auth/passkeys/sign-in'].post.responses['200'].content['application/json']
        .schema,
    );
    expect(session).to.contain('EmbeddingSession');
  });
});
