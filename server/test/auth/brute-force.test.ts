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
      await ctx.database.connection
        .collection('profiles')
        .updateOne({ email }, { $set: { locked_until: new Date(Date.now() - 1000) } });
      await login(ctx, email);
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
