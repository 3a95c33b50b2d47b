import { expect } from 'chai';
import {
  createClient,
  createOidcPool,
  signInEndUser,
  startOidcServer,
  type OidcTestPool,
  type OidcTestServer,
  type TestClient,
} from '../helpers.js';
import { Browser, hostedSignIn, type Page } from './browser.js';
import { refresh, signIn, signOut } from './native-app.js';

/**
 * The native-app quick start (server/test/oidc/quickstarts/native-app.ts, AppAuth-JS) run as
 * written against our provider: a public `native` client registered with the loopback redirect
 * `http://127.0.0.1/callback` (any port, RFC 8252) and an iOS/Android-style custom scheme; the
 * test's `openBrowser` is the user's browser (fetch), which signs in on the hosted page and
 * delivers the redirect to the app's loopback listener.
 */
describe('OIDC quick start: native app with AppAuth-JS (issue #32)', function () {
  this.timeout(60_000);
  let t: OidcTestServer;
  let pool: OidcTestPool;
  let native: TestClient;

  before(async () => {
    t = await startOidcServer();
    pool = await createOidcPool(t);
    native = await createClient(t, pool, 'native', {
      redirect_uris: ['http://127.0.0.1/callback', 'com.example.app:/oauth2redirect'],
    });
  });
  after(async () => {
    await t?.close();
  });

  it('signs in through the system browser and a loopback redirect; refreshes; signs out', async () => {
    const user = await signInEndUser(t, pool, { display_name: 'Erika Muster' });
    const browser = new Browser(hostedSignIn(user));
    let page: Page | undefined;
    const session = await signIn({
      issuer: pool.issuer,
      clientId: native.client_id,
      openBrowser: async (url) => {
        page = await browser.navigate(url);
      },
    });

    expect(session.user).to.deep.include({
      sub: user.id,
      email: user.email,
      email_verified: true,
      name: 'Erika Muster',
    });
    // The browser went to the provider, the hosted sign-in, and back to the app's loopback port.
    const authorization = page!.trail[0]!;
    expect(authorization.pathname).to.equal(`/oidc/${pool.projectId}/auth`);
    expect(authorization.searchParams.get('code_challenge_method')).to.equal('S256');
    expect(authorization.searchParams.get('code_challenge')).to.match(/^[\w-]{43}$/);
    const redirect = new URL(authorization.searchParams.get('redirect_uri')!);
    expect(redirect.hostname).to.equal('127.0.0.1');
    expect(Number(redirect.port)).to.be.above(0);
    expect(page!.trail.some((url) => url.pathname === `/p/${pool.projectId}/sign-in`)).to.equal(true);
    expect(page!.url.origin).to.equal(redirect.origin);
    expect(page!.body).to.contain('Signed in');

    const idClaims = JSON.parse(Buffer.from(session.tokens.idToken!.split('.')[1]!, 'base64url').toString());
    expect(idClaims).to.include({ iss: pool.issuer, aud: native.client_id, sub: user.id });
    expect(session.tokens.refreshToken, 'a refresh token (offline_access)').to.be.a('string');

    const renewed = await refresh(session);
    expect(renewed.tokens.accessToken).to.be.a('string').and.not.equal(session.tokens.accessToken);
    expect(renewed.tokens.refreshToken).to.be.a('string').and.not.equal(session.tokens.refreshToken);

    await signOut(renewed);
    let refused: unknown;
    await refresh(renewed).catch((error: unknown) => (refused = error));
    expect(refused, 'the revoked refresh token is refused').to.exist;
  });

  it('refuses a redirect whose state is not the one it sent', async () => {
    const user = await signInEndUser(t, pool);
    const browser = new Browser(hostedSignIn(user));
    let failure: unknown;
    await signIn({
      issuer: pool.issuer,
      clientId: native.client_id,
      openBrowser: async (url) => {
        // Another page delivers a code with a state of its own to the app's loopback port.
        const redirect = new URL(new URL(url).searchParams.get('redirect_uri')!);
        redirect.search = new URLSearchParams({ code: 'forged', state: 'not-the-app-state' }).toString();
        await browser.navigate(redirect);
      },
    }).catch((error: unknown) => (failure = error));
    expect(String(failure)).to.contain('the state does not match');
  });
});
