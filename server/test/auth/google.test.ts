import { expect } from 'chai';
import { OAuth2Server } from 'oauth2-mock-server';
import supertest from 'supertest';
import type { TestContext } from '../helpers/context.js';
import { createTenant, createToken } from '../tokens/helpers.js';
import { awayFromStepEdge, currentStep, enrolledUser, totpAt } from '../mfa/helpers.js';
import {
  bearer,
  createAuthContext,
  latestMail,
  PASSWORD,
  register,
  registerConfirmed,
  uniqueEmail,
} from './helpers.js';

describe('Google sign-in (against a local OAuth2/OIDC server)', () => {
  let oauth: OAuth2Server;
  let ctx: TestContext;

  const googleContext = (env: Record<string, string> = {}) => {
    const issuer = oauth.issuer.url!;
    return createAuthContext({
      GOOGLE_CLIENT_ID: 'iam-test-client',
      GOOGLE_CLIENT_SECRET: 'iam-test-secret',
      GOOGLE_AUTHORIZATION_URL: `${issuer}/authorize`,
      GOOGLE_TOKEN_URL: `${issuer}/token`,
      GOOGLE_USERINFO_URL: `${issuer}/userinfo`,
      ...env,
    });
  };

  before(async () => {
    oauth = new OAuth2Server();
    await oauth.issuer.keys.generate('RS256');
    await oauth.start(0, '127.0.0.1');
    ctx = await googleContext();
  });

  after(async () => {
    await ctx?.close();
    await oauth?.stop();
  });

  /**
   * Walks the browser's part: our start URL → provider's authorize → back to our callback. The
   * browser is a cookie-keeping agent; `callbackBrowser` lets another browser open the callback.
   */
  async function signInThroughGoogle(
    userinfo: Record<string, unknown>,
    options: {
      tamper?: (callback: URL) => void;
      context?: TestContext;
      callbackBrowser?: ReturnType<typeof supertest.agent>;
    } = {},
  ) {
    const app = (options.context ?? ctx).app;
    const browser = supertest.agent(app);
    const start = await browser.get('/api/v1/auth/google').expect(302);
    const authorize = new URL(start.headers.location!);
    expect(authorize.searchParams.get('code_challenge_method')).to.equal('S256');
    expect(authorize.searchParams.get('state')).to.have.length.greaterThan(20);
    oauth.service.once('beforeUserinfo', (response) => {
      response.body = userinfo;
    });
    const provider = await fetch(authorize, { redirect: 'manual' });
    expect(provider.status).to.equal(302);
    const callback = new URL(provider.headers.get('location')!);
    expect(callback.pathname).to.equal('/api/v1/auth/google/callback');
    options.tamper?.(callback);
    const landed = await (options.callbackBrowser ?? browser)
      .get(`${callback.pathname}${callback.search}`)
      .expect(303);
    return new URL(landed.headers.location!);
  }

  it('is offered by GET /auth/providers', async () => {
    const response = await ctx.request.get('/api/v1/auth/providers').expect(200);
    expect(response.body.providers).to.deep.include({
      id: 'google',
      name: 'Google',
      authorize_url: '/api/v1/auth/google',
    });
  });

  it('creates a verified account and hands the dashboard a one-time code, never a token', async () => {
    const email = uniqueEmail('google');
    const landing = await signInThroughGoogle({
      sub: 'google-new-1',
      email,
      email_verified: true,
      name: 'Grace Google',
    });
    expect(landing.origin + landing.pathname).to.equal(`${ctx.config.auth.dashboardUrl}/auth`);
    const code = landing.searchParams.get('code');
    expect(code).to.be.a('string');
    expect(landing.search).not.to.match(/access_token|refresh_token/);

    const session = await ctx.request.post('/api/v1/auth/exchange').send({ code }).expect(200);
    expect(session.body.user).to.include({ email, display_name: 'Grace Google', is_verified: true });
    await ctx.request
      .get('/api/v1/auth/me')
      .set('Authorization', `Bearer ${session.body.access_token}`)
      .expect(200);

    const reused = await ctx.request.post('/api/v1/auth/exchange').send({ code }).expect(400);
    expect(reused.body.code).to.equal('invalid_code');
  });

  it('links an existing password account by verified e-mail (same user, both methods work)', async () => {
    const { email } = await registerConfirmed(ctx);
    const existing = await ctx.request
      .post('/api/v1/auth/login')
      .send({ email, password: PASSWORD })
      .expect(200);
    const landing = await signInThroughGoogle({
      sub: 'google-link-1',
      email: email.toUpperCase(),
      email_verified: true,
      name: 'X',
    });
    const session = await ctx.request
      .post('/api/v1/auth/exchange')
      .send({ code: landing.searchParams.get('code') })
      .expect(200);
    expect(session.body.user.id).to.equal(existing.body.user.id);
    // A second Google sign-in finds the account by its Google id.
    const again = await signInThroughGoogle({
      sub: 'google-link-1',
      email: 'changed@elsewhere.example',
      email_verified: true,
    });
    const second = await ctx.request
      .post('/api/v1/auth/exchange')
      .send({ code: again.searchParams.get('code') })
      .expect(200);
    expect(second.body.user.id).to.equal(existing.body.user.id);
  });

  it('refuses an e-mail that Google has not verified, creating nothing', async () => {
    const email = uniqueEmail('unverified');
    const landing = await signInThroughGoogle({ sub: 'google-unverified', email, email_verified: false });
    expect(landing.searchParams.get('error')).to.equal('google_email_unverified');
    expect(landing.searchParams.get('code')).to.equal(null);
    expect(await ctx.database.connection.collection('profiles').countDocuments({ email })).to.equal(0);
  });

  it('refuses a callback whose state was not issued by us', async () => {
    const landing = await signInThroughGoogle(
      { sub: 'google-x', email: uniqueEmail(), email_verified: true },
      {
        tamper: (callback) => {
          callback.searchParams.set('state', 'forged-state');
        },
      },
    );
    expect(landing.searchParams.get('error')).to.equal('google_failed');
    expect(landing.searchParams.get('code')).to.equal(null);
  });

  it('refuses a callback opened in another browser than the one that started (login CSRF)', async () => {
    // The attacker starts a sign-in with their own Google account and sends the victim the
    // callback URL: the victim's browser lacks the state cookie, so no session is handed out.
    const victimBrowser = supertest.agent(ctx.app);
    const landing = await signInThroughGoogle(
      { sub: 'google-attacker', email: uniqueEmail('attacker'), email_verified: true },
      { callbackBrowser: victimBrowser },
    );
    expect(landing.searchParams.get('error')).to.equal('google_failed');
    expect(landing.searchParams.get('code')).to.equal(null);
  });

  it('sets the state cookie HttpOnly and only for the callback path', async () => {
    const start = await supertest(ctx.app).get('/api/v1/auth/google').expect(302);
    const cookie = ([] as string[]).concat(start.headers['set-cookie'] ?? []).join('\n');
    expect(cookie).to.match(/^iam_google_state=[\w-]{20,};/);
    expect(cookie).to.contain('Path=/api/v1/auth/google');
    expect(cookie).to.contain('HttpOnly');
    expect(cookie).to.contain('SameSite=Lax');
  });

  describe('with two-factor on (docs/two-factor.md#google-sign-in)', () => {
    it('asks an enrolled account for its code after Google, and the session then records Google', async () => {
      const user = await enrolledUser(ctx, 'google2fa');
      const landing = await signInThroughGoogle({
        sub: 'google-2fa-1',
        email: user.email,
        email_verified: true,
      });
      // The redirect still carries only the one-time code: no token of any kind in the URL.
      expect([...landing.searchParams.keys()]).to.deep.equal(['code']);
      const sessionsBefore = await ctx.database.connection.collection('auth_sessions').countDocuments();

      const exchanged = await ctx.request
        .post('/api/v1/auth/exchange')
        .send({ code: landing.searchParams.get('code') })
        .expect(200);
      expect(exchanged.body).to.have.all.keys('mfa_required', 'mfa_token', 'methods', 'expires_in');
      expect(exchanged.body.methods).to.include('totp');
      expect(await ctx.database.connection.collection('auth_sessions').countDocuments()).to.equal(
        sessionsBefore,
      );
      await ctx.request.get('/api/v1/auth/me').set(bearer(exchanged.body.mfa_token)).expect(401);

      await awayFromStepEdge();
      const wrong = await ctx.request
        .post('/api/v1/auth/mfa/challenge')
        .send({ mfa_token: exchanged.body.mfa_token, code: totpAt(user.secret, currentStep() + 10) })
        .expect(400);
      expect(wrong.body.code).to.equal('invalid_mfa_code');

      const signedIn = await ctx.request
        .post('/api/v1/auth/mfa/challenge')
        .send({ mfa_token: exchanged.body.mfa_token, code: totpAt(user.secret, currentStep() + 1) })
        .expect(200);
      expect(signedIn.body.user.email).to.equal(user.email);
      const sessions = await ctx.request
        .get('/api/v1/auth/sessions')
        .set(bearer(signedIn.body.access_token))
        .expect(200);
      expect(sessions.body.data.find((session: { current: boolean }) => session.current).method).to.equal(
        'google',
      );
    });
  });

  describe('pre-hijacking: someone registered the address with a password first', () => {
    it('gives the account to the mailbox owner: the registrant’s password stops working', async () => {
      const email = uniqueEmail('prehijack');
      await register(ctx, email, 'attacker password').expect(201);
      const landing = await signInThroughGoogle({
        sub: 'google-owner-1',
        email,
        email_verified: true,
        name: 'Real Owner',
      });
      const session = await ctx.request
        .post('/api/v1/auth/exchange')
        .send({ code: landing.searchParams.get('code') })
        .expect(200);
      expect(session.body.user).to.include({ email, display_name: 'Real Owner', is_verified: true });
      const attacker = await ctx.request
        .post('/api/v1/auth/login')
        .send({ email, password: 'attacker password' })
        .expect(401);
      expect(attacker.body.code).to.equal('invalid_credentials');
      const notice = await latestMail(ctx, email, 'account_secured');
      expect(notice.text).to.contain('haben wir dieses Passwort entfernt');
    });

    it('ends the registrant’s sessions and API tokens where confirmation was not required', async () => {
      const open = await googleContext({ EMAIL_CONFIRMATION_REQUIRED: 'false' });
      try {
        const email = uniqueEmail('prehijack-open');
        await register(open, email, 'attacker password').expect(201);
        const attacker = (
          await open.request
            .post('/api/v1/auth/login')
            .send({ email, password: 'attacker password' })
            .expect(200)
        ).body as { access_token: string; refresh_token: string; user: { id: string } };
        const tenant = await createTenant(open, 'attacker', {
          email,
          password: 'attacker password',
          ...attacker,
        } as never);
        const apiToken = await createToken(open, tenant.user, tenant.applicationId, { scopes: ['admin'] });

        const landing = await signInThroughGoogle(
          { sub: 'google-owner-2', email, email_verified: true },
          { context: open },
        );
        expect(landing.searchParams.get('code')).to.be.a('string');
        await open.request.get('/api/v1/auth/me').set(bearer(attacker.access_token)).expect(401);
        await open.request.get('/api/v1/auth/me').set(bearer(apiToken.token)).expect(401);
        await open.request
          .post('/api/v1/auth/refresh')
          .send({ refresh_token: attacker.refresh_token })
          .expect(401);
      } finally {
        await open.close();
      }
    });

    it('links a confirmed account without touching its password', async () => {
      const { email } = await registerConfirmed(ctx, uniqueEmail('confirmed'));
      await signInThroughGoogle({ sub: 'google-owner-3', email, email_verified: true });
      await ctx.request.post('/api/v1/auth/login').send({ email, password: PASSWORD }).expect(200);
    });
  });
});
