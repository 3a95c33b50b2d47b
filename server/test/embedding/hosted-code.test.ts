import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { Types } from 'mongoose';
import type { TestContext } from '../helpers/context.js';
import { bearer, createAuthContext, PASSWORD, signedInUser, uniqueEmail } from '../auth/helpers.js';
import { createApplication, createOrganization, createProject, type User } from '../projects/helpers.js';
import { redirectAllowed, s256 } from '../../src/modules/embedding/embedding.hosted.js';
import { userModel } from '../../src/modules/users/index.js';

const SHOP = 'https://shop.example.com';
const OTHER_SHOP = 'https://other-shop.example.org';
const FOREIGN_SHOP = 'https://foreign.example.net';
const RETURN = `${SHOP}/account?tab=orders`;

/** A PKCE pair as the widget makes it: 32 random bytes, base64url (43 characters), and its S256. */
function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: s256(verifier) };
}

describe('embedding API: hosted sign-in code (/api/auth/hosted/code, /hosted/token)', () => {
  let ctx: TestContext;
  let admin: User;
  let shopId: string;
  let otherShopId: string;
  let foreignShopId: string;

  const app = (id = shopId, origin?: string) => ({
    'X-Application-ID': id,
    ...(origin ? { Origin: origin } : {}),
  });
  const tokens = () => ctx.database.connection.collection('auth_tokens');
  const sessions = () => ctx.database.connection.collection('auth_sessions');
  const hostedCodes = () => tokens().countDocuments({ purpose: 'hosted_code' });

  /** An end user of the application's pool, signed in through it (as on the hosted page). */
  async function endUser(applicationId = shopId) {
    const email = uniqueEmail('enduser');
    await ctx.request
      .post('/api/auth/register')
      .set(app(applicationId))
      .send({ email, password: PASSWORD })
      .expect(201);
    const signedIn = await ctx.request
      .post('/api/auth/login')
      .set(app(applicationId))
      .send({ email, password: PASSWORD })
      .expect(200);
    return { email, id: signedIn.body.user.id as string, token: signedIn.body.token as string };
  }

  const issue = (token: string, body: Record<string, unknown>, applicationId = shopId) =>
    ctx.request.post('/api/auth/hosted/code').set(app(applicationId)).set(bearer(token)).send(body);
  const exchange = (body: Record<string, unknown>, applicationId = shopId, origin = SHOP) =>
    ctx.request.post('/api/auth/hosted/token').set(app(applicationId, origin)).send(body);

  /** A code issued for `redirect_uri` at the shop, with its verifier. */
  async function codeFor(token: string, redirect_uri = RETURN, state = 'st-1') {
    const { verifier, challenge } = pkce();
    const response = await issue(token, { redirect_uri, code_challenge: challenge, state }).expect(200);
    const target = new URL(response.body.redirect_to);
    return { code: target.searchParams.get('code')!, verifier, target };
  }

  before(async () => {
    ctx = await createAuthContext({ EMAIL_CONFIRMATION_REQUIRED: 'false' });
    admin = await signedInUser(ctx, 'hostedadmin');
    const organizationId = await createOrganization(ctx, admin);
    const projectId = (await createProject(ctx, admin, organizationId)).id;
    shopId = (await createApplication(ctx, admin, projectId, { allowed_origins: [SHOP] })).id;
    // Same project, so the same pool: still another application.
    otherShopId = (await createApplication(ctx, admin, projectId, { allowed_origins: [OTHER_SHOP] })).id;
    const stranger = await signedInUser(ctx, 'hostedstranger');
    const foreignOrganization = await createOrganization(ctx, stranger);
    const foreignProject = (await createProject(ctx, stranger, foreignOrganization)).id;
    foreignShopId = (
      await createApplication(ctx, stranger, foreignProject, { allowed_origins: [FOREIGN_SHOP] })
    ).id;
  });
  after(() => ctx.close());

  describe('the happy path', () => {
    it('issues a code on the redirect URI and trades it once for a new session of the application', async () => {
      const user = await endUser();
      const { verifier, challenge } = pkce();
      const issued = await issue(user.token, {
        redirect_uri: RETURN,
        code_challenge: challenge,
        code_challenge_method: 'S256',
        state: 'opaque state/ü',
      }).expect(200);
      expect(issued.body).to.have.all.keys('redirect_to');
      const target = new URL(issued.body.redirect_to);
      expect(`${target.origin}${target.pathname}`).to.equal(`${SHOP}/account`);
      expect(target.searchParams.get('tab')).to.equal('orders');
      expect(target.searchParams.get('state')).to.equal('opaque state/ü');
      const code = target.searchParams.get('code')!;
      expect(code).to.match(/^[A-Za-z0-9_-]{43}$/);

      // Stored hashed, valid 60 seconds, bound to user, application, redirect_uri and challenge.
      const stored = await tokens().findOne(
        { purpose: 'hosted_code', user_id: new Types.ObjectId(user.id) },
        { sort: { _id: -1 } },
      );
      expect(stored!.token_hash).to.match(/^[0-9a-f]{64}$/);
      expect(stored!.token_hash).to.not.equal(code);
      expect(String(stored!.user_id)).to.equal(user.id);
      const lifetime = (stored!.expires_at as Date).getTime() - (stored!.created_at as Date).getTime();
      expect(lifetime).to.be.within(59_000, 61_000);
      expect(JSON.parse(stored!.payload as string)).to.deep.include({
        application_id: shopId,
        redirect_uri: RETURN,
        code_challenge: challenge,
        method: 'password',
      });

      const sessionsBefore = await sessions().countDocuments({ user_id: stored!.user_id });
      const response = await exchange({ code, code_verifier: verifier, redirect_uri: RETURN }).expect(200);
      // The same body as POST /api/auth/login, readable by the partner's origin.
      expect(response.body).to.have.all.keys('token', 'refresh_token', 'expires_at', 'user');
      expect(response.body.user).to.include({ id: user.id, email: user.email });
      expect(response.headers['access-control-allow-origin']).to.equal(SHOP);
      expect(await sessions().countDocuments({ user_id: stored!.user_id })).to.equal(sessionsBefore + 1);
      const verified = await ctx.request
        .post('/api/auth/verify')
        .set(app())
        .set(bearer(response.body.token))
        .expect(200);
      expect(verified.body).to.deep.include({ application_id: shopId });
      expect(verified.body.user.id).to.equal(user.id);
      // A new session of its own: the hosted page's session stays, and both are the application's.
      await ctx.request.post('/api/auth/verify').set(app()).set(bearer(user.token)).expect(200);
      await ctx.request
        .post('/api/auth/refresh')
        .set(app())
        .send({ refresh_token: response.body.refresh_token })
        .expect(200);
      // An application session, no key to the product API.
      const product = await ctx.request.get('/api/v1/organizations').set(bearer(response.body.token));
      expect(product.status).to.equal(403);
    });

    it('leaves state out when none was given, and takes any page on an allowed origin', async () => {
      const user = await endUser();
      const issued = await issue(user.token, {
        redirect_uri: `${SHOP}/`,
        code_challenge: pkce().challenge,
      }).expect(200);
      const target = new URL(issued.body.redirect_to);
      expect([...target.searchParams.keys()]).to.deep.equal(['code']);
      const empty = await issue(user.token, {
        redirect_uri: `${SHOP}/`,
        code_challenge: pkce().challenge,
        state: '',
      }).expect(200);
      expect([...new URL(empty.body.redirect_to).searchParams.keys()]).to.deep.equal(['code']);
      const deep = await codeFor(user.token, `${SHOP}/a/b/c.html`);
      expect(deep.target.pathname).to.equal('/a/b/c.html');
    });
  });

  describe('refusals when issuing', () => {
    let user: Awaited<ReturnType<typeof endUser>>;
    before(async () => {
      user = await endUser();
    });

    it('needs an access token of this application', async () => {
      const { challenge } = pkce();
      const body = { redirect_uri: RETURN, code_challenge: challenge };
      const before = await hostedCodes();
      await ctx.request.post('/api/auth/hosted/code').set(app()).send(body).expect(401);
      // Another application's token (same pool) and a dashboard token: 401 token_audience_mismatch.
      const other = await endUser(otherShopId);
      expect((await issue(other.token, body).expect(401)).body.code).to.equal('token_audience_mismatch');
      expect((await issue(admin.access_token, body).expect(401)).body.code).to.equal(
        'token_audience_mismatch',
      );
      // Another organization's application: its token opens nothing here, and ours nothing there.
      const foreign = await endUser(foreignShopId);
      expect((await issue(foreign.token, body).expect(401)).body.code).to.equal('token_audience_mismatch');
      await issue(user.token, body, foreignShopId).expect(401);
      expect(await hostedCodes()).to.equal(before);
    });

    it('sends codes only to allowed redirect URIs', async () => {
      const { challenge } = pkce();
      const before = await hostedCodes();
      for (const redirect_uri of [
        `${OTHER_SHOP}/account`, // another application's origin (same pool)
        `${FOREIGN_SHOP}/account`,
        'https://shop.example.com.evil.example/account', // a prefix is no origin
        'http://shop.example.com/account', // another scheme is another origin
        'https://shop.example.com:8443/account',
        'https://attacker@shop.example.com/account',
        `${SHOP}/account#fragment`,
        'javascript:alert(1)',
        'not a url',
      ]) {
        const response = await issue(user.token, { redirect_uri, code_challenge: challenge });
        expect(response.status, redirect_uri).to.equal(400);
        expect(response.body.code, redirect_uri).to.equal('redirect_uri_not_allowed');
      }
      expect(await hostedCodes()).to.equal(before);
    });

    it('takes only S256 challenges', async () => {
      const before = await hostedCodes();
      const { challenge } = pkce();
      for (const body of [
        { redirect_uri: RETURN },
        { redirect_uri: RETURN, code_challenge: challenge.slice(1) },
        { redirect_uri: RETURN, code_challenge: `${challenge.slice(1)}=` },
        { redirect_uri: RETURN, code_challenge: challenge, code_challenge_method: 'plain' },
        { code_challenge: challenge },
      ]) {
        const response = await issue(user.token, body);
        expect(response.status, JSON.stringify(body)).to.equal(400);
        expect(response.body.code).to.equal('validation_failed');
      }
      expect(await hostedCodes()).to.equal(before);
    });
  });

  describe('refusals when trading', () => {
    let user: Awaited<ReturnType<typeof endUser>>;
    before(async () => {
      user = await endUser();
    });

    async function refused(body: Record<string, unknown>, applicationId = shopId, origin = SHOP) {
      const response = await exchange(body, applicationId, origin).expect(400);
      expect(response.body.code).to.equal('invalid_grant');
      return response.body.error as string;
    }

    it('refuses a wrong verifier, redirect URI or application and changes nothing', async () => {
      const { code, verifier } = await codeFor(user.token);
      const sessionsBefore = await sessions().countDocuments();

      expect(await refused({ code, code_verifier: pkce().verifier, redirect_uri: RETURN })).to.equal(
        "code_verifier does not match the sign-in code's code_challenge.",
      );
      // The challenge itself is not the verifier.
      await refused({ code, code_verifier: s256(verifier), redirect_uri: RETURN });
      expect(await refused({ code, code_verifier: verifier, redirect_uri: `${SHOP}/account` })).to.equal(
        'redirect_uri is not the one this sign-in code was issued for.',
      );
      // The code of application A at application B of the same pool, and at another organization's.
      expect(
        await refused({ code, code_verifier: verifier, redirect_uri: RETURN }, otherShopId, OTHER_SHOP),
      ).to.equal('This sign-in code was issued for another application.');
      await refused({ code, code_verifier: verifier, redirect_uri: RETURN }, foreignShopId, FOREIGN_SHOP);
      expect(await refused({ code: 'x'.repeat(43), code_verifier: verifier, redirect_uri: RETURN })).to.equal(
        'The sign-in code is unknown, expired or already used. Start the sign-in again.',
      );

      expect(await sessions().countDocuments()).to.equal(sessionsBefore);
      // None of that spent the code.
      await exchange({ code, code_verifier: verifier, redirect_uri: RETURN }).expect(200);
    });

    it('answers a malformed verifier as a validation failure', async () => {
      const { code } = await codeFor(user.token);
      for (const code_verifier of ['short', 'x'.repeat(129), `${'x'.repeat(42)} `]) {
        const response = await exchange({ code, code_verifier, redirect_uri: RETURN }).expect(400);
        expect(response.body.code).to.equal('validation_failed');
      }
    });

    it('takes a code once (replay), also when two exchanges race', async () => {
      const { code, verifier } = await codeFor(user.token);
      const body = { code, code_verifier: verifier, redirect_uri: RETURN };
      await exchange(body).expect(200);
      await refused(body);

      const raced = await codeFor(user.token);
      const racedBody = { code: raced.code, code_verifier: raced.verifier, redirect_uri: RETURN };
      const answers = await Promise.all([exchange(racedBody), exchange(racedBody), exchange(racedBody)]);
      expect(answers.map((answer) => answer.status).sort()).to.deep.equal([200, 400, 400]);
    });

    it('refuses an expired code', async () => {
      const expiring = await endUser();
      const { code, verifier } = await codeFor(expiring.token);
      await tokens().updateOne(
        { purpose: 'hosted_code', user_id: new Types.ObjectId(expiring.id) },
        { $set: { expires_at: new Date(Date.now() - 1000) } },
      );
      await refused({ code, code_verifier: verifier, redirect_uri: RETURN });
    });

    it('refuses the code of an account blocked or deleted since', async () => {
      // Through the model, as the server writes accounts: the account cache sees the change.
      const profiles = userModel(ctx.database.connection);
      const blocked = await endUser();
      const blockedCode = await codeFor(blocked.token);
      await profiles.updateOne({ _id: new Types.ObjectId(blocked.id) }, { $set: { blocked_at: new Date() } });
      const refusedBlocked = await exchange({
        code: blockedCode.code,
        code_verifier: blockedCode.verifier,
        redirect_uri: RETURN,
      }).expect(403);
      expect(refusedBlocked.body.code).to.equal('account_blocked');

      const deleted = await endUser();
      const deletedCode = await codeFor(deleted.token);
      await profiles.deleteOne({ _id: new Types.ObjectId(deleted.id) });
      expect(
        await refused({ code: deletedCode.code, code_verifier: deletedCode.verifier, redirect_uri: RETURN }),
      ).to.equal('The account of this sign-in code no longer exists.');
    });
  });

  describe('redirectAllowed', () => {
    const application = { allowed_origins: [SHOP] };
    const pool = ['https://partner.example.com/callback', 'http://127.0.0.1:8080/cb'];

    it('takes exactly a listed redirect URL of the pool, or any page on an allowed origin', () => {
      expect(redirectAllowed('https://partner.example.com/callback', application, pool)).to.equal(true);
      expect(redirectAllowed('http://127.0.0.1:8080/cb', application, pool)).to.equal(true);
      expect(redirectAllowed(`${SHOP}/anything?x=1`, application, pool)).to.equal(true);
      expect(redirectAllowed('https://SHOP.example.com/x', application, pool)).to.equal(true);
    });

    it('refuses anything else', () => {
      for (const uri of [
        'https://partner.example.com/callback/more',
        'https://partner.example.com/callback?x=1',
        'https://partner.example.com/',
        'https://partner.example.com/callback#x',
        'http://127.0.0.1:8081/cb',
        'ftp://shop.example.com/x',
        'https://shop.example.com.evil.example/',
      ])
        expect(redirectAllowed(uri, application, pool), uri).to.equal(false);
    });
  });
});
