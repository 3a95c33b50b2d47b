import { expect } from 'chai';
import { Types } from 'mongoose';
import type { TestContext } from '../helpers/context.js';
import { bearer, createAuthContext, login, PASSWORD, signedInUser } from '../auth/helpers.js';
import { ageSession } from '../auth/step-up-helpers.js';
import { currentStep, enrolledUser, passwordStep, totpAt, awayFromStepEdge } from './helpers.js';
import { authenticatorFor, FLAGS, registerPasskey, SoftAuthenticator } from './passkey-helpers.js';

/** The relying party of these tests; the soft authenticator signs for it unless told otherwise. */
const PUBLIC_URL = 'https://iam.example.test';

type User = Awaited<ReturnType<typeof signedInUser>>;

describe('passkeys (WebAuthn)', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await createAuthContext({ PUBLIC_URL });
  });
  after(() => ctx.close());

  const registrationOptions = async (user: User) =>
    (await ctx.request.post('/api/v1/auth/mfa/passkeys/options').set(bearer(user.access_token)).expect(200))
      .body as { challenge: string; rp: { id: string; name: string }; user: { id: string; name: string } };

  /** A user with one registered passkey; the authenticator signs their second steps. */
  async function userWithPasskey(prefix: string) {
    const user = await signedInUser(ctx, prefix);
    const authenticator = authenticatorFor(ctx);
    const passkey = await registerPasskey(ctx, user.access_token, authenticator, 'Laptop');
    return { ...user, authenticator, passkey };
  }

  const webauthnOptions = async (mfaToken: string) =>
    (await ctx.request.post('/api/v1/auth/mfa/webauthn/options').send({ mfa_token: mfaToken }).expect(200))
      .body as { challenge: string; allowCredentials: { id: string }[]; rpId: string };

  describe('registration', () => {
    it('registers a passkey from a real attestation; it is listed with its name and dates, never its key', async () => {
      const user = await signedInUser(ctx, 'register');
      const options = await registrationOptions(user);
      expect(options.rp).to.deep.equal({ id: 'iam.example.test', name: 'IAM Platform' });
      expect(options.user.name).to.equal(user.email);
      // The user handle is the account id, not the address.
      expect(Buffer.from(options.user.id, 'base64url').toString('hex')).to.equal(user.user.id);
      const authenticator = authenticatorFor(ctx);
      const created = await ctx.request
        .post('/api/v1/auth/mfa/passkeys')
        .set(bearer(user.access_token))
        .send({ name: 'MacBook Touch ID', response: authenticator.attest(options) })
        .expect(201);
      expect(created.body).to.include({ name: 'MacBook Touch ID', last_used_at: null, backed_up: false });
      expect(Date.parse(created.body.created_at as string)).to.be.closeTo(Date.now(), 60_000);

      const listed = await ctx.request
        .get('/api/v1/auth/mfa/passkeys')
        .set(bearer(user.access_token))
        .expect(200);
      expect(listed.body.data).to.have.length(1);
      expect(listed.body.data[0]).to.have.keys(
        'id',
        'name',
        'created_at',
        'last_used_at',
        'device_type',
        'backed_up',
        'transports',
      );
      const stored = await ctx.database.connection
        .collection('mfa_passkeys')
        .findOne({ user_id: new Types.ObjectId(user.user.id) });
      expect(stored!.credential_id).to.equal(authenticator.id);
      expect(stored!.public_key).to.be.a('string').and.not.to.equal('');

      // The next registration excludes the key already there.
      const next = await ctx.request
        .post('/api/v1/auth/mfa/passkeys/options')
        .set(bearer(user.access_token))
        .expect(200);
      expect(next.body.excludeCredentials).to.deep.equal([
        { id: authenticator.id, type: 'public-key', transports: ['internal'] },
      ]);
    });

    it('refuses an attestation for another origin or RP ID, a used or unknown challenge, and another user’s challenge', async () => {
      const user = await signedInUser(ctx, 'register-bad');
      const other = await signedInUser(ctx, 'register-other');
      const authenticator = authenticatorFor(ctx);
      const attempt = (response: unknown) =>
        ctx.request.post('/api/v1/auth/mfa/passkeys').set(bearer(user.access_token)).send({ response });

      const wrongOrigin = await attempt(
        authenticator.attest(await registrationOptions(user), { origin: 'https://evil.example' }),
      ).expect(400);
      expect(wrongOrigin.body.code).to.equal('passkey_registration_failed');
      await attempt(authenticator.attest(await registrationOptions(user), { rpId: 'evil.example' })).expect(
        400,
      );
      // A challenge the server never issued.
      await attempt(
        authenticator.attest({ challenge: Buffer.from('made up by the client').toString('base64url') }),
      ).expect(400);
      // Bob's challenge is no good for Alice.
      await attempt(authenticator.attest(await registrationOptions(other))).expect(400);

      const good = authenticator.attest(await registrationOptions(user));
      await attempt(good).expect(201);
      // The same response again: its challenge is spent.
      const replayed = await attempt(good).expect(400);
      expect(replayed.body.code).to.equal('passkey_registration_failed');
      // An expired challenge.
      const expiring = await registrationOptions(user);
      await ctx.database.connection
        .collection('mfa_webauthn_challenges')
        .updateMany({}, { $set: { expires_at: new Date(Date.now() - 1000) } });
      await attempt(new SoftAuthenticator('iam.example.test', PUBLIC_URL).attest(expiring)).expect(400);
      const listed = await ctx.request
        .get('/api/v1/auth/mfa/passkeys')
        .set(bearer(user.access_token))
        .expect(200);
      expect(listed.body.data).to.have.length(1);
    });

    it('keeps several passkeys, renames one, and answers 404 for another account’s', async () => {
      const alice = await userWithPasskey('several');
      const second = await registerPasskey(ctx, alice.access_token, authenticatorFor(ctx), 'YubiKey');
      const bob = await signedInUser(ctx, 'several-bob');
      const renamed = await ctx.request
        .patch(`/api/v1/auth/mfa/passkeys/${second.id}`)
        .set(bearer(alice.access_token))
        .send({ name: '  YubiKey 5C  ' })
        .expect(200);
      expect(renamed.body.name).to.equal('YubiKey 5C');
      const listed = await ctx.request
        .get('/api/v1/auth/mfa/passkeys')
        .set(bearer(alice.access_token))
        .expect(200);
      expect(listed.body.data.map((passkey: { name: string }) => passkey.name)).to.deep.equal([
        'Laptop',
        'YubiKey 5C',
      ]);
      const foreign = await ctx.request
        .patch(`/api/v1/auth/mfa/passkeys/${second.id}`)
        .set(bearer(bob.access_token))
        .send({ name: 'Mine now' })
        .expect(404);
      expect(foreign.body.code).to.equal('passkey_not_found');
      await ctx.request
        .delete(`/api/v1/auth/mfa/passkeys/${second.id}`)
        .set(bearer(bob.access_token))
        .send({ password: bob.password })
        .expect(404);
      await ctx.request
        .patch('/api/v1/auth/mfa/passkeys/not-an-id')
        .set(bearer(alice.access_token))
        .send({ name: 'x' })
        .expect(404);
      await ctx.request
        .patch(`/api/v1/auth/mfa/passkeys/${second.id}`)
        .set(bearer(alice.access_token))
        .send({ name: '' })
        .expect(400);
      expect(
        (await ctx.request.get('/api/v1/auth/mfa/passkeys').set(bearer(bob.access_token))).body.data,
      ).to.deep.equal([]);
    });

    it('removes a passkey only with the password or a current code; a removed passkey signs in no more', async () => {
      const user = await userWithPasskey('remove');
      const path = `/api/v1/auth/mfa/passkeys/${user.passkey.id}`;
      // Without a proof in the body, only a fresh session may (step-up); this one is 11 minutes old.
      await ageSession(ctx, user.access_token);
      const none = await ctx.request.delete(path).set(bearer(user.access_token)).send({}).expect(403);
      expect(none.body.code).to.equal('reauthentication_required');
      const wrong = await ctx.request
        .delete(path)
        .set(bearer(user.access_token))
        .send({ password: 'not the password' })
        .expect(400);
      expect(wrong.body.code).to.equal('mfa_wrong_password');
      // No TOTP on this account: a code is no proof.
      await ctx.request.delete(path).set(bearer(user.access_token)).send({ code: '123456' }).expect(400);
      await passwordStep(ctx, user.email, PASSWORD);

      await ctx.request.delete(path).set(bearer(user.access_token)).send({ password: PASSWORD }).expect(204);
      // The last second factor is gone: the password alone signs in again.
      expect((await login(ctx, user.email, PASSWORD)).access_token).to.be.a('string');
      const options = await ctx.request.post('/api/v1/auth/passkeys/sign-in/options').expect(200);
      const refused = await ctx.request
        .post('/api/v1/auth/passkeys/sign-in')
        .send({ response: user.authenticator.assert(options.body) })
        .expect(400);
      expect(refused.body.code).to.equal('passkey_not_accepted');
    });

    it('removes a passkey with a current TOTP code', async () => {
      const user = await enrolledUser(ctx, 'remove-totp');
      const passkey = await registerPasskey(ctx, user.access_token, authenticatorFor(ctx));
      await awayFromStepEdge();
      await ctx.request
        .delete(`/api/v1/auth/mfa/passkeys/${passkey.id}`)
        .set(bearer(user.access_token))
        .send({ code: totpAt(user.secret, currentStep() + 1) })
        .expect(204);
    });
  });

  describe('second sign-in step', () => {
    it('asks an account with a passkey for a second step, and a real assertion finishes the sign-in', async () => {
      const user = await userWithPasskey('second');
      const step = await ctx.request
        .post('/api/v1/auth/login')
        .send({ email: user.email, password: PASSWORD })
        .expect(200);
      expect(step.body).to.include({ mfa_required: true });
      expect(step.body.methods).to.deep.equal(['webauthn']);
      expect(step.body).not.to.have.property('access_token');

      const options = await webauthnOptions(step.body.mfa_token);
      expect(options.rpId).to.equal('iam.example.test');
      expect(options.allowCredentials.map((credential) => credential.id)).to.deep.equal([
        user.authenticator.id,
      ]);
      const signedIn = await ctx.request
        .post('/api/v1/auth/mfa/challenge')
        .send({ mfa_token: step.body.mfa_token, webauthn_response: user.authenticator.assert(options) })
        .expect(200);
      expect(signedIn.body).to.include({ success: true, token_type: 'Bearer' });
      await ctx.request.get('/api/v1/auth/me').set(bearer(signedIn.body.access_token)).expect(200);
      const listed = await ctx.request
        .get('/api/v1/auth/mfa/passkeys')
        .set(bearer(user.access_token))
        .expect(200);
      expect(Date.parse(listed.body.data[0].last_used_at as string)).to.be.closeTo(Date.now(), 60_000);
    });

    it('lists both methods when TOTP is on as well', async () => {
      const user = await enrolledUser(ctx, 'both');
      await registerPasskey(ctx, user.access_token, authenticatorFor(ctx));
      const step = await ctx.request
        .post('/api/v1/auth/login')
        .send({ email: user.email, password: PASSWORD })
        .expect(200);
      expect(step.body.methods).to.deep.equal(['totp', 'webauthn']);
    });

    it('refuses another account’s credential, another origin or RP, a replayed challenge and another step’s challenge', async () => {
      const alice = await userWithPasskey('assert-alice');
      const bob = await userWithPasskey('assert-bob');
      const token = await passwordStep(ctx, alice.email, PASSWORD);
      const answer = (webauthn_response: unknown) =>
        ctx.request.post('/api/v1/auth/mfa/challenge').send({ mfa_token: token, webauthn_response });

      // Bob's own, correctly signed assertion on Alice's step.
      const foreign = await answer(bob.authenticator.assert(await webauthnOptions(token))).expect(400);
      expect(foreign.body.code).to.equal('passkey_not_accepted');
      await answer(
        alice.authenticator.assert(await webauthnOptions(token), { origin: 'https://evil.example' }),
      ).expect(400);
      await answer(alice.authenticator.assert(await webauthnOptions(token), { rpId: 'evil.example' })).expect(
        400,
      );
      // The challenge of another sign-in step of the same account.
      const otherToken = await passwordStep(ctx, alice.email, PASSWORD);
      await answer(alice.authenticator.assert(await webauthnOptions(otherToken))).expect(400);
      // A challenge the client made up (on the other step: five failures would void this one).
      await ctx.request
        .post('/api/v1/auth/mfa/challenge')
        .send({
          mfa_token: otherToken,
          webauthn_response: alice.authenticator.assert({
            challenge: Buffer.from('mine').toString('base64url'),
          }),
        })
        .expect(400);

      const good = alice.authenticator.assert(await webauthnOptions(token));
      await answer(good).expect(200);
      // Replayed on a new step: the challenge was used (and the counter did not rise).
      const next = await passwordStep(ctx, alice.email, PASSWORD);
      const replayed = await ctx.request
        .post('/api/v1/auth/mfa/challenge')
        .send({ mfa_token: next, webauthn_response: good })
        .expect(400);
      expect(replayed.body.code).to.equal('passkey_not_accepted');
    });

    it('refuses a signature counter that did not rise (a cloned authenticator)', async () => {
      const user = await userWithPasskey('counter');
      const first = await passwordStep(ctx, user.email, PASSWORD);
      await ctx.request
        .post('/api/v1/auth/mfa/challenge')
        .send({
          mfa_token: first,
          webauthn_response: user.authenticator.assert(await webauthnOptions(first), { counter: 5 }),
        })
        .expect(200);
      const second = await passwordStep(ctx, user.email, PASSWORD);
      for (const counter of [5, 4]) {
        const refused = await ctx.request
          .post('/api/v1/auth/mfa/challenge')
          .send({
            mfa_token: second,
            webauthn_response: user.authenticator.assert(await webauthnOptions(second), { counter }),
          })
          .expect(400);
        expect(refused.body.code).to.equal('passkey_not_accepted');
      }
      await ctx.request
        .post('/api/v1/auth/mfa/challenge')
        .send({
          mfa_token: second,
          webauthn_response: user.authenticator.assert(await webauthnOptions(second), { counter: 6 }),
        })
        .expect(200);
    });

    it('answers 401 for the options of an unknown or used mfa_token, and refuses a malformed response with 400', async () => {
      const user = await userWithPasskey('options');
      const unknown = await ctx.request
        .post('/api/v1/auth/mfa/webauthn/options')
        .send({ mfa_token: 'nope' })
        .expect(401);
      expect(unknown.body.code).to.equal('invalid_mfa_token');
      const token = await passwordStep(ctx, user.email, PASSWORD);
      await ctx.request
        .post('/api/v1/auth/mfa/challenge')
        .send({
          mfa_token: token,
          webauthn_response: user.authenticator.assert(await webauthnOptions(token)),
        })
        .expect(200);
      await ctx.request.post('/api/v1/auth/mfa/webauthn/options').send({ mfa_token: token }).expect(401);
      const fresh = await passwordStep(ctx, user.email, PASSWORD);
      const malformed = await ctx.request
        .post('/api/v1/auth/mfa/challenge')
        .send({ mfa_token: fresh, webauthn_response: { id: 'x', response: {} } })
        .expect(400);
      expect(malformed.body.code).to.equal('validation_failed');
      const garbage = user.authenticator.assert(await webauthnOptions(fresh));
      garbage.response.authenticatorData = Buffer.from('short').toString('base64url');
      await ctx.request
        .post('/api/v1/auth/mfa/challenge')
        .send({ mfa_token: fresh, webauthn_response: garbage })
        .expect(400);
    });
  });

  describe('passwordless sign-in', () => {
    const signInOptions = async () =>
      (await ctx.request.post('/api/v1/auth/passkeys/sign-in/options').expect(200)).body as {
        challenge: string;
        allowCredentials?: unknown[];
        userVerification: string;
      };

    it('signs in with a discoverable credential alone, with the normal sign-in answer', async () => {
      const user = await userWithPasskey('passwordless');
      const options = await signInOptions();
      expect(options.userVerification).to.equal('required');
      expect(options.allowCredentials ?? []).to.deep.equal([]);
      const signedIn = await ctx.request
        .post('/api/v1/auth/passkeys/sign-in')
        .send({ response: user.authenticator.assert(options) })
        .expect(200);
      expect(signedIn.body).to.include({ success: true, token_type: 'Bearer' });
      expect(signedIn.body.user.email).to.equal(user.email);
      const sessions = await ctx.request
        .get('/api/v1/auth/sessions')
        .set(bearer(signedIn.body.access_token))
        .expect(200);
      expect(sessions.body.data.find((session: { current: boolean }) => session.current).method).to.equal(
        'passkey',
      );
    });

    it('answers one error for an unknown credential and a bad assertion, needs user verification, and uses a challenge once', async () => {
      const user = await userWithPasskey('passwordless-bad');
      const stranger = authenticatorFor(ctx);
      const attempt = (response: unknown) =>
        ctx.request.post('/api/v1/auth/passkeys/sign-in').send({ response });

      const unknown = await attempt(stranger.assert(await signInOptions())).expect(400);
      const wrongOrigin = await attempt(
        user.authenticator.assert(await signInOptions(), { origin: 'https://evil.example' }),
      ).expect(400);
      // Same answer whether or not the credential exists: no account enumeration.
      expect(unknown.body).to.deep.equal(wrongOrigin.body);
      expect(unknown.body.code).to.equal('passkey_not_accepted');
      // User presence alone is not enough without a password.
      await attempt(user.authenticator.assert(await signInOptions(), { flags: FLAGS.UP })).expect(400);
      // A user handle of another account.
      await attempt(
        user.authenticator.assert(await signInOptions(), {
          userHandle: Buffer.from(new Types.ObjectId().toHexString(), 'hex').toString('base64url'),
        }),
      ).expect(400);
      const good = user.authenticator.assert(await signInOptions());
      await attempt(good).expect(200);
      await attempt(good).expect(400);
      // A second-step challenge is no passwordless challenge.
      const token = await passwordStep(ctx, user.email, PASSWORD);
      await attempt(user.authenticator.assert(await webauthnOptions(token))).expect(400);
    });
  });

  describe('privacy', () => {
    it('exports passkeys without their public key and deletes them with the account', async () => {
      const user = await userWithPasskey('privacy');
      const exported = await ctx.request
        .get('/api/v1/auth/me/export')
        .set(bearer(user.access_token))
        .buffer(true)
        .parse((res, done) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => done(null, text));
        })
        .expect(200);
      const json = JSON.parse(exported.body as string) as { passkeys: Array<Record<string, unknown>> };
      expect(json.passkeys).to.have.length(1);
      expect(json.passkeys[0]).to.include({ name: 'Laptop' });
      expect(json.passkeys[0]).not.to.have.property('public_key');
      expect(json.passkeys[0]).not.to.have.property('counter');
      await ctx.request
        .delete('/api/v1/auth/me')
        .set(bearer(user.access_token))
        .send({ password: PASSWORD })
        .expect(204);
      const left = await ctx.database.connection
        .collection('mfa_passkeys')
        .countDocuments({ user_id: new Types.ObjectId(user.user.id) });
      expect(left).to.equal(0);
    });
  });
});

