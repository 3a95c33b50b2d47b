import { expect } from 'chai';
import { Types } from 'mongoose';
import { BUILT_IN_ROLES, PERMISSION_NAMES, type PermissionName } from '../../src/core/permissions.js';
import { bearer, signedInUser } from '../auth/helpers.js';
import type { TestContext } from '../helpers/context.js';
import {
  acceptInvitation,
  addMember,
  createApplication,
  createOrganization,
  createProject,
  uniqueSlug,
  type User,
} from '../projects/helpers.js';
import { createWebhookContext, startReceiver, type Receiver } from '../webhooks/helpers.js';

/** Organization roles (issue #33): custom roles from the catalog, assigned to members by name. */
describe('organization roles', () => {
  let ctx: TestContext;
  let receiver: Receiver;
  let admin: User;
  let organization: string;
  const as = (user: User) => bearer(user.access_token);
  const rolesOf = (org = organization) => `/api/v1/organizations/${org}/roles`;

  async function createRole(body: Record<string, unknown>, by: User = admin) {
    return ctx.request.post(rolesOf()).set(as(by)).send(body);
  }

  /** A member of the organization holding `role` (invited with it, accepted). */
  async function memberWith(role: string, prefix = 'roles-member') {
    const user = await signedInUser(ctx, prefix);
    const invited = await ctx.request
      .post(`/api/v1/organizations/${organization}/members`)
      .set(as(admin))
      .send({ email: user.email, role });
    expect(invited.status, JSON.stringify(invited.body)).to.equal(201);
    await acceptInvitation(ctx, user, invited.body.id as string);
    return { user, memberId: invited.body.id as string };
  }

  const audits = (action: string) =>
    ctx.database.connection
      .collection('activity_logs')
      .find({ action, organization_id: new Types.ObjectId(organization) })
      .sort({ _id: 1 })
      .toArray();

  before(async () => {
    ctx = await createWebhookContext();
    receiver = await startReceiver();
    admin = await signedInUser(ctx, 'roles-admin');
    organization = await createOrganization(ctx, admin);
    await ctx.request
      .post(`/api/v1/organizations/${organization}/webhooks`)
      .set(as(admin))
      .send({
        url: receiver.url,
        events: ['role.created', 'role.updated', 'role.deleted', 'member.role_changed'],
      })
      .expect(201);
  });
  after(async () => {
    await receiver.close();
    await ctx.close();
  });

  it('answers the catalog: every permission with German and English labels, and the built-in roles', async () => {
    const catalog = await ctx.request.get('/api/v1/permissions/catalog').set(as(admin)).expect(200);
    const names = catalog.body.resources.flatMap((r: { actions: Array<{ name: string }> }) =>
      r.actions.map((a) => a.name),
    );
    expect(names).to.deep.equal([...PERMISSION_NAMES]);
    for (const resource of catalog.body.resources) {
      expect(resource.label.de, resource.resource).to.be.a('string').and.not.be.empty;
      expect(resource.label.en, resource.resource).to.be.a('string').and.not.be.empty;
      for (const action of resource.actions) {
        expect(action.name).to.equal(`${resource.resource}:${action.action}`);
        expect(action.label.de && action.label.en, action.name).to.be.a('string').and.not.be.empty;
      }
    }
    expect(catalog.body.built_in_roles.admin).to.deep.equal([...PERMISSION_NAMES]);
    expect(catalog.body.built_in_roles.member).to.have.members([...BUILT_IN_ROLES.member]);
    await ctx.request.get('/api/v1/permissions/catalog').expect(401);
  });

  it('creates, lists, changes and deletes custom roles, audited and announced as role.* events', async () => {
    const created = await createRole({
      name: 'Support',
      description: '  Answers customers  ',
      permissions: ['project:read', 'organization:read', 'project:read', 'pool_user:read'],
    });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    expect(created.body).to.include({ name: 'Support', description: 'Answers customers', built_in: false });
    // Catalog order, no duplicates.
    expect(created.body.permissions).to.deep.equal(['organization:read', 'project:read', 'pool_user:read']);
    expect(created.body.member_count).to.equal(0);

    const listed = await ctx.request.get(rolesOf()).set(as(admin)).expect(200);
    expect(listed.body.data.map((r: { name: string }) => r.name)).to.deep.equal([
      'admin',
      'member',
      'Support',
    ]);
    expect(listed.body.data[0]).to.include({ id: null, built_in: true, member_count: 1 });
    expect(listed.body.data[1].permissions).to.have.members([...BUILT_IN_ROLES.member]);

    const changed = await ctx.request
      .patch(`${rolesOf()}/${created.body.id}`)
      .set(as(admin))
      .send({
        name: 'Customer support',
        permissions: ['organization:read', 'pool_user:read', 'pool_user:update'],
      })
      .expect(200);
    expect(changed.body).to.include({ name: 'Customer support' });
    expect(changed.body.permissions).to.deep.equal([
      'organization:read',
      'pool_user:read',
      'pool_user:update',
    ]);

    await ctx.request.delete(`${rolesOf()}/${created.body.id}`).set(as(admin)).expect(204);
    await ctx.request.delete(`${rolesOf()}/${created.body.id}`).set(as(admin)).expect(404);

    const [audCreated] = await audits('role.created');
    expect(audCreated).to.include({ resource_type: 'role', resource_id: created.body.id });
    expect(String(audCreated!.user_id)).to.equal(admin.user.id);
    expect(audCreated!.metadata.permissions).to.deep.equal([
      'organization:read',
      'project:read',
      'pool_user:read',
    ]);
    const [audUpdated] = await audits('role.updated');
    expect(audUpdated!.metadata).to.deep.include({
      previous_name: 'Support',
      added: ['pool_user:update'],
      removed: ['project:read'],
    });
    expect(audUpdated!.metadata.fields).to.have.members(['name', 'permissions']);
    expect(await audits('role.deleted')).to.have.length(1);

    await receiver.waitFor(
      (requests) =>
        ['role.created', 'role.updated', 'role.deleted'].every((t) =>
          requests.some((r) => r.json.type === t),
        ),
      10_000,
      'role events',
    );
    const updatedEvent = receiver.requests.find((r) => r.json.type === 'role.updated')!;
    expect(updatedEvent.json.organization_id).to.equal(organization);
    expect(updatedEvent.json.data).to.deep.include({
      added: ['pool_user:update'],
      removed: ['project:read'],
    });
    expect((updatedEvent.json.data.role as { name: string }).name).to.equal('Customer support');
  });

  it('refuses invalid roles with 400 and changes nothing', async () => {
    const before = await ctx.database.connection.collection('organization_roles').countDocuments();
    const invalid: Array<[Record<string, unknown>, RegExp]> = [
      [{ name: 'admin', permissions: [] }, /built-in/],
      [{ name: 'Member', permissions: [] }, /built-in/],
      [{ name: '', permissions: [] }, /required/],
      [{ name: 'x'.repeat(51), permissions: [] }, /50/],
      [{ name: '<script>', permissions: [] }, /Letters/],
      [{ name: 'Ops', permissions: ['projects:create'] }, /permissions/],
      [{ name: 'Ops' }, /permissions/],
    ];
    for (const [body, message] of invalid) {
      const response = await createRole(body);
      expect(response.status, JSON.stringify(body)).to.equal(400);
      expect(response.body.code).to.equal('validation_failed');
      expect(response.body.error, JSON.stringify(body)).to.match(message);
    }
    await ctx.request
      .patch(`${rolesOf()}/${'0'.repeat(24)}`)
      .set(as(admin))
      .send({})
      .expect(400);
    expect(await ctx.database.connection.collection('organization_roles').countDocuments()).to.equal(before);
  });

  it('keeps names unique per organization case-insensitively (409 role_name_taken), not across organizations', async () => {
    await createRole({ name: 'Auditor', permissions: ['log:read'] }).then((r) =>
      expect(r.status).to.equal(201),
    );
    const taken = await createRole({ name: ' auditor ', permissions: [] });
    expect(taken.status).to.equal(409);
    expect(taken.body.code).to.equal('role_name_taken');
    const other = await createRole({ name: 'Other', permissions: [] });
    const renamed = await ctx.request
      .patch(`${rolesOf()}/${other.body.id}`)
      .set(as(admin))
      .send({ name: 'AUDITOR' });
    expect(renamed.status).to.equal(409);
    expect(renamed.body.code).to.equal('role_name_taken');
    const elsewhere = await createOrganization(ctx, admin);
    await ctx.request
      .post(rolesOf(elsewhere))
      .set(as(admin))
      .send({ name: 'Auditor', permissions: [] })
      .expect(201);
  });

  it('limits a member to exactly the custom role’s permissions, and follows changes of the role at once', async () => {
    const role = await createRole({ name: 'Viewer', permissions: ['organization:read', 'project:read'] });
    const project = (await createProject(ctx, admin, organization)).id;
    const { user: viewer } = await memberWith('viewer', 'roles-viewer');
    await ctx.request.get(`/api/v1/projects/${project}`).set(as(viewer)).expect(200);
    const refused = await ctx.request
      .patch(`/api/v1/projects/${project}`)
      .set(as(viewer))
      .send({ description: 'Viewer was here' })
      .expect(403);
    expect(refused.body).to.deep.equal({
      error: 'Your role does not include the permission project:update.',
      code: 'forbidden',
      permission: 'project:update',
      details: [{ path: 'permission', message: 'project:update' }],
    });
    // Built-in member rights the custom role lacks.
    const noCreate = await ctx.request
      .post('/api/v1/projects')
      .set(as(viewer))
      .send({ name: 'Nope', slug: uniqueSlug('nope'), organization_id: organization })
      .expect(403);
    expect(noCreate.body.permission).to.equal('project:create');
    const noMembers = await ctx.request
      .get(`/api/v1/organizations/${organization}/members`)
      .set(as(viewer))
      .expect(403);
    expect(noMembers.body.permission).to.equal('member:read');
    // Lists across organizations leave out what the role may not read; a filter naming it is refused.
    const logs = await ctx.request
      .get('/api/v1/activity-logs')
      .query({ organization_id: organization })
      .set(as(viewer))
      .expect(403);
    expect(logs.body.permission).to.equal('log:read');

    // The organization answers what the caller may do.
    const org = await ctx.request.get(`/api/v1/organizations/${organization}`).set(as(viewer)).expect(200);
    expect(org.body).to.include({ role: 'Viewer' });
    expect(org.body.my_permissions).to.deep.equal(['organization:read', 'project:read']);
    const list = await ctx.request.get('/api/v1/organizations').set(as(viewer)).expect(200);
    expect(list.body.data[0].my_permissions).to.deep.equal(['organization:read', 'project:read']);
    const verified = await ctx.request.post('/api/v1/verify').set(as(viewer)).expect(200);
    expect(verified.body.organizations[0]).to.include({ id: organization, role: 'Viewer' });

    // A changed role takes effect on the next request.
    await ctx.request
      .patch(`${rolesOf()}/${role.body.id}`)
      .set(as(admin))
      .send({ permissions: ['organization:read', 'project:read', 'project:update'] })
      .expect(200);
    await ctx.request
      .patch(`/api/v1/projects/${project}`)
      .set(as(viewer))
      .send({ description: 'Viewer was here' })
      .expect(200);
    // Renaming keeps its members (they hold the new name).
    await ctx.request
      .patch(`${rolesOf()}/${role.body.id}`)
      .set(as(admin))
      .send({ name: 'Reader' })
      .expect(200);
    const renamed = await ctx.request
      .get(`/api/v1/organizations/${organization}`)
      .set(as(viewer))
      .expect(200);
    expect(renamed.body).to.include({ role: 'Reader' });
    expect(renamed.body.my_permissions).to.include('project:update');
  });

  it('admins see everything, members their built-in rights, in my_permissions', async () => {
    const mine = await ctx.request.get(`/api/v1/organizations/${organization}`).set(as(admin)).expect(200);
    expect(mine.body.my_permissions).to.deep.equal([...PERMISSION_NAMES]);
    const { user } = await memberWith('member', 'roles-plain');
    const theirs = await ctx.request.get(`/api/v1/organizations/${organization}`).set(as(user)).expect(200);
    expect(theirs.body.my_permissions).to.have.members([...BUILT_IN_ROLES.member]);
  });

  it('invites with a custom role: the invitation, its list and the accepted membership keep it', async () => {
    await createRole({ name: 'Designer', permissions: ['organization:read', 'application:read'] });
    const invitee = await signedInUser(ctx, 'roles-invitee');
    const invited = await ctx.request
      .post(`/api/v1/organizations/${organization}/members`)
      .set(as(admin))
      .send({ email: invitee.email, role: 'DESIGNER' })
      .expect(201);
    expect(invited.body).to.include({ role: 'Designer', status: 'pending' });
    const pending = await ctx.request.get('/api/v1/invitations').set(as(invitee)).expect(200);
    expect(pending.body.data[0]).to.include({ role: 'Designer' });
    const accepted = await acceptInvitation(ctx, invitee, invited.body.id);
    expect(accepted).to.include({ role: 'Designer', status: 'active' });
    const org = await ctx.request.get(`/api/v1/organizations/${organization}`).set(as(invitee)).expect(200);
    expect(org.body.my_permissions).to.deep.equal(['organization:read', 'application:read']);
    // An unknown role is refused before anyone is invited.
    const nobody = await signedInUser(ctx, 'roles-unknown');
    const unknown = await ctx.request
      .post(`/api/v1/organizations/${organization}/members`)
      .set(as(admin))
      .send({ email: nobody.email, role: 'Astronaut' })
      .expect(400);
    expect(unknown.body.code).to.equal('unknown_role');
    const members = await ctx.request.get(`/api/v1/organizations/${organization}/members`).set(as(admin));
    expect(JSON.stringify(members.body)).not.to.contain(nobody.email);
  });

  it('changes a member to a custom role (member.role_changed) and refuses unknown roles', async () => {
    const { memberId } = await memberWith('member', 'roles-changed');
    const changed = await ctx.request
      .patch(`/api/v1/organizations/${organization}/members/${memberId}`)
      .set(as(admin))
      .send({ role: 'designer' })
      .expect(200);
    expect(changed.body.role).to.equal('Designer');
    const unknown = await ctx.request
      .patch(`/api/v1/organizations/${organization}/members/${memberId}`)
      .set(as(admin))
      .send({ role: 'Astronaut' })
      .expect(400);
    expect(unknown.body.code).to.equal('unknown_role');
    await receiver.waitFor(
      (requests) =>
        requests.some(
          (r) =>
            r.json.type === 'member.role_changed' &&
            (r.json.data.member as { role: string }).role === 'Designer',
        ),
      10_000,
      'member.role_changed',
    );
  });

  it('refuses to delete a role members hold: 409 role_in_use naming how many (invitations included)', async () => {
    const role = await createRole({ name: 'Temp', permissions: ['organization:read'] });
    await memberWith('Temp', 'roles-temp');
    const pendingInvitee = await signedInUser(ctx, 'roles-temp-pending');
    await ctx.request
      .post(`/api/v1/organizations/${organization}/members`)
      .set(as(admin))
      .send({ email: pendingInvitee.email, role: 'Temp' })
      .expect(201);
    const refused = await ctx.request.delete(`${rolesOf()}/${role.body.id}`).set(as(admin)).expect(409);
    expect(refused.body).to.include({ code: 'role_in_use', member_count: 2 });
    expect(refused.body.error).to.match(/^2 members hold the role Temp/);
    const listed = await ctx.request.get(rolesOf()).set(as(admin)).expect(200);
    expect(listed.body.data.find((r: { name: string }) => r.name === 'Temp').member_count).to.equal(2);
  });

  it('lets nobody hand out more than they hold (no escalation through roles)', async () => {
    // A role manager who may also change members' roles, but holds little else.
    await createRole({
      name: 'Role manager',
      permissions: ['organization:read', 'member:read', 'member:update', 'role:read', 'role:manage'],
    });
    const { user: manager, memberId: managerId } = await memberWith('Role manager', 'roles-manager');
    const bigger = await createRole({ name: 'Bigger', permissions: ['project:create'] }, manager);
    expect(bigger.status).to.equal(403);
    expect(bigger.body).to.include({ code: 'forbidden', permission: 'project:create' });
    const small = await createRole({ name: 'Small', permissions: ['organization:read'] }, manager);
    expect(small.status).to.equal(201);
    const grow = await ctx.request
      .patch(`${rolesOf()}/${small.body.id}`)
      .set(as(manager))
      .send({ permissions: ['organization:read', 'webhook:manage'] });
    expect(grow.status).to.equal(403);
    expect(grow.body.permission).to.equal('webhook:manage');
    // Not making themselves (or anyone) admin, nor demoting the admin.
    const toAdmin = await ctx.request
      .patch(`/api/v1/organizations/${organization}/members/${managerId}`)
      .set(as(manager))
      .send({ role: 'admin' });
    expect(toAdmin.status).to.equal(403);
    const members = await ctx.request.get(`/api/v1/organizations/${organization}/members`).set(as(admin));
    const adminMember = members.body.data.find((m: { user_id: string }) => m.user_id === admin.user.id);
    const demote = await ctx.request
      .patch(`/api/v1/organizations/${organization}/members/${adminMember.id}`)
      .set(as(manager))
      .send({ role: 'Small' });
    expect(demote.status).to.equal(403);
    const stillAdmin = await ctx.request
      .get(`/api/v1/organizations/${organization}`)
      .set(as(admin))
      .expect(200);
    expect(stillAdmin.body.role).to.equal('admin');
    // Members cannot manage roles at all (role:manage), but read them.
    const { user: plain } = await memberWith('member', 'roles-plain-2');
    await ctx.request.get(rolesOf()).set(as(plain)).expect(200);
    const byMember = await createRole({ name: 'Mine', permissions: [] }, plain);
    expect(byMember.status).to.equal(403);
    expect(byMember.body.permission).to.equal('role:manage');
  });

  it('never lets the last admin be demoted or removed', async () => {
    const solo = await signedInUser(ctx, 'roles-solo');
    const org = await createOrganization(ctx, solo);
    await ctx.request
      .post(rolesOf(org))
      .set(as(solo))
      .send({ name: 'Everything', permissions: [...PERMISSION_NAMES] })
      .expect(201);
    const members = await ctx.request.get(`/api/v1/organizations/${org}/members`).set(as(solo)).expect(200);
    const self = members.body.data[0].id as string;
    const demoted = await ctx.request
      .patch(`/api/v1/organizations/${org}/members/${self}`)
      .set(as(solo))
      .send({ role: 'Everything' })
      .expect(409);
    expect(demoted.body.code).to.equal('last_admin');
    const removed = await ctx.request
      .delete(`/api/v1/organizations/${org}/members/${self}`)
      .set(as(solo))
      .expect(409);
    expect(removed.body.code).to.equal('last_admin');
  });

  it('answers the SPEC flags of POST /permissions from a custom role', async () => {
    await createRole({
      name: 'App editor',
      permissions: ['organization:read', 'application:read', 'application:update'],
    });
    const { user } = await memberWith('App editor', 'roles-app-editor');
    const project = (await createProject(ctx, admin, organization)).id;
    const application = (await createApplication(ctx, admin, project)).id;
    const answer = await ctx.request
      .post('/api/v1/permissions')
      .set(as(user))
      .send({ application_id: application })
      .expect(200);
    expect(answer.body).to.include({ application_id: application, role: 'App editor' });
    expect(answer.body.permissions).to.deep.equal({
      read: true,
      write: true,
      delete: false,
      manage_members: false,
    });
  });

  it('other tenants: 404 for the roles of an organization they are not in', async () => {
    const stranger = await signedInUser(ctx, 'roles-stranger');
    await addMember(ctx, stranger, await createOrganization(ctx, stranger), await signedInUser(ctx, 'x'));
    await ctx.request.get(rolesOf()).set(as(stranger)).expect(404);
    await ctx.request
      .post(rolesOf())
      .set(as(stranger))
      .send({ name: 'Intruder', permissions: [] })
      .expect(404);
  });
});

describe('PermissionName', () => {
  it('every built-in member permission is in the catalog', () => {
    const names = new Set<PermissionName>(PERMISSION_NAMES);
    for (const permission of BUILT_IN_ROLES.member) expect(names.has(permission), permission).to.equal(true);
  });
});
