import { expect } from 'chai';
import { Types } from 'mongoose';
import type { TestContext } from '../helpers/context.js';
import { bearer, createAuthContext, signedInUser } from '../auth/helpers.js';
import { signedInEndUser } from '../helpers/end-users.js';
import { poolUser } from '../pool-users/helpers.js';
import {
  acceptInvitation,
  addMember,
  createApplication,
  createOrganization,
  createProject,
  createToken,
  type User,
} from '../projects/helpers.js';
import { definePermission, defineRole, rolesPath } from './helpers.js';

type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';
type Kind = 'read' | 'manage' | 'delete' | 'assign';

interface Target {
  project: string;
  permission: string;
  role: string;
  user: string;
}

interface Route {
  name: string;
  method: Method;
  kind: Kind;
  path: (t: Target) => string;
  body?: (n: number) => object;
}

const ROUTES: Route[] = [
  {
    name: 'list permissions',
    method: 'get',
    kind: 'read',
    path: (t) => rolesPath(t.project, '/permissions'),
  },
  {
    name: 'create permission',
    method: 'post',
    kind: 'manage',
    path: (t) => rolesPath(t.project, '/permissions'),
    body: (n) => ({ name: `matrix:${n}` }),
  },
  {
    name: 'update permission',
    method: 'patch',
    kind: 'manage',
    path: (t) => rolesPath(t.project, `/permissions/${t.permission}`),
    body: () => ({ description: 'Changed' }),
  },
  {
    name: 'delete permission',
    method: 'delete',
    kind: 'delete',
    path: (t) => rolesPath(t.project, `/permissions/${t.permission}`),
  },
  { name: 'list roles', method: 'get', kind: 'read', path: (t) => rolesPath(t.project, '/roles') },
  {
    name: 'create role',
    method: 'post',
    kind: 'manage',
    path: (t) => rolesPath(t.project, '/roles'),
    body: (n) => ({ name: `matrix-${n}`, permissions: ['invoice:read'] }),
  },
  {
    name: 'update role',
    method: 'patch',
    kind: 'manage',
    path: (t) => rolesPath(t.project, `/roles/${t.role}`),
    body: () => ({ description: 'Changed' }),
  },
  {
    name: 'delete role',
    method: 'delete',
    kind: 'delete',
    path: (t) => rolesPath(t.project, `/roles/${t.role}`),
  },
  {
    name: 'user roles',
    method: 'get',
    kind: 'read',
    path: (t) => rolesPath(t.project, `/users/${t.user}/roles`),
  },
  {
    name: 'set user roles',
    method: 'put',
    kind: 'assign',
    path: (t) => rolesPath(t.project, `/users/${t.user}/roles`),
    body: () => ({ roles: ['reader'] }),
  },
];

