import { expect } from 'chai';
import { OAuth2Server } from 'oauth2-mock-server';
import type { TestContext } from '../helpers/context.js';
import { createAuthContext, PASSWORD, registerConfirmed, uniqueEmail } from './helpers.js';

describe('Google sign-in (against a local OAuth2/OIDC server)', () => {
  let oauth: OAuth2Server;
  let ctx: TestContext;

  before(async () => {
    oauth = new OAuth2Server();
    await oauth.issuer.keys.generate('RS256');
    await oauth.start(0, '127.0.0.1');
    const issuer = oauth.issuer.url!;
    ctx = await createAuthContext({
      GOOGLE_CLIENT_ID: 'iam-test-client',
      GOOGLE_CLIENT_SECRET: 'iam-test-secret',
      GOOGLE_AUTHORIZATION_URL: `${issuer}/authorize`,
      GOOGLE_TOKEN_URL: `${issuer}/token`,
      GOOGLE_USERINFO_URL: `${issuer}/userinfo`,
    });
  });

  after(async () => {
    await ctx?.close();
    await oauth?.stop();
  });

  /** Walks the browser's part: our start URL → provider's authorize → back to our callback. */
  async function signInThroughGoogle(userinfo: Record<string, unknown>, tamper?: (callback: URL) => void) {
    const start = await ctx.request.get('/api/v1/auth/google').expect(302);
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
    tamper?.(callback);
    const landed = await ctx.request.get(`${callback.pathname}${callback.search}`).expect(303);
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
      (callback) => {
        callback.searchParams.set('state', 'forged-state');
      },
    );
    expect(landing.searchParams.get('error')).to.equal('google_failed');
    expect(landing.searchParams.get('code')).to.equal(null);
  });
});
