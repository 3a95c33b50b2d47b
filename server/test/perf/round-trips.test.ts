import { expect } from 'chai';
import { bearer, login, signedInUser } from '../auth/helpers.js';
import { monitoredContext, type MonitoredContext } from '../helpers/command-count.js';
import { applicationHeader, signedInEndUser } from '../helpers/end-users.js';
import { createApplication, createOrganization, createProject, createToken } from '../projects/helpers.js';

/**
 * Issue #38: the database commands a warm authenticated request sends (after one request of the
 * same kind has filled the caches). Counted with the driver's command monitoring, never timed.
 */
describe('Round trips of warm authenticated requests (issue #38)', function () {
  this.timeout(60_000);
  let ctx: MonitoredContext;
  let user: Awaited<ReturnType<typeof signedInUser>>;
  let organizationId: string;
  let applicationId: string;
  let token: string;
  let endUser: Awaited<ReturnType<typeof signedInEndUser>>;

  before(async function () {
    this.timeout(120_000);
    ctx = await monitoredContext();
    user = await signedInUser(ctx, 'rt38');
    organizationId = await createOrganization(ctx, user);
    const project = await createProject(ctx, user, organizationId);
    applicationId = (await createApplication(ctx, user, project.id)).id;
    token = await createToken(ctx, user, applicationId, ['read']);
    endUser = await signedInEndUser(ctx, applicationId);
    // Sign-in records last_login_at after its answer: wait for it, so no request below counts it.
    const profiles = ctx.database.connection.collection('profiles');
    const deadline = Date.now() + 10_000;
    const signedIn = async () =>
      (await profiles.countDocuments({
        email: { $in: [user.email, endUser.email] },
        last_login_at: { $ne: null },
      })) === 2;
    while (!(await signedIn()) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
  });
  after(() => ctx.close());

  /** The commands of the second of two runs (the first warms the caches), printed for the note. */
  async function warm(
    label: string,
    run: () => Promise<{ status: number }>,
    status = 200,
  ): Promise<string[]> {
    expect((await run()).status, `${label}: warm-up`).to.equal(status);
    ctx.reset();
    expect((await run()).status, label).to.equal(status);
    const commands = [...ctx.commands];
    console.log(`      ${label}: ${commands.length} [${commands.join(', ')}]`);
    return commands;
  }

  it('POST /api/v1/verify with a JWT sends no command', async () => {
    const commands = await warm('POST /api/v1/verify (JWT)', () =>
      ctx.request.post('/api/v1/verify').set(bearer(user.access_token)),
    );
    expect(commands).to.deep.equal([]);
  });

  it('GET /api/v1/auth/me with a JWT sends no command', async () => {
    const commands = await warm('GET /api/v1/auth/me (JWT)', () =>
      ctx.request.get('/api/v1/auth/me').set(bearer(user.access_token)),
    );
    expect(commands).to.deep.equal([]);
  });

  // A token sees at most its application's project: the cached row and membership answer, no list
  // query (fewer than the 1), with the organization filter and without (`npm run bench`).
  it('GET /api/v1/projects with a cs_ token sends no command', async () => {
    const filtered = await warm('GET /api/v1/projects?organization_id (cs_ token)', () =>
      ctx.request.get('/api/v1/projects').query({ organization_id: organizationId }).set(bearer(token)),
    );
    expect(filtered).to.deep.equal([]);
    const all = await warm('GET /api/v1/projects (cs_ token)', () =>
      ctx.request.get('/api/v1/projects').set(bearer(token)),
    );
    expect(all).to.deep.equal([]);
  });

  it("embedding verify (the partner's check of an end user's token) sends no command", async () => {
    const commands = await warm('POST /api/auth/verify (embedding)', () =>
      ctx.request.post('/api/auth/verify').set(applicationHeader(applicationId)).set(bearer(endUser.token)),
    );
    expect(commands).to.deep.equal([]);
  });

  it('POST /api/v1/authorize with a cs_ token (issue #33)', async () => {
    const commands = await warm('POST /api/v1/authorize (cs_ token)', () =>
      ctx.request
        .post('/api/v1/authorize')
        .set(bearer(token))
        .send({ subject: { user_id: endUser.id }, action: 'invoice:read', resource: { id: 'invoice-1' } }),
    );
    expect(commands).to.deep.equal([]);
  });

  it('GraphQL { viewer { email } } with a JWT (issue #34)', async () => {
    const commands = await warm('POST /api/v1/graphql { viewer { email } } (JWT)', () =>
      ctx.request
        .post('/api/v1/graphql')
        .set(bearer(user.access_token))
        .send({ query: '{ viewer { email } }' }),
    );
    expect(commands).to.deep.equal([]);
  });

  it('a sign-in publishes no invalidation: its last_login_at is dropped from this process only', async () => {
    const profiles = ctx.database.connection.collection('profiles');
    const before = (await profiles.findOne({ email: user.email }))!.last_login_at as Date;
    ctx.reset();
    const tokens = await login(ctx, user.email);
    const deadline = Date.now() + 10_000;
    const written = async () =>
      ((await profiles.findOne({ email: user.email }))!.last_login_at as Date).getTime() > before.getTime();
    while (!(await written()) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(ctx.commands.filter((command) => command.startsWith('update profiles'))).to.have.length(1);
    expect(ctx.commands).not.to.include('insert auth_revocations');
    const me = await ctx.request.get('/api/v1/auth/me').set(bearer(tokens.access_token)).expect(200);
    expect(
      new Date(me.body.last_login_at as string).getTime(),
      'this process shows it at once',
    ).to.be.greaterThan(before.getTime());
  });
});
