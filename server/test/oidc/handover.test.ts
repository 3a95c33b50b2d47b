import { expect } from 'chai';
import { decodeJwt } from 'jose';
import { Types } from 'mongoose';
import * as client from 'openid-client';
import { bearer } from '../auth/helpers.js';
import { applicationHeader, endUserLogin, registerEndUser, type EndUser } from '../helpers/end-users.js';
import {
  browse,
  type CookieJar,
  createClient,
  createOidcPool,
  discover,
  followWithin,
  hostedPageOf,
  interactionPost,
  startAuthorization,
  startOidcServer,
  type AuthorizeOptions,
  type OidcTestPool,
  type OidcTestServer,
  type TestClient,
} from './helpers.js';

/**
 * The session handover (issue #32): the hosted page signs the person in with an application
 * session and hands it to POST /oidc/{pool}/interaction/{uid}/login. A session that began for this
 * interaction served only this sign-in — the provider's session carries on — so it is ended there
 * (revoke reason `oidc_handover`); after an RP-initiated logout the next authorization needs a
 * sign-in again instead of offering the tab's old session ("Weiter zu {App}"). A session that
 * existed before the interaction (the person was on the hosted account page) stays.
 */
describe('OpenID provider: session handover to the provider (issue #32)', function () {
  this.timeout(60_000);
  let t: OidcTestServer;
  let pool: OidcTestPool;
  let spa: TestClient;
  let thirdParty: TestClient;
  let config: client.Configuration;

  before(async () => {
    t = await startOidcServer();
    pool = await createOidcPool(t);
    spa = await createClient(t, pool, 'spa');
    thirdParty = await createClient(t, pool, 'web', { first_party: false }, { name: 'Partner-App' });
    config = await discover(pool, spa);
  });
  after(async () => {
    await t?.close();
  });

  const sessions = () => t.ctx.database.connection.collection('auth_sessions');
  const sessionOf = (token: string) =>
    sessions().findOne({ _id: new Types.ObjectId(String(decodeJwt(token).sid)) });
  const me = (token: string) => t.ctx.request.get('/api/v1/auth/me').set(bearer(token));

  /** Starts an authorization; answers where the browser was sent (the hosted page or the client). */
  async function begin(testConfig: client.Configuration, testClient: TestClient, options: AuthorizeOptions) {
    const started = await startAuthorization(t, testConfig, testClient, options);
    const location = started.response.headers.get('location');
    expect(location, `a redirect (status ${started.response.status})`).to.be.a('string');
    return { ...started, location: new URL(location!, t.baseUrl) };
  }

  /**
   * Interaction times have whole seconds: a session counts as begun for the interaction from the
   * second after the interaction's `iat` on. A person typing a password takes longer than that.
   */
  async function laterThanTheInteraction(startedBy: number): Promise<void> {
    const nextSecond = (Math.floor(startedBy / 1000) + 1) * 1000;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, nextSecond - Date.now()) + 20));
  }

  /** The hosted page's part: POST …/login with the session; answers its JSON and the next stop. */
  async function handOver(jar: CookieJar, location: URL, token: string) {
    const hosted = hostedPageOf(location, t.baseUrl);
    expect(hosted.page).to.equal('sign-in');
    const login = await interactionPost(t, jar, hosted, 'login', { token });
    const body = (await login.json()) as { redirect_to: string; session_ended: boolean };
    expect(login.status, JSON.stringify(body)).to.equal(200);
    const next = await followWithin(jar, body.redirect_to, t.baseUrl);
    return { body, next: new URL(next.headers.get('location')!, t.baseUrl) };
  }

  /** RP-initiated logout in that browser, confirmed with "Ja, abmelden". */
  async function logOut(jar: CookieJar, idToken: string) {
    const url = client.buildEndSessionUrl(config, {
      id_token_hint: idToken,
      post_logout_redirect_uri: spa.post_logout_redirect_uri,
    });
    const page = await browse(jar, url.href);
    expect(page.status).to.equal(200);
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(await page.text())![1]!;
    const done = await browse(jar, `${pool.issuer}/session/end/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf, logout: 'yes' }),
    });
    expect(done.status).to.equal(303);
  }

  it('ends a session begun for the interaction; after the RP’s logout the next authorization needs a sign-in', async () => {
    const user: EndUser = await registerEndUser(t.ctx, pool.applicationId);
    const first = await begin(config, spa, {});
    expect(first.location.pathname).to.equal(`/p/${pool.projectId}/sign-in`);
    await laterThanTheInteraction(Date.now());

    // The hosted page signs the person in now, then hands the session over.
    const session = await endUserLogin(t.ctx, pool.applicationId, user.email, user.password);
    expect((await me(session.token)).status).to.equal(200);
    const { body, next } = await handOver(first.jar, first.location, session.token);
    expect(body.session_ended).to.equal(true);
    const tokens = await client.authorizationCodeGrant(config, next, {
      pkceCodeVerifier: first.codeVerifier,
      expectedState: first.state,
      expectedNonce: first.nonce,
    });
    expect(tokens.claims()!.sub).to.equal(user.id);

    // The application session is over: its access token and its refresh token are refused.
    expect((await me(session.token)).status).to.equal(401);
    const refreshed = await t.ctx.request
      .post('/api/auth/refresh')
      .set(applicationHeader(pool.applicationId))
      .send({ refresh_token: session.refresh_token });
    expect(refreshed.status).to.equal(401);
    expect(await sessionOf(session.token)).to.deep.include({ revoke_reason: 'oidc_handover' });

    // The provider's session carries on: another authorization in this browser needs no page.
    const silent = await begin(config, spa, { jar: first.jar, params: { prompt: 'none' } });
    expect(silent.location.searchParams.get('code'), silent.location.href).to.be.a('string');

    // The RP signs the person out: the next authorization goes to the sign-in page, and the tab's
    // old session cannot complete it ("Weiter zu …" would fail: the page must ask for the password).
    await logOut(first.jar, tokens.id_token!);
    const again = await begin(config, spa, { jar: first.jar });
    expect(again.location.pathname).to.equal(`/p/${pool.projectId}/sign-in`);
    const stale = await interactionPost(t, again.jar, hostedPageOf(again.location, t.baseUrl), 'login', {
      token: session.token,
    });
    expect(stale.status).to.equal(401);
    const none = await begin(config, spa, { jar: again.jar, params: { prompt: 'none' } });
    expect(none.location.searchParams.get('error')).to.equal('login_required');
  });

  it('keeps a session that existed before the interaction (the hosted account page’s)', async () => {
    const user = await registerEndUser(t.ctx, pool.applicationId);
    const session = await endUserLogin(t.ctx, pool.applicationId, user.email, user.password);
    // Clearly older than the interaction, as when the person comes from the account page.
    await laterThanTheInteraction(Date.now());
    const run = await begin(config, spa, {});
    const { body, next } = await handOver(run.jar, run.location, session.token);
    expect(body.session_ended).to.equal(false);
    expect(next.searchParams.get('code')).to.be.a('string');
    expect((await me(session.token)).status).to.equal(200);
    expect(await sessionOf(session.token)).to.deep.include({ revoked_at: null });

    // Still good for the next sign-in of another browser.
    const other = await begin(config, spa, {});
    const handedAgain = await handOver(other.jar, other.location, session.token);
    expect(handedAgain.body.session_ended).to.equal(false);
  });

  it('ends the session begun for a third-party client’s sign-in only after its consent', async () => {
    const thirdConfig = await discover(pool, thirdParty);
    const user = await registerEndUser(t.ctx, pool.applicationId);
    const run = await begin(thirdConfig, thirdParty, { scope: 'openid profile' });
    await laterThanTheInteraction(Date.now());
    const session = await endUserLogin(t.ctx, pool.applicationId, user.email, user.password);
    const { body, next } = await handOver(run.jar, run.location, session.token);
    // The consent page still needs the session.
    expect(body.session_ended).to.equal(false);
    expect(next.pathname).to.equal(`/p/${pool.projectId}/consent`);
    expect((await me(session.token)).status).to.equal(200);

    const consent = await interactionPost(t, run.jar, hostedPageOf(next, t.baseUrl), 'consent', {
      token: session.token,
      body: { approve: true },
    });
    const decided = (await consent.json()) as { redirect_to: string; session_ended: boolean };
    expect(consent.status, JSON.stringify(decided)).to.equal(200);
    expect(decided.session_ended).to.equal(true);
    expect((await me(session.token)).status).to.equal(401);
    const callback = await followWithin(run.jar, decided.redirect_to, t.baseUrl);
    const tokens = await client.authorizationCodeGrant(
      thirdConfig,
      new URL(callback.headers.get('location')!),
      { pkceCodeVerifier: run.codeVerifier, expectedState: run.state, expectedNonce: run.nonce },
    );
    expect(tokens.claims()!.sub).to.equal(user.id);
  });

  it('ends the session begun for a sign-in whose consent is cancelled', async () => {
    const thirdConfig = await discover(pool, thirdParty);
    const user = await registerEndUser(t.ctx, pool.applicationId);
    const run = await begin(thirdConfig, thirdParty, { scope: 'openid' });
    await laterThanTheInteraction(Date.now());
    const session = await endUserLogin(t.ctx, pool.applicationId, user.email, user.password);
    const { next } = await handOver(run.jar, run.location, session.token);
    const aborted = await interactionPost(t, run.jar, hostedPageOf(next, t.baseUrl), 'abort');
    const body = (await aborted.json()) as { redirect_to: string; session_ended: boolean };
    expect(aborted.status, JSON.stringify(body)).to.equal(200);
    expect(body.session_ended).to.equal(true);
    expect((await me(session.token)).status).to.equal(401);
  });

  it('documents: signing out on the hosted account page leaves the provider session (prompt=none still signs in)', async () => {
    // OpenID semantics: the provider's session is the single sign-on session, separate from the
    // hosted pages' application session. Only RP-initiated logout (or its expiry) ends it.
    const user = await registerEndUser(t.ctx, pool.applicationId);
    const session = await endUserLogin(t.ctx, pool.applicationId, user.email, user.password);
    const run = await begin(config, spa, {});
    await handOver(run.jar, run.location, session.token);
    const signedOut = await t.ctx.request
      .post('/api/auth/logout')
      .set(applicationHeader(pool.applicationId))
      .set(bearer(session.token));
    expect(signedOut.status).to.be.oneOf([200, 204]);
    expect((await me(session.token)).status).to.equal(401);
    const silent = await begin(config, spa, { jar: run.jar, params: { prompt: 'none' } });
    expect(silent.location.searchParams.get('code'), silent.location.href).to.be.a('string');
  });
  it('hands the relying party an ID token with the scopes’ claims (scope=openid email profile)', async () => {
    const user = await registerEndUser(t.ctx, pool.applicationId, { display_name: 'Erika Muster' });
    const session = await endUserLogin(t.ctx, pool.applicationId, user.email, user.password);
    const run = await begin(config, spa, { scope: 'openid email profile' });
    const { next } = await handOver(run.jar, run.location, session.token);
    const tokens = await client.authorizationCodeGrant(config, next, {
      pkceCodeVerifier: run.codeVerifier,
      expectedState: run.state,
      expectedNonce: run.nonce,
    });
    // As Auth0 and Keycloak do: an RP that reads only the ID token has the profile.
    expect(tokens.claims()).to.deep.include({
      sub: user.id,
      email: user.email,
      email_verified: true,
      name: 'Erika Muster',
      locale: 'de',
    });
    // Only what the scopes ask for: without profile no name.
    const narrow = await begin(config, spa, { jar: run.jar, scope: 'openid email' });
    const narrowTokens = await client.authorizationCodeGrant(config, narrow.location, {
      pkceCodeVerifier: narrow.codeVerifier,
      expectedState: narrow.state,
      expectedNonce: narrow.nonce,
    });
    expect(narrowTokens.claims()).to.include({ email: user.email });
    expect(narrowTokens.claims()).not.to.have.any.keys('name', 'locale');
  });
});
