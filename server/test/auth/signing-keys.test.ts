import { expect } from 'chai';
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { loadSigningKeys } from '../../src/modules/auth/signing-keys.js';
import type { AuthModels } from '../../src/modules/auth/auth.model.js';

/**
 * Access tokens are signed with node:crypto directly (not jsonwebtoken's sign): what a relying
 * party sees — header, claims, their order and the signature's form — must be what jsonwebtoken
 * wrote, and every token must verify with jsonwebtoken and the published key.
 */
describe('signing access tokens', () => {
  const keysOf = (privateKey: KeyObject) =>
    loadSigningKeys({
      models: {} as AuthModels,
      configuredPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      issuer: 'https://iam.test',
      audience: 'iam-platform',
      accessTokenTtlS: 900,
    });
  const claims = {
    sub: '65a000000000000000000001',
    sid: '65a000000000000000000002',
    email: 'a@b.test',
    pool: 'platform',
  };

  for (const [alg, pair] of [
    ['ES256', () => generateKeyPairSync('ec', { namedCurve: 'P-256' })],
    ['RS256', () => generateKeyPairSync('rsa', { modulusLength: 2048 })],
  ] as const) {
    it(`${alg}: the token jsonwebtoken would sign, verified by jsonwebtoken with the public key`, async () => {
      const { privateKey, publicKey } = pair();
      const keys = await keysOf(privateKey);
      const before = Math.floor(Date.now() / 1000);
      const { token, expiresAt } = keys.signAccessToken({ ...claims, audience: '65a0000000000000000000ff' });
      const verified = jwt.verify(token, publicKey, {
        algorithms: [alg],
        issuer: 'https://iam.test',
        audience: '65a0000000000000000000ff',
        complete: true,
      });
      expect(verified.header).to.deep.equal({ alg, typ: 'JWT', kid: keys.kid });
      const payload = verified.payload as Record<string, unknown>;
      expect(Object.keys(payload)).to.deep.equal(['sid', 'email', 'pool', 'iat', 'exp', 'aud', 'iss', 'sub']);
      expect(payload.iat).to.be.within(before, before + 1);
      expect(payload.exp).to.equal((payload.iat as number) + 900);
      expect(expiresAt.getTime()).to.equal((payload.exp as number) * 1000);
      // The same claims signed by jsonwebtoken, byte for byte up to the signature.
      const reference = jwt.sign({ sid: claims.sid, email: claims.email, pool: claims.pool }, privateKey, {
        algorithm: alg,
        keyid: keys.kid,
        subject: claims.sub,
        issuer: 'https://iam.test',
        audience: '65a0000000000000000000ff',
        expiresIn: 900,
      });
      const [header, body] = token.split('.');
      const [referenceHeader, referenceBody] = reference.split('.');
      expect(header).to.equal(referenceHeader);
      if (payload.iat === (jwt.decode(reference) as { iat: number }).iat)
        expect(body).to.equal(referenceBody);
      // The token's own key, as published, verifies it; the verification path accepts it.
      expect(keys.verifyAccessToken(token).sub).to.equal(claims.sub);
    });
  }

  it('carries roles and permissions and a session’s own lifetime', async () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const keys = await keysOf(privateKey);
    const { token } = keys.signAccessToken({
      ...claims,
      ttlS: 60,
      roles: { roles: ['editor'], permissions: ['posts:write'] },
    });
    const payload = jwt.decode(token) as Record<string, unknown>;
    expect(payload.roles).to.deep.equal(['editor']);
    expect(payload.permissions).to.deep.equal(['posts:write']);
    expect(payload.aud).to.equal('iam-platform');
    expect(payload.exp).to.equal((payload.iat as number) + 60);
    expect(keys.verifyAccessToken(token).sid).to.equal(claims.sid);
  });

  it('a tampered claim fails verification', async () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const keys = await keysOf(privateKey);
    const [header, body, signature] = keys.signAccessToken(claims).token.split('.');
    const changed = Buffer.from(
      JSON.stringify({ ...(JSON.parse(Buffer.from(body!, 'base64url').toString()) as object), sub: 'other' }),
    ).toString('base64url');
    expect(() => keys.verifyAccessToken(`${header}.${changed}.${signature}`)).to.throw();
  });
});
