import { expect } from 'chai';
import type { Test } from 'supertest';
import type { TestContext } from '../helpers/context.js';
import { bearer, linkIn, PASSWORD, uniqueEmail } from '../auth/helpers.js';
import { applicationHeader } from '../helpers/end-users.js';
import { createApplication, createOrganization, createProject, type User } from '../projects/helpers.js';
import { createMailContext, waitForDelivery } from '../mail/template-helpers.js';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../mail/smtp-sink.js';

/**
 * The rules of user pools (issue #31), end to end through the HTTP API with mail going to a real
 * SMTP server: each project's end users apart from each other and from the dashboard's accounts.
 */
describe('user pools: isolation rules (issue #31)', function () {
  this.timeout(60_000);
  let sink: SmtpSink;
  let ctx: TestContext;
  /** A dashboard account: owner of the organization with projects A and B. */
  let owner: User;
  /** A dashboard account of another organization, with project C. */
  let stranger: User;
  let projectA: string;
  let projectB: string;
  let projectC: string;
  let appA: string;
  let appB: string;
  let appC: string;

  const LOCKOUT_THRESHOLD = 3;

  /** The text and HTML of a mail, with every link in them. */
  const linksOf = (received: ReceivedMail) =>
    `${received.mail.text ?? ''}\n${typeof received.mail.html === 'string' ? received.mail.html : ''}`.match(
      /https?:\/\/[^\s)>"'<]+/g,
    ) ?? [];

  /** The confirmation mail of one account (the same address may have one per pool). */
  async function confirm(email: string, pool: string | null): Promise<void> {
    const mail = await waitForDelivery(sink, email, (entry) => {
      const text = entry.mail.text ?? '';
      return (
        /\/auth\/confirm\?token=/.test(text) && (pool ? text.includes(`pool=${pool}`) : !/pool=/.test(text))
      );
    });
    const link = linkIn({ text: mail.mail.text ?? '' }, '/auth/confirm');
    await ctx.request.get(`${link.pathname}${link.search}`).expect(303);
    // Used once: the sink keeps it, so it must not be found again for another account.
    sink.received.splice(sink.received.indexOf(mail), 1);
  }

  /** Registers and confirms an end user in the pool of `applicationId`'s project. */
  async function endUser(applicationId: string, pool: string, email: string, password: string) {
    const response = await ctx.request
      .post('/api/auth/register')
      .set(applicationHeader(applicationId))
      .send({ email, password });
    expect(response.status, JSON.stringify(response.body)).to.equal(201);
    await confirm(email, pool);
    return { id: response.body.user.id as string, email, password };
  }

  /** A confirmed dashboard account, signed in. */
  async function dashboardAccount(email: string, password = PASSWORD): Promise<User> {
    await ctx.request.post('/api/v1/auth/register').send({ email, password }).expect(201);
    await confirm(email, null);
    const login = await ctx.request.post('/api/v1/auth/login').send({ email, password }).expect(200);
    return { email, password, ...login.body } as User;
  }

  const embeddingLogin = (applicationId: string, email: string, password: string) =>
    ctx.request.post('/api/auth/login').set(applicationHeader(applicationId)).send({ email, password });

  before(async () => {
    sink = await startSmtpSink();
    ctx = await createMailContext(sink, {
      EMAIL_CONFIRMATION_REQUIRED: 'true',
      LOCKOUT_THRESHOLD: String(LOCKOUT_THRESHOLD),
    });
    owner = await dashboardAccount(uniqueEmail('pool-owner'));
    stranger = await dashboardAccount(uniqueEmail('pool-stranger'));
    const organization = await createOrganization(ctx, owner);
    projectA = (await createProject(ctx, owner, organization)).id;
    projectB = (await createProject(ctx, owner, organization)).id;
    appA = (await createApplication(ctx, owner, projectA)).id;
    appB = (await createApplication(ctx, owner, projectB)).id;
    projectC = (await createProject(ctx, stranger, await createOrganization(ctx, stranger))).id;
    appC = (await createApplication(ctx, stranger, projectC)).id;
  });
  after(async () => {
    await ctx?.close();
    await sink?.close();
  });

  describe('the same address in two pools', () => {
    const email = uniqueEmail('twice');
    const passwordA = 'password of shop A';
    const passwordB = 'password of shop B';
    let userA: { id: string };
    let userB: { id: string };

    before(async () => {
      userA = await endUser(appA, projectA, email, passwordA);
      userB = await endUser(appB, projectB, email, passwordB);
    });

    it('is two accounts with two passwords', async () => {
      expect(userA.id).not.to.equal(userB.id);
      const stored = await ctx.database.connection
        .collection('profiles')
        .find({ email }, { projection: { pool_id: 1 } })
        .toArray();
      expect(stored.map((row) => row.pool_id).sort()).to.deep.equal([projectA, projectB].sort());

      const atA = await embeddingLogin(appA, email, passwordA).expect(200);
      expect(atA.body.user.id).to.equal(userA.id);
      const atB = await embeddingLogin(appB, email, passwordB).expect(200);
      expect(atB.body.user.id).to.equal(userB.id);
      // Each pool's password opens only its own account.
      for (const [applicationId, password] of [
        [appA, passwordB],
        [appB, passwordA],
      ] as const) {
        const refused = await embeddingLogin(applicationId, email, password).expect(401);
        expect(refused.body.code).to.equal('invalid_credentials');
      }
    });

    it('a password change in one pool leaves the other pool’s password as it was', async () => {
      const newPasswordA = 'changed at shop A only';
      const session = (await embeddingLogin(appA, email, passwordA).expect(200)).body;
      await ctx.request
        .patch('/api/v1/auth/me')
        .set(bearer(session.token))
        .send({ current_password: passwordA, password: newPasswordA })
        .expect(200);
      await embeddingLogin(appA, email, newPasswordA).expect(200);
      await embeddingLogin(appB, email, passwordB).expect(200);
      await embeddingLogin(appB, email, newPasswordA).expect(401);
      // Back, for the other tests.
      const again = (await embeddingLogin(appA, email, newPasswordA).expect(200)).body;
      await ctx.request
        .patch('/api/v1/auth/me')
        .set(bearer(again.token))
        .send({ current_password: newPasswordA, password: passwordA })
        .expect(200);
    });

    it('signing in to one pool never signs in to the other', async () => {
      const session = (await embeddingLogin(appA, email, passwordA).expect(200)).body;
      // Pool B's application (same organization) and pool C's (another organization) refuse it.
      for (const applicationId of [appB, appC]) {
        for (const path of ['/api/auth/verify', '/api/auth/permissions', '/api/auth/logout']) {
          const response = await ctx.request
            .post(path)
            .set(applicationHeader(applicationId))
            .set(bearer(session.token))
            .expect(401);
          expect(response.body.code, `${path} of ${applicationId}`).to.equal('token_audience_mismatch');
        }
        await ctx.request
          .post('/api/auth/refresh')
          .set(applicationHeader(applicationId))
          .send({ refresh_token: session.refresh_token })
          .expect(401);
      }
      // The account routes answer account A only.
      const me = await ctx.request.get('/api/v1/auth/me').set(bearer(session.token)).expect(200);
      expect(me.body.id).to.equal(userA.id);
      // The product API refuses it, pool routes of its own project included.
      for (const path of [
        '/api/v1/organizations',
        `/api/v1/projects/${projectA}/pool`,
        `/api/v1/projects/${projectB}/pool`,
      ]) {
        const response = await ctx.request.get(path).set(bearer(session.token)).expect(403);
        expect(response.body.code, path).to.equal('application_token_not_allowed');
      }
      const dashboardRefresh = await ctx.request
        .post('/api/v1/auth/refresh')
        .send({ refresh_token: session.refresh_token })
        .expect(401);
      expect(dashboardRefresh.body.code).to.equal('invalid_refresh_token');
      // Refused everywhere else, and still good at home.
      await ctx.request
        .post('/api/auth/verify')
        .set(applicationHeader(appA))
        .set(bearer(session.token))
        .expect(200);
    });

    it('a lockout in one pool does not lock the same address in another pool or the dashboard', async () => {
      const dashboard = await dashboardAccount(email, 'the dashboard password');
      const mailsBefore = sink.received.length;
      for (let attempt = 1; attempt <= LOCKOUT_THRESHOLD; attempt += 1)
        await embeddingLogin(appA, email, `wrong ${attempt}`).expect(401);
      const locked = await embeddingLogin(appA, email, passwordA).expect(429);
      expect(locked.body.code).to.equal('account_locked');
      // The same address elsewhere: other accounts, their own counters.
      await embeddingLogin(appB, email, passwordB).expect(200);
      await ctx.request.post('/api/v1/auth/login').send({ email, password: dashboard.password }).expect(200);
      // The lock notice goes to account A and leads to pool A's hosted reset page.
      const notice = await waitForDelivery(
        sink,
        email,
        (entry) =>
          sink.received.indexOf(entry) >= mailsBefore && /gesperrt|locked/i.test(entry.mail.subject ?? ''),
      );
      expect(linksOf(notice).some((link) => link.includes(`/p/${projectA}/reset?token=`))).to.equal(true);
      expect(linksOf(notice).filter((link) => new URL(link).pathname === '/auth')).to.deep.equal([]);
      // Lift the lock for the tests after this one (as the lock window's end would).
      await ctx.database.connection
        .collection('rate_limits')
        .updateMany({ _id: { $regex: `${projectA}/` } as never }, { $set: { reset_at: new Date(0) } });
    });
  });

  describe('the dashboard and the end users', () => {
    it('an end user’s credentials at /api/v1/auth/login answer exactly like a wrong password', async () => {
      const email = uniqueEmail('customer');
      const password = 'customer password';
      await endUser(appA, projectA, email, password);
      const dashboardUser = await dashboardAccount(uniqueEmail('teammate'));
      const sessionsBefore = await ctx.database.connection.collection('auth_sessions').countDocuments();

      const endUserCredentials = await ctx.request.post('/api/v1/auth/login').send({ email, password });
      const wrongPassword = await ctx.request
        .post('/api/v1/auth/login')
        .send({ email: dashboardUser.email, password: 'not the password' });
      const unknownAddress = await ctx.request
        .post('/api/v1/auth/login')
        .send({ email: uniqueEmail('nobody'), password });
      for (const response of [endUserCredentials, wrongPassword, unknownAddress]) {
        expect(response.status).to.equal(401);
        expect(response.headers['content-type']).to.equal(endUserCredentials.headers['content-type']);
      }
      expect(endUserCredentials.body).to.deep.equal(wrongPassword.body);
      expect(endUserCredentials.body).to.deep.equal(unknownAddress.body);
      expect(endUserCredentials.body).to.deep.equal({
        error: 'Invalid e-mail or password.',
        code: 'invalid_credentials',
      });
      expect(await ctx.database.connection.collection('auth_sessions').countDocuments()).to.equal(
        sessionsBefore,
      );
      // Nor does the dashboard account open the application (the other direction).
      const dashboardAtApp = await embeddingLogin(appA, dashboardUser.email, dashboardUser.password).expect(
        401,
      );
      expect(dashboardAtApp.body).to.deep.equal(wrongPassword.body);
    });

    it('sign-up with an address that exists in the pool answers exactly like a new one; the owner is told by mail with the pool’s links', async () => {
      const email = uniqueEmail('existing');
      await endUser(appA, projectA, email, 'the first password');
      // The same address as a dashboard account and in another pool changes nothing for pool A.
      await dashboardAccount(email);
      const mailsBefore = sink.received.length;

      const signUp = (address: string) =>
        ctx.request
          .post('/api/auth/register')
          .set(applicationHeader(appA))
          .send({ email: address, password: 'another password', display_name: 'Someone' });
      const existing = await signUp(email);
      const fresh = await signUp(uniqueEmail('fresh'));
      expect(existing.status).to.equal(201);
      expect(fresh.status).to.equal(existing.status);
      const shape = (value: unknown): unknown =>
        value && typeof value === 'object'
          ? Object.fromEntries(Object.entries(value).map(([key, field]) => [key, shape(field)]))
          : value === null
            ? null
            : typeof value;
      expect(shape(existing.body)).to.deep.equal(shape(fresh.body));
      expect(existing.body.user).to.include({ email, display_name: 'Someone', is_verified: false });
      expect(existing.body.confirmation_required).to.equal(fresh.body.confirmation_required);
      // No second account in the pool.
      expect(
        await ctx.database.connection.collection('profiles').countDocuments({ email, pool_id: projectA }),
      ).to.equal(1);

      const attempt = await waitForDelivery(
        sink,
        email,
        (entry) =>
          sink.received.indexOf(entry) >= mailsBefore &&
          /Registrierungsversuch|registration attempt/i.test(entry.mail.subject ?? ''),
      );
      const links = linksOf(attempt).filter((link) => link.startsWith(ctx.config.publicUrl));
      expect(links, 'links to the pool’s hosted pages').to.not.be.empty;
      for (const link of links) {
        const url = new URL(link);
        expect(url.pathname, link).to.match(new RegExp(`^/p/${projectA}/`));
        expect(url.pathname, link).not.to.match(/^\/auth/);
      }
      expect(links.some((link) => link.includes(`/p/${projectA}/reset?token=`))).to.equal(true);
      const template = await ctx.database.connection
        .collection('email_logs')
        .findOne({ recipient_email: email, template_name: 'registration_attempt' });
      expect(template, 'the registration_attempt mail is logged').to.exist;
    });
  });

  describe('another organization’s pool', () => {
    it('answers 404 on every pool route, and changes nothing', async () => {
      const customer = await endUser(appA, projectA, uniqueEmail('guarded'), 'guarded password');
      const document = (await ctx.request.get('/api/v1/openapi.json').expect(200)).body as {
        paths: Record<string, Record<string, unknown>>;
      };
      const operations = Object.entries(document.paths)
        .filter(([path]) => /^\/api\/v1\/projects\/\{project_id\}\/(pool|users)(\/|$)/.test(path))
        .flatMap(([path, methods]) => Object.keys(methods).map((method) => [method, path] as const));
      expect(operations.map(([method, path]) => `${method.toUpperCase()} ${path}`)).to.include.members([
        'GET /api/v1/projects/{project_id}/pool',
        'PATCH /api/v1/projects/{project_id}/pool',
      ]);
      const imported = uniqueEmail('imported');
      const invited = uniqueEmail('invited');
      const bodies: Record<string, Record<string, unknown>> = {
        'patch /api/v1/projects/{project_id}/pool': { signup: 'closed' },
        'post /api/v1/projects/{project_id}/users/import': { users: [{ email: imported }] },
        'post /api/v1/projects/{project_id}/users/invite': { email: invited },
      };
      const failures: string[] = [];
      for (const [method, template] of operations) {
        const path = template.replace('{project_id}', projectA).replace('{user_id}', customer.id);
        const request = (ctx.request as unknown as Record<string, (url: string) => Test>)[method]!(path).set(
          bearer(stranger.access_token),
        );
        const body = bodies[`${method} ${template}`];
        const response = await (body ? request.send(body) : request);
        if (response.status !== 404)
          failures.push(
            `${method.toUpperCase()} ${template}: ${response.status} ${JSON.stringify(response.body)}`,
          );
      }
      expect(failures).to.deep.equal([]);
      // Nothing changed: the pool takes sign-ups, the customer signs in.
      const settings = await ctx.request
        .get(`/api/v1/projects/${projectA}/pool`)
        .set(bearer(owner.access_token))
        .expect(200);
      expect(settings.body.signup).to.equal('open');
      await embeddingLogin(appA, customer.email, customer.password).expect(200);
      expect(
        await ctx.database.connection
          .collection('profiles')
          .countDocuments({ email: { $in: [imported, invited] } as never }),
      ).to.equal(0);
      expect(sink.received.filter((entry) => entry.envelope.to.includes(invited))).to.have.length(0);
      // The stranger's own pool is his to read.
      await ctx.request
        .get(`/api/v1/projects/${projectC}/pool`)
        .set(bearer(stranger.access_token))
        .expect(200);
    });
  });
});
