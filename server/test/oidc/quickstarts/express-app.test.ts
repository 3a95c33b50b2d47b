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
import { Browser, hostedSignIn } from './browser.js';
import { createApp } from './express-app.js';
import { listenOnLoopback, preJson, type LoopbackApp } from './loopback.js';

/**
 * The Express quick start (docs/oidc.md, server/test/oidc/quickstarts/express-app.ts) run as
 * written against our provider: a web client with client_secret_basic created through the API, the
 * app on its own loopback port, the user's browser driven with fetch through the hosted sign-in.
 */
describe('OIDC quick start: Express with openid-client (issue #32)', function () {
  this.timeout(60_000);
  let t: OidcTestServer;
  let pool: OidcTestPool;
  let app: LoopbackApp;
  let web: TestClient;

  before(async () => {
    t = await startOidcServer();
    pool = await createOidcPool(t);
    app = await listenOnLoopback();
    web = await createClient(t, pool, 'web', {
      redirect_uris: [`${app.url}/callback`],
      post_logout_redirect_uris: [`${app.url}/`],
    });
    app.serve(
      await createApp({
        issuer: pool.issuer,
        clientId: web.client_id,
        clientSecret: web.client_secret!,
        appUrl: app.url,
        sessionSecret: 'quick-start-session-secret',
      }),
    );
  });
  after(async () => {
    await app?.close();
    await t?.close();
  });

  it('signs the user in through the hosted page and shows their claims, then signs out', async () => {
    const user = await signInEndUser(t, pool, { display_name: 'Erika Muster' });
    const browser = new Browser(hostedSignIn(user));
    expect((await browser.navigate(`${app.url}/`)).body).to.contain('Not signed in');

    const page = await browser.navigate(`${app.url}/login`);
    expect(page.url.href).to.equal(`${app.url}/`);
    expect(page.body).to.contain('Signed in as Erika Muster');
    const authorization = page.trail.find((url) => url.pathname === `/oidc/${pool.projectId}/auth`);
    expect(authorization, 'the authorization request').to.exist;
    expect(authorization!.searchParams.get('code_challenge_method')).to.equal('S256');
    expect(authorization!.searchParams.get('client_id')).to.equal(web.client_id);
    expect(
      page.trail.some((url) => url.pathname === `/p/${pool.projectId}/sign-in`),
      'the hosted sign-in',
    ).to.equal(true);

    const claims = preJson(page.body, 'claims');
    expect(claims).to.include({
      iss: pool.issuer,
      aud: web.client_id,
      sub: user.id,
      acr: 'urn:iam-platform:acr:1fa',
    });
    expect(preJson(page.body, 'userinfo')).to.deep.include({
      sub: user.id,
      email: user.email,
      email_verified: true,
      name: 'Erika Muster',
    });

    // Sign out: the app's session ends, the provider asks "Sign out?", then sends the browser back.
    const confirm = await browser.navigate(`${app.url}/logout`, { method: 'POST' });
    expect(confirm.url.pathname).to.equal(`/oidc/${pool.projectId}/session/end`);
    const signedOut = await browser.submitForm(confirm, 'op.logoutForm', { logout: 'yes' });
    expect(signedOut.url.href).to.equal(`${app.url}/`);
    expect(signedOut.body).to.contain('Not signed in');

    // The provider's session ended too: a new sign-in goes to the hosted sign-in page again.
    browser.hostedPage = undefined;
    const again = await browser.navigate(`${app.url}/login`);
    expect(again.url.pathname).to.equal(`/p/${pool.projectId}/sign-in`);
  });

  it('shows each browser its own account', async () => {
    const first = await signInEndUser(t, pool, { display_name: 'Anna Erste' });
    const second = await signInEndUser(t, pool, { display_name: 'Bernd Zweiter' });
    const [a, b] = await Promise.all([
      new Browser(hostedSignIn(first)).navigate(`${app.url}/login`),
      new Browser(hostedSignIn(second)).navigate(`${app.url}/login`),
    ]);
    expect(preJson(a.body, 'userinfo')).to.include({ sub: first.id, email: first.email });
    expect(preJson(b.body, 'userinfo')).to.include({ sub: second.id, email: second.email });
  });

  it('refuses a callback the browser did not start', async () => {
    const user = await signInEndUser(t, pool);
    // The code reaches the app's callback in another browser, which has no sign-in in progress.
    const started = await new Browser(hostedSignIn(user)).navigate(
      `${app.url}/login`,
      {},
      { stopBefore: (url) => url.pathname === '/callback' },
    );
    expect(started.url.searchParams.get('code'), 'a code').to.be.a('string');
    const other = await new Browser().navigate(started.url);
    expect(other.status).to.equal(400);
    expect(other.body).to.contain('No sign-in in progress');
  });
});
