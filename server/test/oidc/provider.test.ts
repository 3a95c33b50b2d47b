import { expect } from 'chai';
import * as client from 'openid-client';
import { createRemoteJWKSet, jwtVerify } from 'jose';
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
 * The OpenID provider (issue #32) with openid-client as the relying party: discovery, code + PKCE,
 * userinfo, refresh rotation with reuse detection, client credentials with an API's scopes,
 * introspection and revocation.
 */
describe('OpenID provider: discovery and flows with openid-client (issue #32)', function () {
  this.timeout(60_000);
  let t: OidcTestServer;
  let pool: OidcTestPool;
  let spa: TestClient;

  before(async () => {
    t = await startOidcServer();
    pool = await createOidcPool(t);
    spa = await createClient(t, pool, 'spa');
  });
  after(async () => {
    await t?.close();
  });

  it('publishes a discovery document per pool that meets OpenID Connect Discovery 1.0', async () => {
    const response = await fetch(`${pool.issuer}/.well-known/openid-configuration`);
    expect(response.status).to.equal(200);
    const doc = (await response.json()) as Record<string, unknown>;
    expect(doc.issuer).to.equal(pool.issuer);
    for (const field of [
      'authorization_endpoint',
      'token_endpoint',
      'userinfo_endpoint',
      'jwks_uri',
      'response_types_supported',
      'subject_types_supported',
      'id_token_signing_alg_values_supported',
    ])
      expect(doc, field).to.have.property(field);
    for (const endpoint of ['authorization_endpoint', 'token_endpoint', 'jwks_uri', 'end_session_endpoint'])
      expect(String(doc[endpoint]), endpoint).to.match(new RegExp(`^${pool.issuer}/`));
    expect(doc.id_token_signing_alg_values_supported).to.include.members(['RS256', 'ES256']);
    expect(doc.code_challenge_methods_supported).to.deep.equal(['S256']);
    expect(doc.response_types_supported).to.deep.equal(['code']);
    expect(doc.scopes_supported).to.include.members(['openid', 'profile', 'email', 'offline_access']);
    expect(doc.acr_values_supported).to.deep.equal(['urn:iam-platform:acr:1fa', 'urn:iam-platform:acr:2fa']);
    expect(doc.claims_supported).to.include.members([
      'sub',
      'email',
      'email_verified',
      'name',
      'locale',
      'acr',
    ]);
    for (const endpoint of ['introspection_endpoint', 'revocation_endpoint'])
      expect(doc, endpoint).to.have.property(endpoint);

    const jwks = (await (await fetch(String(doc.jwks_uri))).json()) as {
      keys: Array<Record<string, string>>;
    };
    expect(jwks.keys.map((k) => k.alg)).to.include.members(['RS256', 'ES256']);
    for (const key of jwks.keys) expect(key, 'no private members').not.to.have.any.keys('d', 'p', 'q');
  });

  it('has no issuer for an unknown project or the platform pool', async () => {
    for (const path of ['/oidc/0123456789abcdef01234567', '/oidc/platform']) {
      const response = await fetch(`${t.baseUrl}${path}/.well-known/openid-configuration`);
      expect(response.status, path).to.equal(404);
      expect(await response.json()).to.include({ code: 'issuer_not_found' });
    }
  });

  it('signs an end user in with code + PKCE: ID token, userinfo claims', async () => {
    const user = await signInEndUser(t, pool, { display_name: 'Erika Muster' });
    const config = await discover(pool, spa);
    const { tokens } = await signInWithCode(t, config, spa, { session: user });
    const claims = tokens.claims()!;
    expect(claims.sub).to.equal(user.id);
    expect(claims.iss).to.equal(pool.issuer);
    expect(claims.aud).to.equal(spa.client_id);
    expect(claims.acr).to.equal('urn:iam-platform:acr:1fa');
    expect(claims.amr).to.deep.equal(['pwd']);
    const header = JSON.parse(Buffer.from(tokens.id_token!.split('.')[0]!, 'base64url').toString()) as {
      alg: string;
    };
    expect(header.alg).to.equal('RS256');
    const info = await client.fetchUserInfo(config, tokens.access_token, user.id);
    expect(info).to.deep.include({
      sub: user.id,
      email: user.email,
      email_verified: true,
      name: 'Erika Muster',
      locale: 'de',
    });
  });

  it('rotates refresh tokens, and a reused one revokes the family', async () => {
    const user = await signInEndUser(t, pool);
    const config = await discover(pool, spa);
    const { tokens } = await signInWithCode(t, config, spa, {
      session: user,
      scope: 'openid email offline_access',
      params: { prompt: 'consent' },
    });
    expect(tokens.refresh_token, 'a refresh token').to.be.a('string');
    const first = tokens.refresh_token!;
    const rotated = await client.refreshTokenGrant(config, first);
    expect(rotated.refresh_token).to.be.a('string').and.not.equal(first);
    expect(rotated.access_token).to.be.a('string');

    // The used token presented again: refused, and the grant's tokens with it.
    let reuse: unknown;
    try {
      await client.refreshTokenGrant(config, first);
    } catch (error) {
      reuse = error;
    }
    expect(reuse, 'the reused token is refused').to.be.instanceOf(client.ResponseBodyError);
    expect((reuse as client.ResponseBodyError).error).to.equal('invalid_grant');
    let after: unknown;
    try {
      await client.refreshTokenGrant(config, rotated.refresh_token!);
    } catch (error) {
      after = error;
    }
    expect(after, 'the newest token of the family is revoked too').to.be.instanceOf(client.ResponseBodyError);
    const introspected = await fetch(`${pool.issuer}/token/introspection`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: rotated.access_token, client_id: spa.client_id }),
    });
    expect(((await introspected.json()) as { active: boolean }).active, 'its access token too').to.equal(
      false,
    );
  });

  it('issues client-credentials JWT access tokens for an API, verifiable with the JWKS', async () => {
    const identifier = `https://api-${Date.now()}.example.com`;
    await createClient(t, pool, 'web', {
      redirect_uris: ['https://api.example.com/unused'],
      api_identifier: identifier,
      api_scopes: ['invoice:read', 'invoice:write'],
    });
    const machine = await createClient(t, pool, 'm2m');
    const config = await discover(pool, machine);
    const tokens = await client.clientCredentialsGrant(config, {
      scope: 'invoice:read',
      resource: identifier,
    });
    const jwks = createRemoteJWKSet(new URL(`${pool.issuer}/jwks`));
    const { payload, protectedHeader } = await jwtVerify(tokens.access_token, jwks, {
      issuer: pool.issuer,
      audience: identifier,
    });
    expect(protectedHeader.typ).to.equal('at+jwt');
    expect(payload.scope).to.equal('invoice:read');
    expect(payload.client_id).to.equal(machine.client_id);

    // A scope the API does not have, or an unknown API: refused.
    for (const [params, error] of [
      [{ scope: 'invoice:delete', resource: identifier }, 'invalid_scope'],
      [{ scope: 'invoice:read', resource: 'https://unknown.example.com' }, 'invalid_target'],
    ] as const) {
      let refused: unknown;
      try {
        await client.clientCredentialsGrant(config, params);
      } catch (caught) {
        refused = caught;
      }
      expect((refused as client.ResponseBodyError).error, JSON.stringify(params)).to.equal(error);
    }

    // A wrong secret: invalid_client.
    const wrong = await client.discovery(
      new URL(pool.issuer),
      machine.client_id,
      'not-the-secret',
      client.ClientSecretBasic('not-the-secret'),
      { execute: [client.allowInsecureRequests] },
    );
    let refused: unknown;
    try {
      await client.clientCredentialsGrant(wrong, { scope: 'invoice:read', resource: identifier });
    } catch (caught) {
      refused = caught;
    }
    // openid-client reports the 401's WWW-Authenticate challenge: invalid_client.
    expect(refused).to.be.instanceOf(client.WWWAuthenticateChallengeError);
    expect((refused as client.WWWAuthenticateChallengeError).status).to.equal(401);
    expect(JSON.stringify((refused as client.WWWAuthenticateChallengeError).cause)).to.include(
      'invalid_client',
    );
  });

  it('introspects and revokes tokens', async () => {
    const web = await createClient(t, pool, 'web');
    const user = await signInEndUser(t, pool);
    const config = await discover(pool, web);
    const { tokens } = await signInWithCode(t, config, web, { session: user });
    const active = await client.tokenIntrospection(config, tokens.access_token);
    expect(active).to.include({ active: true, sub: user.id, client_id: web.client_id });
    await client.tokenRevocation(config, tokens.access_token);
    const revoked = await client.tokenIntrospection(config, tokens.access_token);
    expect(revoked.active).to.equal(false);
  });
});
