import { expect } from 'chai';
import { Types } from 'mongoose';
import type { TestContext } from '../helpers/context.js';
import { bearer, createAuthContext, signedInUser } from '../auth/helpers.js';
import { createOrganization, createProject, type User } from '../projects/helpers.js';
import { poolUser } from '../pool-users/helpers.js';
import { assignRoles, definePermission, defineRole, rolesPath } from './helpers.js';

/** A project's application permissions and roles (issue #33, part R2): create, change, delete. */
describe('application roles: permissions and roles CRUD', function () {
  this.timeout(60_000);
  let ctx: TestContext;
  let admin: User;
  let projectId: string;
  let organizationId: string;

  const get = (path: string) => ctx.request.get(rolesPath(projectId, path)).set(bearer(admin.access_token));
  const send = (method: 'post' | 'patch' | 'put' | 'delete', path: string, body?: object) => {
    const request = ctx.request[method](rolesPath(projectId, path)).set(bearer(admin.access_token));
    return body ? request.send(body) : request;
  };
  const audits = (action: string) =>
    ctx.database.connection
      .collection('activity_logs')
      .find({ project_id: new Types.ObjectId(projectId), action })
      .sort({ _id: 1 })
      .toArray();

  before(async () => {
    ctx = await createAuthContext();
    admin = await signedInUser(ctx, 'approlesadmin');
    organizationId = await createOrganization(ctx, admin);
  });
  beforeEach(async () => {
    projectId = (await createProject(ctx, admin, organizationId)).id;
  });
  after(() => ctx.close());

  it('defines, lists, renames and describes permissions; names are unique per project', async () => {
    const read = await definePermission(ctx, admin.access_token, projectId, 'invoice:read', 'See invoices');
    expect(read).to.include({ name: 'invoice:read', description: 'See invoices', role_count: 0 });
    await definePermission(ctx, admin.access_token, projectId, 'invoice:write');
    const taken = await send('post', '/permissions', { name: 'invoice:read' }).expect(409);
    expect(taken.body.code).to.equal('app_permission_name_taken');
    // Another project may use the same name.
    const other = (await createProject(ctx, admin, organizationId)).id;
    await definePermission(ctx, admin.access_token, other, 'invoice:read');

    const list = await get('/permissions').expect(200);
    expect(list.body.data.map((p: { name: string }) => p.name)).to.deep.equal([
      'invoice:read',
      'invoice:write',
    ]);

    const renamed = await send('patch', `/permissions/${read.id}`, {
      name: 'invoices:read',
      description: null,
    }).expect(200);
    expect(renamed.body).to.include({ name: 'invoices:read', description: null });
    const clash = await send('patch', `/permissions/${read.id}`, { name: 'invoice:write' }).expect(409);
    expect(clash.body.code).to.equal('app_permission_name_taken');
    const [created] = await audits('project_permission.created');
    expect(created!.metadata).to.include({ name: 'invoice:read' });
    const [updated] = await audits('project_permission.updated');
    expect(updated!.metadata).to.deep.include({
      previous_name: 'invoice:read',
      fields: ['name', 'description'],
    });
  });

  it('refuses malformed names and bodies with 400, changing nothing', async () => {
    for (const name of ['Invoice:read', ':read', 'invoice read', 'ä', '', 'x'.repeat(65)]) {
      const response = await send('post', '/permissions', { name }).expect(400);
      expect(response.body.code, name).to.equal('validation_failed');
    }
    await send('post', '/permissions', {}).expect(400);
    await send('post', '/roles', { name: 'Editor' }).expect(400);
    await send('post', '/roles', { name: 'editor', permissions: 'invoice:read' }).expect(400);
    const permission = await definePermission(ctx, admin.access_token, projectId, 'a');
    await send('patch', `/permissions/${permission.id}`, {}).expect(400);
    expect((await get('/permissions')).body.data).to.have.length(1);
    expect((await get('/roles')).body.data).to.deep.equal([]);
  });

  it('a role with permissions the project does not define is refused (400 naming them), nothing stored', async () => {
    await definePermission(ctx, admin.access_token, projectId, 'invoice:read');
    const response = await send('post', '/roles', {
      name: 'accountant',
      permissions: ['invoice:read', 'invoice:delete', 'zzz', 'invoice:delete'],
    }).expect(400);
    expect(response.body.code).to.equal('unknown_app_permissions');
    expect(response.body.error).to.equal('The project defines no permission named invoice:delete, zzz.');
    expect(response.body.unknown).to.deep.equal(['invoice:delete', 'zzz']);
    expect(response.body.details).to.deep.equal([
      { path: 'body.permissions', message: 'invoice:delete' },
      { path: 'body.permissions', message: 'zzz' },
    ]);
    expect((await get('/roles')).body.data).to.deep.equal([]);
    // Another project's permission is no permission of this one.
    const other = (await createProject(ctx, admin, organizationId)).id;
    await definePermission(ctx, admin.access_token, other, 'report:read');
    const foreign = await send('post', '/roles', { name: 'r', permissions: ['report:read'] }).expect(400);
    expect(foreign.body.unknown).to.deep.equal(['report:read']);
  });

  it('defines roles with sorted, deduplicated permissions; changes them; names unique', async () => {
    await definePermission(ctx, admin.access_token, projectId, 'invoice:write');
    await definePermission(ctx, admin.access_token, projectId, 'invoice:read');
    const role = await defineRole(ctx, admin.access_token, projectId, {
      name: 'accountant',
      description: 'Books',
      permissions: ['invoice:write', 'invoice:read', 'invoice:write'],
    });
    expect(role).to.include({ name: 'accountant', description: 'Books', default: false });
    expect(role.permissions).to.deep.equal(['invoice:read', 'invoice:write']);
    const taken = await send('post', '/roles', { name: 'accountant' }).expect(409);
    expect(taken.body.code).to.equal('app_role_name_taken');

    const changed = await send('patch', `/roles/${role.id}`, { permissions: ['invoice:read'] }).expect(200);
    expect(changed.body.permissions).to.deep.equal(['invoice:read']);
    const bad = await send('patch', `/roles/${role.id}`, { permissions: ['nope'] }).expect(400);
    expect(bad.body.code).to.equal('unknown_app_permissions');
    expect((await get('/roles')).body.data[0].permissions).to.deep.equal(['invoice:read']);
    const [entry] = await audits('project_role.updated');
    expect(entry!.metadata).to.deep.include({
      added: [],
      removed: ['invoice:write'],
      fields: ['permissions'],
    });
    const list = await get('/permissions').expect(200);
    expect(
      list.body.data.map((p: { name: string; role_count: number }) => [p.name, p.role_count]),
    ).to.deep.equal([
      ['invoice:read', 1],
      ['invoice:write', 0],
    ]);
  });

  it('renaming a permission renames it in every role; deleting it takes it out of every role', async () => {
    const read = await definePermission(ctx, admin.access_token, projectId, 'invoice:read');
    const write = await definePermission(ctx, admin.access_token, projectId, 'invoice:write');
    const a = await defineRole(ctx, admin.access_token, projectId, {
      name: 'a',
      permissions: ['invoice:read', 'invoice:write'],
    });
    const b = await defineRole(ctx, admin.access_token, projectId, {
      name: 'b',
      permissions: ['invoice:read'],
    });
    await send('patch', `/permissions/${read.id}`, { name: 'bill:read' }).expect(200);
    const roles = (await get('/roles')).body.data as Array<{ name: string; permissions: string[] }>;
    expect(roles.map((r) => [r.name, r.permissions])).to.deep.equal([
      ['a', ['bill:read', 'invoice:write']],
      ['b', ['bill:read']],
    ]);
    await send('delete', `/permissions/${read.id}`).expect(204);
    const after = (await get('/roles')).body.data as Array<{ id: string; permissions: string[] }>;
    expect(after.find((r) => r.id === a.id)!.permissions).to.deep.equal(['invoice:write']);
    expect(after.find((r) => r.id === b.id)!.permissions).to.deep.equal([]);
    const [deleted] = await audits('project_permission.deleted');
    expect(deleted!.metadata).to.include({ name: 'bill:read', roles_updated: 2 });
    await send('delete', `/permissions/${read.id}`).expect(404);
    expect((await send('patch', `/permissions/${write.id}x`, { name: 'q' })).status).to.equal(400);
    const missing = await send('patch', `/permissions/${new Types.ObjectId().toHexString()}`, {
      name: 'q',
    }).expect(404);
    expect(missing.body.code).to.equal('app_permission_not_found');
  });

  it('at most one default role: setting one unsets the other; false or deletion leaves none', async () => {
    const first = await defineRole(ctx, admin.access_token, projectId, { name: 'first', default: true });
    expect(first.default).to.equal(true);
    const second = await defineRole(ctx, admin.access_token, projectId, { name: 'second', default: true });
    expect(second.default).to.equal(true);
    const defaults = async () =>
      ((await get('/roles')).body.data as Array<{ name: string; default: boolean }>)
        .filter((r) => r.default)
        .map((r) => r.name);
    expect(await defaults()).to.deep.equal(['second']);
    await send('patch', `/roles/${first.id}`, { default: true }).expect(200);
    expect(await defaults()).to.deep.equal(['first']);
    // Renaming the default keeps it the default.
    await send('patch', `/roles/${first.id}`, { name: 'renamed' }).expect(200);
    expect(await defaults()).to.deep.equal(['renamed']);
    // false on another role changes nothing; on the default, there is none.
    await send('patch', `/roles/${second.id}`, { default: false }).expect(200);
    expect(await defaults()).to.deep.equal(['renamed']);
    await send('patch', `/roles/${first.id}`, { default: false }).expect(200);
    expect(await defaults()).to.deep.equal([]);
    await send('patch', `/roles/${second.id}`, { default: true }).expect(200);
    await send('delete', `/roles/${second.id}`).expect(204);
    expect(await defaults()).to.deep.equal([]);
    // Concurrent choices still leave exactly one.
    const roles = await Promise.all(
      ['c1', 'c2', 'c3', 'c4'].map((name) => defineRole(ctx, admin.access_token, projectId, { name })),
    );
    await Promise.all(roles.map((r) => send('patch', `/roles/${r.id}`, { default: true }).expect(200)));
    expect(await defaults()).to.have.length(1);
  });

  it('assigns roles to a pool user; renaming a role follows them, deleting it takes it from them', async () => {
    await definePermission(ctx, admin.access_token, projectId, 'invoice:read');
    await definePermission(ctx, admin.access_token, projectId, 'invoice:write');
    const reader = await defineRole(ctx, admin.access_token, projectId, {
      name: 'reader',
      permissions: ['invoice:read'],
    });
    await defineRole(ctx, admin.access_token, projectId, {
      name: 'writer',
      permissions: ['invoice:read', 'invoice:write'],
    });
    const user = await poolUser(ctx, admin, projectId);
    const assigned = await assignRoles(ctx, admin.access_token, projectId, user.id, [
      'writer',
      'reader',
      'reader',
    ]);
    expect(assigned).to.deep.equal({
      user_id: user.id,
      roles: ['reader', 'writer'],
      permissions: ['invoice:read', 'invoice:write'],
    });
    const unknown = await send('put', `/users/${user.id}/roles`, { roles: ['reader', 'ghost'] }).expect(400);
    expect(unknown.body).to.include({
      code: 'unknown_app_roles',
      error: 'The project defines no role named ghost.',
    });
    const listed = await ctx.request
      .get(`/api/v1/projects/${projectId}/users/${user.id}`)
      .set(bearer(admin.access_token));
    expect(listed.body.roles).to.deep.equal(['reader', 'writer']);

    await send('patch', `/roles/${reader.id}`, { name: 'viewer' }).expect(200);
    expect((await get(`/users/${user.id}/roles`).expect(200)).body.roles).to.deep.equal(['viewer', 'writer']);
    await send('delete', `/roles/${reader.id}`).expect(204);
    expect((await get(`/users/${user.id}/roles`)).body).to.deep.equal({
      user_id: user.id,
      roles: ['writer'],
      permissions: ['invoice:read', 'invoice:write'],
    });
    const [deleted] = await audits('project_role.deleted');
    expect(deleted!.metadata).to.include({ name: 'viewer', users_updated: 1 });
    const [changed] = await audits('user.roles_changed');
    expect(changed!).to.include({ resource_type: 'user', resource_id: user.id });
    expect(changed!.metadata).to.deep.include({
      added: ['reader', 'writer'],
      removed: [],
      previous_roles: [],
    });
    // The same list again changes nothing and records nothing.
    await assignRoles(ctx, admin.access_token, projectId, user.id, ['writer']);
    expect(await audits('user.roles_changed')).to.have.length(1);
    await assignRoles(ctx, admin.access_token, projectId, user.id, []);
    expect((await get(`/users/${user.id}/roles`)).body.roles).to.deep.equal([]);
  });

  it('a user of another pool, a dashboard account and an unknown id answer 404 pool_user_not_found', async () => {
    await defineRole(ctx, admin.access_token, projectId, { name: 'r' });
    const other = (await createProject(ctx, admin, organizationId)).id;
    const elsewhere = await poolUser(ctx, admin, other);
    for (const userId of [elsewhere.id, admin.user.id, new Types.ObjectId().toHexString()]) {
      const response = await send('put', `/users/${userId}/roles`, { roles: ['r'] }).expect(404);
      expect(response.body.code).to.equal('pool_user_not_found');
      await get(`/users/${userId}/roles`).expect(404);
    }
    const stored = await ctx.database.connection
      .collection('profiles')
      .findOne({ _id: new Types.ObjectId(elsewhere.id) });
    expect(stored!.roles).to.deep.equal([]);
  });

  it('announces every change as a webhook event to the project’s organization', async () => {
    const events: Array<{ type: string; scope: Record<string, unknown>; data: Record<string, unknown> }> = [];
    const webhooks = ctx.services.webhooks;
    const emit = webhooks.emit.bind(webhooks);
    webhooks.emit = (type, scope, data) => {
      events.push({ type, scope: { ...scope }, data });
      emit(type, scope, data);
    };
    try {
      // Imported before a default role exists: no roles yet.
      const user = await poolUser(ctx, admin, projectId);
      const permission = await definePermission(ctx, admin.access_token, projectId, 'invoice:read');
      await send('patch', `/permissions/${permission.id}`, { description: 'Read' }).expect(200);
      const role = await defineRole(ctx, admin.access_token, projectId, {
        name: 'r',
        permissions: ['invoice:read'],
      });
      await send('patch', `/roles/${role.id}`, { default: true }).expect(200);
      await assignRoles(ctx, admin.access_token, projectId, user.id, ['r']);
      await send('delete', `/permissions/${permission.id}`).expect(204);
      await send('delete', `/roles/${role.id}`).expect(204);
    } finally {
      webhooks.emit = emit;
    }
    const ours = events.filter((e) => /^project_|roles_changed/.test(e.type));
    expect(ours.map((e) => e.type)).to.deep.equal([
      'project_permission.created',
      'project_permission.updated',
      'project_role.created',
      'project_role.updated',
      'user.roles_changed',
      'project_permission.deleted',
      'project_role.deleted',
    ]);
    for (const event of ours) expect(event.scope).to.deep.equal({ organizationId, projectId });
    expect(ours[3]!.data).to.deep.include({ fields: ['default'] });
    expect(ours[4]!.data).to.deep.include({ roles: ['r'], added: ['r'], removed: [], project_id: projectId });
    expect(ours[5]!.data).to.deep.include({ roles_updated: 1 });
    expect(ours[6]!.data).to.deep.include({ users_updated: 1 });
  });
});
