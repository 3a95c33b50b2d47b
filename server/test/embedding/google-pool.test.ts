import { expect } from 'chai';
import type { IncomingMessage } from 'node:http';
import { OAuth2Server } from 'oauth2-mock-server';
import supertest from 'supertest';
import { redactUrl } from '../../src/lib/request-logging.js';
import type { TestContext } from '../helpers/context.js';
import { bearer, createAuthContext, PASSWORD, signedInUser, uniqueEmail } from '../auth/helpers.js';
import { registerEndUser } from '../helpers/end-users.js';
import { awayFromStepEdge, currentStep, totpAt } from '../mfa/helpers.js';
import { enrolTotp, usersPath } from '../pool-users/helpers.js';
import { createApplication, createOrganization, createProject, type User } from '../projects/helpers.js';

const POOL_CLIENT = 'shop-pool.apps.googleusercontent.com';
const POOL_SECRET = 'GOCSPX-shop-pool-secret';
const PLATFORM_CLIENT = 'iam-platform-client';
const PLATFORM_SECRET = 'iam-platform-secret';

type Browser = ReturnType<typeof supertest.agent>;

/** What the fake provider's token endpoint was called with. */
interface TokenRequest {
  client_id?: string;
  client_secret?: string;
  redirect_uri?: string;
  code_verifier?: string;
}

/**
 * Google sign-in of a user pool (issue #31): GET /api/auth/google/start and /callback with the
 * pool's own Google client, POST /api/auth/google/exchange for the hosted sign-in page, against a
 * local OAuth2/OIDC server standing in for Google.
 */
