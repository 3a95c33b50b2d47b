import { expect } from 'chai';
import type { JSDOM } from 'jsdom';
import { IamError, OidcClient, type OidcClientOptions, type OidcSession } from '../src/index';
import { createAuth } from './fixtures/spa-quickstart';
import { createPage } from './helpers';
import {
  ACCOUNT,
  AFTER_LOGOUT_URI,
  APP_ORIGIN,
  BrowserAgent,
  ES256_CLIENT,
  REDIRECT_URI,
  SPA_CLIENT,
  TestProvider,
} from './openid-provider';

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const parts = (jwt: string) =>
  jwt
    .split('.')
    .map((part, i) => (i < 2 ? JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))) : part));

/** An IamError with `code`, or the test fails. */
async function refusal(promise: Promise<unknown>, code: string): Promise<IamError> {
  try {
    await promise;
  } catch (error) {
    expect(error, String(error)).to.be.instanceOf(IamError);
    expect((error as IamError).code, (error as IamError).message).to.equal(code);
    return error as IamError;
  }
  throw new Error(`expected a refusal with ${code}`);
}

describe('OpenID Connect client (against oidc-provider on loopback, jsdom as the browser)', function () {
  this.timeout(20_000);
  let op: TestProvider;
  let page: JSDOM;
  let agent: BrowserAgent;
  let tokenRequests: string[];
  /** node's fetch, counting token requests; `tamper` may rewrite a token response (a meddler in the middle). */
  let tamper: ((body: Record<string, unknown>) => Record<string, unknown>) | undefined;
  const countingFetch: typeof fetch = async (input, init) => {
    const url = String(input);
    if (url.endsWith('/token'))
      tokenRequests.push(String(new URLSearchParams(String(init?.body)).get('grant_type')));
    const response = await fetch(input, init);
    if (!tamper || !url.endsWith('/token') || !response.ok) return response;
    return new Response(JSON.stringify(tamper((await response.json()) as Record<string, unknown>)), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  const win = () => page.window as unknown as Window;
  const newClient = (options: Partial<OidcClientOptions> = {}) =>
    new OidcClient({
      issuer: op.issuer,
      clientId: SPA_CLIENT,
      redirectUri: REDIRECT_URI,
      postLogoutRedirectUri: AFTER_LOGOUT_URI,
      window: win(),
      fetch: countingFetch,
      ...options,
    });
  /** Starts a sign-in, lets the "browser" follow the provider to the callback URL, and puts it in the address bar. */
  async function goToProvider(
    client: OidcClient,
    options: Parameters<OidcClient['signInWithRedirect']>[0] = {},
  ) {
    let authorizationUrl = '';
    await client.signInWithRedirect({ ...options, openUrl: (url) => void (authorizationUrl = url) });
    const callback = await agent.navigate(authorizationUrl);
    page.window.history.pushState(null, '', callback);
    return { authorizationUrl: new URL(authorizationUrl), callback };
  }
  const storedSession = () =>
    JSON.parse(page.window.localStorage.getItem(`iam_oidc:${SPA_CLIENT}@${op.issuer}`) ?? 'null');

  before(async () => {
    op = await new TestProvider().start();
  });
  after(() => op.stop());
  beforeEach(() => {
    page = createPage(`${APP_ORIGIN}/orders?tab=open`);
    agent = new BrowserAgent();
    tokenRequests = [];
    tamper = undefined;
  });
  afterEach(() => page.window.close());

  it('signs in with a full redirect round trip: code + PKCE S256, verified RS256 ID token, address cleaned', async () => {
    const client = newClient();
    const changes: (OidcSession | null)[] = [];
    client.onSessionChange((session) => changes.push(session));
    const { authorizationUrl, callback } = await goToProvider(client, {
      loginHint: ACCOUNT.email,
      appState: { returnTo: '/orders?tab=open' },
    });
    expect(authorizationUrl.href.startsWith(`${op.issuer}/auth?`)).to.equal(true);
    const query = Object.fromEntries(authorizationUrl.searchParams);
    expect(query).to.include({
      response_type: 'code',
      client_id: SPA_CLIENT,
      redirect_uri: REDIRECT_URI,
      scope: 'openid profile email',
      code_challenge_method: 'S256',
      login_hint: ACCOUNT.email,
    });
    expect(query.code_challenge).to.match(/^[\w-]{43}$/);
    expect(query).to.not.have.property('prompt');
    expect(new URL(callback).searchParams.get('iss')).to.equal(op.issuer);
    expect(client.isRedirectCallback()).to.equal(true);

    const result = await client.handleRedirectCallback();
    // conformIdTokenClaims (oidc-provider's default, and our server's): profile claims via userinfo.
    expect(result.user).to.include({ iss: op.issuer, aud: SPA_CLIENT, sub: ACCOUNT.sub });
    expect(result.user.nonce).to.equal(query.nonce);
    expect(result.appState).to.deep.equal({ returnTo: '/orders?tab=open' });
    expect(result.expiresAt).to.be.within(Date.now() / 1000 + 590, Date.now() / 1000 + 601);
    expect(result.renewable).to.equal(false);
    expect(parts(result.idToken)[0]).to.include({ alg: 'RS256', kid: 'rs256-1' });
    // The code and state left the address (history.replaceState), and the transient data sessionStorage.
    expect(page.window.location.href).to.equal(REDIRECT_URI);
    expect(page.window.sessionStorage.length).to.equal(0);
    // Without offline_access no refresh token is kept (the provider issued none either).
    expect(storedSession()).to.not.have.property('refreshToken');
    expect(client.isAuthenticated()).to.equal(true);
    expect(client.getUser()?.sub).to.equal(ACCOUNT.sub);
    expect(changes.map((session) => session?.user.sub)).to.deep.equal([ACCOUNT.sub]);
    // The access token is the provider's: its userinfo endpoint answers with it.
    expect(await client.getUserInfo()).to.include({ sub: ACCOUNT.sub, email: ACCOUNT.email, locale: 'en' });
    // One code exchange, no renewal needed.
    expect(tokenRequests).to.deep.equal(['authorization_code']);
  });

  it('verifies ES256 ID tokens with the JWKS as well', async () => {
    const client = newClient({ clientId: ES256_CLIENT });
    await goToProvider(client);
    const result = await client.handleRedirectCallback();
    expect(parts(result.idToken)[0]).to.include({ alg: 'ES256', kid: 'es256-1' });
    expect(result.user.aud).to.equal(ES256_CLIENT);
  });

  it('runs the quick start: back from the provider to where the user was, API calls with a renewed token', async () => {
    const g = globalThis as Record<string, unknown>;
    Object.assign(g, { window: page.window, location: page.window.location, history: page.window.history });
    try {
      const app = createAuth(op.issuer, SPA_CLIENT);
      expect(await app.start()).to.equal(null);
      let authorizationUrl = '';
      await app.signIn({ openUrl: (url) => void (authorizationUrl = url) });
      // offline_access asks with prompt=consent (OpenID Connect Core §11), so a refresh token is issued.
      expect(new URL(authorizationUrl).searchParams.get('prompt')).to.equal('consent');
      page.window.history.pushState(null, '', await agent.navigate(authorizationUrl));

      const user = await app.start();
      expect(user).to.include({ sub: ACCOUNT.sub, email: ACCOUNT.email });
      expect(page.window.location.href).to.equal(`${APP_ORIGIN}/orders`);
      expect(app.oidc.getSession()?.renewable).to.equal(true);

      const before = app.oidc.getSession()!.accessToken;
      // The access token is about to expire: the next API call renews it first.
      const stored = storedSession();
      page.window.localStorage.setItem(
        `iam_oidc:${SPA_CLIENT}@${op.issuer}`,
        JSON.stringify({ ...stored, issuedAt: stored.issuedAt - 580, expiresAt: stored.issuedAt + 20 }),
      );
      const response = await app.callApi(`${op.issuer}/me`);
      expect(response?.status).to.equal(200);
      expect(app.oidc.getSession()!.accessToken).to.not.equal(before);
    } finally {
      for (const name of ['window', 'location', 'history']) delete g[name];
    }
  });

  it('refuses an answer whose state this tab did not send, a replayed answer, and a foreign iss', async () => {
    const client = newClient();
    const { callback } = await goToProvider(client);
    const forged = new URL(callback);
    forged.searchParams.set('state', 'x'.repeat(43));
    const error = await refusal(client.handleRedirectCallback(forged.href), 'state_mismatch');
    expect(error.message).to.match(/not belong to a sign-in started in this tab/);

    const wrongIssuer = new URL(callback);
    wrongIssuer.searchParams.set('iss', 'https://evil.example');
    await refusal(client.handleRedirectCallback(wrongIssuer.href), 'issuer_mismatch');
    // That attempt spent the state: the genuine answer is now a replay.
    await refusal(client.handleRedirectCallback(callback), 'state_mismatch');
    expect(tokenRequests).to.deep.equal([]);
    expect(client.isAuthenticated()).to.equal(false);
  });

  it('refuses an ID token whose nonce is not the one of this sign-in', async () => {
    const client = newClient();
    const { callback } = await goToProvider(client);
    // The tab's transaction has another nonce than the one the ID token carries (a replayed token).
    const key = `iam_oidc_tx:${new URL(callback).searchParams.get('state')}`;
    const transaction = JSON.parse(page.window.sessionStorage.getItem(key)!);
    page.window.sessionStorage.setItem(key, JSON.stringify({ ...transaction, nonce: 'another-nonce' }));
    await refusal(client.handleRedirectCallback(), 'nonce_mismatch');
    expect(client.getSession()).to.equal(null);
  });

  it('refuses a tampered ID token (changed claims, alg none, a foreign signature, another client’s token)', async () => {
    const other = newClient({ clientId: ES256_CLIENT });
    await goToProvider(other);
    const othersIdToken = (await other.handleRedirectCallback()).idToken;
    const cases: [string, (idToken: string) => string, RegExp][] = [
      [
        'changed claims',
        (idToken) => {
          const [header, claims, signature] = parts(idToken);
          return `${b64(header)}.${b64({ ...claims, sub: 'user-mallory', email: 'mallory@example.com' })}.${signature}`;
        },
        /signature does not verify/,
      ],
      ['alg none', (idToken) => `${b64({ alg: 'none' })}.${idToken.split('.')[1]}.`, /signed with none/],
      [
        'signature of another token',
        (idToken) => `${idToken.split('.').slice(0, 2).join('.')}.${'A'.repeat(342)}`,
        /signature does not verify/,
      ],
      ['issued to another client', () => othersIdToken, /issued to spa-es256, not spa-rs256/],
    ];
    for (const [what, change, message] of cases) {
      const client = newClient();
      tamper = (body) => ({ ...body, id_token: change(String(body.id_token)) });
      await goToProvider(client);
      const error = await refusal(client.handleRedirectCallback(), 'invalid_id_token');
      expect(error.message, what).to.match(message);
      expect(client.getSession(), what).to.equal(null);
    }
  });

  it('renews with the refresh token: one request for concurrent calls, rotation, the old token refused, reuse ends the session', async () => {
    const client = newClient({ scope: 'openid email offline_access' });
    const changes: (OidcSession | null)[] = [];
    client.onSessionChange((session) => changes.push(session));
    await goToProvider(client);
    const first = await client.handleRedirectCallback();
    expect(first.renewable).to.equal(true);
    const firstRefresh = storedSession().refreshToken as string;
    expect(firstRefresh).to.be.a('string');

    const tokens = await Promise.all([1, 2, 3].map(() => client.getAccessToken({ forceRefresh: true })));
    expect(tokenRequests).to.deep.equal(['authorization_code', 'refresh_token']);
    expect(new Set(tokens).size).to.equal(1);
    expect(tokens[0]).to.not.equal(first.accessToken);
    const secondRefresh = storedSession().refreshToken as string;
    expect(secondRefresh).to.be.a('string').and.not.equal(firstRefresh);
    expect(client.getUser()?.sub).to.equal(ACCOUNT.sub);
    // A fresh token is answered from storage, without a request.
    expect(await client.getAccessToken()).to.equal(tokens[0]);
    expect(tokenRequests).to.have.length(2);

    // Rotation: the first refresh token is spent. Presenting it again (a thief) revokes the whole grant…
    const replay = await op.token({
      grant_type: 'refresh_token',
      refresh_token: firstRefresh,
      client_id: SPA_CLIENT,
    });
    expect(replay.status).to.equal(400);
    expect(replay.body.error).to.equal('invalid_grant');
    // …so the client's current one is refused too: the session is cleared and reported.
    const error = await refusal(client.getAccessToken({ forceRefresh: true }), 'invalid_grant');
    expect(error.status).to.equal(400);
    expect(error.message).to.match(/session was cleared: sign in again/);
    expect(client.isAuthenticated()).to.equal(false);
    expect(await client.getAccessToken()).to.equal(null);
    expect(changes.map((session) => (session ? 'session' : null))).to.deep.equal([
      'session',
      'session',
      null,
    ]);
  });

  it("surfaces the provider's error: prompt=none without a provider session is login_required", async () => {
    const client = newClient();
    const { callback } = await goToProvider(client, { prompt: 'none' });
    expect(new URL(callback).searchParams.get('error')).to.equal('login_required');
    const error = await refusal(client.handleRedirectCallback(), 'login_required');
    expect(error.message).to.be.a('string').and.not.equal('');
    expect(page.window.location.href).to.equal(REDIRECT_URI);
    expect(tokenRequests).to.deep.equal([]);

    // With the provider's session (cookies) from a sign-in, prompt=none succeeds silently.
    await goToProvider(client);
    await client.handleRedirectCallback();
    await goToProvider(client, { prompt: 'none' });
    expect((await client.handleRedirectCallback()).user.sub).to.equal(ACCOUNT.sub);
  });

  it('signs out: RP-initiated logout URL with id_token_hint, the refresh token revoked, back to the app', async () => {
    const client = newClient({ scope: 'openid offline_access' });
    await goToProvider(client);
    const { idToken } = await client.handleRedirectCallback();
    const refreshToken = storedSession().refreshToken as string;
    let opened = '';
    const url = await client.signOut({ state: 'bye', openUrl: (href) => void (opened = href) });
    expect(opened).to.equal(url);
    const logout = new URL(url!);
    expect(`${logout.origin}${logout.pathname}`).to.equal(`${op.issuer}/session/end`);
    expect(Object.fromEntries(logout.searchParams)).to.deep.equal({
      client_id: SPA_CLIENT,
      id_token_hint: idToken,
      post_logout_redirect_uri: AFTER_LOGOUT_URI,
      state: 'bye',
    });
    expect(client.getSession()).to.equal(null);
    const reuse = await op.token({
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: SPA_CLIENT,
    });
    expect(reuse.body.error).to.equal('invalid_grant');
    // The provider confirms and sends the browser back to the post-logout URI with the state.
    const back = await agent.navigate(url!);
    expect(back).to.equal(`${AFTER_LOGOUT_URI}?state=bye`);
    // Its session is gone: a silent sign-in now needs a login.
    await goToProvider(client, { prompt: 'none' });
    await refusal(client.handleRedirectCallback(), 'login_required');
  });

  it('refuses a discovery document naming another issuer', async () => {
    const client = newClient({ issuer: `${op.issuer}/` });
    const error = await refusal(client.signInWithRedirect({ openUrl: () => undefined }), 'issuer_mismatch');
    expect(error.message).to.include(op.issuer);
  });
});
