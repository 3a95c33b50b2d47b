import { expect } from 'chai';
import * as client from 'openid-client';
import { bearer } from '../auth/helpers.js';
import {
  authorize,
  createClient,
  createOidcPool,
  discover,
  signInEndUser,
  signInWithCode,
  startAuthorization,
  startOidcServer,
  type OidcTestPool,
  type OidcTestServer,
  type TestClient,
} from './helpers.js';

/** The provider's refusals (issue #32), each with the request that must fail. */
describe('OpenID provider: refusals (issue #32)', function () {
  this.timeout(60_000);
  let t: OidcTestServer;
  let pool: OidcTestPool;
  let other: OidcTestPool;
  let spa: TestClient;

  before(async () => {
    t = await startOidcServer();
    pool = await createOidcPool(t);
    other = await createOidcPool(t, pool.owner);
    spa = await createClient(t, pool, 'spa');
  });
  after(async () => {
    await t?.close();
  });

  it('shows an error page, never a redirect, for a redirect URI that is not registered', async () => {
    const config = await discover(pool, spa);
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: 'https://evil.example.com/callback',
      scope: 'openid',
      code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
    });
    const response = await fetch(url, { redirect: 'manual', headers: { 'accept-language': 'de' } });
    expect(response.status).to.equal(400);
    expect(response.headers.get('location')).to.equal(null);
    const html = await response.text();
    expect(html).to.include('Rücksprungadresse').and.include('redirect_uri');
    expect(html).not.to.match(/<script/);
    expect(response.headers.get('content-security-policy')).to.match(/style-src [^;]*'nonce-/);
  });

  it('refuses an authorization request without PKCE', async () => {
    const config = await discover(pool, spa);
    const url = client.buildAuthorizationUrl(config, { redirect_uri: spa.redirect_uri, scope: 'openid' });
    const response = await fetch(url, { redirect: 'manual' });
    const location = new URL(response.headers.get('location')!);
    expect(location.origin + location.pathname).to.equal(spa.redirect_uri);
    expect(location.searchParams.get('error')).to.equal('invalid_request');
    expect(location.searchParams.get('error_description')).to.match(/PKCE/);
  });

  it('refuses a wrong code_verifier and a code used twice (revoking its tokens)', async () => {
    const user = await signInEndUser(t, pool);
    const config = await discover(pool, spa);
    const wrong = await authorize(t, config, spa, { session: user });
    let refused: unknown;
    try {
      await client.authorizationCodeGrant(config, wrong.callback, {
        pkceCodeVerifier: client.randomPKCECodeVerifier(),
        expectedState: wrong.state,
        expectedNonce: wrong.nonce,
      });
    } catch (error) {
      refused = error;
    }
    expect((refused as client.ResponseBodyError).error).to.equal('invalid_grant');

    const run = await authorize(t, config, spa, { session: user });
    const checks = { pkceCodeVerifier: run.codeVerifier, expectedState: run.state, expectedNonce: run.nonce };
    const tokens = await client.authorizationCodeGrant(config, run.callback, checks);
    let again: unknown;
    try {
      await client.authorizationCodeGrant(config, run.callback, checks);
    } catch (error) {
      again = error;
    }
    expect((again as client.ResponseBodyError).error).to.equal('invalid_grant');
    const info = await fetch(`${pool.issuer}/me`, { headers: bearer(tokens.access_token) });
    expect(info.status, 'the tokens of the reused code are revoked').to.equal(401);
  });

  it('answers prompt=none without a session with login_required', async () => {
    const config = await discover(pool, spa);
    const { response } = await startAuthorization(t, config, spa, { params: { prompt: 'none' } });
    const location = new URL(response.headers.get('location')!);
    expect(location.searchParams.get('error')).to.equal('login_required');
  });

  it('does not know pool A’s tokens or clients in pool B', async () => {
    const user = await signInEndUser(t, pool);
    const { tokens } = await signInWithCode(t, await discover(pool, spa), spa, { session: user });
    const userinfo = await fetch(`${other.issuer}/me`, { headers: bearer(tokens.access_token) });
    expect(userinfo.status).to.equal(401);
    const discovery = await client.discovery(new URL(other.issuer), spa.client_id, undefined, client.None(), {
      execute: [client.allowInsecureRequests],
    });
    const url = client.buildAuthorizationUrl(discovery, {
      redirect_uri: spa.redirect_uri,
      scope: 'openid',
      code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
    });
    const response = await fetch(url, { redirect: 'manual' });
    expect(response.status).to.equal(400);
    expect(await response.text()).to.include('invalid_client');
  });

  it('refuses the interaction login for another pool’s session, a dashboard session and another browser', async () => {
    const config = await discover(pool, spa);
    const { response, jar } = await startAuthorization(t, config, spa);
    const hosted = new URL(response.headers.get('location')!);
    expect(hosted.pathname).to.equal(`/p/${pool.projectId}/sign-in`);
    expect(hosted.searchParams.get('client_id')).to.equal(spa.client_id);
    const uid = hosted.searchParams.get('interaction')!;
    const login = (token: string, cookie = jar.header()) =>
      fetch(`${t.baseUrl}/oidc/${pool.projectId}/interaction/${uid}/login`, {
        method: 'POST',
        headers: { cookie, ...bearer(token), 'content-type': 'application/json' },
        body: '{}',
      });
    const stranger = await signInEndUser(t, other);
    const foreign = await login(stranger.token);
    // Refused by the authentication (401) or by the pool check (403 wrong_pool): never accepted.
    expect(foreign.status, JSON.stringify(await foreign.clone().json())).to.be.oneOf([401, 403]);
    const dashboard = await login(pool.owner.access_token);
    // The route takes application sessions only: a dashboard token is refused by the guard.
    expect(dashboard.status).to.equal(401);
    expect(await dashboard.json()).to.include({ code: 'token_audience_mismatch' });
    const user = await signInEndUser(t, pool);
    const elsewhere = await login(user.token, '');
    expect(elsewhere.status).to.equal(404);
    expect(await elsewhere.json()).to.include({ code: 'interaction_not_found' });

    const details = await fetch(`${t.baseUrl}/oidc/${pool.projectId}/interaction/${uid}/details`, {
      headers: { cookie: jar.header() },
    });
    expect(await details.json()).to.deep.include({
      uid,
      prompt: 'login',
      fresh_sign_in_required: false,
      second_factor_required: false,
    });
  });

  it('asks for a fresh sign-in with prompt=login when the session is older than the request', async () => {
    const user = await signInEndUser(t, pool);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const config = await discover(pool, spa);
    const { response, jar } = await startAuthorization(t, config, spa, { params: { prompt: 'login' } });
    const uid = new URL(response.headers.get('location')!).searchParams.get('interaction')!;
    const login = await fetch(`${t.baseUrl}/oidc/${pool.projectId}/interaction/${uid}/login`, {
      method: 'POST',
      headers: { cookie: jar.header(), ...bearer(user.token) },
    });
    expect(login.status).to.equal(403);
    expect(await login.json()).to.include({ code: 'fresh_sign_in_required' });
  });

  it('ends with unmet_authentication_requirements when 2fa is asked of an account without a second factor', async () => {
    const user = await signInEndUser(t, pool);
    const run = await authorize(t, await discover(pool, spa), spa, {
      session: user,
      params: { acr_values: 'urn:iam-platform:acr:2fa' },
    });
    expect(run.callback.searchParams.get('error')).to.equal('unmet_authentication_requirements');
  });
});
