import { expect } from 'chai';
import { Types } from 'mongoose';
import type { TestContext } from '../helpers/context.js';
import {
  bearer,
  latestMail,
  linkIn,
  login,
  PASSWORD,
  registerConfirmed,
  signedInUser,
  uniqueEmail,
} from './helpers.js';
import { ageSession, sessionIdOf } from './step-up-helpers.js';
import { userModel } from '../../src/modules/users/index.js';
import { awayFromStepEdge, currentStep, enrolledUser, totpAt } from '../mfa/helpers.js';
import { authenticatorFor, registerPasskey } from '../mfa/passkey-helpers.js';
import { createTenant, createToken, type Tenant } from '../tokens/helpers.js';
import { createWebhook, createWebhookContext, startReceiver, type Receiver } from '../webhooks/helpers.js';

/**
 * Step-up ("sudo mode", issue 37 items 1–3): changing how an account signs in, minting an admin
 * token, changing webhooks and deleting the account need a proof of identity within 10 minutes.
 * A stale session is made by moving its auth_time back in the database, as 11 minutes would.
 */
describe('step-up: routes that need a fresh proof of identity', function () {
  this.timeout(60_000);
  let ctx: TestContext;
  let receiver: Receiver;

  before(async () => {
    // A low lockout threshold, so "counts towards the lockout" is quick to show.
    ctx = await createWebhookContext({}, { LOCKOUT_THRESHOLD: '4' });
    receiver = await startReceiver();
  });
  after(async () => {
    await receiver.close();
    await ctx.close();
  });

  const sessions = () => ctx.database.connection.collection('auth_sessions');
  const age = (accessToken: string, update?: object) => ageSession(ctx, accessToken, update);

  const reauthenticate = (accessToken: string, body: object) =>
    ctx.request.post('/api/v1/auth/reauthenticate').set(bearer(accessToken)).send(body);

  function expectRefusal(response: { status: number; body: Record<string, unknown> }, methods: string[]) {
    expect(response.status, JSON.stringify(response.body)).to.equal(403);
    expect(response.body).to.deep.include({
      code: 'reauthentication_required',
      methods,
      max_age_seconds: 600,
    });
    expect(response.body.error).to.be.a('string');
  }

  /** An account with password, TOTP and a passkey, admin of an organization with a webhook. */
  async function fullAccount(prefix: string) {
    const user = await enrolledUser(ctx, prefix);
    const authenticator = authenticatorFor(ctx);
    const passkey = await registerPasskey(ctx, user.access_token, authenticator, 'Laptop');
    const tenant = await createTenant(ctx, prefix, user);
    const webhook = await createWebhook(ctx, user.access_token, tenant.organizationId, {
      url: receiver.url,
      events: ['user.updated'],
    });
    return { ...user, authenticator, passkey, tenant, webhook };
  }
  type FullAccount = Awaited<ReturnType<typeof fullAccount>>;

  /** Every protected call, with a body that passes validation; `expect` gets each answer. */
  async function protectedCalls(user: FullAccount, tenant: Tenant) {
    const auth = bearer(user.access_token);
    const options = { challenge: Buffer.from('not-issued').toString('base64url'), user: { id: 'AA' } };
    return {
      passkeyOptions: await ctx.request.post('/api/v1/auth/mfa/passkeys/options').set(auth),
      passkeyRegister: await ctx.request
        .post('/api/v1/auth/mfa/passkeys')
        .set(auth)
        .send({ name: 'Thief', response: authenticatorFor(ctx).attest(options) }),
      passkeyRemove: await ctx.request
        .delete(`/api/v1/auth/mfa/passkeys/${user.passkey.id}`)
        .set(auth)
        .send({}),
      totpStart: await ctx.request.post('/api/v1/auth/mfa/totp').set(auth),
      totpConfirm: await ctx.request.post('/api/v1/auth/mfa/totp/confirm').set(auth).send({ code: '123456' }),
      totpDisable: await ctx.request.delete('/api/v1/auth/mfa/totp').set(auth).send({}),
      recoveryCodes: await ctx.request.post('/api/v1/auth/mfa/recovery-codes').set(auth).send({}),
      adminToken: await ctx.request
        .post('/api/v1/tokens')
        .set(auth)
        .send({ name: 'Thief', scopes: ['admin'], application_id: tenant.applicationId }),
      webhookCreate: await ctx.request
        .post(`/api/v1/organizations/${tenant.organizationId}/webhooks`)
        .set(auth)
        .send({ url: receiver.url, events: ['user.updated'] }),
      webhookUpdate: await ctx.request
        .patch(`/api/v1/webhooks/${user.webhook.id}`)
        .set(auth)
        .send({ rotate_secret: true }),
      webhookDelete: await ctx.request.delete(`/api/v1/webhooks/${user.webhook.id}`).set(auth),
    };
  }

  it('a sign-in records auth_time; a refresh does not renew it; a session without it is not fresh', async () => {
    const user = await signedInUser(ctx, 'time');
    const stored = await sessions().findOne({ _id: new Types.ObjectId(sessionIdOf(user.access_token)) });
    expect(stored!.auth_time).to.be.instanceOf(Date);
    expect(Date.now() - (stored!.auth_time as Date).getTime()).to.be.below(60_000);

    await age(user.access_token);
    const before = (await sessions().findOne({ _id: new Types.ObjectId(sessionIdOf(user.access_token)) }))!
      .auth_time as Date;
    const refreshed = await ctx.request
      .post('/api/v1/auth/refresh')
      .send({ refresh_token: user.refresh_token })
      .expect(200);
    const after = (await sessions().findOne({ _id: new Types.ObjectId(sessionIdOf(user.access_token)) }))!
      .auth_time as Date;
    expect(after.getTime()).to.equal(before.getTime());
    expectRefusal(
      await ctx.request.post('/api/v1/auth/mfa/totp').set(bearer(refreshed.body.access_token as string)),
      ['password'],
    );

    // Sessions from before the field existed.
    const other = await login(ctx, user.email, user.password);
    await age(other.access_token, { $unset: { auth_time: '' } });
    expectRefusal(await ctx.request.post('/api/v1/auth/mfa/totp').set(bearer(other.access_token)), [
      'password',
    ]);
  });

  it('with only an access token, every protected route answers 403 reauthentication_required and changes nothing', async () => {
    const user = await fullAccount('stale');
    const db = ctx.database.connection;
    const userId = new Types.ObjectId(user.user.id);
    const factorBefore = await db.collection('mfa_factors').findOne({ user_id: userId });
    await age(user.access_token);

    const answers = await protectedCalls(user, user.tenant);
    for (const [name, response] of Object.entries(answers)) {
      expect(response.status, `${name}: ${JSON.stringify(response.body)}`).to.equal(403);
      expectRefusal(response, ['password', 'totp', 'passkey']);
    }

    // Nothing changed: no passkey added or removed, the same TOTP factor and recovery codes, no
    // admin token, the same webhook with its secret, still one webhook.
    expect(await db.collection('mfa_passkeys').countDocuments({ user_id: userId })).to.equal(1);
    expect(await db.collection('mfa_factors').findOne({ user_id: userId })).to.deep.equal(factorBefore);
    expect(await db.collection('api_tokens').countDocuments({ user_id: userId })).to.equal(0);
    const webhooks = await db
      .collection('webhooks')
      .find({ organization_id: new Types.ObjectId(user.tenant.organizationId) })
      .toArray();
    expect(webhooks.map((hook) => String(hook._id))).to.deep.equal([user.webhook.id]);
    // Tokens without the admin scope, and reading, need no step-up.
    await createToken(ctx, user, user.tenant.applicationId, { scopes: ['read', 'write'] });
    await ctx.request.get('/api/v1/auth/mfa/passkeys').set(bearer(user.access_token)).expect(200);

    // An account with only a password is told so.
    const plain = await signedInUser(ctx, 'plain');
    await age(plain.access_token);
    expectRefusal(
      await ctx.request.post('/api/v1/auth/mfa/passkeys/options').set(bearer(plain.access_token)),
      ['password'],
    );
  });

  it('after POST /auth/reauthenticate with the password, the same calls succeed for 10 minutes', async () => {
    const user = await fullAccount('password');
    await age(user.access_token);
    const response = await reauthenticate(user.access_token, { password: user.password }).expect(200);
    const authTime = Date.parse(response.body.auth_time as string);
    expect(Math.abs(authTime - Date.now())).to.be.below(10_000);
    expect(Date.parse(response.body.reauthenticate_before as string) - authTime).to.equal(600_000);

    const auth = bearer(user.access_token);
    await ctx.request.post('/api/v1/auth/mfa/passkeys/options').set(auth).expect(200);
    await registerPasskey(ctx, user.access_token, authenticatorFor(ctx), 'Second');
    await ctx.request
      .post('/api/v1/tokens')
      .set(auth)
      .send({ name: 'Admin', scopes: ['admin'], application_id: user.tenant.applicationId })
      .expect(201);
    await ctx.request
      .patch(`/api/v1/webhooks/${user.webhook.id}`)
      .set(auth)
      .send({ rotate_secret: true })
      .expect(200);
    // The proof-gated routes take the fresh session instead of a password or code in the body.
    await ctx.request.post('/api/v1/auth/mfa/recovery-codes').set(auth).send({}).expect(200);
    await ctx.request.delete(`/api/v1/auth/mfa/passkeys/${user.passkey.id}`).set(auth).send({}).expect(204);
    await ctx.request.delete('/api/v1/auth/mfa/totp').set(auth).send({}).expect(204);
    await ctx.request.post('/api/v1/auth/mfa/totp').set(auth).expect(200);
    await ctx.request.delete(`/api/v1/webhooks/${user.webhook.id}`).set(auth).expect(204);
  });

  it('a TOTP code, a recovery code or a passkey renews auth_time as the password does', async () => {
    const user = await fullAccount('factors');
    const auth = bearer(user.access_token);

    await age(user.access_token);
    await awayFromStepEdge();
    // The next step: the enrolment spent the current one.
    await reauthenticate(user.access_token, { code: totpAt(user.secret, currentStep() + 1) }).expect(200);
    await ctx.request.post('/api/v1/auth/mfa/passkeys/options').set(auth).expect(200);

    await age(user.access_token);
    await reauthenticate(user.access_token, { code: user.recoveryCodes[0] }).expect(200);
    await ctx.request.post('/api/v1/auth/mfa/passkeys/options').set(auth).expect(200);
    // A recovery code is used once.
    await age(user.access_token);
    const reused = await reauthenticate(user.access_token, { code: user.recoveryCodes[0] }).expect(400);
    expect(reused.body.code).to.equal('invalid_recovery_code');

    const options = await ctx.request
      .post('/api/v1/auth/reauthenticate/passkey-options')
      .set(auth)
      .expect(200);
    await reauthenticate(user.access_token, {
      webauthn_response: user.authenticator.assert(options.body),
    }).expect(200);
    await ctx.request.post('/api/v1/auth/mfa/passkeys/options').set(auth).expect(200);
  });

  it('a wrong password answers 400 wrong_current_password and counts towards the sign-in lockout', async () => {
    const user = await signedInUser(ctx, 'wrong');
    await age(user.access_token);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const wrong = await reauthenticate(user.access_token, { password: 'not the password' }).expect(400);
      expect(wrong.body.code).to.equal('wrong_current_password');
    }
    // The fourth wrong password of this address and network locks it, for sign-in as well.
    await reauthenticate(user.access_token, { password: 'not the password' }).expect(400);
    const locked = await reauthenticate(user.access_token, { password: PASSWORD }).expect(429);
    expect(locked.body.code).to.equal('account_locked');
    await ctx.request.post('/api/v1/auth/login').send({ email: user.email, password: PASSWORD }).expect(429);
    expectRefusal(await ctx.request.post('/api/v1/auth/mfa/totp').set(bearer(user.access_token)), [
      'password',
    ]);

    // Wrong codes count too; exactly one proof per request.
    const factors = await enrolledUser(ctx, 'wrong-code');
    await age(factors.access_token);
    await awayFromStepEdge();
    const wrongCode = String((Number(totpAt(factors.secret, currentStep())) + 1) % 1_000_000).padStart(
      6,
      '0',
    );
    expect((await reauthenticate(factors.access_token, { code: wrongCode }).expect(400)).body.code).to.equal(
      'invalid_mfa_code',
    );
    const failures = await ctx.database.connection
      .collection('activity_logs')
      .countDocuments({ user_id: new Types.ObjectId(factors.user.id), action: 'user.mfa_failed' });
    expect(failures).to.equal(1);
    await reauthenticate(factors.access_token, { password: PASSWORD, code: '123456' }).expect(400);
    await reauthenticate(factors.access_token, {}).expect(400);
  });

  it('another account’s password, code or passkey is no proof for this session', async () => {
    const { email, password } = await registerConfirmed(ctx, uniqueEmail('alice'), 'alice only password');
    const alice = { email, password, ...(await login(ctx, email, password)) };
    const bob = await fullAccount('bob');
    expect(bob.password).not.to.equal(alice.password);
    await age(alice.access_token);
    // The password checked is always the caller's own.
    expect(
      (await reauthenticate(alice.access_token, { password: bob.password }).expect(400)).body.code,
    ).to.equal('wrong_current_password');
    await awayFromStepEdge();
    expect(
      (await reauthenticate(alice.access_token, { code: totpAt(bob.secret, currentStep()) }).expect(400)).body
        .code,
    ).to.equal('invalid_mfa_code');
    // Bob's passkey answering Bob's own challenge does not renew Alice's session.
    const bobOptions = await ctx.request
      .post('/api/v1/auth/reauthenticate/passkey-options')
      .set(bearer(bob.access_token))
      .expect(200);
    const stolen = await reauthenticate(alice.access_token, {
      webauthn_response: bob.authenticator.assert(bobOptions.body),
    }).expect(400);
    expect(stolen.body.code).to.equal('passkey_not_accepted');
    // Alice has no passkey to ask for.
    await ctx.request
      .post('/api/v1/auth/reauthenticate/passkey-options')
      .set(bearer(alice.access_token))
      .expect(404);
    expectRefusal(await ctx.request.post('/api/v1/auth/mfa/totp').set(bearer(alice.access_token)), [
      'password',
    ]);
  });

  it('API tokens get the existing refusal: they can neither give a proof nor pass a step-up', async () => {
    const owner = await fullAccount('token-owner');
    const token = (
      await createToken(ctx, owner, owner.tenant.applicationId, { scopes: ['read', 'write', 'delete'] })
    ).token;
    for (const path of ['/api/v1/auth/reauthenticate', '/api/v1/auth/reauthenticate/passkey-options']) {
      const refused = await ctx.request
        .post(path)
        .set(bearer(token))
        .send({ password: owner.password })
        .expect(403);
      expect(refused.body.code).to.equal('token_not_allowed');
    }
    const mint = await ctx.request
      .post('/api/v1/tokens')
      .set(bearer(token))
      .send({ name: 'Escalate', scopes: ['admin'], application_id: owner.tenant.applicationId })
      .expect(403);
    expect(mint.body.code).to.equal('token_not_allowed');
    await ctx.request.post('/api/v1/auth/reauthenticate').send({ password: owner.password }).expect(401);
  });

  describe('account deletion (item 2)', () => {
    it('always takes the password: a code alone answers 400 account_deletion_password_required, even when fresh', async () => {
      const user = await enrolledUser(ctx, 'delete-code');
      await awayFromStepEdge();
      for (const body of [{ code: totpAt(user.secret, currentStep() + 1) }, {}]) {
        const refused = await ctx.request
          .delete('/api/v1/auth/me')
          .set(bearer(user.access_token))
          .send(body)
          .expect(400);
        expect(refused.body.code).to.equal('account_deletion_password_required');
      }
      await ctx.request.get('/api/v1/auth/me').set(bearer(user.access_token)).expect(200);
      // An account with a password does not take the mail route either.
      const mail = await ctx.request
        .post('/api/v1/auth/me/deletion-confirmations')
        .set(bearer(user.access_token))
        .expect(409);
      expect(mail.body.code).to.equal('account_has_password');
    });

    it('an account without a password deletes itself with a second factor and the mailed link', async () => {
      const user = await enrolledUser(ctx, 'google-only');
      const userId = new Types.ObjectId(user.user.id);
      // As an account that signs in with Google only (through the model: the account cache sees it).
      await userModel(ctx.database.connection).updateOne(
        { _id: userId },
        { $set: { password_hash: null, google_id: `google-${user.user.id}` } },
      );
      const auth = bearer(user.access_token);

      const direct = await ctx.request.delete('/api/v1/auth/me').set(auth).send({}).expect(409);
      expect(direct.body.code).to.equal('account_has_no_password');
      await age(user.access_token);
      expectRefusal(await ctx.request.post('/api/v1/auth/me/deletion-confirmations').set(auth), ['totp']);

      await awayFromStepEdge();
      await reauthenticate(user.access_token, { code: totpAt(user.secret, currentStep() + 1) }).expect(200);
      const sent = await ctx.request.post('/api/v1/auth/me/deletion-confirmations').set(auth).expect(202);
      expect(sent.body.sent_to).to.equal(user.email);
      expect(Date.parse(sent.body.expires_at as string) - Date.now()).to.be.within(29 * 60_000, 30 * 60_000);
      const link = linkIn(await latestMail(ctx, user.email, 'account_deletion'), 'mode=delete-account');
      const token = link.searchParams.get('token')!;
      // Nothing is deleted until the link is followed.
      await ctx.request.get('/api/v1/auth/me').set(auth).expect(200);

      await ctx.request
        .post('/api/v1/auth/me/deletion')
        .send({ token: `${token}x` })
        .expect(400);
      await ctx.request.post('/api/v1/auth/me/deletion').send({ token }).expect(204);
      expect(await ctx.database.connection.collection('profiles').countDocuments({ _id: userId })).to.equal(
        0,
      );
      await ctx.request.get('/api/v1/auth/me').set(auth).expect(401);
      const again = await ctx.request.post('/api/v1/auth/me/deletion').send({ token }).expect(400);
      expect(again.body.code).to.equal('invalid_deletion_token');
    });
  });
});
