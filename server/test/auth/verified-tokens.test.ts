import { expect } from 'chai';
import { generateKeyPairSync } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { TestContext } from '../helpers/context.js';
import { bearer, createAuthContext, signedInUser } from './helpers.js';
import { loadSigningKeys } from '../../src/modules/auth/signing-keys.js';
import type { AuthModels } from '../../src/modules/auth/auth.model.js';
import { AppError } from '../../src/lib/errors.js';

/**
 * A verified access token is remembered per process (modules/auth/verified-tokens.ts); what was
 * refused before must still be refused when the same claims arrive after the genuine token did.
 */
describe('verified access tokens (cache of signature checks)', () => {
  describe('through the API', () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createAuthContext();
    });
    after(() => ctx.close());

    it('refuses the same header and claims under another signature after the genuine token was verified', async () => {
      const user = await signedInUser(ctx);
      await ctx.request.get('/api/v1/auth/me').set(bearer(user.access_token)).expect(200);
      const [header, payload] = user.access_token.split('.');
      const { privateKey: otherKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const foreign = jwt.sign(JSON.parse(Buffer.from(payload!, 'base64url').toString()), otherKey, {
        algorithm: 'ES256',
      });
      const forged = `${header}.${payload}.${foreign.split('.')[2]}`;
      expect(forged).not.to.equal(user.access_token);
      const response = await ctx.request.get('/api/v1/auth/me').set(bearer(forged)).expect(401);
      expect(response.body.code).to.equal('invalid_token');
      // The genuine token still works: a refusal does not evict or poison its entry.
      await ctx.request.get('/api/v1/auth/me').set(bearer(user.access_token)).expect(200);
    });

    it('still ends a cached token with its session (sign-out takes effect at once)', async () => {
      const user = await signedInUser(ctx);
      await ctx.request.get('/api/v1/auth/me').set(bearer(user.access_token)).expect(200);
      await ctx.request.post('/api/v1/auth/logout').set(bearer(user.access_token)).expect(200);
      const response = await ctx.request.get('/api/v1/auth/me').set(bearer(user.access_token)).expect(401);
      expect(response.body.code).to.equal('session_ended');
    });
  });

  describe('expiry', () => {
    it('refuses a cached token once its exp is reached, as token_expired', async () => {
      const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      let clock = Date.now();
      const keys = await loadSigningKeys({
        models: {} as AuthModels,
        configuredPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        issuer: 'https://iam.test',
        audience: 'iam-platform',
        accessTokenTtlS: 60,
        now: () => clock,
      });
      const { token, expiresAt } = keys.signAccessToken({
        sub: 'u',
        sid: 's',
        email: 'a@b.c',
        pool: 'platform',
      });
      expect(keys.verifyAccessToken(token)).to.include({ sub: 'u', sid: 's' });
      // Cached now; the entry answers until one second before exp …
      clock = expiresAt.getTime() - 1000;
      expect(keys.verifyAccessToken(token)).to.include({ sub: 'u' });
      // … and never at exp.
      clock = expiresAt.getTime();
      let refused: unknown;
      try {
        keys.verifyAccessToken(token);
      } catch (error) {
        refused = error;
      }
      expect(refused).to.be.instanceOf(AppError);
      expect((refused as AppError).code).to.equal('token_expired');
    });
  });
});
