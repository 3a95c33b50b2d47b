import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { expect } from 'chai';
import jwt from 'jsonwebtoken';
import type { Test } from 'supertest';
import type { TestContext } from '../helpers/context.js';
import {
  bearer,
  createAuthContext,
  login,
  PASSWORD,
  registerConfirmed,
  signedInUser,
  uniqueEmail,
} from './helpers.js';

describe('sign-in, sessions and tokens', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await createAuthContext();
  });
  after(() => ctx.close());

  describe('POST /auth/login', () => {
    it('answers the documented session shape', async () => {
      const { email } = await registerConfirmed(ctx);
      const response = await ctx.request
        .post('/api/v1/auth/login')
        .send({ email, password: PASSWORD })
        .expect(200);
      const body = response.body;
      expect(body).to.have.all.keys(
        'success',
        'access_token',
        'refresh_token',
        'token_type',
        'expires_in',
        'expires_at',
        'user',
      );
      expect(body).to.include({ success: true, token_type: 'Bearer' });
      expect(body.expires_in).to.be.within(890, 900);
      expect(body.expires_at).to.be.closeTo(Math.floor(Date.now() / 1000) + 900, 10);
      expect(body.user.email).to.equal(email);
      expect(body.user.last_login_at).to.be.a('string');
      expect(JSON.stringify(body.user)).not.to.match(/password|hash/);
    });

    it('gives identical answers for an unknown e-mail and a wrong password', async () => {
      const { email } = await registerConfirmed(ctx);
      const wrong = await ctx.request
        .post('/api/v1/auth/login')
        .send({ email, password: 'wrong password' })
        .expect(401);
      const unknown = await ctx.request
        .post('/api/v1/auth/login')
        .send({ email: uniqueEmail('ghost'), password: 'wrong password' })
        .expect(401);
      expect(wrong.body).to.deep.equal(unknown.body);
      expect(wrong.body).to.deep.equal({ error: 'Invalid e-mail or password.', code: 'invalid_credentials' });
    });

    it('refuses operator payloads and missing fields with 400', async () => {
      for (const body of [{ email: { $gt: '' }, password: { $gt: '' } }, { email: 'a@b.co' }, {}]) {
        const response = await ctx.request.post('/api/v1/auth/login').send(body).expect(400);
        expect(response.body.code).to.equal('validation_failed');
      }
    });

    it('writes success and failure to the audit trail', async () => {
      const { email } = await registerConfirmed(ctx);
      await ctx.request.post('/api/v1/auth/login').send({ email, password: 'nope nope' }).expect(401);
      const session = await login(ctx, email);
      const actions = await ctx.database.connection
        .collection('activity_logs')
        .find({ user_id: { $exists: true }, resource_id: session.user.id })
        .map((entry) => `${entry.action}:${entry.status_code}`)
        .toArray();
      expect(actions).to.include.members(['user.login_failed:401', 'user.login:200']);
    });
  });

  describe('access tokens', () => {
    it('authenticate GET /auth/me, which reports is_admin', async () => {
      const user = await signedInUser(ctx);
      const me = await ctx.request.get('/api/v1/auth/me').set(bearer(user.access_token)).expect(200);
      expect(me.body).to.include({ email: user.email, is_admin: false, id: user.user.id });
    });

    it('are ES256 JWTs with kid, iss, aud, sub and exp that the JWKS verifies', async () => {
      const user = await signedInUser(ctx);
      const jwks = await ctx.request.get('/.well-known/jwks.json').expect(200);
      const decoded = jwt.decode(user.access_token, { complete: true })!;
      expect(decoded.header).to.include({ alg: 'ES256', kid: jwks.body.keys[0].kid });
      const key = createPublicKey({ key: jwks.body.keys[0], format: 'jwk' });
      const claims = jwt.verify(user.access_token, key, { algorithms: ['ES256'] }) as jwt.JwtPayload;
      expect(claims).to.include({ sub: user.user.id, iss: ctx.config.auth.issuer, aud: 'iam-platform' });
      expect(claims.exp! - claims.iat!).to.equal(900);
      expect(jwks.body.keys[0]).not.to.have.property('d');
    });

    describe('refuse forged and stale tokens with 401', () => {
      let user: Awaited<ReturnType<typeof signedInUser>>;
      let privateKey: ReturnType<typeof createPrivateKey>;
      let claims: jwt.JwtPayload;
      let kid: string;

      before(async () => {
        user = await signedInUser(ctx);
        const stored = await ctx.database.connection.collection('signing_keys').findOne({});
        privateKey = createPrivateKey(stored!.private_key_pem as string);
        const decoded = jwt.decode(user.access_token, { complete: true })!;
        claims = decoded.payload as jwt.JwtPayload;
        kid = decoded.header.kid!;
      });

      const sign = (payload: object, options: jwt.SignOptions) =>
        jwt.sign(payload, privateKey, { algorithm: 'ES256', keyid: kid, ...options });
      const expectRefused = async (token: string, code: string) => {
        const response = await ctx.request.get('/api/v1/auth/me').set(bearer(token)).expect(401);
        expect(response.body.code).to.equal(code);
      };
      const base = () => ({ sid: claims.sid, email: claims.email });

      it('expired', async () => {
        const token = sign(
          { ...base(), exp: Math.floor(Date.now() / 1000) - 60 },
          { subject: claims.sub!, issuer: claims.iss!, audience: 'iam-platform' },
        );
        await expectRefused(token, 'token_expired');
      });

      it('for another audience or issuer', async () => {
        await expectRefused(
          sign(base(), {
            subject: claims.sub!,
            issuer: claims.iss!,
            audience: 'someone-else',
            expiresIn: 60,
          }),
          'invalid_token',
        );
        await expectRefused(
          sign(base(), {
            subject: claims.sub!,
            issuer: 'https://evil.example',
            audience: 'iam-platform',
            expiresIn: 60,
          }),
          'invalid_token',
        );
      });

      it('with alg none', async () => {
        const unsigned = jwt.sign(
          { ...base(), sub: claims.sub, iss: claims.iss, aud: 'iam-platform' },
          null,
          { algorithm: 'none', expiresIn: 60 },
        );
        await expectRefused(unsigned, 'invalid_token');
      });

      it('HS256-signed with the public key as the secret', async () => {
        const publicPem = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
        const header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT', kid })).toString('base64url');
        const payload = Buffer.from(
          JSON.stringify({
            ...base(),
            sub: claims.sub,
            iss: claims.iss,
            aud: 'iam-platform',
            exp: Math.floor(Date.now() / 1000) + 60,
          }),
        ).toString('base64url');
        const { createHmac } = await import('node:crypto');
        const signature = createHmac('sha256', publicPem).update(`${header}.${payload}`).digest('base64url');
        await expectRefused(`${header}.${payload}.${signature}`, 'invalid_token');
      });

      it('signed by another key', async () => {
        const { privateKey: otherKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
        const token = jwt.sign(base(), otherKey, {
          algorithm: 'ES256',
          keyid: kid,
          subject: claims.sub!,
          issuer: claims.iss!,
          audience: 'iam-platform',
          expiresIn: 60,
        });
        await expectRefused(token, 'invalid_token');
      });

      it('missing or malformed', async () => {
        expect((await ctx.request.get('/api/v1/auth/me').expect(401)).body.code).to.equal('missing_token');
        expect(
          (await ctx.request.get('/api/v1/auth/me').set('Authorization', 'Basic abc').expect(401)).body.code,
        ).to.equal('missing_token');
        await expectRefused('not.a.jwt', 'invalid_token');
      });
    });
  });

  describe('POST /auth/refresh', () => {
    it('rotates: the new pair works, the old refresh token is spent', async () => {
      const user = await signedInUser(ctx);
      const rotated = await ctx.request
        .post('/api/v1/auth/refresh')
        .send({ refresh_token: user.refresh_token })
        .expect(200);
      expect(rotated.body.refresh_token).not.to.equal(user.refresh_token);
      expect(rotated.body.access_token).not.to.equal(user.access_token);
      await ctx.request.get('/api/v1/auth/me').set(bearer(rotated.body.access_token)).expect(200);
      const again = await ctx.request
        .post('/api/v1/auth/refresh')
        .send({ refresh_token: rotated.body.refresh_token })
        .expect(200);
      expect(again.body.user.id).to.equal(user.user.id);
    });

    it('detects reuse: presenting a rotated token ends the whole session family', async () => {
      const user = await signedInUser(ctx);
      const rotated = await ctx.request
        .post('/api/v1/auth/refresh')
        .send({ refresh_token: user.refresh_token })
        .expect(200);
      const reuse = await ctx.request
        .post('/api/v1/auth/refresh')
        .send({ refresh_token: user.refresh_token })
        .expect(401);
      expect(reuse.body.code).to.equal('refresh_token_reused');
      // The legitimate holder's newer tokens die with the family.
      const stale = await ctx.request
        .post('/api/v1/auth/refresh')
        .send({ refresh_token: rotated.body.refresh_token })
        .expect(401);
      expect(stale.body.code).to.equal('invalid_refresh_token');
      const me = await ctx.request.get('/api/v1/auth/me').set(bearer(rotated.body.access_token)).expect(401);
      expect(me.body.code).to.equal('session_ended');
      const audit = await ctx.database.connection
        .collection('activity_logs')
        .findOne({ action: 'user.refresh_token_reused', resource_id: user.user.id });
      expect(audit).to.include({ status_code: 401 });
    });

    it('refuses unknown tokens', async () => {
      const response = await ctx.request
        .post('/api/v1/auth/refresh')
        .send({ refresh_token: 'made-up' })
        .expect(401);
      expect(response.body.code).to.equal('invalid_refresh_token');
    });

    it('stores refresh tokens only as hashes', async () => {
      const user = await signedInUser(ctx);
      const stored = await ctx.database.connection
        .collection('refresh_tokens')
        .find({ user_id: { $exists: true } })
        .toArray();
      expect(JSON.stringify(stored)).not.to.contain(user.refresh_token);
    });
  });

  describe('logout and sessions', () => {
    it('logout ends the session: its access and refresh tokens stop working', async () => {
      const user = await signedInUser(ctx);
      await ctx.request
        .post('/api/v1/auth/logout')
        .set(bearer(user.access_token))
        .expect(200, { success: true });
      expect(
        (await ctx.request.get('/api/v1/auth/me').set(bearer(user.access_token)).expect(401)).body.code,
      ).to.equal('session_ended');
      await ctx.request.post('/api/v1/auth/refresh').send({ refresh_token: user.refresh_token }).expect(401);
    });

    it('lists the caller’s sessions newest first, marking the current one', async () => {
      const user = await signedInUser(ctx);
      const second = await login(ctx, user.email, user.password);
      const response = await ctx.request
        .get('/api/v1/auth/sessions')
        .set(bearer(second.access_token))
        .set('User-Agent', 'test-agent')
        .expect(200);
      expect(response.body.data).to.have.length(2);
      expect(response.body.next_cursor).to.equal(null);
      expect(response.body.data[0].current).to.equal(true);
      expect(response.body.data[1].current).to.equal(false);
      expect(response.body.data[0]).to.have.all.keys(
        'id',
        'created_at',
        'last_used_at',
        'expires_at',
        'ip_address',
        'user_agent',
        'method',
        'current',
      );
    });

    it('ends another of the caller’s sessions, but never someone else’s (404)', async () => {
      const alice = await signedInUser(ctx, 'alice');
      const aliceOther = await login(ctx, alice.email, alice.password);
      const bob = await signedInUser(ctx, 'bob');
      const sessions = await ctx.request
        .get('/api/v1/auth/sessions')
        .set(bearer(alice.access_token))
        .expect(200);
      const otherId = sessions.body.data.find((s: { current: boolean }) => !s.current).id;

      const foreign = await ctx.request
        .delete(`/api/v1/auth/sessions/${otherId}`)
        .set(bearer(bob.access_token))
        .expect(404);
      expect(foreign.body.code).to.equal('session_not_found');
      await ctx.request.get('/api/v1/auth/me').set(bearer(aliceOther.access_token)).expect(200);

      await ctx.request
        .delete(`/api/v1/auth/sessions/${otherId}`)
        .set(bearer(alice.access_token))
        .expect(204);
      await ctx.request.get('/api/v1/auth/me').set(bearer(aliceOther.access_token)).expect(401);
      await ctx.request.get('/api/v1/auth/me').set(bearer(alice.access_token)).expect(200);
      await ctx.request.delete('/api/v1/auth/sessions/not-an-id').set(bearer(alice.access_token)).expect(404);
    });
  });

  describe('PATCH /auth/me', () => {
    it('changes the display name', async () => {
      const user = await signedInUser(ctx);
      const response = await ctx.request
        .patch('/api/v1/auth/me')
        .set(bearer(user.access_token))
        .send({ display_name: '  Ada L. ' })
        .expect(200);
      expect(response.body).to.include({ display_name: 'Ada L.', email: user.email });
      const audit = await ctx.database.connection
        .collection('activity_logs')
        .findOne({ action: 'user.profile_updated', resource_id: user.user.id });
      expect(audit!.metadata).to.deep.equal({ fields: ['display_name'] });
    });

    it('changes the password only with the current one, and ends the other sessions', async () => {
      const user = await signedInUser(ctx);
      const other = await login(ctx, user.email, user.password);
      const missing = await ctx.request
        .patch('/api/v1/auth/me')
        .set(bearer(user.access_token))
        .send({ password: 'new password 1' })
        .expect(400);
      expect(missing.body.code).to.equal('current_password_required');
      const wrong = await ctx.request
        .patch('/api/v1/auth/me')
        .set(bearer(user.access_token))
        .send({ password: 'new password 1', current_password: 'not it' })
        .expect(400);
      expect(wrong.body.code).to.equal('wrong_current_password');
      const short = await ctx.request
        .patch('/api/v1/auth/me')
        .set(bearer(user.access_token))
        .send({ password: '123', current_password: PASSWORD })
        .expect(400);
      expect(short.body.code).to.equal('password_too_short');

      await ctx.request
        .patch('/api/v1/auth/me')
        .set(bearer(user.access_token))
        .send({ password: 'new password 1', current_password: PASSWORD })
        .expect(200);
      await ctx.request.get('/api/v1/auth/me').set(bearer(user.access_token)).expect(200);
      await ctx.request.get('/api/v1/auth/me').set(bearer(other.access_token)).expect(401);
      await ctx.request
        .post('/api/v1/auth/login')
        .send({ email: user.email, password: PASSWORD })
        .expect(401);
      await login(ctx, user.email, 'new password 1');
    });

    it('refuses an empty change and unknown operator payloads', async () => {
      const user = await signedInUser(ctx);
      await ctx.request.patch('/api/v1/auth/me').set(bearer(user.access_token)).send({}).expect(400);
      await ctx.request
        .patch('/api/v1/auth/me')
        .set(bearer(user.access_token))
        .send({ display_name: { $set: 'x' } })
        .expect(400);
    });
  });

  describe('POST /verify', () => {
    it('returns the user, organizations and how the caller authenticated', async () => {
      const user = await signedInUser(ctx);
      const response = await ctx.request.post('/api/v1/verify').set(bearer(user.access_token)).expect(200);
      expect(response.body.user).to.include({ id: user.user.id, email: user.email });
      expect(response.body.organizations).to.be.an('array');
      expect(response.body.context).to.include({ authenticated_via: 'session', scopes: null });
      expect(response.body.context.session_id).to.be.a('string');
    });
  });

  describe('authorization', () => {
    const protectedRoutes: Array<[string, string]> = [
      ['post', '/api/v1/auth/logout'],
      ['get', '/api/v1/auth/sessions'],
      ['delete', '/api/v1/auth/sessions/0123456789abcdef01234567'],
      ['get', '/api/v1/auth/me'],
      ['patch', '/api/v1/auth/me'],
      ['post', '/api/v1/verify'],
    ];
    for (const [method, path] of protectedRoutes) {
      it(`${method.toUpperCase()} ${path} needs a bearer token`, async () => {
        const response = await (ctx.request as unknown as Record<string, (p: string) => Test>)[method]!(path)
          .send({ display_name: 'x' })
          .expect(401);
        expect(response.body.code).to.equal('missing_token');
      });
    }
  });

  describe('GET /auth/providers', () => {
    it('offers e-mail and password, and Google only when configured', async () => {
      const response = await ctx.request.get('/api/v1/auth/providers').expect(200);
      expect(response.body.providers.map((p: { id: string }) => p.id)).to.deep.equal(['password']);
      const google = await ctx.request.get('/api/v1/auth/google').expect(404);
      expect(google.body.code).to.equal('provider_disabled');
    });
  });
});
