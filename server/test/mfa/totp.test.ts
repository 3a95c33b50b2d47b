import { createDecipheriv, randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { Types } from 'mongoose';
import type { TestContext } from '../helpers/context.js';
import { bearer, createAuthContext, login, PASSWORD, signedInUser } from '../auth/helpers.js';
import { ageSession } from '../auth/step-up-helpers.js';
import { createTenant, createToken } from '../tokens/helpers.js';
import { awayFromStepEdge, currentStep, enrolledUser, passwordStep, totpAt } from './helpers.js';

describe('two-factor sign-in with TOTP', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await createAuthContext();
  });
  after(() => ctx.close());

  describe('enrolment', () => {
    it('answers a secret and an otpauth URL, and sign-in stays one step until a code confirms it', async () => {
      const user = await signedInUser(ctx, 'enrol');
      const started = await ctx.request
        .post('/api/v1/auth/mfa/totp')
        .set(bearer(user.access_token))
        .expect(200);
      expect(started.body.secret).to.match(/^[A-Z2-7]{32}$/);
      const url = new URL(started.body.otpauth_url as string);
      expect(url.protocol).to.equal('otpauth:');
      expect(url.host).to.equal('totp');
      expect(url.searchParams.get('secret')).to.equal(started.body.secret);
      expect(url.searchParams.get('period')).to.equal('30');
      expect(url.searchParams.get('digits')).to.equal('6');

      // Not active yet: a password still signs in.
      const before = await ctx.request
        .post('/api/v1/auth/login')
        .send({ email: user.email, password: PASSWORD });
      expect(before.body.access_token).to.be.a('string');

      await ctx.request
        .post('/api/v1/auth/mfa/totp/confirm')
        .set(bearer(user.access_token))
        .send({ code: totpAt(started.body.secret, currentStep() + 5) })
        .expect(400)
        .expect((res) => expect(res.body.code).to.equal('invalid_mfa_code'));

      await awayFromStepEdge();
      const confirmed = await ctx.request
        .post('/api/v1/auth/mfa/totp/confirm')
        .set(bearer(user.access_token))
        .send({ code: totpAt(started.body.secret, currentStep()) })
        .expect(200);
      const codes = confirmed.body.recovery_codes as string[];
      expect(codes).to.have.length(10);
      expect(new Set(codes).size).to.equal(10);

      const after = await ctx.request
        .post('/api/v1/auth/login')
        .send({ email: user.email, password: PASSWORD })
        .expect(200);
      expect(after.body).to.have.keys('mfa_required', 'mfa_token', 'methods', 'expires_in');
      expect(after.body.methods).to.deep.equal(['totp']);
      expect(after.body).not.to.have.property('access_token');
      expect(after.body).not.to.have.property('refresh_token');
    });

    it('stores the secret encrypted and the recovery codes hashed', async () => {
      const user = await enrolledUser(ctx, 'stored');
      const raw = await ctx.database.connection
        .collection('mfa_factors')
        .findOne({ confirmed_at: { $ne: null }, recovery_code_hashes: { $size: 10 } }, { sort: { _id: -1 } });
      const stored = JSON.stringify(raw);
      expect(stored).not.to.include(user.secret);
      expect(stored).not.to.include(user.secret.toLowerCase());
      for (const code of user.recoveryCodes) expect(stored).not.to.include(code);
      expect(raw!.secret_encrypted).to.match(/^v1\./);
    });

    it('refuses a second enrolment while two-factor is on (409)', async () => {
      const user = await enrolledUser(ctx, 'twice');
      const response = await ctx.request
        .post('/api/v1/auth/mfa/totp')
        .set(bearer(user.access_token))
        .expect(409);
      expect(response.body.code).to.equal('mfa_already_enabled');
    });

    it('refuses API tokens for enrolment (dashboard sessions only)', async () => {
      const user = await signedInUser(ctx, 'apitoken');
      const tenant = await createTenant(ctx, 'apitoken', user);
      const token = await createToken(ctx, user, tenant.applicationId, { scopes: ['admin'] });
      const response = await ctx.request.post('/api/v1/auth/mfa/totp').set(bearer(token.token)).expect(403);
      expect(response.body.code).to.equal('token_not_allowed');
    });
  });

  describe('sign-in challenge', () => {
    it('answers the normal sign-in response for a current code, and the session works', async () => {
      const user = await enrolledUser(ctx, 'challenge');
      const mfaToken = await passwordStep(ctx, user.email, PASSWORD);
      await awayFromStepEdge();
      // The enrolment used this step: the next one (inside the ±1 window) is accepted.
      const response = await ctx.request
        .post('/api/v1/auth/mfa/challenge')
        .send({ mfa_token: mfaToken, code: totpAt(user.secret, currentStep() + 1) })
        .expect(200);
      expect(response.body).to.include({ success: true, token_type: 'Bearer' });
      expect(response.body.user.email).to.equal(user.email);
      await ctx.request.get('/api/v1/auth/me').set(bearer(response.body.access_token)).expect(200);
    });

    it('refuses codes outside ±1 step', async () => {
      const user = await enrolledUser(ctx, 'window');
      const mfaToken = await passwordStep(ctx, user.email, PASSWORD);
      await awayFromStepEdge();
      for (const offset of [2, 3]) {
        const response = await ctx.request
          .post('/api/v1/auth/mfa/challenge')
          .send({ mfa_token: mfaToken, code: totpAt(user.secret, currentStep() + offset) })
          .expect(400);
        expect(response.body.code).to.equal('invalid_mfa_code');
      }
    });

    it('never accepts a code twice (replay), not even the code of enrolment', async () => {
      const user = await enrolledUser(ctx, 'replay');
      await awayFromStepEdge();
      const first = await passwordStep(ctx, user.email, PASSWORD);
      // The code that confirmed the enrolment is spent.
      await ctx.request
        .post('/api/v1/auth/mfa/challenge')
        .send({ mfa_token: first, code: totpAt(user.secret, user.enrolledStep) })
        .expect(400);
      const code = totpAt(user.secret, currentStep() + 1);
      await ctx.request.post('/api/v1/auth/mfa/challenge').send({ mfa_token: first, code }).expect(200);
      const second = await passwordStep(ctx, user.email, PASSWORD);
      const replayed = await ctx.request
        .post('/api/v1/auth/mfa/challenge')
        .send({ mfa_token: second, code })
        .expect(400);
      expect(replayed.body.code).to.equal('invalid_mfa_code');
      // An earlier step than the last accepted one is refused as well.
      await ctx.request
        .post('/api/v1/auth/mfa/challenge')
        .send({ mfa_token: second, code: totpAt(user.secret, currentStep()) })
        .expect(400);
    });

    it('takes each recovery code once', async () => {
      const user = await enrolledUser(ctx, 'recovery');
      const [code] = user.recoveryCodes;
      const first = await passwordStep(ctx, user.email, PASSWORD);
      const ok = await ctx.request
        .post('/api/v1/auth/mfa/challenge')
        .send({ mfa_token: first, recovery_code: code!.toUpperCase() })
        .expect(200);
      expect(ok.body.access_token).to.be.a('string');
      const second = await passwordStep(ctx, user.email, PASSWORD);
      const again = await ctx.request
        .post('/api/v1/auth/mfa/challenge')
        .send({ mfa_token: second, recovery_code: code })
        .expect(400);
      expect(again.body.code).to.equal('invalid_recovery_code');
      await ctx.request
        .post('/api/v1/auth/mfa/challenge')
        .send({ mfa_token: second, recovery_code: user.recoveryCodes[1] })
        .expect(200);
    });

    it('uses an mfa_token once, and not after it expired', async () => {
      const user = await enrolledUser(ctx, 'single');
      const token = await passwordStep(ctx, user.email, PASSWORD);
      await ctx.request
        .post('/api/v1/auth/mfa/challenge')
        .send({ mfa_token: token, recovery_code: user.recoveryCodes[0] })
        .expect(200);
      const reused = await ctx.request
        .post('/api/v1/auth/mfa/challenge')
        .send({ mfa_token: token, recovery_code: user.recoveryCodes[1] })
        .expect(401);
      expect(reused.body.code).to.equal('invalid_mfa_token');

      const expiring = await passwordStep(ctx, user.email, PASSWORD);
      // Five minutes pass.
      await ctx.database.connection
        .collection('mfa_challenges')
        .updateMany({ used_at: null }, { $set: { expires_at: new Date(Date.now() - 1000) } });
      const expired = await ctx.request
        .post('/api/v1/auth/mfa/challenge')
        .send({ mfa_token: expiring, recovery_code: user.recoveryCodes[1] })
        .expect(401);
      expect(expired.body.code).to.equal('invalid_mfa_token');
    });

    it('an mfa_token is no bearer credential', async () => {
      const user = await enrolledUser(ctx, 'bearer');
      const token = await passwordStep(ctx, user.email, PASSWORD);
      const response = await ctx.request.get('/api/v1/auth/me').set(bearer(token)).expect(401);
      expect(response.body.code).to.equal('invalid_token');
      await ctx.request.post('/api/v1/verify').set(bearer(token)).expect(401);
    });

    it('refuses an unknown mfa_token and a body with both or neither kind of code', async () => {
      await ctx.request
        .post('/api/v1/auth/mfa/challenge')
        .send({ mfa_token: 'nope', code: '123456' })
        .expect(401);
      await ctx.request.post('/api/v1/auth/mfa/challenge').send({ mfa_token: 'nope' }).expect(400);
      await ctx.request
        .post('/api/v1/auth/mfa/challenge')
        .send({ mfa_token: 'nope', code: '123456', recovery_code: 'abcde-fghij' })
        .expect(400);
    });
  });

  describe('recovery codes', () => {
    it('replaces them with the password or a current code; the old ones stop working', async () => {
      const user = await enrolledUser(ctx, 'regen');
      const wrong = await ctx.request
        .post('/api/v1/auth/mfa/recovery-codes')
        .set(bearer(user.access_token))
        .send({ password: 'not the password' })
        .expect(400);
      expect(wrong.body.code).to.equal('mfa_wrong_password');
      const fresh = await ctx.request
        .post('/api/v1/auth/mfa/recovery-codes')
        .set(bearer(user.access_token))
        .send({ password: PASSWORD })
        .expect(200);
      const codes = fresh.body.recovery_codes as string[];
      expect(codes).to.have.length(10);
      expect(codes.filter((code) => user.recoveryCodes.includes(code))).to.deep.equal([]);
      const token = await passwordStep(ctx, user.email, PASSWORD);
      await ctx.request
        .post('/api/v1/auth/mfa/challenge')
        .send({ mfa_token: token, recovery_code: user.recoveryCodes[0] })
        .expect(400);
      await ctx.request
        .post('/api/v1/auth/mfa/challenge')
        .send({ mfa_token: token, recovery_code: codes[0] })
        .expect(200);
    });
  });

  describe('turning it off', () => {
    it('needs the password or a current code', async () => {
      const user = await enrolledUser(ctx, 'disable');
      // Without a proof in the body, only a fresh session may (step-up); this one is 11 minutes old.
      await ageSession(ctx, user.access_token);
      const none = await ctx.request
        .delete('/api/v1/auth/mfa/totp')
        .set(bearer(user.access_token))
        .send({})
        .expect(403);
      expect(none.body.code).to.equal('reauthentication_required');
      const wrongPassword = await ctx.request
        .delete('/api/v1/auth/mfa/totp')
        .set(bearer(user.access_token))
        .send({ password: 'not the password' })
        .expect(400);
      expect(wrongPassword.body.code).to.equal('mfa_wrong_password');
      await ctx.request
        .delete('/api/v1/auth/mfa/totp')
        .set(bearer(user.access_token))
        .send({ code: totpAt(user.secret, user.enrolledStep) })
        .expect(400);
      // Still on.
      await passwordStep(ctx, user.email, PASSWORD);

      await awayFromStepEdge();
      await ctx.request
        .delete('/api/v1/auth/mfa/totp')
        .set(bearer(user.access_token))
        .send({ code: totpAt(user.secret, currentStep() + 1) })
        .expect(204);
      const tokens = await login(ctx, user.email, PASSWORD);
      expect(tokens.access_token).to.be.a('string');
      await ctx.request
        .delete('/api/v1/auth/mfa/totp')
        .set(bearer(user.access_token))
        .send({ password: PASSWORD })
        .expect(404);
    });

    it('turns off with the password', async () => {
      const user = await enrolledUser(ctx, 'disable-pw');
      await ctx.request
        .delete('/api/v1/auth/mfa/totp')
        .set(bearer(user.access_token))
        .send({ password: PASSWORD })
        .expect(204);
      expect((await login(ctx, user.email, PASSWORD)).access_token).to.be.a('string');
    });
  });
});

