import { expect } from 'chai';
import { Types } from 'mongoose';
import type { TestContext } from '../helpers/context.js';
import { bearer, createAuthContext, signedInUser, uniqueEmail } from '../auth/helpers.js';
import {
  addMember,
  createApplication,
  createOrganization,
  createProject,
  createToken,
  type User,
} from '../projects/helpers.js';
import { embeddedLogin, poolUser, SHOP, storedUser, usersPath } from './helpers.js';

type Method = 'get' | 'post' | 'delete';
interface Route {
  name: string;
  method: Method;
  path: (projectId: string, userId: string) => string;
  body?: () => object;
  /** Who may: members read, admins write, only fresh dashboard sessions do the sensitive ones. */
  kind: 'read' | 'write' | 'sensitive';
}

const ROUTES: Route[] = [
  { name: 'list', method: 'get', kind: 'read', path: (p) => usersPath(p) },
  { name: 'detail', method: 'get', kind: 'read', path: (p, u) => usersPath(p, `/${u}`) },
  { name: 'export', method: 'get', kind: 'read', path: (p, u) => usersPath(p, `/${u}/export`) },
  { name: 'unblock', method: 'post', kind: 'write', path: (p, u) => usersPath(p, `/${u}/unblock`) },
  { name: 'sign-out', method: 'post', kind: 'write', path: (p, u) => usersPath(p, `/${u}/sign-out`) },
  {
    name: 'password-reset',
    method: 'post',
    kind: 'write',
    path: (p, u) => usersPath(p, `/${u}/password-reset`),
  },
  {
    name: 'invite',
    method: 'post',
    kind: 'write',
    path: (p) => usersPath(p, '/invite'),
    body: () => ({ email: uniqueEmail('matrix') }),
  },
  { name: 'block', method: 'post', kind: 'sensitive', path: (p, u) => usersPath(p, `/${u}/block`) },
  {
    name: 'second-factor reset',
    method: 'post',
    kind: 'sensitive',
    path: (p, u) => usersPath(p, `/${u}/second-factor/reset`),
  },
  { name: 'delete', method: 'delete', kind: 'sensitive', path: (p, u) => usersPath(p, `/${u}`) },
  {
    name: 'import',
    method: 'post',
    kind: 'sensitive',
    path: (p) => usersPath(p, '/import'),
    body: () => ({ users: [{ email: uniqueEmail('matrix') }] }),
  },
];

