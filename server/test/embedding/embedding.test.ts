import { expect } from 'chai';
import { Types } from 'mongoose';
import type { TestContext } from '../helpers/context.js';
import {
  bearer,
  createAuthContext,
  PASSWORD,
  registerConfirmed,
  signedInUser,
  uniqueEmail,
  waitForMail,
} from '../auth/helpers.js';
import { expectRefusedByEmbeddingLogin, registerEndUser, type EndUser } from '../helpers/end-users.js';
import {
  addMember,
  createApplication,
  createOrganization,
  createProject,
  createToken,
  type User,
} from '../projects/helpers.js';

const LISTED = 'https://shop.example.com';
const ENDPOINT_ORIGIN = 'https://api.shop.example.com';
const UNLISTED = 'https://evil.example.net';

describe('embedding API (/api/auth)', () => {
  let ctx: TestContext;
  /** Dashboard accounts of the organization that owns the application. */
  let admin: User;
  let member: User;
  /** An end user of the application's pool (its project's): who signs in through the API. */
  let endUser: EndUser;
  let organizationId: string;
  let projectId: string;
  let applicationId: string;

  const app = (id = applicationId) => ({ 'X-Application-ID': id });
  const login = (body: Record<string, unknown>, headers: Record<string, string> = app()) =>
    ctx.request.post('/api/auth/login').set(headers).send(body);

  before(async () => {
    ctx = await createAuthContext();
    [admin, member] = await Promise.all([signedInUser(ctx, 'admin'), signedInUser(ctx, 'member')]);
    organizationId = await createOrganization(ctx, admin);
    await addMember(ctx, admin, organizationId, member);
    projectId = (await createProject(ctx, admin, organizationId)).id;
    applicationId = (
      await createApplication(ctx, admin, projectId, {
        allowed_origins: [LISTED],
        api_endpoint: `${ENDPOINT_ORIGIN}/v1`,
      })
    ).id;
    endUser = await registerEndUser(ctx, applicationId, { email: uniqueEmail('enduser') });
  });
  after(() => ctx.close());

  describe('POST /login', () => {
    it('answers {token, user} with a working access token', async () => {
      const response = await login({ email: endUser.email, password: PASSWORD }).expect(200);
      expect(response.body).to.have.all.keys('token', 'refresh_token', 'expires_at', 'user');
      expect(response.body.user).to.include({ id: endUser.id, email: endUser.email });
      const verified = await ctx.request
        .post('/api/auth/verify')
        .set(app())
        .set(bearer(response.body.token))
        .expect(200);
      expect(verified.body.user.id).to.equal(endUser.id);
    });

    it('refuses a dashboard account (another pool) exactly like a wrong password', async () => {
      // Members of the organization that owns the application are no end users of it.
      await expectRefusedByEmbeddingLogin(ctx, applicationId, member.email, PASSWORD);
      await expectRefusedByEmbeddingLogin(ctx, applicationId, admin.email, PASSWORD);
    });

    it('refuses wrong credentials exactly like the product login', async () => {
      const response = await login({ email: endUser.email, password: 'wrong password' }).expect(401);
      expect(response.body).to.deep.equal({
        error: 'Invalid e-mail or password.',
        code: 'invalid_credentials',
      });
      const missing = await login({ email: endUser.email }).expect(400);
      expect(missing.body.error).to.equal('body.password: Password is required.');
    });

    it('needs the X-Application-ID of an active application', async () => {
      const credentials = { email: endUser.email, password: PASSWORD };
      const missing = await login(credentials, {}).expect(400);
      expect(missing.body.code).to.equal('application_id_required');
      await login(credentials, app('not-an-id')).expect(400);
      const unknown = await login(credentials, app(new Types.ObjectId().toHexString())).expect(404);
      expect(unknown.body).to.deep.equal({ error: 'Application not found.', code: 'application_not_found' });

      const deleted = (await createApplication(ctx, admin, projectId)).id;
      await ctx.request.delete(`/api/v1/applications/${deleted}`).set(bearer(admin.access_token)).expect(204);
      await login(credentials, app(deleted)).expect(404);

      const retiredProject = (await createProject(ctx, admin, organizationId)).id;
      const orphan = (await createApplication(ctx, admin, retiredProject)).id;
      // Another project is another pool: its own end user signs in there, ours does not.
      await login(credentials, app(orphan)).expect(401);
      const orphanUser = await registerEndUser(ctx, orphan, { email: endUser.email });
      await login({ email: orphanUser.email, password: PASSWORD }, app(orphan)).expect(200);
      await ctx.request
        .post(`/api/v1/projects/${retiredProject}/deactivate`)
        .set(bearer(admin.access_token))
        .expect(200);
      await login({ email: orphanUser.email, password: PASSWORD }, app(orphan)).expect(404);
    });
  });

  describe('POST /register', () => {
    it('registers like the product and records the application on the account', async () => {
      const email = uniqueEmail('enduser');
      const response = await ctx.request
        .post('/api/auth/register')
        .set(app())
        .send({ email, password: PASSWORD, display_name: 'Endkunde' })
        .expect(201);
      expect(response.body.user).to.include({ email, display_name: 'Endkunde' });
      expect(response.body).to.have.property('confirmation_required');
      const stored = await ctx.database.connection.collection('profiles').findOne({ email });
      expect(String(stored!.registered_application_id)).to.equal(applicationId);
      // In the pool of the application's project, not among the dashboard's accounts.
      expect(stored!.pool_id).to.equal(projectId);
    });

    it('applies the product password rule', async () => {
      const response = await ctx.request
        .post('/api/auth/register')
        .set(app())
        .send({ email: uniqueEmail(), password: '12345' })
        .expect(400);
      expect(response.body.error).to.equal('Password must be at least 6 characters long');
    });
  });

  describe('POST /refresh', () => {
    it('rotates the refresh token into a new session', async () => {
      const first = await login({ email: endUser.email, password: PASSWORD }).expect(200);
      const refreshed = await ctx.request
        .post('/api/auth/refresh')
        .set(app())
        .send({ refresh_token: first.body.refresh_token })
        .expect(200);
      expect(refreshed.body.token).to.be.a('string').and.not.equal(first.body.token);
      await ctx.request
        .post('/api/auth/refresh')
        .set(app())
        .send({ refresh_token: first.body.refresh_token })
        .expect(401);
    });
  });

  /** An access token from this application's embedding login. */
  const embeddingToken = async (user: EndUser) =>
    (await login({ email: user.email, password: user.password }).expect(200)).body.token as string;

  describe('POST /verify', () => {
    it('answers the user of a valid token', async () => {
      const response = await ctx.request
        .post('/api/auth/verify')
        .set(app())
        .set(bearer(await embeddingToken(endUser)))
        .expect(200);
      expect(response.body.user).to.include({ id: endUser.id, email: endUser.email });
      expect(response.body.application_id).to.equal(applicationId);
      expect(JSON.stringify(response.body)).not.to.match(/password|hash/);
    });

    it('refuses a missing or invalid token with 401 and API tokens with 403', async () => {
      await ctx.request.post('/api/auth/verify').set(app()).expect(401);
      await ctx.request.post('/api/auth/verify').set(app()).set(bearer('not.a.jwt')).expect(401);
      const apiToken = await createToken(ctx, admin, applicationId, ['read']);
      await ctx.request.post('/api/auth/verify').set(app()).set(bearer(apiToken)).expect(403);
    });
  });

  describe('POST /permissions', () => {
    it('answers an end user no organization role and their (still empty) application roles', async () => {
      const response = await ctx.request
        .post('/api/auth/permissions')
        .set(app())
        .set(bearer(await embeddingToken(endUser)))
        .expect(200);
      expect(response.body).to.deep.equal({
        application_id: applicationId,
        role: null,
        roles: [],
        permissions: { read: false, write: false, delete: false, manage_members: false },
        application_permissions: [],
      });
    });

    it('never answers 404 no_membership to an end user: any end user of the pool is the application’s own', async () => {
      // Registered through another application of the same project: the same pool.
      const sibling = (await createApplication(ctx, admin, projectId)).id;
      const other = await registerEndUser(ctx, sibling);
      const response = await ctx.request
        .post('/api/auth/permissions')
        .set(app())
        .set(bearer(await embeddingToken(other)))
        .expect(200);
      expect(response.body).to.include({ application_id: applicationId, role: null });
      expect(response.body.roles).to.deep.equal([]);
    });

    it('refuses the dashboard tokens of the organization’s members (another audience and pool)', async () => {
      for (const user of [admin, member]) {
        const response = await ctx.request
          .post('/api/auth/permissions')
          .set(app())
          .set(bearer(user.access_token))
          .expect(401);
        expect(response.body.code).to.equal('token_audience_mismatch');
      }
    });

    it('refuses the end user’s token on the product API', async () => {
      const token = await embeddingToken(endUser);
      const response = await ctx.request.get('/api/v1/organizations').set(bearer(token)).expect(403);
      expect(response.body.code).to.equal('application_token_not_allowed');
      await ctx.request.get(`/api/v1/applications/${applicationId}`).set(bearer(token)).expect(403);
    });
  });

  describe('CORS', () => {
    it("answers the application's allowed origins and its api_endpoint's origin", async () => {
      for (const origin of [LISTED, ENDPOINT_ORIGIN]) {
        const response = await login(
          { email: endUser.email, password: PASSWORD },
          { ...app(), Origin: origin },
        ).expect(200);
        expect(response.headers['access-control-allow-origin'], origin).to.equal(origin);
        expect(response.headers.vary).to.match(/origin/i);
      }
    });

    it('lets a listed origin read error responses too', async () => {
      const response = await login(
        { email: endUser.email, password: 'wrong password' },
        { ...app(), Origin: LISTED },
      ).expect(401);
      expect(response.headers['access-control-allow-origin']).to.equal(LISTED);
    });

    it('refuses an unlisted origin with 403, no CORS header, and without signing in', async () => {
      const sessionsBefore = await ctx.database.connection.collection('auth_sessions').countDocuments();
      const response = await login(
        { email: endUser.email, password: PASSWORD },
        { ...app(), Origin: UNLISTED },
      ).expect(403);
      expect(response.body.code).to.equal('origin_not_allowed');
      expect(response.headers).not.to.have.property('access-control-allow-origin');
      expect(await ctx.database.connection.collection('auth_sessions').countDocuments()).to.equal(
        sessionsBefore,
      );
    });

    it('refuses an origin that only another application lists', async () => {
      const other = await createApplication(ctx, admin, projectId, {
        allowed_origins: [UNLISTED.replace('evil', 'partner')],
      });
      const response = await login(
        { email: endUser.email, password: PASSWORD },
        { ...app(), Origin: other.allowed_origins[0]! },
      ).expect(403);
      expect(response.headers).not.to.have.property('access-control-allow-origin');
    });

    it('serves callers without an Origin (servers) and the platform’s own origin', async () => {
      const server = await login({ email: endUser.email, password: PASSWORD }).expect(200);
      expect(server.headers).not.to.have.property('access-control-allow-origin');
      await login(
        { email: endUser.email, password: PASSWORD },
        { ...app(), Origin: new URL(ctx.config.publicUrl).origin },
      ).expect(200);
    });

    describe('preflight (OPTIONS)', () => {
      const preflight = (origin: string, query: Record<string, string> = {}) =>
        ctx.request.options('/api/auth/login').query(query).set({
          Origin: origin,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'content-type,x-application-id',
        });

      it('allows an origin listed by an active application', async () => {
        const response = await preflight(LISTED).expect(204);
        expect(response.headers).to.include({
          'access-control-allow-origin': LISTED,
          'access-control-allow-methods': 'POST, OPTIONS',
          'access-control-allow-headers': 'content-type, authorization, x-application-id',
          'access-control-max-age': '600',
        });
        expect(response.headers.vary).to.match(/origin/i);
        expect(response.headers).not.to.have.property('access-control-allow-credentials');
      });

      it('refuses an origin no active application lists', async () => {
        const response = await preflight(UNLISTED).expect(403);
        expect(response.headers).not.to.have.property('access-control-allow-origin');
        const gone = 'https://gone.example.org';
        const application = await createApplication(ctx, admin, projectId, { allowed_origins: [gone] });
        await preflight(gone).expect(204);
        await ctx.request
          .delete(`/api/v1/applications/${application.id}`)
          .set(bearer(admin.access_token))
          .expect(204);
        await preflight(gone).expect(403);
      });

      it('checks the exact application when ?application_id= names it', async () => {
        await preflight(LISTED, { application_id: applicationId }).expect(204);
        const other = (await createApplication(ctx, admin, projectId)).id;
        const response = await preflight(LISTED, { application_id: other }).expect(403);
        expect(response.headers).not.to.have.property('access-control-allow-origin');
      });

      it('follows changes to allowed_origins at once', async () => {
        const origin = 'https://later.example.org';
        await preflight(origin, { application_id: applicationId }).expect(403);
        await ctx.request
          .patch(`/api/v1/applications/${applicationId}`)
          .set(bearer(admin.access_token))
          .send({ allowed_origins: [LISTED, origin] })
          .expect(200);
        await preflight(origin, { application_id: applicationId }).expect(204);
        await login({ email: endUser.email, password: PASSWORD }, { ...app(), Origin: origin }).expect(200);
      });
    });
  });

  describe('the dialog’s other flows', () => {
    it('sends a reset link for the application (POST /password-reset), answering unknown addresses alike', async () => {
      const { email } = await registerEndUser(ctx, applicationId, { email: uniqueEmail('forgetful') });
      const known = await ctx.request
        .post('/api/auth/password-reset')
        .set({ ...app(), Origin: LISTED })
        .send({ email })
        .expect(200);
      expect(known.headers['access-control-allow-origin']).to.equal(LISTED);
      const mail = await waitForMail(ctx, email, 'password_reset');
      // To the pool's hosted reset page, never the dashboard's /auth.
      expect(mail.text).to.contain(`${ctx.config.publicUrl}/p/${projectId}/reset?token=`);
      expect(mail.text).not.to.match(/\/auth\?mode=reset/);
      const unknown = await ctx.request
        .post('/api/auth/password-reset')
        .set(app())
        .send({ email: uniqueEmail('nobody') })
        .expect(200);
      expect(unknown.body).to.deep.equal(known.body);
      await ctx.request.post('/api/auth/password-reset').set(app()).send({}).expect(400);
    });

    it('sends the confirmation mail again (POST /resend-confirmation)', async () => {
      const email = uniqueEmail('unconfirmed');
      await ctx.request.post('/api/auth/register').set(app()).send({ email, password: PASSWORD }).expect(201);
      const first = await waitForMail(ctx, email, 'email_confirmation');
      await ctx.request.post('/api/auth/resend-confirmation').set(app()).send({ email }).expect(200);
      const deadline = Date.now() + 5_000;
      let mails = 0;
      while (Date.now() < deadline && mails < 2) {
        const response = await ctx.request.get(`/api/v1/dev/outbox?to=${encodeURIComponent(email)}`);
        mails = (response.body.data as { template_name: string }[]).filter(
          (mail) => mail.template_name === 'email_confirmation',
        ).length;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(mails, `a second confirmation mail after ${first.subject}`).to.equal(2);
    });

    it('ends the session on POST /logout: its refresh token stops working', async () => {
      const session = (await login({ email: endUser.email, password: PASSWORD }).expect(200)).body;
      await ctx.request.post('/api/auth/logout').set(app()).expect(401);
      await ctx.request.post('/api/auth/logout').set(app()).set(bearer(session.token)).expect(200);
      const refreshed = await ctx.request
        .post('/api/auth/refresh')
        .set(app())
        .send({ refresh_token: session.refresh_token })
        .expect(401);
      expect(refreshed.body.code).to.match(/refresh_token|session/);
    });
  });

  describe('GET /origin-check (readable by any page)', () => {
    const check = (origin: string | undefined, id = applicationId) => {
      const request = ctx.request.get('/api/auth/origin-check').query({ application_id: id });
      return origin ? request.set('Origin', origin) : request;
    };

    it('answers a listed origin 200, readable cross-origin', async () => {
      const response = await check(LISTED).expect(200);
      expect(response.body).to.deep.equal({ allowed: true, origin: LISTED });
      expect(response.headers['access-control-allow-origin']).to.equal('*');
    });

    it('tells an unlisted origin, readably, which origin to add and where', async () => {
      const response = await check(UNLISTED).expect(403);
      expect(response.headers['access-control-allow-origin']).to.equal('*');
      expect(response.body.code).to.equal('origin_not_allowed');
      expect(response.body.error).to.contain(UNLISTED).and.to.contain('allowed origins');
    });

    it('tells an unknown or malformed application id apart, readably', async () => {
      const unknown = await check(LISTED, new Types.ObjectId().toHexString()).expect(404);
      expect(unknown.headers['access-control-allow-origin']).to.equal('*');
      expect(unknown.body.code).to.equal('application_not_found');
      const malformed = await check(LISTED, 'nope').expect(400);
      expect(malformed.body.code).to.equal('application_id_required');
    });

    it('grants nothing: the unlisted origin’s real requests stay refused', async () => {
      await check(UNLISTED).expect(403);
      await login({ email: endUser.email, password: PASSWORD }, { ...app(), Origin: UNLISTED }).expect(403);
    });
  });

  it('documents the embedding routes in the OpenAPI document', async () => {
    const document = await ctx.request.get('/api/v1/openapi.json').expect(200);
    for (const path of [
      '/api/auth/register',
      '/api/auth/login',
      '/api/auth/refresh',
      '/api/auth/verify',
      '/api/auth/permissions',
      '/api/auth/password-reset',
      '/api/auth/resend-confirmation',
      '/api/auth/logout',
      '/api/auth/origin-check',
      '/api/auth/mfa/challenge',
    ]) {
      expect(document.body.paths, path).to.have.property(path);
    }
    // A session, or for an account with two-factor the second step (docs/two-factor.md).
    expect(
      JSON.stringify(
        document.body.paths['/api/auth/login'].post.responses['200'].content['application/json'].schema,
      ),
    ).to.contain('EmbeddingSession');
  });
});

describe('embedding API rate limits', () => {
  let ctx: TestContext;
  after(() => ctx?.close());

  it('shares the per-account login limit between the applications of one pool, not with other pools', async () => {
    ctx = await createAuthContext({ RATE_LIMIT_PER_ACCOUNT: '3' });
    const owner = await signedInUser(ctx, 'owner');
    const organizationId = await createOrganization(ctx, owner);
    const projectId = (await createProject(ctx, owner, organizationId)).id;
    const [shop, mobile] = [
      (await createApplication(ctx, owner, projectId)).id,
      (await createApplication(ctx, owner, projectId)).id,
    ];
    const otherPool = (
      await createApplication(ctx, owner, (await createProject(ctx, owner, organizationId)).id)
    ).id;
    const { email } = await registerEndUser(ctx, shop, { email: uniqueEmail('victim') });
    // The same address in another pool and among the dashboard's accounts: other accounts.
    await registerEndUser(ctx, otherPool, { email });
    await registerConfirmed(ctx, email);
    const wrong = { email, password: 'wrong password' };
    const at = (id: string) => ctx.request.post('/api/auth/login').set('X-Application-ID', id).send(wrong);
    await at(shop).expect(401);
    await at(mobile).expect(401);
    await at(shop).expect(401);
    const limited = await at(mobile).expect(429);
    expect(limited.body.code).to.equal('rate_limited');
    expect(limited.headers['retry-after']).to.match(/^\d+$/);
    // The other pool's account and the dashboard account keep their own budgets.
    await at(otherPool).expect(401);
    await ctx.request.post('/api/v1/auth/login').send(wrong).expect(401);
    await ctx.request
      .post('/api/auth/login')
      .set('X-Application-ID', otherPool)
      .send({ email, password: PASSWORD })
      .expect(200);
    await ctx.request.post('/api/v1/auth/login').send({ email, password: PASSWORD }).expect(200);
  });
});
