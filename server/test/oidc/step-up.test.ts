import { expect } from 'chai';
import { decodeJwt } from 'jose';
import { Types } from 'mongoose';
import * as client from 'openid-client';
import * as OTPAuth from 'otpauth';
import { applicationHeader, enrolledEndUser } from '../helpers/end-users.js';
import { awayFromStepEdge } from '../mfa/helpers.js';
import {
  type CookieJar,
  createClient,
  createOidcPool,
  discover,
  followWithin,
  hostedPageOf,
  interactionDetails,
  interactionPost,
  rejectionOf,
  signInEndUser,
  signInWithCode,
  startAuthorization,
  startOidcServer,
  type AuthorizeOptions,
  type OidcTestPool,
  type OidcTestServer,
  type TestClient,
} from './helpers.js';

/**
 * Step-up and the request parameters that ask for a particular sign-in (issue #32): `acr_values`
 * for two factors, `max_age`, `login_hint`, `nonce`, `state` — and an expired authorization code.
 * The second step is done through the embedding API (`/api/auth/login` → `/api/auth/mfa/challenge`
 * with a TOTP code from `otpauth`), exactly as the hosted sign-in page does it.
 */

const ACR_1FA = 'urn:iam-platform:acr:1fa';
const ACR_2FA = 'urn:iam-platform:acr:2fa';

