import { expect } from 'chai';
import {
  browse,
  CookieJar,
  createClient,
  createOidcPool,
  discover,
  hostedPageOf,
  interactionPost,
  signInEndUser,
  startAuthorization,
  startOidcServer,
  type OidcTestPool,
  type OidcTestServer,
  type TestClient,
} from './helpers.js';

/** What a browser sends when it navigates (Chromium's Accept for a document). */
const NAVIGATION = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8',
};

/**
 * GET /oidc/{pool}/interaction/{uid} is where the provider sends the browser. Without the
 * interaction (its cookie missing, expired, or the interaction finished) a browser must get a
 * page, not JSON: the hosted sign-in page's "Anmeldung abgelaufen" state (issue #32).
 */
describe('OpenID provider: the interaction URL in a browser without the interaction (issue #32)', function () {
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

  async function pendingInteraction() {
    const config = await discover(pool, spa);
    const started = await startAuthorization(t, config, spa);
    const hosted = hostedPageOf(started.response.headers.get('location')!, t.baseUrl);
    expect(hosted.page).to.equal('sign-in');
    return {
      ...hosted,
      jar: started.jar,
      url: `${t.baseUrl}/oidc/${pool.projectId}/interaction/${hosted.uid}`,
    };
  }

  const expiredPage = (uid: string) => `${t.baseUrl}/p/${pool.projectId}/sign-in?interaction=${uid}`;

  it('sends a browser from another window to the hosted page that says the sign-in has expired', async () => {
    const { uid, url, jar } = await pendingInteraction();
    // The browser that started it still goes on to the sign-in form.
    const own = await browse(jar, url, { headers: NAVIGATION });
    expect(own.status).to.equal(303);
    expect(own.headers.get('location')).to.equal(`${expiredPage(uid)}&client_id=${spa.client_id}`);

    const elsewhere = await browse(new CookieJar(), url, { headers: NAVIGATION });
    expect(elsewhere.status).to.equal(303);
    expect(elsewhere.headers.get('location')).to.equal(expiredPage(uid));
    expect(elsewhere.headers.get('cache-control')).to.equal('no-store');
  });

  it('does the same for an unknown and for a finished interaction', async () => {
    const unknown = await browse(
      new CookieJar(),
      `${t.baseUrl}/oidc/${pool.projectId}/interaction/no-such-interaction`,
      { headers: NAVIGATION },
    );
    expect(unknown.status).to.equal(303);
    expect(unknown.headers.get('location')).to.equal(expiredPage('no-such-interaction'));

    const { uid, url, jar, poolId } = await pendingInteraction();
    const user = await signInEndUser(t, pool);
    const login = await interactionPost(t, jar, { poolId, uid }, 'login', { token: user.token });
    expect(login.status).to.equal(200);
    await browse(jar, ((await login.json()) as { redirect_to: string }).redirect_to);
    // Back to the interaction URL after the client got its code (the browser's history).
    const again = await browse(jar, url, { headers: NAVIGATION });
    expect(again.status).to.equal(303);
    expect(again.headers.get('location')).to.equal(expiredPage(uid));
  });

  it('answers other requests with JSON 404 as before', async () => {
    const { url } = await pendingInteraction();
    for (const accept of ['application/json', '*/*']) {
      const response = await browse(new CookieJar(), url, { headers: { accept } });
      expect(response.status, accept).to.equal(404);
      expect(await response.json()).to.include({ code: 'interaction_not_found' });
    }
  });

  it('keeps 404 for a project without an issuer', async () => {
    const response = await browse(
      new CookieJar(),
      `${t.baseUrl}/oidc/0123456789abcdef01234567/interaction/some-uid`,
      { headers: NAVIGATION },
    );
    expect(response.status).to.equal(404);
    expect(response.headers.get('location')).to.equal(null);
  });
});
