import { expect } from 'chai';
import * as client from 'openid-client';
import {
  CookieJar,
  createClient,
  createOidcPool,
  discover,
  followWithin,
  hostedPageOf,
  interactionDetails,
  interactionPost,
  signInEndUser,
  startAuthorization,
  startOidcServer,
  type AuthorizeOptions,
  type OidcTestPool,
  type OidcTestServer,
  type TestClient,
} from './helpers.js';

/**
 * Consent (issue #32): a third-party client (`first_party: false`) asks the person on the hosted
 * consent page; the decision is remembered in the grant of the provider's session; `prompt=consent`
 * asks again. A first-party client never shows a consent screen, not even for
 * `offline_access` with `prompt=consent` (which OpenID Core requires for refresh tokens).
 */
describe('OpenID provider: consent for third-party clients, none for first-party (issue #32)', function () {
  this.timeout(60_000);
  let t: OidcTestServer;
  let pool: OidcTestPool;
  let thirdParty: TestClient;
  let firstParty: TestClient;

  before(async () => {
    t = await startOidcServer();
    pool = await createOidcPool(t);
    thirdParty = await createClient(t, pool, 'web', { first_party: false }, { name: 'Partner-App' });
    firstParty = await createClient(t, pool, 'spa');
  });
  after(async () => {
    await t?.close();
  });

  /** Starts an authorization and answers where the browser is sent (the hosted page or the RP). */
  async function begin(config: client.Configuration, testClient: TestClient, options: AuthorizeOptions = {}) {
    const started = await startAuthorization(t, config, testClient, options);
    const location = started.response.headers.get('location');
    expect(location, `a redirect (status ${started.response.status})`).to.be.a('string');
    return { ...started, location: new URL(location!, t.baseUrl) };
  }

  /** The hosted sign-in page's part: hands the session over; answers where the browser ends up. */
  async function signInThere(jar: CookieJar, location: URL, token: string): Promise<URL> {
    const hosted = hostedPageOf(location, t.baseUrl);
    expect(hosted.page).to.equal('sign-in');
    const login = await interactionPost(t, jar, hosted, 'login', { token });
    const body = (await login.json()) as { redirect_to: string };
    expect(login.status, JSON.stringify(body)).to.equal(200);
    const next = await followWithin(jar, body.redirect_to, t.baseUrl);
    return new URL(next.headers.get('location')!, t.baseUrl);
  }

  /** The hosted consent page's part: the decision; answers the RP's callback URL. */
  async function decide(jar: CookieJar, location: URL, token: string, approve: boolean): Promise<URL> {
    const hosted = hostedPageOf(location, t.baseUrl);
    const answer = await interactionPost(t, jar, hosted, 'consent', { token, body: { approve } });
    const body = (await answer.json()) as { redirect_to: string };
    expect(answer.status, JSON.stringify(body)).to.equal(200);
    const next = await followWithin(jar, body.redirect_to, t.baseUrl);
    return new URL(next.headers.get('location')!, t.baseUrl);
  }

  const isCallbackOf = (url: URL, testClient: TestClient) =>
    url.origin + url.pathname === testClient.redirect_uri;

  it('asks on the consent page; approval gives a code; the grant is remembered; prompt=consent asks again', async () => {
    const user = await signInEndUser(t, pool);
    const config = await discover(pool, thirdParty);
    const first = await begin(config, thirdParty, { scope: 'openid profile' });
    const consentPage = await signInThere(first.jar, first.location, user.token);
    const hosted = hostedPageOf(consentPage, t.baseUrl);
    expect(consentPage.pathname).to.equal(`/p/${pool.projectId}/consent`);
    expect(consentPage.searchParams.get('client_id')).to.equal(thirdParty.client_id);

    const details = await interactionDetails(t, first.jar, hosted);
    expect(details.status).to.equal(200);
    expect(await details.json()).to.deep.include({
      uid: hosted.uid,
      prompt: 'consent',
      client: { client_id: thirdParty.client_id, name: 'Partner-App', first_party: false },
      scopes: ['openid', 'profile'],
    });

    const callback = await decide(first.jar, consentPage, user.token, true);
    expect(isCallbackOf(callback, thirdParty), callback.href).to.equal(true);
    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: first.codeVerifier,
      expectedState: first.state,
      expectedNonce: first.nonce,
    });
    expect(tokens.claims()!.sub).to.equal(user.id);
    expect(tokens.scope?.split(' ')).to.have.members(['openid', 'profile']);

    // The same client and scopes again in this browser: no page at all, straight back with a code.
    const again = await begin(config, thirdParty, { jar: first.jar, scope: 'openid profile' });
    expect(isCallbackOf(again.location, thirdParty), again.location.href).to.equal(true);
    expect(again.location.searchParams.get('code')).to.be.a('string');

    // prompt=consent: asked again, although the grant covers the scopes.
    const forced = await begin(config, thirdParty, {
      jar: first.jar,
      scope: 'openid profile',
      params: { prompt: 'consent' },
    });
    expect(forced.location.pathname).to.equal(`/p/${pool.projectId}/consent`);

    // A scope not granted yet (email): asked again.
    const more = await begin(config, thirdParty, { jar: first.jar, scope: 'openid profile email' });
    expect(more.location.pathname).to.equal(`/p/${pool.projectId}/consent`);
    const withEmail = await decide(more.jar, more.location, user.token, true);
    expect(withEmail.searchParams.get('code')).to.be.a('string');

    // offline_access (with the prompt=consent OpenID Core requires): on the page, then a refresh token.
    const offline = await begin(config, thirdParty, {
      jar: first.jar,
      scope: 'openid email offline_access',
      params: { prompt: 'consent' },
    });
    const offlineDetails = await interactionDetails(
      t,
      offline.jar,
      hostedPageOf(offline.location, t.baseUrl),
    );
    expect(((await offlineDetails.json()) as { scopes: string[] }).scopes).to.include('offline_access');
    const withRefresh = await decide(offline.jar, offline.location, user.token, true);
    const refreshed = await client.authorizationCodeGrant(config, withRefresh, {
      pkceCodeVerifier: offline.codeVerifier,
      expectedState: offline.state,
      expectedNonce: offline.nonce,
    });
    expect(refreshed.refresh_token, 'offline_access approved: a refresh token').to.be.a('string');
  });

  it('ends with access_denied at the client when the person declines', async () => {
    const user = await signInEndUser(t, pool);
    const config = await discover(pool, thirdParty);
    const started = await begin(config, thirdParty);
    const consentPage = await signInThere(started.jar, started.location, user.token);
    const callback = await decide(started.jar, consentPage, user.token, false);
    expect(isCallbackOf(callback, thirdParty), callback.href).to.equal(true);
    expect(callback.searchParams.get('error')).to.equal('access_denied');
    expect(callback.searchParams.get('state')).to.equal(started.state);
    expect(callback.searchParams.get('code')).to.equal(null);
    // Nothing was granted: the next request asks again.
    const again = await begin(config, thirdParty, { jar: started.jar });
    expect(again.location.pathname).to.equal(`/p/${pool.projectId}/consent`);
  });

  it('refuses consent from another account and consent before the sign-in', async () => {
    const user = await signInEndUser(t, pool);
    const stranger = await signInEndUser(t, pool);
    const config = await discover(pool, thirdParty);
    const started = await begin(config, thirdParty);
    const hostedSignIn = hostedPageOf(started.location, t.baseUrl);
    // Still at the sign-in step: a consent answer does not fit.
    const early = await interactionPost(t, started.jar, hostedSignIn, 'consent', {
      token: user.token,
      body: { approve: true },
    });
    expect(early.status).to.equal(409);
    expect(await early.json()).to.include({ code: 'interaction_prompt_mismatch' });

    const consentPage = await signInThere(started.jar, started.location, user.token);
    const hosted = hostedPageOf(consentPage, t.baseUrl);
    const foreign = await interactionPost(t, started.jar, hosted, 'consent', {
      token: stranger.token,
      body: { approve: true },
    });
    expect(foreign.status).to.equal(403);
    expect(await foreign.json()).to.include({ code: 'interaction_account_mismatch' });
    // Without the browser's interaction cookie: not found.
    const elsewhere = await interactionPost(t, new CookieJar(), hosted, 'consent', {
      token: user.token,
      body: { approve: true },
    });
    expect(elsewhere.status).to.equal(404);
    // A body that is not a decision: 400, the interaction untouched.
    const malformed = await interactionPost(t, started.jar, hosted, 'consent', {
      token: user.token,
      body: { approve: 'yes' },
    });
    expect(malformed.status).to.equal(400);
    const callback = await decide(started.jar, consentPage, user.token, true);
    expect(callback.searchParams.get('code')).to.be.a('string');
  });

  it('never shows a first-party client a consent screen, also for offline_access with prompt=consent', async () => {
    const user = await signInEndUser(t, pool);
    const config = await discover(pool, firstParty);
    const scope = 'openid email offline_access';
    const started = await begin(config, firstParty, { scope, params: { prompt: 'consent' } });
    expect(hostedPageOf(started.location, t.baseUrl).page).to.equal('sign-in');
    const callback = await signInThere(started.jar, started.location, user.token);
    expect(isCallbackOf(callback, firstParty), `no consent page: ${callback.href}`).to.equal(true);
    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: started.codeVerifier,
      expectedState: started.state,
      expectedNonce: started.nonce,
    });
    expect(tokens.refresh_token, 'a refresh token').to.be.a('string');
    expect(tokens.scope?.split(' ')).to.include('offline_access');
    const renewed = await client.refreshTokenGrant(config, tokens.refresh_token!);
    expect(renewed.access_token).to.be.a('string');

    // Signed in already (the provider's session): prompt=consent alone goes straight back.
    const again = await begin(config, firstParty, { jar: started.jar, scope, params: { prompt: 'consent' } });
    let location = again.location;
    if (location.pathname.startsWith(`/oidc/${pool.projectId}/interaction/`))
      location = new URL((await followWithin(again.jar, location.href, t.baseUrl)).headers.get('location')!);
    expect(isCallbackOf(location, firstParty), `no consent page: ${location.href}`).to.equal(true);
    const second = await client.authorizationCodeGrant(config, location, {
      pkceCodeVerifier: again.codeVerifier,
      expectedState: again.state,
      expectedNonce: again.nonce,
    });
    expect(second.refresh_token).to.be.a('string');
  });
});
