import { expect } from 'chai';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  decodeProtectedHeader,
  jwtVerify,
  type JSONWebKeySet,
} from 'jose';
import type * as client from 'openid-client';
import { createOidcKeys, RETIRED_KEY_PUBLISHED_S } from '../../src/modules/oidc/oidc.keys.js';
import {
  createClient,
  createOidcPool,
  discover,
  signInEndUser,
  signInWithCode,
  startOidcServer,
  type OidcTestPool,
  type OidcTestServer,
  type TestClient,
} from './helpers.js';

/**
 * Signing-key rotation (issue #32): `services.oidc.rotateKeys()` makes new RS256 and ES256 keys the
 * signing keys; tokens signed before keep verifying against the published JWKS (the retired keys
 * stay in it for RETIRED_KEY_PUBLISHED_S), and a retired key leaves the JWKS once that window is
 * over (its dates moved in the database instead of waiting 25 hours).
 */
describe('OpenID provider: signing-key rotation (issue #32)', function () {
  this.timeout(60_000);
  let t: OidcTestServer;
  let pool: OidcTestPool;
  let spa: TestClient;
  let config: client.Configuration;

  before(async () => {
    t = await startOidcServer();
    pool = await createOidcPool(t);
    spa = await createClient(t, pool, 'spa');
    config = await discover(pool, spa);
  });
  after(async () => {
    await t?.close();
  });

  const signingKeys = () => t.ctx.database.connection.collection('oidc_signing_keys');

  /** The JWKS as an RP finds it: through the discovery document, fetched now. */
  async function publishedJwks(): Promise<JSONWebKeySet> {
    const discovery = (await (await fetch(`${pool.issuer}/.well-known/openid-configuration`)).json()) as {
      jwks_uri: string;
    };
    const response = await fetch(discovery.jwks_uri);
    expect(response.status).to.equal(200);
    return (await response.json()) as JSONWebKeySet;
  }

  const kidsOf = (jwks: JSONWebKeySet) => jwks.keys.map((key) => key.kid!);

  async function idToken(): Promise<string> {
    const user = await signInEndUser(t, pool);
    const { tokens } = await signInWithCode(t, config, spa, { session: user });
    return tokens.id_token!;
  }

  /** Verifies an ID token against the JWKS the issuer publishes now (no cache). */
  const verifyNow = async (token: string) =>
    jwtVerify(token, createLocalJWKSet(await publishedJwks()), {
      issuer: pool.issuer,
      audience: spa.client_id,
    });

  it('signs with the new keys after a rotation while the old ones stay published', async () => {
    const before = await publishedJwks();
    expect(before.keys.map((key) => key.alg).sort()).to.deep.equal(['ES256', 'RS256']);
    const oldToken = await idToken();
    const oldKid = decodeProtectedHeader(oldToken).kid!;
    expect(kidsOf(before)).to.include(oldKid);

    await t.ctx.services.oidc.rotateKeys();

    const after = await publishedJwks();
    expect(after.keys, 'two signing and two retired keys').to.have.length(4);
    expect(kidsOf(after)).to.include.members(kidsOf(before));
    for (const key of after.keys)
      expect(key, 'public members only').not.to.have.any.keys('d', 'p', 'q', 'dp', 'dq', 'qi');

    const newToken = await idToken();
    const header = decodeProtectedHeader(newToken);
    expect(header.alg).to.equal('RS256');
    expect(header.kid, 'signed with a new key').not.to.be.oneOf(kidsOf(before));
    expect(kidsOf(after)).to.include(header.kid);

    // Both verify against what the issuer publishes now; an RP's remote JWKS finds both too.
    await verifyNow(oldToken);
    await verifyNow(newToken);
    const remote = createRemoteJWKSet(new URL(`${pool.issuer}/jwks`));
    for (const token of [oldToken, newToken])
      await jwtVerify(token, remote, { issuer: pool.issuer, audience: spa.client_id });

    // In the database: the old keys retired with their publish window, the new ones signing.
    const documents = await signingKeys().find({}).toArray();
    const retired = documents.filter((d) => d.retired_at);
    expect(retired.map((d) => d.kid).sort()).to.deep.equal(kidsOf(before).sort());
    for (const document of retired) {
      const window = (document.publish_until.getTime() - document.retired_at.getTime()) / 1000;
      expect(window).to.equal(RETIRED_KEY_PUBLISHED_S);
    }
  });

  it('drops a retired key from the JWKS after its publish window', async () => {
    const tokenBefore = await idToken();
    const retiringKid = decodeProtectedHeader(tokenBefore).kid!;
    await t.ctx.services.oidc.rotateKeys();
    expect(kidsOf(await publishedJwks())).to.include(retiringKid);
    await verifyNow(tokenBefore);

    // Its window over (the dates moved back 26 hours).
    const shift = (RETIRED_KEY_PUBLISHED_S + 3600) * 1000;
    const moved = await signingKeys().updateMany({ kid: retiringKid }, [
      {
        $set: {
          retired_at: { $subtract: ['$retired_at', shift] },
          publish_until: { $subtract: ['$publish_until', shift] },
        },
      },
    ]);
    expect(moved.modifiedCount).to.equal(1);

    // Another server process reading the keys now (no cache): the key is gone, also from the database.
    const otherProcess = createOidcKeys({ db: () => t.ctx.database.connection.db!, refreshMs: 0 });
    const set = await otherProcess.current();
    expect(set.keys.map((key) => key.kid)).not.to.include(retiringKid);
    expect(await signingKeys().countDocuments({ kid: retiringKid })).to.equal(0);

    // This process re-reads at its next rotation (or within a minute): the published JWKS drops it,
    // the tokens it signed no longer verify, the newer keys stay.
    const kidsBefore = kidsOf(await publishedJwks());
    await t.ctx.services.oidc.rotateKeys();
    const published = kidsOf(await publishedJwks());
    expect(published).not.to.include(retiringKid);
    expect(published).to.include.members(kidsBefore.filter((kid) => kid !== retiringKid));
    let refused: unknown;
    try {
      await verifyNow(tokenBefore);
    } catch (error) {
      refused = error;
    }
    expect((refused as { code?: string } | undefined)?.code).to.equal('ERR_JWKS_NO_MATCHING_KEY');
    await verifyNow(await idToken());
  });
});