/** Who may call the user management (issue #31): the whole matrix, route by route. */
describe('pool users: authorization', function () {
  this.timeout(120_000);
  let ctx: TestContext;
  let admin: User;
  let member: User;
  let stranger: User;
  let projectId: string;
  let applicationId: string;
  let siblingApplicationId: string;
  let strangerProjectId: string;
  let target: { id: string; email: string };

  const call = (route: Route, credential: string | null, projectArg = projectId, userArg = target.id) => {
    const request = ctx.request[route.method](route.path(projectArg, userArg));
    if (credential) request.set(bearer(credential));
    return route.body ? request.send(route.body()) : request;
  };

  before(async () => {
    ctx = await createAuthContext();
    [admin, member, stranger] = await Promise.all([
      signedInUser(ctx, 'matrixadmin'),
      signedInUser(ctx, 'matrixmember'),
      signedInUser(ctx, 'matrixstranger'),
    ]);
    const organizationId = await createOrganization(ctx, admin);
    await addMember(ctx, admin, organizationId, member, 'member');
    projectId = (await createProject(ctx, admin, organizationId)).id;
    applicationId = (await createApplication(ctx, admin, projectId, { allowed_origins: [SHOP] })).id;
    const siblingProject = (await createProject(ctx, admin, organizationId)).id;
    siblingApplicationId = (await createApplication(ctx, admin, siblingProject)).id;
    const strangerOrganization = await createOrganization(ctx, stranger);
    strangerProjectId = (await createProject(ctx, stranger, strangerOrganization)).id;
  });
  beforeEach(async () => {
    // A fresh user per case: deletion and blocking change it.
    target = await poolUser(ctx, admin, projectId);
  });
  after(() => ctx.close());

  it('anonymous callers get 401 everywhere', async () => {
    for (const route of ROUTES) {
      const response = await call(route, null);
      expect(response.status, route.name).to.equal(401);
    }
  });

  it('another organization’s admin gets 404 project_not_found everywhere; its own pool does not see ours', async () => {
    for (const route of ROUTES) {
      const response = await call(route, stranger.access_token);
      expect([route.name, response.status, response.body.code]).to.deep.equal([
        route.name,
        404,
        'project_not_found',
      ]);
    }
    // The stranger's own project, with our user's id: that user is not in their pool.
    const response = await ctx.request
      .get(usersPath(strangerProjectId, `/${target.id}`))
      .set(bearer(stranger.access_token))
      .expect(404);
    expect(response.body.code).to.equal('pool_user_not_found');
    await ctx.request
      .post(usersPath(strangerProjectId, `/${target.id}/block`))
      .set(bearer(stranger.access_token))
      .expect(404);
    expect((await storedUser(ctx, target.id))!.blocked_at).to.equal(null);
  });

  it('an unknown project and a deactivated one answer 404 project_not_found', async () => {
    const unknown = new Types.ObjectId().toHexString();
    expect((await call(ROUTES[0]!, admin.access_token, unknown)).body.code).to.equal('project_not_found');
    const organizationId = await createOrganization(ctx, admin);
    const gone = (await createProject(ctx, admin, organizationId)).id;
    await ctx.request.post(`/api/v1/projects/${gone}/deactivate`).set(bearer(admin.access_token)).expect(200);
    expect((await call(ROUTES[0]!, admin.access_token, gone)).status).to.equal(404);
  });

  it('a user id of another pool answers 404 pool_user_not_found on every route about one user', async () => {
    const organizationId = await createOrganization(ctx, admin);
    const otherProject = (await createProject(ctx, admin, organizationId)).id;
    const elsewhere = await poolUser(ctx, admin, otherProject);
    for (const route of ROUTES.filter((r) => r.path('p', 'USER').includes('USER'))) {
      const response = await call(route, admin.access_token, projectId, elsewhere.id);
      expect([route.name, response.status, response.body.code]).to.deep.equal([
        route.name,
        404,
        'pool_user_not_found',
      ]);
    }
    expect(await storedUser(ctx, elsewhere.id)).to.include({ blocked_at: null });
    // Nor is a platform (dashboard) account anyone's pool user.
    const platform = await call(ROUTES[1]!, admin.access_token, projectId, member.user.id);
    expect(platform.body.code).to.equal('pool_user_not_found');
  });

  it('members read; every change is for admins (403 forbidden)', async () => {
    for (const route of ROUTES) {
      const response = await call(route, member.access_token);
      if (route.kind === 'read') expect(response.status, route.name).to.equal(200);
      else
        expect([route.name, response.status, response.body.code]).to.deep.equal([
          route.name,
          403,
          'forbidden',
        ]);
    }
    expect(await storedUser(ctx, target.id)).to.include({ blocked_at: null });
  });

  it('admins may do everything', async () => {
    for (const route of ROUTES) {
      if (route.name === 'delete') continue;
      const response = await call(route, admin.access_token);
      expect(response.status, `${route.name}: ${JSON.stringify(response.body)}`).to.be.oneOf([200, 201, 202]);
    }
    await call(
      ROUTES.find((r) => r.name === 'delete')!,
      admin.access_token,
    ).expect(204);
  });

  describe('API tokens', () => {
    it('read: the reads of its application’s project; writes need write (403 insufficient_scope)', async () => {
      const token = await createToken(ctx, admin, applicationId, ['read']);
      for (const route of ROUTES) {
        const response = await call(route, token);
        if (route.kind === 'read') expect(response.status, route.name).to.equal(200);
        else if (route.kind === 'write')
          expect([route.name, response.status, response.body.code]).to.deep.equal([
            route.name,
            403,
            'insufficient_scope',
          ]);
        else
          expect([route.name, response.status, response.body.code]).to.deep.equal([
            route.name,
            403,
            'token_not_allowed',
          ]);
      }
    });

    it('write (of an admin): the writes; never the sensitive ones, which need a person (token_not_allowed)', async () => {
      const token = await createToken(ctx, admin, applicationId, ['write', 'delete']);
      for (const route of ROUTES) {
        const response = await call(route, token);
        const expected =
          route.kind === 'write'
            ? [route.name, 'ok']
            : [route.name, route.kind === 'read' ? 'insufficient_scope' : 'token_not_allowed'];
        const got = response.status < 300 ? [route.name, 'ok'] : [route.name, response.body.code];
        expect(got).to.deep.equal(expected);
      }
      expect(await storedUser(ctx, target.id)).to.exist;
      const [entry] = await ctx.database.connection
        .collection('activity_logs')
        .find({ action: 'user.sessions_ended', resource_id: target.id })
        .toArray();
      expect(entry!.metadata).to.include({ via: 'api_token' });
    });

    it('a member’s write token is still a member’s: 403 forbidden', async () => {
      const token = await createToken(ctx, member, applicationId, ['read', 'write']);
      const response = await call(
        ROUTES.find((r) => r.name === 'sign-out')!,
        token,
      ).expect(403);
      expect(response.body.code).to.equal('forbidden');
    });

    it('a token of another project’s application answers 404 project_not_found', async () => {
      const token = await createToken(ctx, admin, siblingApplicationId, ['read', 'write']);
      for (const route of ROUTES.filter((r) => r.kind !== 'sensitive')) {
        const response = await call(route, token);
        expect([route.name, response.status, response.body.code]).to.deep.equal([
          route.name,
          404,
          'project_not_found',
        ]);
      }
    });
  });

  it('an end user’s own session (an application session of the pool) reaches none of it', async () => {
    const session = await embeddedLogin(ctx, applicationId, target.email).expect(200);
    for (const route of ROUTES) {
      const response = await call(route, session.body.token);
      expect([route.name, response.status]).to.deep.equal([route.name, 403]);
    }
  });
});