/** Who may manage a project's application permissions and roles (issue #33): the whole matrix. */
describe('application roles: authorization', function () {
  this.timeout(180_000);
  let ctx: TestContext;
  let admin: User;
  let member: User;
  let manager: User;
  let assigner: User;
  let stranger: User;
  let organizationId: string;
  let projectId: string;
  let applicationId: string;
  let siblingApplicationId: string;
  let n = 0;

  /** A fresh permission, role and pool user per call: deletions use them up. */
  async function target(project = projectId): Promise<Target> {
    n += 1;
    const permission = await definePermission(ctx, admin.access_token, project, `spare:${n}`);
    const role = await defineRole(ctx, admin.access_token, project, { name: `spare-${n}` });
    const user = await poolUser(ctx, admin, project);
    return { project, permission: permission.id, role: role.id, user: user.id };
  }

  async function call(route: Route, credential: string | null, t?: Target) {
    const at = t ?? (await target());
    const request = ctx.request[route.method](route.path(at));
    if (credential) request.set(bearer(credential));
    return route.body ? request.send(route.body((n += 1))) : request;
  }

  const outcome = (status: number, body: { code?: string; permission?: string }) =>
    status < 300 ? 'ok' : `${status} ${body.code}${body.permission ? ` ${body.permission}` : ''}`;

  /** An organization role with exactly these permissions, held by a new member. */
  async function customMember(name: string, permissions: string[]): Promise<User> {
    const role = await ctx.request
      .post(`/api/v1/organizations/${organizationId}/roles`)
      .set(bearer(admin.access_token))
      .send({ name, permissions });
    expect(role.status, JSON.stringify(role.body)).to.equal(201);
    const user = await signedInUser(ctx, name.toLowerCase().replace(/\W+/g, '-'));
    const invited = await ctx.request
      .post(`/api/v1/organizations/${organizationId}/members`)
      .set(bearer(admin.access_token))
      .send({ email: user.email, role: name });
    expect(invited.status, JSON.stringify(invited.body)).to.equal(201);
    await acceptInvitation(ctx, user, invited.body.id as string);
    return user;
  }

  before(async () => {
    ctx = await createAuthContext();
    [admin, member, stranger] = await Promise.all([
      signedInUser(ctx, 'approles-admin'),
      signedInUser(ctx, 'approles-member'),
      signedInUser(ctx, 'approles-stranger'),
    ]);
    organizationId = await createOrganization(ctx, admin);
    await addMember(ctx, admin, organizationId, member, 'member');
    manager = await customMember('Role manager', [
      'organization:read',
      'project:read',
      'app_role:read',
      'app_role:manage',
    ]);
    assigner = await customMember('Role assigner', [
      'organization:read',
      'project:read',
      'app_role:read',
      'app_role:assign',
    ]);
    projectId = (await createProject(ctx, admin, organizationId)).id;
    applicationId = (await createApplication(ctx, admin, projectId)).id;
    siblingApplicationId = (
      await createApplication(ctx, admin, (await createProject(ctx, admin, organizationId)).id)
    ).id;
    await definePermission(ctx, admin.access_token, projectId, 'invoice:read');
    await defineRole(ctx, admin.access_token, projectId, { name: 'reader', permissions: ['invoice:read'] });
  });
  after(() => ctx.close());

  it('anonymous callers get 401 everywhere', async () => {
    const t = await target();
    for (const route of ROUTES)
      expect([route.name, (await call(route, null, t)).status]).to.deep.equal([route.name, 401]);
  });

  it('admins may do everything', async () => {
    for (const route of ROUTES) {
      const response = await call(route, admin.access_token);
      expect([route.name, outcome(response.status, response.body)]).to.deep.equal([route.name, 'ok']);
    }
  });

  it('members read; changes need app_role:manage or app_role:assign (403 forbidden naming it), nothing changed', async () => {
    for (const route of ROUTES) {
      const t = await target();
      const response = await call(route, member.access_token, t);
      const expected =
        route.kind === 'read'
          ? 'ok'
          : `403 forbidden app_role:${route.kind === 'assign' ? 'assign' : 'manage'}`;
      expect([route.name, outcome(response.status, response.body)]).to.deep.equal([route.name, expected]);
      if (route.kind !== 'read') {
        const roles = await ctx.request.get(rolesPath(projectId, '/roles')).set(bearer(admin.access_token));
        expect(roles.body.data.some((r: { id: string }) => r.id === t.role)).to.equal(true);
      }
    }
  });

  it('a custom organization role: app_role:manage defines but does not assign; app_role:assign the other way round', async () => {
    for (const route of ROUTES) {
      const asManager = await call(route, manager.access_token);
      const asAssigner = await call(route, assigner.access_token);
      expect([
        route.name,
        outcome(asManager.status, asManager.body),
        outcome(asAssigner.status, asAssigner.body),
      ]).to.deep.equal([
        route.name,
        route.kind === 'assign' ? '403 forbidden app_role:assign' : 'ok',
        route.kind === 'read' || route.kind === 'assign' ? 'ok' : '403 forbidden app_role:manage',
      ]);
    }
  });

  it('another organization’s admin gets 404 project_not_found everywhere; its own project does not reach ours', async () => {
    for (const route of ROUTES) {
      const response = await call(route, stranger.access_token);
      expect([route.name, outcome(response.status, response.body)]).to.deep.equal([
        route.name,
        '404 project_not_found',
      ]);
    }
    const strangerOrganization = await createOrganization(ctx, stranger);
    const strangerProject = (await createProject(ctx, stranger, strangerOrganization)).id;
    const ours = await target();
    const asTheirs = { ...ours, project: strangerProject };
    const expected: Record<string, string> = {
      'update permission': '404 app_permission_not_found',
      'delete permission': '404 app_permission_not_found',
      'update role': '404 app_role_not_found',
      'delete role': '404 app_role_not_found',
      'user roles': '404 pool_user_not_found',
      // Validation of the names comes after the user is found.
      'set user roles': '404 pool_user_not_found',
    };
    for (const route of ROUTES.filter((r) => expected[r.name])) {
      const response = await call(route, stranger.access_token, asTheirs);
      expect([route.name, outcome(response.status, response.body)]).to.deep.equal([
        route.name,
        expected[route.name],
      ]);
    }
  });

  it('unknown and deactivated projects answer 404 project_not_found', async () => {
    const unknown = { project: new Types.ObjectId().toHexString(), permission: '', role: '', user: '' };
    const response = await call(ROUTES[0]!, admin.access_token, unknown);
    expect(outcome(response.status, response.body)).to.equal('404 project_not_found');
    const gone = (await createProject(ctx, admin, organizationId)).id;
    await ctx.request.post(`/api/v1/projects/${gone}/deactivate`).set(bearer(admin.access_token)).expect(200);
    const after = await call(ROUTES[4]!, admin.access_token, { ...unknown, project: gone });
    expect(outcome(after.status, after.body)).to.equal('404 project_not_found');
  });

  describe('API tokens', () => {
    it('read: the reads of its application’s project; writes 403 insufficient_scope', async () => {
      const token = await createToken(ctx, admin, applicationId, ['read']);
      for (const route of ROUTES) {
        const response = await call(route, token);
        expect([route.name, outcome(response.status, response.body)]).to.deep.equal([
          route.name,
          route.kind === 'read' ? 'ok' : '403 insufficient_scope',
        ]);
      }
    });

    it('write (of an admin): creates, changes and assigns; deleting needs delete', async () => {
      const token = await createToken(ctx, admin, applicationId, ['write']);
      for (const route of ROUTES) {
        const response = await call(route, token);
        const expected = route.kind === 'manage' || route.kind === 'assign' ? 'ok' : '403 insufficient_scope';
        expect([route.name, outcome(response.status, response.body)]).to.deep.equal([route.name, expected]);
      }
      const deleter = await createToken(ctx, admin, applicationId, ['delete']);
      for (const route of ROUTES.filter((r) => r.kind === 'delete'))
        expect(outcome(...(await call(route, deleter).then((r) => [r.status, r.body] as const)))).to.equal(
          'ok',
        );
      const [entry] = await ctx.database.connection
        .collection('activity_logs')
        .find({ action: 'project_role.created', 'metadata.via': 'api_token' })
        .toArray();
      expect(entry, 'the token named in the audit trail').to.exist;
    });

    it('a member’s write token is still a member’s: 403 forbidden', async () => {
      const token = await createToken(ctx, member, applicationId, ['read', 'write']);
      const response = await call(
        ROUTES.find((r) => r.name === 'create role')!,
        token,
      );
      expect(outcome(response.status, response.body)).to.equal('403 forbidden app_role:manage');
    });

    it('a token of another project’s application answers 404 project_not_found', async () => {
      const token = await createToken(ctx, admin, siblingApplicationId, ['read', 'write', 'delete']);
      for (const route of ROUTES) {
        const response = await call(route, token);
        expect([route.name, outcome(response.status, response.body)]).to.deep.equal([
          route.name,
          '404 project_not_found',
        ]);
      }
    });
  });

  it('an end user’s own session reaches none of it (403 application_token_not_allowed)', async () => {
    const endUser = await signedInEndUser(ctx, applicationId, { prefix: 'approles-enduser' });
    for (const route of ROUTES) {
      const response = await call(route, endUser.token);
      expect([route.name, outcome(response.status, response.body)]).to.deep.equal([
        route.name,
        '403 application_token_not_allowed',
      ]);
    }
  });
});
