import { expect } from 'chai';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  decodeProtectedHeader,
  jwtVerify,
  type JSONWebKeySet,
} from 'jose';
import type * as client from 'openid-client';
import {
  createOidcKeys,
  KEY_PUBLICATION_DELAY_S,
  KEY_REFRESH_MS,
  RETIRED_KEY_PUBLISHED_S,
} from '../../src/modules/oidc/oidc.keys.js';
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
 * Signing-key rotation (issue #32): `services.oidc.rotateKeys()` publishes new RS256 and ES256 keys
 * at once and lets them sign after KEY_PUBLICATION_DELAY_S (every process's JWKS lists them by
 * then); `{publicationDelayS: 0}` makes them the signing keys at once. Tokens signed before keep
 * verifying against the published JWKS (the retired keys stay in it for RETIRED_KEY_PUBLISHED_S),
 * and a retired key leaves the JWKS once that window is over (dates moved in the database instead
 * of waiting).
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

  it('signs with the new keys after an immediate rotation while the old ones stay published', async () => {
    const before = await publishedJwks();
    expect(before.keys.map((key) => key.alg).sort()).to.deep.equal(['ES256', 'RS256']);
    const oldToken = await idToken();
    const oldKid = decodeProtectedHeader(oldToken).kid!;
    expect(kidsOf(before)).to.include(oldKid);

    await t.ctx.services.oidc.rotateKeys({ publicationDelayS: 0 });

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
    await t.ctx.services.oidc.rotateKeys({ publicationDelayS: 0 });
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
    await t.ctx.services.oidc.rotateKeys({ publicationDelayS: 0 });
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
  it('publishes a rotated-in key before it signs; it signs from its activation on', async () => {
    // The bound: every process lists a new key (re-read + provider check) before it signs.
    expect(KEY_PUBLICATION_DELAY_S * 1000).to.be.at.least(KEY_REFRESH_MS + 5_000);
    const signingBefore = decodeProtectedHeader(await idToken()).kid!;

    await t.ctx.services.oidc.rotateKeys();
    const fresh = await signingKeys()
      .find({ activates_at: { $gt: new Date() } })
      .toArray();
    expect(fresh.map((d) => d.alg).sort()).to.deep.equal(['ES256', 'RS256']);
    for (const document of fresh) {
      const delay = (document.activates_at.getTime() - document.created_at.getTime()) / 1000;
      expect(delay).to.be.closeTo(KEY_PUBLICATION_DELAY_S, 0.01);
    }
    const freshKids = fresh.map((d) => d.kid as string);
    const newRsaKid = fresh.find((d) => d.alg === 'RS256')!.kid as string;

    // Published at once: in this process's JWKS and in another process reading the keys now.
    expect(kidsOf(await publishedJwks())).to.include.members(freshKids);
    const otherProcess = createOidcKeys({ db: () => t.ctx.database.connection.db!, refreshMs: 0 });
    const otherSet = await otherProcess.current();
    expect(otherSet.keys.map((key) => key.kid)).to.include.members(freshKids);
    // …but not signing: the current key still does (oidc-provider signs with an algorithm's first key).
    expect(otherSet.keys.find((key) => key.alg === 'RS256')!.kid).to.equal(signingBefore);
    const meanwhile = await idToken();
    expect(decodeProtectedHeader(meanwhile).kid).to.equal(signingBefore);
    // The previous keys hand over at the activation and stay published 25 h after it.
    const previous = await signingKeys().findOne({ kid: signingBefore });
    expect(previous!.retired_at.getTime()).to.equal(fresh[0]!.activates_at.getTime());
    expect((previous!.publish_until.getTime() - previous!.retired_at.getTime()) / 1000).to.equal(
      RETIRED_KEY_PUBLISHED_S,
    );

    // The delay over (every date of the rotation moved back past it).
    const shift = (KEY_PUBLICATION_DELAY_S + 1) * 1000;
    await signingKeys().updateMany({ kid: { $in: freshKids } }, [
      { $set: { activates_at: { $subtract: ['$activates_at', shift] } } },
    ]);
    await signingKeys().updateMany({ retired_at: fresh[0]!.activates_at }, [
      {
        $set: {
          retired_at: { $subtract: ['$retired_at', shift] },
          publish_until: { $subtract: ['$publish_until', shift] },
        },
      },
    ]);
    const activeSet = await otherProcess.current();
    expect(activeSet.keys.find((key) => key.alg === 'RS256')!.kid).to.equal(newRsaKid);
    expect(
      activeSet.keys.map((key) => key.kid),
      'the old key stays published',
    ).to.include(signingBefore);

    // This process re-reads within a minute (here: now) and signs with the new key.
    await t.ctx.services.oidc.keys.refresh();
    t.ctx.services.oidc.providers.clear();
    const after = await idToken();
    expect(decodeProtectedHeader(after).kid).to.equal(newRsaKid);
    await verifyNow(meanwhile);
    await verifyNow(after);
  });
});