describe('two-factor brute force', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await createAuthContext({ LOCKOUT_THRESHOLD: '3', LOCKOUT_MINUTES: '15' });
  });
  after(() => ctx.close());

  it('locks after wrong codes: the right code is refused then, and so is the password from that network', async () => {
    const user = await enrolledUser(ctx, 'brute');
    const wrong = (step: number) =>
      String((Number(totpAt(user.secret, step)) + 1) % 1_000_000).padStart(6, '0');
    const token = await passwordStep(ctx, user.email, PASSWORD);
    for (let attempt = 0; attempt < 3; attempt++) {
      await ctx.request
        .post('/api/v1/auth/mfa/challenge')
        .send({ mfa_token: token, code: wrong(currentStep() + 7 + attempt) })
        .expect(400);
    }
    await awayFromStepEdge();
    const locked = await ctx.request
      .post('/api/v1/auth/mfa/challenge')
      .send({ mfa_token: token, code: totpAt(user.secret, currentStep() + 1) })
      .expect(429);
    expect(locked.body.code).to.equal('account_locked');
    expect(Number(locked.headers['retry-after'])).to.be.greaterThan(0);
    // Counted towards the sign-in lockout: the password is refused from here too.
    const password = await ctx.request
      .post('/api/v1/auth/login')
      .send({ email: user.email, password: PASSWORD })
      .expect(429);
    expect(password.body.code).to.equal('account_locked');
  });

  it('signing in again with the password does not buy new guesses', async () => {
    const user = await enrolledUser(ctx, 'rebuy');
    await awayFromStepEdge();
    for (let round = 0; round < 3; round++) {
      // A correct password resets the network's password failures, but not the code failures.
      const token = await passwordStep(ctx, user.email, PASSWORD);
      await ctx.request
        .post('/api/v1/auth/mfa/challenge')
        .send({ mfa_token: token, recovery_code: `wrong-${round}` })
        .expect(400);
    }
    const token = await passwordStep(ctx, user.email, PASSWORD);
    const locked = await ctx.request
      .post('/api/v1/auth/mfa/challenge')
      .send({ mfa_token: token, code: totpAt(user.secret, currentStep() + 1) })
      .expect(429);
    expect(locked.body.code).to.equal('account_locked');
  });

  it('voids an mfa_token after five wrong codes', async () => {
    const local = await createAuthContext({ LOCKOUT_THRESHOLD: '100' });
    try {
      const user = await enrolledUser(local, 'spent');
      const token = await passwordStep(local, user.email, PASSWORD);
      for (let attempt = 0; attempt < 5; attempt++) {
        await local.request
          .post('/api/v1/auth/mfa/challenge')
          .send({ mfa_token: token, recovery_code: `wrong-${attempt}` })
          .expect(400);
      }
      await local.request
        .post('/api/v1/auth/mfa/challenge')
        .send({ mfa_token: token, recovery_code: user.recoveryCodes[0] })
        .expect(401);
    } finally {
      await local.close();
    }
  });
});