describe('embedding API: Google sign-in in a user pool (/api/auth/google/*)', function () {
  this.timeout(60_000);
  let oauth: OAuth2Server;
  let ctx: TestContext;
  let admin: User;
  let projectId: string;
  let applicationId: string;
  /** Another application of the same project: the same pool. */
  let siblingApplicationId: string;
  /** A project of the same organization that never turned Google on. */
  let plainProjectId: string;
  let plainApplicationId: string;
  /** Another organization's project with its own Google client. */
  let foreignProjectId: string;
  let foreignApplicationId: string;
  const tokenRequests: TokenRequest[] = [];

  const profiles = () => ctx.database.connection.collection('profiles');
  const app = (id = applicationId) => ({ 'X-Application-ID': id });
  /** POST /api/auth/google/exchange from `browser` (the hosted page's same-origin fetch sends its cookies). */
  const exchange = (code: string, browser: Browser | typeof ctx.request, application = applicationId) =>
    browser.post('/api/auth/google/exchange').set(app(application)).send({ code });
  const signInPage = (project = projectId) => `${ctx.config.publicUrl}/p/${project}/sign-in`;

  /**
   * The browser's walk: the hosted page's start URL → the provider's authorize → our callback.
   * `callbackBrowser` lets another browser open the callback; `tamper` changes it first.
   */
  async function throughGoogle(
    userinfo: Record<string, unknown>,
    options: {
      application?: string;
      returnTo?: string;
      browser?: Browser;
      callbackBrowser?: Browser;
      tamper?: (callback: URL) => void;
    } = {},
  ) {
    const browser = options.browser ?? supertest.agent(ctx.app);
    const start = await browser
      .get('/api/auth/google/start')
      .query({
        client_id: options.application ?? applicationId,
        ...(options.returnTo === undefined ? {} : { return_to: options.returnTo }),
      })
      .expect(302);
    const authorize = new URL(start.headers.location!);
    oauth.service.once('beforeUserinfo', (response) => {
      response.body = userinfo;
    });
    const provider = await fetch(authorize, { redirect: 'manual' });
    expect(provider.status).to.equal(302);
    const callback = new URL(provider.headers.get('location')!);
    expect(callback.pathname).to.equal('/api/auth/google/callback');
    options.tamper?.(callback);
    const landed = await (options.callbackBrowser ?? browser)
      .get(`${callback.pathname}${callback.search}`)
      .expect(303);
    return { authorize, landing: new URL(landed.headers.location!), browser, landed };
  }

  /** Signs in through Google and trades the code: the exchange's answer. */
  async function googleSession(userinfo: Record<string, unknown>, application = applicationId) {
    const { landing, browser } = await throughGoogle(userinfo, { application });
    const code = landing.searchParams.get('google_code');
    expect(code, `a google_code in ${landing.href}`).to.be.a('string');
    return exchange(code!, browser, application).expect(200);
  }

  async function setPool(project: string, changes: Record<string, unknown>) {
    const response = await ctx.request
      .patch(`/api/v1/projects/${project}/pool`)
      .set(bearer(admin.access_token))
      .send(changes);
    expect(response.status, JSON.stringify(response.body)).to.equal(200);
  }

  before(async () => {
    oauth = new OAuth2Server();
    await oauth.issuer.keys.generate('RS256');
    await oauth.start(0, '127.0.0.1');
    oauth.service.on(
      'beforeResponse',
      (_response: unknown, req: IncomingMessage & { body?: TokenRequest }) => {
        tokenRequests.push({ ...req.body });
      },
    );
    const issuer = oauth.issuer.url!;
    ctx = await createAuthContext({
      // The platform's own client, for the dashboard's flow beside the pools'.
      GOOGLE_CLIENT_ID: PLATFORM_CLIENT,
      GOOGLE_CLIENT_SECRET: PLATFORM_SECRET,
      GOOGLE_AUTHORIZATION_URL: `${issuer}/authorize`,
      GOOGLE_TOKEN_URL: `${issuer}/token`,
      GOOGLE_USERINFO_URL: `${issuer}/userinfo`,
    });
    admin = await signedInUser(ctx, 'googlepooladmin');
    const organizationId = await createOrganization(ctx, admin);
    projectId = (await createProject(ctx, admin, organizationId, { name: 'Kaffeehaus' })).id;
    applicationId = (await createApplication(ctx, admin, projectId)).id;
    siblingApplicationId = (await createApplication(ctx, admin, projectId)).id;
    await setPool(projectId, {
      methods: ['password', 'google'],
      google: { client_id: POOL_CLIENT, client_secret: POOL_SECRET },
    });
    plainProjectId = (await createProject(ctx, admin, organizationId)).id;
    plainApplicationId = (await createApplication(ctx, admin, plainProjectId)).id;
    const stranger = await signedInUser(ctx, 'googlepoolstranger');
    const foreignOrganization = await createOrganization(ctx, stranger);
    foreignProjectId = (await createProject(ctx, stranger, foreignOrganization)).id;
    foreignApplicationId = (await createApplication(ctx, stranger, foreignProjectId)).id;
    const foreign = await ctx.request
      .patch(`/api/v1/projects/${foreignProjectId}/pool`)
      .set(bearer(stranger.access_token))
      .send({
        methods: ['password', 'google'],
        google: { client_id: 'foreign-client', client_secret: 'foreign' },
      });
    expect(foreign.status, JSON.stringify(foreign.body)).to.equal(200);
  });

  after(async () => {
    await ctx?.close();
    await oauth?.stop();
  });

  describe('the happy path', () => {
    it("uses the pool's own client, creates the account in the pool and hands the hosted page a one-time code", async () => {
      const email = uniqueEmail('googlepool');
      const returnTo = `/p/${projectId}/sign-in?client_id=${applicationId}&state=abc`;
      tokenRequests.length = 0;
      const { authorize, landing, browser, landed } = await throughGoogle(
        { sub: 'pool-google-1', email, email_verified: true, name: 'Grete Google' },
        { returnTo },
      );
      // The provider sees the pool's client id, our callback, PKCE (S256) and a state naming the pool.
      expect(authorize.searchParams.get('client_id')).to.equal(POOL_CLIENT);
      expect(authorize.searchParams.get('redirect_uri')).to.equal(
        `${ctx.config.publicUrl}/api/auth/google/callback`,
      );
      expect(authorize.searchParams.get('code_challenge_method')).to.equal('S256');
      expect(authorize.searchParams.get('state')).to.match(new RegExp(`^${projectId}\\.[\\w-]{20,}$`));
      expect(tokenRequests).to.have.length(1);
      expect(tokenRequests[0]).to.include({ client_id: POOL_CLIENT, client_secret: POOL_SECRET });
      expect(tokenRequests[0]!.code_verifier).to.have.length.greaterThan(42);

      // Back to the page the sign-in started from, its query kept, with only a one-time code added.
      expect(landing.origin + landing.pathname).to.equal(signInPage());
      expect(landing.searchParams.get('client_id')).to.equal(applicationId);
      expect(landing.searchParams.get('state')).to.equal('abc');
      const code = landing.searchParams.get('google_code')!;
      expect(code).to.be.a('string');
      expect(landing.search).not.to.match(/token/);
      // The code is this browser's: its secret in an HttpOnly cookie sent only to the exchange.
      const cookie = ([] as string[]).concat(landed.headers['set-cookie'] ?? []).join('\n');
      expect(cookie).to.match(/iam_pool_google_code=[\w-]{20,};/);
      expect(cookie).to.contain('Path=/api/auth/google/exchange');
      expect(cookie).to.match(/HttpOnly.*SameSite=Lax|SameSite=Lax.*HttpOnly/);
      expect(cookie).to.contain('Max-Age=60');

      const session = await exchange(code, browser).expect(200);
      expect(session.body).to.include.keys('token', 'refresh_token', 'expires_at');
      expect(session.body.user).to.include({ email, display_name: 'Grete Google', is_verified: true });
      const stored = await profiles().findOne({ email });
      expect(stored).to.include({ pool_id: projectId, google_id: 'pool-google-1', password_hash: null });
      expect(String(stored!.registered_application_id)).to.equal(applicationId);
      // An application session: it opens the account self-service, and the session records Google.
      const sessions = await ctx.request
        .get('/api/v1/auth/sessions')
        .set(bearer(session.body.token))
        .expect(200);
      expect(sessions.body.data.find((entry: { current: boolean }) => entry.current).method).to.equal(
        'google',
      );
      await ctx.request.post('/api/auth/verify').set(app()).set(bearer(session.body.token)).expect(200);

      // Single use.
      const reused = await exchange(code, browser).expect(400);
      expect(reused.body.code).to.equal('invalid_code');
    });

    it('goes back to the sign-in page when no return_to is given', async () => {
      const { landing } = await throughGoogle({
        sub: 'pool-google-default',
        email: uniqueEmail('googledefault'),
        email_verified: true,
      });
      expect(landing.origin + landing.pathname).to.equal(signInPage());
      expect([...landing.searchParams.keys()]).to.deep.equal(['google_code']);
    });

    it('finds the account again by its Google id, and links a confirmed password account by address', async () => {
      const first = await googleSession({
        sub: 'pool-google-again',
        email: uniqueEmail('again'),
        email_verified: true,
      });
      const again = await googleSession({
        sub: 'pool-google-again',
        email: 'changed@elsewhere.example',
        email_verified: true,
      });
      expect(again.body.user.id).to.equal(first.body.user.id);

      const member = await registerEndUser(ctx, applicationId);
      const linked = await googleSession({
        sub: 'pool-google-link',
        email: member.email,
        email_verified: true,
      });
      expect(linked.body.user.id).to.equal(member.id);
      // The password keeps working.
      await ctx.request
        .post('/api/auth/login')
        .set(app())
        .send({ email: member.email, password: PASSWORD })
        .expect(200);
    });
  });

  describe('pools stay apart', () => {
    it('the same Google identity and address in the platform pool is a separate account', async () => {
      const email = uniqueEmail('twopools');
      const identity = { sub: 'pool-google-twice', email, email_verified: true };
      const inPool = await googleSession(identity);

      // The dashboard's flow with the platform's client: another account, in the platform pool.
      const browser = supertest.agent(ctx.app);
      tokenRequests.length = 0;
      const start = await browser.get('/api/v1/auth/google').expect(302);
      const authorize = new URL(start.headers.location!);
      expect(authorize.searchParams.get('client_id')).to.equal(PLATFORM_CLIENT);
      oauth.service.once('beforeUserinfo', (response) => {
        response.body = identity;
      });
      const callback = new URL((await fetch(authorize, { redirect: 'manual' })).headers.get('location')!);
      expect(callback.pathname).to.equal('/api/v1/auth/google/callback');
      const landed = new URL(
        (await browser.get(`${callback.pathname}${callback.search}`).expect(303)).headers.location!,
      );
      expect(tokenRequests[0]).to.include({ client_id: PLATFORM_CLIENT, client_secret: PLATFORM_SECRET });
      const dashboard = await ctx.request
        .post('/api/v1/auth/exchange')
        .send({ code: landed.searchParams.get('code') })
        .expect(200);
      expect(dashboard.body.user.id).not.to.equal(inPool.body.user.id);

      const accounts = await profiles().find({ email }).toArray();
      expect(accounts.map((account) => account.pool_id).sort()).to.deep.equal([projectId, 'platform'].sort());
      // The pool's session is no key to the dashboard's API, nor the dashboard's to the pool.
      await ctx.request.get('/api/v1/organizations').set(bearer(inPool.body.token)).expect(403);
      await ctx.request
        .post('/api/auth/verify')
        .set(app())
        .set(bearer(dashboard.body.access_token))
        .expect(401);
    });

    it('a pool code is refused by the dashboard’s exchange, a dashboard state by the pool’s callback', async () => {
      const { landing, browser } = await throughGoogle({
        sub: 'pool-google-cross',
        email: uniqueEmail('cross'),
        email_verified: true,
      });
      const code = landing.searchParams.get('google_code')!;
      const refused = await browser.post('/api/v1/auth/exchange').send({ code }).expect(400);
      expect(refused.body.code).to.equal('invalid_code');
      await exchange(code, browser).expect(200);

      // A state of the dashboard's flow, with its browser secret, presented at the pool's callback.
      const start = await ctx.request.get('/api/v1/auth/google').expect(302);
      const dashboardState = new URL(start.headers.location!).searchParams.get('state')!;
      const secret = /iam_google_state=([^;]+)/.exec(
        ([] as string[]).concat(start.headers['set-cookie'] ?? []).join('\n'),
      )![1];
      const landed = await ctx.request
        .get('/api/auth/google/callback')
        .set('Cookie', `iam_pool_google_state=${secret}`)
        .query({ state: `${projectId}.${dashboardState}`, code: 'anything' })
        .expect(303);
      const target = new URL(landed.headers.location!);
      expect(target.origin + target.pathname).to.equal(signInPage());
      expect(target.searchParams.get('google_error')).to.equal('google_failed');
    });
  });

  describe('refusals at the start', () => {
    it('403 sign_in_method_disabled when the pool’s methods lack Google, or it has no client', async () => {
      const off = await ctx.request
        .get('/api/auth/google/start')
        .query({ client_id: plainApplicationId })
        .expect(403);
      expect(off.body.code).to.equal('sign_in_method_disabled');
      expect(off.headers).not.to.have.property('location');

      // The client stays configured, but Google is taken out of the methods.
      await setPool(projectId, { methods: ['password'] });
      try {
        const disabled = await ctx.request
          .get('/api/auth/google/start')
          .query({ client_id: applicationId })
          .expect(403);
        expect(disabled.body.code).to.equal('sign_in_method_disabled');
      } finally {
        await setPool(projectId, { methods: ['password', 'google'] });
      }
    });

    it('refuses a started sign-in at the callback when Google was turned off in between', async () => {
      const browser = supertest.agent(ctx.app);
      const start = await browser
        .get('/api/auth/google/start')
        .query({ client_id: applicationId })
        .expect(302);
      await setPool(projectId, { methods: ['password'] });
      try {
        oauth.service.once('beforeUserinfo', (response) => {
          response.body = { sub: 'pool-google-late', email: uniqueEmail('late'), email_verified: true };
        });
        const provider = await fetch(start.headers.location!, { redirect: 'manual' });
        const callback = new URL(provider.headers.get('location')!);
        const landed = await browser.get(`${callback.pathname}${callback.search}`).expect(303);
        const target = new URL(landed.headers.location!);
        expect(target.searchParams.get('google_error')).to.equal('sign_in_method_disabled');
        expect(await profiles().countDocuments({ google_id: 'pool-google-late' })).to.equal(0);
      } finally {
        await setPool(projectId, { methods: ['password', 'google'] });
      }
    });

    it('404 for an unknown application, 400 for a malformed one or a return_to outside the pool’s pages', async () => {
      const unknown = await ctx.request
        .get('/api/auth/google/start')
        .query({ client_id: '0123456789abcdef01234567' })
        .expect(404);
      expect(unknown.body.code).to.equal('application_not_found');
      const malformed = await ctx.request.get('/api/auth/google/start').query({ client_id: 'x' }).expect(400);
      expect(malformed.body.code).to.equal('validation_failed');
      await ctx.request.get('/api/auth/google/start').expect(400);
      // A start carrying a callback's parameters is no callback.
      await ctx.request
        .get('/api/auth/google/start')
        .query({ client_id: applicationId, code: 'x', state: 'y' })
        .expect(400);

      for (const returnTo of [
        `/p/${foreignProjectId}/sign-in`,
        `/p/${plainProjectId}/sign-in`,
        '//evil.example/p/x',
        `https://evil.example/p/${projectId}/sign-in`,
        `/p/${projectId}/../../auth`,
        `/p/${projectId}/%2e%2e/%2e%2e/auth`,
        `/\\evil.example/p/${projectId}/`,
        `/p/${projectId}`,
        '/auth',
      ]) {
        const refused = await ctx.request
          .get('/api/auth/google/start')
          .query({ client_id: applicationId, return_to: returnTo })
          .expect(400);
        expect(refused.body.code, returnTo).to.equal('validation_failed');
        expect(refused.body.details[0].path).to.equal('query.return_to');
      }
    });

    it('sets the state cookie HttpOnly, SameSite=Lax and only for the callback path', async () => {
      const start = await supertest(ctx.app)
        .get('/api/auth/google/start')
        .query({ client_id: applicationId })
        .expect(302);
      const cookie = ([] as string[]).concat(start.headers['set-cookie'] ?? []).join('\n');
      expect(cookie).to.match(/^iam_pool_google_state=[\w-]{20,};/);
      expect(cookie).to.contain('Path=/api/auth/google/callback');
      expect(cookie).to.contain('HttpOnly');
      expect(cookie).to.contain('SameSite=Lax');
      expect(start.headers['cache-control']).to.equal('no-store');
    });
  });

  describe('refusals at the callback', () => {
    it('refuses a callback opened in another browser than the one that started (login CSRF)', async () => {
      const victim = supertest.agent(ctx.app);
      const { landing } = await throughGoogle(
        { sub: 'pool-google-attacker', email: uniqueEmail('attacker'), email_verified: true },
        { callbackBrowser: victim },
      );
      expect(landing.origin + landing.pathname).to.equal(signInPage());
      expect(landing.searchParams.get('google_error')).to.equal('google_failed');
      expect(landing.searchParams.get('google_code')).to.equal(null);
      expect(await profiles().countDocuments({ google_id: 'pool-google-attacker' })).to.equal(0);
    });

    it('refuses a forged state, a state of another pool, and a used one', async () => {
      const forged = await throughGoogle(
        { sub: 'pool-google-forged', email: uniqueEmail(), email_verified: true },
        { tamper: (callback) => callback.searchParams.set('state', `${projectId}.forged-state-value`) },
      );
      expect(forged.landing.searchParams.get('google_error')).to.equal('google_failed');

      // The pool prefix only chooses the error page; it cannot move a state into another pool.
      const moved = await throughGoogle(
        { sub: 'pool-google-moved', email: uniqueEmail(), email_verified: true },
        {
          tamper: (callback) => {
            const state = callback.searchParams.get('state')!;
            callback.searchParams.set('state', state.replace(projectId, foreignProjectId));
          },
        },
      );
      expect(moved.landing.origin + moved.landing.pathname).to.equal(signInPage(foreignProjectId));
      expect(moved.landing.searchParams.get('google_error')).to.equal('google_failed');
      expect(await profiles().countDocuments({ google_id: 'pool-google-moved' })).to.equal(0);

      // Replaying a callback: its state was spent by the first visit.
      const browser = supertest.agent(ctx.app);
      let replay = '';
      await throughGoogle(
        { sub: 'pool-google-replay', email: uniqueEmail('replay'), email_verified: true },
        { browser, tamper: (callback) => (replay = `${callback.pathname}${callback.search}`) },
      );
      const again = new URL((await browser.get(replay).expect(303)).headers.location!);
      expect(again.searchParams.get('google_error')).to.equal('google_failed');

      const nowhere = await ctx.request
        .get('/api/auth/google/callback')
        .query({ state: 'no-pool' })
        .expect(400);
      expect(nowhere.body.code).to.equal('google_failed');
    });

    it('goes back with google_failed when the person cancels at Google', async () => {
      const browser = supertest.agent(ctx.app);
      const start = await browser
        .get('/api/auth/google/start')
        .query({ client_id: applicationId })
        .expect(302);
      const state = new URL(start.headers.location!).searchParams.get('state')!;
      const landed = await browser
        .get('/api/auth/google/callback')
        .query({ state, error: 'access_denied' })
        .expect(303);
      const target = new URL(landed.headers.location!);
      expect(target.origin + target.pathname).to.equal(signInPage());
      expect(target.searchParams.get('google_error')).to.equal('google_failed');
    });

    it('refuses an address Google has not verified, creating nothing', async () => {
      const email = uniqueEmail('unverified');
      const { landing } = await throughGoogle({
        sub: 'pool-google-unverified',
        email,
        email_verified: false,
      });
      expect(landing.searchParams.get('google_error')).to.equal('google_email_unverified');
      expect(await profiles().countDocuments({ email })).to.equal(0);
    });

    it('creates no account in a pool whose sign-up is closed, but lets its accounts in', async () => {
      const existing = await googleSession({
        sub: 'pool-google-closed-1',
        email: uniqueEmail(),
        email_verified: true,
      });
      await setPool(projectId, { signup: 'closed' });
      try {
        const email = uniqueEmail('closed');
        const { landing } = await throughGoogle({ sub: 'pool-google-closed-2', email, email_verified: true });
        expect(landing.searchParams.get('google_error')).to.equal('signup_closed');
        expect(await profiles().countDocuments({ email })).to.equal(0);
        const again = await googleSession({
          sub: 'pool-google-closed-1',
          email: 'x@example.com',
          email_verified: true,
        });
        expect(again.body.user.id).to.equal(existing.body.user.id);
      } finally {
        await setPool(projectId, { signup: 'open' });
      }
    });
  });

  describe('the exchange code', () => {
    it('is bound to its application: another pool’s, a sibling application or the hosted token exchange cannot spend it', async () => {
      const { landing, browser } = await throughGoogle({
        sub: 'pool-google-bound',
        email: uniqueEmail('bound'),
        email_verified: true,
      });
      const code = landing.searchParams.get('google_code')!;
      for (const other of [foreignApplicationId, plainApplicationId, siblingApplicationId]) {
        const refused = await exchange(code, browser, other).expect(400);
        expect(refused.body.code).to.equal('invalid_code');
      }
      const hostedToken = await browser
        .post('/api/auth/hosted/token')
        .set(app())
        .send({ code, code_verifier: 'v'.repeat(43), redirect_uri: 'https://shop.example.com/' })
        .expect(400);
      expect(hostedToken.body.code).to.equal('invalid_grant');
      // None of those spent it.
      await exchange(code, browser).expect(200);
      await exchange(code, browser).expect(400);
    });

    it('is bound to the browser that came back from Google (a google_code link handed to a victim: login CSRF)', async () => {
      const attacker = await throughGoogle({
        sub: 'pool-google-csrf',
        email: uniqueEmail('csrf'),
        email_verified: true,
      });
      const code = attacker.landing.searchParams.get('google_code')!;
      // The victim opens the attacker's /p/…/sign-in?google_code=… : their browser lacks the cookie.
      const victim = supertest.agent(ctx.app);
      const refused = await exchange(code, victim).expect(400);
      expect(refused.body.code).to.equal('invalid_code');
      // A forged cookie does not help either.
      const forged = await ctx.request
        .post('/api/auth/google/exchange')
        .set(app())
        .set('Cookie', 'iam_pool_google_code=forged-secret-forged-secret')
        .send({ code })
        .expect(400);
      expect(forged.body.code).to.equal('invalid_code');
      // Neither spent it: the browser that came back still can.
      await exchange(code, attacker.browser).expect(200);
    });

    it('is spent once when two exchanges race', async () => {
      const { landing, browser } = await throughGoogle({
        sub: 'pool-google-race',
        email: uniqueEmail('race'),
        email_verified: true,
      });
      const code = landing.searchParams.get('google_code')!;
      const answers = await Promise.all([
        exchange(code, browser),
        exchange(code, browser),
        exchange(code, browser),
      ]);
      expect(answers.map((answer) => answer.status).sort()).to.deep.equal([200, 400, 400]);
    });

    it('refuses a made-up code and a body without one', async () => {
      const unknown = await exchange('made-up-code', ctx.request).expect(400);
      expect(unknown.body.code).to.equal('invalid_code');
      const empty = await ctx.request.post('/api/auth/google/exchange').set(app()).send({}).expect(400);
      expect(empty.body.code).to.equal('validation_failed');
      // Behind the application gate.
      const ungated = await ctx.request.post('/api/auth/google/exchange').send({ code: 'x' }).expect(400);
      expect(ungated.body.code).to.equal('application_id_required');
    });
  });

  describe('blocked accounts and second factors', () => {
    it('refuses a blocked account at the callback, and at the exchange when blocked in between', async () => {
      const identity = { sub: 'pool-google-blocked', email: uniqueEmail('blocked'), email_verified: true };
      const first = await googleSession(identity);
      const userId = first.body.user.id as string;

      // Signed in at Google, blocked before the hosted page traded the code.
      const { landing, browser } = await throughGoogle(identity);
      const code = landing.searchParams.get('google_code')!;
      await ctx.request
        .post(usersPath(projectId, `/${userId}/block`))
        .set(bearer(admin.access_token))
        .expect(200);
      const atExchange = await exchange(code, browser).expect(403);
      expect(atExchange.body.code).to.equal('account_blocked');

      const blocked = await throughGoogle(identity);
      expect(blocked.landing.searchParams.get('google_error')).to.equal('account_blocked');
      expect(blocked.landing.searchParams.get('google_code')).to.equal(null);

      await ctx.request
        .post(usersPath(projectId, `/${userId}/unblock`))
        .set(bearer(admin.access_token))
        .expect(200);
      await googleSession(identity);
    });

    it('asks an account with TOTP for its code after Google: mfa_required, then the session', async () => {
      const identity = { sub: 'pool-google-totp', email: uniqueEmail('totp'), email_verified: true };
      const first = await googleSession(identity);
      const secret = await enrolTotp(ctx, first.body.user.id as string, projectId);

      const { landing, browser } = await throughGoogle(identity);
      const sessionsBefore = await ctx.database.connection.collection('auth_sessions').countDocuments();
      const exchanged = await exchange(landing.searchParams.get('google_code')!, browser).expect(200);
      expect(exchanged.body).to.include({ mfa_required: true });
      expect(exchanged.body.methods).to.include('totp');
      expect(exchanged.body).not.to.have.property('token');
      expect(await ctx.database.connection.collection('auth_sessions').countDocuments()).to.equal(
        sessionsBefore,
      );

      // The next step's code: the enrolment spent this step's (a code is accepted once).
      await awayFromStepEdge();
      const signedIn = await ctx.request
        .post('/api/auth/mfa/challenge')
        .set(app())
        .send({ mfa_token: exchanged.body.mfa_token, code: totpAt(secret, currentStep() + 1) })
        .expect(200);
      expect(signedIn.body.user.id).to.equal(first.body.user.id);
      const sessions = await ctx.request
        .get('/api/v1/auth/sessions')
        .set(bearer(signedIn.body.token))
        .expect(200);
      expect(sessions.body.data.find((entry: { current: boolean }) => entry.current).method).to.equal(
        'google',
      );
    });
  });

  it('keeps the exchange code out of the process log', () => {
    expect(redactUrl('/p/x/sign-in?client_id=a&google_code=secret-code')).to.equal(
      '/p/x/sign-in?client_id=a&google_code=[redacted]',
    );
  });

  it('is documented in the OpenAPI document', async () => {
    const document = await ctx.request.get('/api/v1/openapi.json').expect(200);
    expect(document.body.paths).to.include.keys(
      '/api/auth/google/start',
      '/api/auth/google/callback',
      '/api/auth/google/exchange',
    );
  });
});