describe('OpenID provider: step-up (acr_values), max_age, login_hint, nonce, state (issue #32)', function () {
  this.timeout(90_000);
  let t: OidcTestServer;
  let pool: OidcTestPool;
  let spa: TestClient;
  let config: client.Configuration;

  before(async () => {
    t = await startOidcServer();
    pool = await createOidcPool(t);
    spa = await createClient(t, pool, 'spa');
    config = await discover(pool, spa);
  });
  after(async () => {
    await t?.close();
  });

  const sessions = () => t.ctx.database.connection.collection('auth_sessions');
  const sessionOf = (token: string) =>
    sessions().findOne({ _id: new Types.ObjectId(String(decodeJwt(token).sid)) });

  /** The hosted page's sign-in with password and TOTP through the embedding API: the session. */
  async function signInWithSecondFactor(email: string, password: string, secret: string): Promise<string> {
    const first = await t.ctx.request
      .post('/api/auth/login')
      .set(applicationHeader(pool.applicationId))
      .send({ email, password });
    expect(first.status, JSON.stringify(first.body)).to.equal(200);
    expect(first.body).to.include({ mfa_required: true });
    await awayFromStepEdge();
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 });
    // The next step's code: the enrolment used the current one (each step is accepted once).
    const code = totp.generate({ timestamp: Date.now() + 30_000 });
    const second = await t.ctx.request
      .post('/api/auth/mfa/challenge')
      .set(applicationHeader(pool.applicationId))
      .send({ mfa_token: first.body.mfa_token, code });
    expect(second.status, JSON.stringify(second.body)).to.equal(200);
    return second.body.token as string;
  }

  /** Starts an authorization that needs the hosted sign-in page; answers its interaction. */
  async function toSignInPage(options: AuthorizeOptions = {}) {
    const started = await startAuthorization(t, config, spa, options);
    const location = started.response.headers.get('location')!;
    const hosted = hostedPageOf(location, t.baseUrl);
    expect(hosted.page, location).to.equal('sign-in');
    return { ...started, hosted };
  }

  /** The login hand-over that must succeed; answers the RP's callback URL. */
  async function completeLogin(jar: CookieJar, hosted: { poolId: string; uid: string }, token: string) {
    const login = await interactionPost(t, jar, hosted, 'login', { token });
    const body = (await login.json()) as { redirect_to: string };
    expect(login.status, JSON.stringify(body)).to.equal(200);
    const next = await followWithin(jar, body.redirect_to, t.baseUrl);
    return new URL(next.headers.get('location')!, t.baseUrl);
  }

  const exchange = (callback: URL, run: { codeVerifier: string; state: string; nonce: string }) =>
    client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: run.codeVerifier,
      expectedState: run.state,
      expectedNonce: run.nonce,
    });

  it('asks an account with TOTP for its second factor; after it the ID token says acr 2fa, amr otp', async () => {
    const user = await enrolledEndUser(t.ctx, pool.applicationId, { prefix: 'stepup' });
    // The session that enrolled signed in with the password only.
    expect((await sessionOf(user.token))?.second_factor).to.equal(null);
    const started = await toSignInPage({ params: { acr_values: ACR_2FA } });
    const details = await interactionDetails(t, started.jar, started.hosted);
    expect(await details.json()).to.deep.include({
      second_factor_required: true,
      fresh_sign_in_required: false,
    });
    const refused = await interactionPost(t, started.jar, started.hosted, 'login', { token: user.token });
    expect(refused.status).to.equal(403);
    expect(await refused.json()).to.include({ code: 'second_factor_required' });

    // The page signs in again, with the second step: the session records it.
    const token = await signInWithSecondFactor(user.email, user.password, user.secret);
    expect((await sessionOf(token))?.second_factor).to.equal('totp');
    const callback = await completeLogin(started.jar, started.hosted, token);
    const tokens = await exchange(callback, started);
    const claims = tokens.claims()!;
    expect(claims.sub).to.equal(user.id);
    expect(claims.acr).to.equal(ACR_2FA);
    expect(claims.amr).to.include.members(['pwd', 'otp', 'mfa']);

    // The provider's session is now a two-factor one: the next 2fa request is answered silently.
    const again = await startAuthorization(t, config, spa, {
      jar: started.jar,
      params: { acr_values: ACR_2FA, prompt: 'none' },
    });
    const silent = new URL(again.response.headers.get('location')!);
    expect(silent.searchParams.get('code'), silent.href).to.be.a('string');
    expect((await exchange(silent, again)).claims()!.acr).to.equal(ACR_2FA);
  });

  it('steps a one-factor provider session up instead of answering 2fa requests with it', async () => {
    const user = await enrolledEndUser(t.ctx, pool.applicationId, { prefix: 'stepup-session' });
    const first = await signInWithCode(t, config, spa, { session: user });
    expect(first.tokens.claims()!.acr).to.equal(ACR_1FA);
    const jar = first.run.jar;

    // prompt=none cannot step up: login_required, not a code with acr 1fa.
    const none = await startAuthorization(t, config, spa, {
      jar,
      params: { acr_values: ACR_2FA, prompt: 'none' },
    });
    expect(new URL(none.response.headers.get('location')!).searchParams.get('error')).to.equal(
      'login_required',
    );

    // acr_values 2fa with that session: the hosted sign-in again, which wants the second factor.
    const stepUp = await toSignInPage({ jar, params: { acr_values: ACR_2FA } });
    const refused = await interactionPost(t, jar, stepUp.hosted, 'login', { token: user.token });
    expect(await refused.json()).to.include({ code: 'second_factor_required' });
    const token = await signInWithSecondFactor(user.email, user.password, user.secret);
    const tokens = await exchange(await completeLogin(jar, stepUp.hosted, token), stepUp);
    expect(tokens.claims()!.acr).to.equal(ACR_2FA);

    // The claims parameter's essential acr asks the same.
    const other = await enrolledEndUser(t.ctx, pool.applicationId, { prefix: 'stepup-claims' });
    const viaClaims = await toSignInPage({
      params: { claims: JSON.stringify({ id_token: { acr: { essential: true, values: [ACR_2FA] } } }) },
    });
    const claimsDetails = await interactionDetails(t, viaClaims.jar, viaClaims.hosted);
    expect(await claimsDetails.json()).to.deep.include({ second_factor_required: true });
    const claimsRefused = await interactionPost(t, viaClaims.jar, viaClaims.hosted, 'login', {
      token: other.token,
    });
    expect(await claimsRefused.json()).to.include({ code: 'second_factor_required' });
  });

  it('asks for a fresh sign-in when the session is older than max_age', async () => {
    const user = await signInEndUser(t, pool);
    // The session's sign-in an hour ago (its auth_time moved in the database, no waiting).
    const hourAgo = new Date(Date.now() - 3600_000);
    const moved = await sessions().updateOne(
      { _id: new Types.ObjectId(String(decodeJwt(user.token).sid)) },
      { $set: { auth_time: hourAgo } },
    );
    expect(moved.modifiedCount).to.equal(1);
    const started = await toSignInPage({ params: { max_age: '600' } });
    const details = await interactionDetails(t, started.jar, started.hosted);
    expect(await details.json()).to.deep.include({
      fresh_sign_in_required: true,
      second_factor_required: false,
    });
    const refused = await interactionPost(t, started.jar, started.hosted, 'login', { token: user.token });
    expect(refused.status).to.equal(403);
    expect(await refused.json()).to.include({ code: 'fresh_sign_in_required' });

    // A new sign-in satisfies it; auth_time is that sign-in's.
    const fresh = await signInEndUser(t, pool, { email: `fresh-${Date.now()}@example.com` });
    const tokens = await exchange(await completeLogin(started.jar, started.hosted, fresh.token), started);
    const authTime = tokens.claims()!.auth_time!;
    expect(Math.abs(authTime - Date.now() / 1000)).to.be.below(60);

    // The same browser within max_age: no sign-in page.
    const again = await startAuthorization(t, config, spa, { jar: started.jar, params: { max_age: '600' } });
    expect(new URL(again.response.headers.get('location')!).searchParams.get('code')).to.be.a('string');
  });

  it('passes login_hint to the hosted page, echoes nonce in the ID token and returns state', async () => {
    const user = await signInEndUser(t, pool);
    const started = await toSignInPage({ params: { login_hint: user.email } });
    expect(started.hosted.url.searchParams.get('login_hint')).to.equal(user.email);
    expect(started.hosted.url.searchParams.get('client_id')).to.equal(spa.client_id);
    const details = await interactionDetails(t, started.jar, started.hosted);
    expect(await details.json()).to.deep.include({ login_hint: user.email, prompt: 'login' });
    const callback = await completeLogin(started.jar, started.hosted, user.token);
    expect(callback.searchParams.get('state')).to.equal(started.state);
    expect(callback.searchParams.get('iss'), 'RFC 9207 iss').to.equal(pool.issuer);
    const tokens = await exchange(callback, started);
    expect(tokens.claims()!.nonce).to.equal(started.nonce);

    // openid-client refuses a callback whose state is not the one it sent.
    const mismatch = await rejectionOf(
      client.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: started.codeVerifier,
        expectedState: 'another-state',
        expectedNonce: started.nonce,
      }),
    );
    expect(mismatch.code).to.equal('OAUTH_INVALID_RESPONSE');
    expect(String((mismatch.cause as Error).message)).to.match(/"state"/);
  });

  it('refuses an expired authorization code with invalid_grant', async () => {
    const user = await signInEndUser(t, pool);
    const codes = t.ctx.database.connection.collection('oidc_authorization_code');
    const now = Math.floor(Date.now() / 1000);

    // The code's own expiry (exp in the stored payload) passed: oidc-provider's check refuses it.
    const run = await toSignInPage();
    const callback = await completeLogin(run.jar, run.hosted, user.token);
    const code = callback.searchParams.get('code')!;
    const aged = await codes.updateOne(
      { _id: `${pool.projectId}:${code}` as never },
      { $set: { 'payload.iat': now - 120, 'payload.exp': now - 60 } },
    );
    expect(aged.modifiedCount, 'the stored code').to.equal(1);
    const refused = await rejectionOf(exchange(callback, run));
    expect(refused).to.be.instanceOf(client.ResponseBodyError);
    expect((refused as unknown as client.ResponseBodyError).error).to.equal('invalid_grant');

    // The document's expiry (the TTL index's field) passed before MongoDB removed it: refused too.
    const second = await toSignInPage();
    const secondCallback = await completeLogin(second.jar, second.hosted, user.token);
    const secondCode = secondCallback.searchParams.get('code')!;
    const expired = await codes.updateOne(
      { _id: `${pool.projectId}:${secondCode}` as never },
      { $set: { expires_at: new Date(Date.now() - 1000) } },
    );
    expect(expired.modifiedCount).to.equal(1);
    const refusedToo = await rejectionOf(exchange(secondCallback, second));
    expect((refusedToo as unknown as client.ResponseBodyError).error).to.equal('invalid_grant');

    // An unaltered code of the same kind is accepted (the refusals came from the expiry).
    const third = await toSignInPage();
    const tokens = await exchange(await completeLogin(third.jar, third.hosted, user.token), third);
    expect(tokens.access_token).to.be.a('string');
  });
});
