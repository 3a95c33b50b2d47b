import { expect } from 'chai';
import type { TestContext } from '../helpers/context.js';
import { bearer, createAuthContext, PASSWORD, signedInUser, uniqueEmail } from '../auth/helpers.js';
import { monitoredContext, type MonitoredContext } from '../helpers/command-count.js';
import { registerEndUser, signedInEndUser } from '../helpers/end-users.js';
import {
  addMember,
  createApplication,
  createOrganization,
  createProject,
  createToken,
  type User,
} from '../projects/helpers.js';

const LISTED = 'https://shop.example.com';
const PARTNER = 'http://127.0.0.1:3499';

interface Listed {
  origins: { origin: string; count: number; first_seen_at: string; last_seen_at: string }[];
  kept: number;
}

/** Issue #36 item 4: origins refused for an application, for its page in the dashboard. */
describe('refused origins (GET /api/v1/applications/:id/refused-origins)', () => {
  let ctx: TestContext;
  let admin: User;
  let member: User;
  let stranger: User;
  let projectId: string;
  let applicationId: string;

  const check = (origin: string, id = applicationId) =>
    ctx.request.get('/api/auth/origin-check').query({ application_id: id }).set('Origin', origin);
  const refused = (user: { access_token: string } | string, id = applicationId) =>
    ctx.request
      .get(`/api/v1/applications/${id}/refused-origins`)
      .set(bearer(typeof user === 'string' ? user : user.access_token));
  const origins = async (id = applicationId) => {
    const response = await refused(admin, id);
    expect(response.status, JSON.stringify(response.body)).to.equal(200);
    return response.body as Listed;
  };
  const freshApplication = async () =>
    (await createApplication(ctx, admin, projectId, { allowed_origins: [LISTED] })).id;

  before(async () => {
    ctx = await createAuthContext();
    [admin, member, stranger] = await Promise.all([
      signedInUser(ctx, 'admin'),
      signedInUser(ctx, 'member'),
      signedInUser(ctx, 'stranger'),
    ]);
    const organizationId = await createOrganization(ctx, admin);
    await addMember(ctx, admin, organizationId, member);
    projectId = (await createProject(ctx, admin, organizationId)).id;
    applicationId = await freshApplication();
    await createOrganization(ctx, stranger);
  });
  after(() => ctx.close());

  it('the start-up check tells a refused page its origin, readably, and the owner sees it listed', async () => {
    expect((await origins()).origins).to.deep.equal([]);
    const answer = await check(PARTNER).expect(403);
    expect(answer.headers['access-control-allow-origin']).to.equal('*');
    expect(answer.body).to.include({ code: 'origin_not_allowed', allowed: false, origin: PARTNER });
    // The SDK writes this text to the console as it is: which origin, and where, in both languages.
    expect(answer.body.error)
      .to.contain(`The origin ${PARTNER} may not call this application`)
      .and.to.contain('Dashboard → Projects → your project → the application → Allowed origins')
      .and.to.contain('Dashboard → Projekte → Ihr Projekt → die Anwendung → Erlaubte Origins');
    // Nothing about the application beyond what the page sent.
    expect(Object.keys(answer.body).sort()).to.deep.equal(['allowed', 'code', 'error', 'origin']);

    const listed = await origins();
    expect(listed.kept).to.equal(20);
    expect(listed.origins).to.have.length(1);
    const entry = listed.origins[0]!;
    expect(entry).to.include({ origin: PARTNER, count: 1 });
    expect(Date.parse(entry.last_seen_at)).to.be.at.least(Date.parse(entry.first_seen_at));
  });

  it('one click on "allow" (the usual update) lets the origin in and takes it off the list', async () => {
    const id = await freshApplication();
    await check(PARTNER, id).expect(403);
    expect((await origins(id)).origins.map((o) => o.origin)).to.deep.equal([PARTNER]);
    await ctx.request
      .patch(`/api/v1/applications/${id}`)
      .set(bearer(member.access_token))
      .send({ allowed_origins: [LISTED, PARTNER] })
      .expect(200);
    expect((await origins(id)).origins).to.deep.equal([]);
    expect((await check(PARTNER, id).expect(200)).body).to.deep.equal({ allowed: true, origin: PARTNER });
  });

  it('counts refused real calls too (a login from the unlisted origin)', async () => {
    const id = await freshApplication();
    const user = await registerEndUser(ctx, id, { email: uniqueEmail('refused') });
    const login = await ctx.request
      .post('/api/auth/login')
      .set({ 'X-Application-ID': id, Origin: 'https://other.example.org' })
      .send({ email: user.email, password: PASSWORD });
    expect(login.status).to.equal(403);
    expect(login.headers).not.to.have.property('access-control-allow-origin');
    // A preflight naming the application is a refusal too.
    await ctx.request
      .options(`/api/auth/login?application_id=${id}`)
      .set({ Origin: 'https://preflight.example.org', 'Access-Control-Request-Method': 'POST' })
      .expect(403);
    expect((await origins(id)).origins.map((o) => o.origin).sort()).to.deep.equal([
      'https://other.example.org',
      'https://preflight.example.org',
    ]);
  });

  it('keeps the 20 most recently refused origins and nothing that is no origin', async () => {
    const id = await freshApplication();
    for (let n = 0; n < 25; n++) await check(`https://site${n}.example.com`, id).expect(403);
    for (const junk of ['null', 'https://a.example.com/path', `https://${'x'.repeat(300)}.com`])
      await check(junk, id).expect(403);
    const listed = (await origins(id)).origins.map((o) => o.origin);
    expect(listed).to.have.length(20);
    expect(listed[0]).to.equal('https://site24.example.com');
    expect(listed).not.to.include('https://site4.example.com');
    expect(listed.filter((o) => !/^https:\/\/site\d+\.example\.com$/.test(o))).to.deep.equal([]);
  });

  describe('who may read the list', () => {
    it('a member of the organization (application:read) may', async () => {
      expect((await refused(member)).status).to.equal(200);
    });

    it('another organization’s admin gets 404, as for an unknown application', async () => {
      const response = await refused(stranger);
      expect(response.status).to.equal(404);
      expect(response.body.code).to.equal('application_not_found');
    });

    it('an end user of the application’s own user pool is refused', async () => {
      const endUser = await signedInEndUser(ctx, applicationId);
      const response = await refused(endUser.token);
      expect(response.status, JSON.stringify(response.body)).to.be.oneOf([401, 403]);
      expect(response.body).not.to.have.property('origins');
    });

    it('an API token reads only its own application’s list', async () => {
      const other = await freshApplication();
      const token = await createToken(ctx, admin, other, ['read']);
      expect((await refused(token, other)).status).to.equal(200);
      expect((await refused(token, applicationId)).status).to.equal(404);
    });

    it('without a session: 401; with a malformed id: 400', async () => {
      await ctx.request.get(`/api/v1/applications/${applicationId}/refused-origins`).expect(401);
      expect((await refused(admin, 'nope')).status).to.equal(400);
    });
  });
});

describe('refused origins: no database write per refused request', () => {
  let ctx: MonitoredContext;
  let applicationId: string;

  before(async () => {
    ctx = await monitoredContext();
    const admin = await signedInUser(ctx, 'admin');
    const organizationId = await createOrganization(ctx, admin);
    const projectId = (await createProject(ctx, admin, organizationId)).id;
    applicationId = (await createApplication(ctx, admin, projectId, { allowed_origins: [LISTED] })).id;
  });
  after(() => ctx.close());

  it('writes a refused origin once, not again for the page reloading 30 times', async () => {
    const check = () =>
      ctx.request
        .get('/api/auth/origin-check')
        .query({ application_id: applicationId })
        .set('Origin', PARTNER)
        .expect(403);
    ctx.reset();
    await check();
    const firstWrites = ctx.commands.filter((c) => c.endsWith(' refused_origins') && !c.startsWith('find'));
    expect(firstWrites, ctx.commands.join('\n')).to.have.length.within(1, 2);
    ctx.reset();
    for (let n = 0; n < 30; n++) await check();
    expect(ctx.commands.filter((c) => c.endsWith(' refused_origins'))).to.deep.equal([]);
  });
});