describe('two-factor secrets at rest', () => {
  it('are encrypted with AES-256-GCM under MFA_ENCRYPTION_KEY, bound to the user, and no key is stored', async () => {
    const key = randomBytes(32);
    const ctx = await createAuthContext({ MFA_ENCRYPTION_KEY: key.toString('hex') });
    try {
      const user = await enrolledUser(ctx, 'atrest');
      const factor = await ctx.database.connection
        .collection('mfa_factors')
        .findOne({ user_id: new Types.ObjectId(user.user.id) });
      const [format, iv, tag, ciphertext] = (factor!.secret_encrypted as string).split('.');
      expect(format).to.equal('v1');
      const open = (aad: string) => {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv!, 'base64url'));
        decipher.setAAD(Buffer.from(aad));
        decipher.setAuthTag(Buffer.from(tag!, 'base64url'));
        return Buffer.concat([
          decipher.update(Buffer.from(ciphertext!, 'base64url')),
          decipher.final(),
        ]).toString();
      };
      expect(open(user.user.id)).to.equal(user.secret);
      // Copied to another account, the ciphertext does not open.
      expect(() => open(new Types.ObjectId().toHexString())).to.throw();
      expect(await ctx.database.connection.collection('mfa_keys').countDocuments()).to.equal(0);
    } finally {
      await ctx.close();
    }
  });

  it('without MFA_ENCRYPTION_KEY, generates one key and stores it once', async () => {
    const ctx = await createAuthContext();
    try {
      await enrolledUser(ctx, 'genkey');
      await enrolledUser(ctx, 'genkey2');
      expect(await ctx.database.connection.collection('mfa_keys').countDocuments()).to.equal(1);
    } finally {
      await ctx.close();
    }
  });
});