describe('passkey brute force and rate limits', () => {
  it('failed assertions count like wrong codes: the account locks and the password is refused from there, but passwordless still works', async () => {
    const ctx = await createAuthContext({ PUBLIC_URL, LOCKOUT_THRESHOLD: '3', LOCKOUT_MINUTES: '15' });
    try {
      const user = await signedInUser(ctx, 'lock');
      const authenticator = authenticatorFor(ctx);
      await registerPasskey(ctx, user.access_token, authenticator);
      const token = await passwordStep(ctx, user.email, PASSWORD);
      const options = async () =>
        (await ctx.request.post('/api/v1/auth/mfa/webauthn/options').send({ mfa_token: token }).expect(200))
          .body;
      for (let attempt = 0; attempt < 3; attempt++) {
        await ctx.request
          .post('/api/v1/auth/mfa/challenge')
          .send({
            mfa_token: token,
            webauthn_response: authenticator.assert(await options(), { origin: 'https://evil.example' }),
          })
          .expect(400);
      }
      const locked = await ctx.request
        .post('/api/v1/auth/mfa/challenge')
        .send({ mfa_token: token, webauthn_response: authenticator.assert(await options()) })
        .expect(429);
      expect(locked.body.code).to.equal('account_locked');
      const password = await ctx.request
        .post('/api/v1/auth/login')
        .send({ email: user.email, password: PASSWORD })
        .expect(429);
      expect(password.body.code).to.equal('account_locked');
      // The passkey itself (a signature, not a guess) still signs its owner in without a password.
      const signInOptions = await ctx.request.post('/api/v1/auth/passkeys/sign-in/options').expect(200);
      await ctx.request
        .post('/api/v1/auth/passkeys/sign-in')
        .send({ response: authenticator.assert(signInOptions.body) })
        .expect(200);
    } finally {
      await ctx.close();
    }
  });

  it('rate limits the passwordless sign-in per address', async () => {
    const ctx = await createAuthContext({ PUBLIC_URL, RATE_LIMIT_PER_IP: '3' });
    try {
      for (let attempt = 0; attempt < 3; attempt++)
        await ctx.request.post('/api/v1/auth/passkeys/sign-in/options').expect(200);
      const limited = await ctx.request.post('/api/v1/auth/passkeys/sign-in/options').expect(429);
      expect(limited.body.code).to.equal('rate_limited');
      const stranger = authenticatorFor(ctx);
      for (let attempt = 0; attempt < 3; attempt++)
        await ctx.request
          .post('/api/v1/auth/passkeys/sign-in')
          .send({ response: stranger.assert({ challenge: 'AAAA' }) })
          .expect(400);
      await ctx.request
        .post('/api/v1/auth/passkeys/sign-in')
        .send({ response: stranger.assert({ challenge: 'AAAA' }) })
        .expect(429);
    } finally {
      await ctx.close();
    }
  });
});
