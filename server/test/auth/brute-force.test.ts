import { expect } from 'chai';
import type { TestContext } from '../helpers/context.js';
import { createAuthContext, latestMail, login, PASSWORD, registerConfirmed, uniqueEmail } from './helpers.js';

describe('brute-force protection', () => {
  describe('account lockout', () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createAuthContext({ LOCKOUT_THRESHOLD: '10', LOCKOUT_MINUTES: '15' });
    });
    after(() => ctx.close());

    it('locks the account after 10 consecutive failures, says for how long, and mails the owner', async () => {
      const { email } = await registerConfirmed(ctx);
      for (let attempt = 1; attempt <= 10; attempt += 1) {
        await ctx.request
          .post('/api/v1/auth/login')
          .send({ email, password: `wrong-${attempt}` })
          .expect(401);
      }
      const locked = await ctx.request
        .post('/api/v1/auth/login')
        .send({ email, password: PASSWORD })
        .expect(429);
      expect(locked.body.code).to.equal('account_locked');
      expect(Number(locked.headers['retry-after'])).to.be.within(14 * 60, 15 * 60);
      const mail = await latestMail(ctx, email, 'account_locked');
      expect(mail.text).to.contain('15');
      const audit = await ctx.database.connection
        .collection('activity_logs')
        .findOne({ action: 'user.locked' });
      expect(audit).to.include({ status_code: 429 });
    });

    it('unlocks after the lockout period', async () => {
      const { email } = await registerConfirmed(ctx);
      for (let attempt = 1; attempt <= 10; attempt += 1) {
        await ctx.request.post('/api/v1/auth/login').send({ email, password: 'wrong' }).expect(401);
      }
      await ctx.request.post('/api/v1/auth/login').send({ email, password: PASSWORD }).expect(429);
      // Let the lock's window end (the TTL monitor would delete it a little later).
      await ctx.database.connection
        .collection('rate_limits')
        .updateMany(
          { _id: { $regex: `^login-lock:${email}` } as never },
          { $set: { reset_at: new Date(0) } },
        );
      await login(ctx, email);
    });

    it('answers a locked unknown address exactly like a locked account', async () => {
      const { email } = await registerConfirmed(ctx);
      const unknown = uniqueEmail('nobody');
      const lockedAnswer = async (address: string) => {
        for (let attempt = 1; attempt <= 10; attempt += 1) {
          await ctx.request
            .post('/api/v1/auth/login')
            .send({ email: address, password: 'wrong' })
            .expect(401);
        }
        const response = await ctx.request
          .post('/api/v1/auth/login')
          .send({ email: address, password: PASSWORD })
          .expect(429);
        return { body: response.body, retryAfter: Number(response.headers['retry-after']) };
      };
      const [known, notKnown] = [await lockedAnswer(email), await lockedAnswer(unknown)];
      expect(notKnown.body).to.deep.equal(known.body);
      expect(notKnown.body.code).to.equal('account_locked');
      expect(Math.abs(notKnown.retryAfter - known.retryAfter)).to.be.at.most(2);
    });

    it('counts only consecutive failures: a success resets the count', async () => {
      const { email } = await registerConfirmed(ctx);
      for (let attempt = 1; attempt <= 9; attempt += 1) {
        await ctx.request.post('/api/v1/auth/login').send({ email, password: 'wrong' }).expect(401);
      }
      await login(ctx, email);
      for (let attempt = 1; attempt <= 9; attempt += 1) {
        await ctx.request.post('/api/v1/auth/login').send({ email, password: 'wrong' }).expect(401);
      }
      await login(ctx, email);
    });

    it('lifts the lockout when the owner resets the password', async () => {
      const { email } = await registerConfirmed(ctx);
      for (let attempt = 1; attempt <= 10; attempt += 1) {
        await ctx.request.post('/api/v1/auth/login').send({ email, password: 'wrong' }).expect(401);
      }
      const mail = await latestMail(ctx, email, 'account_locked');
      const token = new URL(mail.text.match(/https?:\/\/\S+mode=reset\S*/)![0]).searchParams.get('token');
      await ctx.request
        .post('/api/v1/password-reset')
        .send({ action: 'reset', token, new_password: 'fresh password' })
        .expect(200);
      await login(ctx, email, 'fresh password');
    });
  });

  describe('lockout that an attacker cannot turn against the owner', () => {
    let ctx: TestContext;
    const from = (ip: string) => ({ 'X-Forwarded-For': ip });
    before(async () => {
      ctx = await createAuthContext({
        TRUST_PROXY: 'loopback',
        LOCKOUT_THRESHOLD: '3',
        LOCKOUT_ACCOUNT_CEILING: '7',
        LOCKOUT_MINUTES: '15',
      });
    });
    after(() => ctx.close());

    const fail = (email: string, ip: string) =>
      ctx.request.post('/api/v1/auth/login').set(from(ip)).send({ email, password: 'guess' });

    it('locks the address only for the network that guessed; the owner signs in from elsewhere', async () => {
      const { email } = await registerConfirmed(ctx);
      for (let attempt = 1; attempt <= 3; attempt += 1) await fail(email, '203.0.113.7').expect(401);
      await fail(email, '203.0.113.7').expect(429);
      // The same /56 is the same network for IPv6; here another IPv4 address is another network.
      await ctx.request
        .post('/api/v1/auth/login')
        .set(from('198.51.100.20'))
        .send({ email, password: PASSWORD })
        .expect(200);
      const mail = await latestMail(ctx, email, 'account_locked');
      expect(mail.text).to.contain('203.0.113.7');
    });

    it('groups IPv6 guesses by /56, so rotating addresses does not reset the count', async () => {
      const { email } = await registerConfirmed(ctx);
      for (const host of ['1', '2', '3']) await fail(email, `2001:db8:0:1${host}::${host}`).expect(401);
      await fail(email, '2001:db8:0:ff::99').expect(429);
    });

    it('pauses the address everywhere after the ceiling from many networks; the mailed link lifts it', async () => {
      const { email } = await registerConfirmed(ctx);
      const networks = ['192.0.2.1', '192.0.2.2', '192.0.2.3', '192.0.2.4'];
      let failures = 0;
      for (const ip of networks) {
        for (let attempt = 1; attempt <= 2 && failures < 7; attempt += 1, failures += 1) {
          await fail(email, ip).expect(401);
        }
      }
      const owner = await ctx.request
        .post('/api/v1/auth/login')
        .set(from('198.51.100.99'))
        .send({ email, password: PASSWORD })
        .expect(429);
      expect(owner.body.code).to.equal('account_locked');
      const mail = await latestMail(ctx, email, 'account_locked');
      expect(mail.text).to.contain('von vielen verschiedenen Netzwerken aus');
      const token = new URL(mail.text.match(/https?:\/\/\S+mode=reset\S*/)![0]).searchParams.get('token');
      await ctx.request
        .post('/api/v1/password-reset')
        .set(from('198.51.100.99'))
        .send({ action: 'reset', token, new_password: 'fresh password' })
        .expect(200);
      await ctx.request
        .post('/api/v1/auth/login')
        .set(from('198.51.100.99'))
        .send({ email, password: 'fresh password' })
        .expect(200);
    });
  });

  describe('password checks with a signed-in token (PATCH /auth/me)', () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createAuthContext({ LOCKOUT_THRESHOLD: '3', RATE_LIMIT_PER_ACCOUNT: '5' });
    });
    after(() => ctx.close());

    const change = (token: string, currentPassword: string) =>
      ctx.request
        .patch('/api/v1/auth/me')
        .set('Authorization', `Bearer ${token}`)
        .send({ current_password: currentPassword, password: 'new password 1' });

    it('counts wrong current passwords like failed sign-ins and locks', async () => {
      const { email, password } = await registerConfirmed(ctx);
      const { access_token } = await login(ctx, email, password);
      for (let attempt = 1; attempt <= 3; attempt += 1) {
        expect((await change(access_token, `guess-${attempt}`).expect(400)).body.code).to.equal(
          'wrong_current_password',
        );
      }
      expect((await change(access_token, PASSWORD).expect(429)).body.code).to.equal('account_locked');
      // The same lock guards the sign-in form: the guesses were not free.
      await ctx.request.post('/api/v1/auth/login').send({ email, password: PASSWORD }).expect(429);
    });

    it('limits password checks per user before hashing: a burst gets 429s, not a hash queue', async () => {
      const { email, password } = await registerConfirmed(ctx);
      const { access_token } = await login(ctx, email, password);
      const burst = await Promise.all(
        Array.from({ length: 30 }, (_, i) => change(access_token, `burst-${i}`)),
      );
      const statuses = burst.map((response) => response.status);
      expect(statuses.filter((status) => status === 429).length).to.be.at.least(25);
      expect(statuses.every((status) => status === 400 || status === 429)).to.equal(true);
      // A profile change without a password is not a password check and is not limited.
      await ctx.request
        .patch('/api/v1/auth/me')
        .set('Authorization', `Bearer ${access_token}`)
        .send({ display_name: 'Still here' })
        .expect(200);
    });
  });

  describe('rate limits', () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createAuthContext({
        RATE_LIMIT_PER_IP: '5',
        RATE_LIMIT_PER_ACCOUNT: '3',
        RATE_LIMIT_WINDOW_S: '900',
      });
    });
    after(() => ctx.close());

    it('limits login attempts per account, with Retry-After', async () => {
      const email = uniqueEmail('target');
      for (let attempt = 1; attempt <= 3; attempt += 1) {
        await ctx.request.post('/api/v1/auth/login').send({ email, password: 'guess' }).expect(401);
      }
      const limited = await ctx.request
        .post('/api/v1/auth/login')
        .send({ email, password: 'guess' })
        .expect(429);
      expect(limited.body).to.deep.equal({
        error: 'Too many requests. Please try again later.',
        code: 'rate_limited',
      });
      expect(Number(limited.headers['retry-after'])).to.be.within(1, 900);
      // Another account from the same address is still allowed (per-IP budget left).
      await ctx.request
        .post('/api/v1/auth/login')
        .send({ email: uniqueEmail('other'), password: 'guess' })
        .expect(401);
    });

    it('limits registrations per IP address', async () => {
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        await ctx.request
          .post('/api/v1/auth/register')
          .send({ email: uniqueEmail('bulk'), password: PASSWORD })
          .expect(201);
      }
      const limited = await ctx.request
        .post('/api/v1/auth/register')
        .send({ email: uniqueEmail('bulk'), password: PASSWORD })
        .expect(429);
      expect(limited.headers['retry-after']).to.match(/^\d+$/);
      expect(limited.body.code).to.equal('rate_limited');
    });

    it('limits reset requests per account', async () => {
      const email = uniqueEmail('reset-target');
      for (let attempt = 1; attempt <= 3; attempt += 1) {
        await ctx.request.post('/api/v1/password-reset').send({ action: 'generate', email }).expect(200);
      }
      await ctx.request.post('/api/v1/password-reset').send({ action: 'generate', email }).expect(429);
    });
  });
});
