import { expect } from 'chai';
import * as client from 'openid-client';
import { fastIntrospections } from '../../src/modules/oidc/oidc.introspection.js';
import {
  createClient,
  createOidcPool,
  discover,
  signInEndUser,
  signInWithCode,
  startOidcServer,
  type OidcTestPool,
  type OidcTestServer,
  type TestClient,
} from './helpers.js';

/**
 * `POST {issuer}/token/introspection` in its common form (Basic credentials, `token` and
 * `token_type_hint` only) is answered without oidc-provider's Koa stack (modules/oidc/
 * oidc.introspection.ts, docs/performance.md "OpenID introspection"). Each answer here is compared
 * with the library's own answer to the same question — status, body (fields and their order) and
 * headers — asked in a form the fast path leaves to the library (a `charset` it does not take, or
 * an extra parameter). `fastIntrospections` tells which path answered.
 */
describe('OpenID introspection: the fast path answers exactly as oidc-provider (issue #32)', function () {
  this.timeout(60_000);
  let t: OidcTestServer;
  let pool: OidcTestPool;
  let machine: TestClient;
  let web: TestClient;

  const basicOf = (c: TestClient, secret = c.client_secret!) =>
    `Basic ${Buffer.from(`${encodeURIComponent(c.client_id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

  interface Answer {
    status: number;
    text: string;
    headers: Record<string, string>;
  }

  async function introspect(
    issuer: string,
    authorization: string,
    body: string,
    contentType = 'application/x-www-form-urlencoded',
  ): Promise<Answer> {
    const response = await fetch(`${issuer}/token/introspection`, {
      method: 'POST',
      headers: { authorization, 'content-type': contentType },
      body,
    });
    const headers = Object.fromEntries(response.headers);
    delete headers.date;
    return { status: response.status, text: await response.text(), headers };
  }

  /** The fast path's answer (checked to be its) beside the library's to the same request. */
  async function bothPaths(authorization: string, body: string, issuer = pool.issuer) {
    const before = fastIntrospections.answered;
    const fast = await introspect(issuer, authorization, body);
    const fastAnswered = fastIntrospections.answered - before;
    const library = await introspect(
      issuer,
      authorization,
      body,
      'application/x-www-form-urlencoded; charset=us-ascii',
    );
    expect(fastIntrospections.answered - before, 'the library answered the second').to.equal(fastAnswered);
    expect(fast, 'the fast path answers as the library does').to.deep.equal(library);
    return { fast, fastAnswered, answer: JSON.parse(fast.text) as Record<string, unknown> };
  }

  before(async () => {
    t = await startOidcServer();
    pool = await createOidcPool(t);
    machine = await createClient(t, pool, 'm2m');
    web = await createClient(t, pool, 'web');
  });
  after(async () => {
    await t?.close();
  });

  it('a client-credentials token: active, from the fast path', async () => {
    const tokens = await client.clientCredentialsGrant(await discover(pool, machine));
    for (const hint of ['', '&token_type_hint=access_token', '&token_type_hint=refresh_token']) {
      const { answer, fastAnswered } = await bothPaths(
        basicOf(machine),
        `token=${tokens.access_token}${hint}`,
      );
      expect(fastAnswered, hint).to.equal(1);
      expect(answer, hint).to.include({ active: true, client_id: machine.client_id, token_type: 'Bearer' });
    }
  });

  it("an end user's access and refresh tokens, asked by their client and by another confidential one", async () => {
    const user = await signInEndUser(t, pool);
    const config = await discover(pool, web);
    const { tokens } = await signInWithCode(t, config, web, {
      scope: 'openid email offline_access',
      params: { prompt: 'consent' },
      session: user,
    });
    expect(tokens.refresh_token, 'a refresh token').to.be.a('string');
    for (const asker of [web, machine]) {
      const access = await bothPaths(basicOf(asker), `token=${tokens.access_token}`);
      expect(access.fastAnswered).to.equal(1);
      expect(access.answer).to.include({ active: true, sub: user.id, client_id: web.client_id });
      expect(Object.keys(access.answer).slice(0, 2), 'the library’s field order').to.deep.equal([
        'active',
        'sub',
      ]);
      const refresh = await bothPaths(basicOf(asker), `token=${tokens.refresh_token!}`);
      expect(refresh.fastAnswered).to.equal(1);
      expect(refresh.answer).to.include({ active: true, sub: user.id });
      expect(refresh.answer).not.to.have.property('token_type');
    }

    // openid-client's own request (charset=UTF-8) takes the fast path too; revoked: inactive at once.
    const before = fastIntrospections.answered;
    expect((await client.tokenIntrospection(config, tokens.access_token)).active).to.equal(true);
    await client.tokenRevocation(config, tokens.access_token);
    expect((await client.tokenIntrospection(config, tokens.access_token)).active).to.equal(false);
    expect(fastIntrospections.answered - before).to.equal(2);
    const revoked = await bothPaths(basicOf(web), `token=${tokens.access_token}`);
    expect(revoked.answer).to.deep.equal({ active: false });
  });

  it('unknown tokens and tokens of another pool: inactive', async () => {
    const unknown = await bothPaths(basicOf(machine), `token=${'x'.repeat(44)}`);
    expect(unknown.answer).to.deep.equal({ active: false });
    const other = await createOidcPool(t);
    const stranger = await createClient(t, other, 'm2m');
    const tokens = await client.clientCredentialsGrant(await discover(pool, machine));
    const crossed = await bothPaths(basicOf(stranger), `token=${tokens.access_token}`, other.issuer);
    expect(crossed.fastAnswered).to.equal(1);
    expect(crossed.answer).to.deep.equal({ active: false });
  });

  it('refusals stay the library’s: a wrong secret, a missing or structured token, a duplicate', async () => {
    const tokens = await client.clientCredentialsGrant(await discover(pool, machine));
    const wrong = await bothPaths(basicOf(machine, 'not-the-secret'), `token=${tokens.access_token}`);
    expect(wrong.fastAnswered).to.equal(0);
    expect(wrong.fast.status).to.equal(401);
    expect(wrong.answer.error).to.equal('invalid_client');
    expect(wrong.fast.headers['www-authenticate']).to.include('invalid_client');

    const missing = await bothPaths(basicOf(machine), 'token=');
    expect(missing.fast.status).to.equal(400);
    const jwt = await bothPaths(basicOf(machine), 'token=eyJhbGciOiJub25lIn0.e30.');
    expect(jwt.answer.error).to.equal('unsupported_token_type');
    const twice = await bothPaths(
      basicOf(machine),
      `token=${tokens.access_token}&token=${tokens.access_token}`,
    );
    expect(twice.fast.status).to.equal(400);
    expect(missing.fastAnswered + jwt.fastAnswered + twice.fastAnswered).to.equal(0);
  });

  it('a body it read but does not take (an extra parameter) goes on to the library intact', async () => {
    const tokens = await client.clientCredentialsGrant(await discover(pool, machine));
    const before = fastIntrospections.answered;
    const extra = await introspect(pool.issuer, basicOf(machine), `token=${tokens.access_token}&extra=1`);
    expect(fastIntrospections.answered).to.equal(before);
    const plain = await introspect(pool.issuer, basicOf(machine), `token=${tokens.access_token}`);
    expect(fastIntrospections.answered).to.equal(before + 1);
    expect(extra).to.deep.equal(plain);
  });
});
