import { expect } from 'chai';
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import type { TestContext } from '../helpers/context.js';
import { bearer, createAuthContext, signedInUser, uniqueEmail } from '../auth/helpers.js';
import { applicationHeader, endUserLogin, registerEndUser, signedInEndUser } from '../helpers/end-users.js';
import { importUsers, storedUser, usersPath } from '../pool-users/helpers.js';
import { createApplication, createOrganization, createProject, type User } from '../projects/helpers.js';
import { assignRoles, definePermission, defineRole, jwtPayload, rolesPath } from './helpers.js';

/**
 * An end user's application roles where partner applications read them (issue #33, part R2): the
 * default role given at every sign-up path, the embedding access token's `roles` and
 * `permissions` claims, and both permissions endpoints.
 */
describe('application roles: default role at sign-up, token claims, permissions endpoints', function () {
  this.timeout(90_000);
  let ctx: TestContext;
  let admin: User;
  let projectId: string;
  let applicationId: string;
  let otherApplicationId: string;

  const roleOf = async (userId: string) =>
    ((await storedUser(ctx, userId))?.roles as string[] | undefined) ?? null;
  const permissionsAt = (
    path: '/api/auth/permissions' | '/api/v1/permissions',
    token: string,
    app = applicationId,
  ) =>
    ctx.request
      .post(path)
      .set(applicationHeader(app))
      .set(bearer(token))
      .send(path === '/api/v1/permissions' ? { application_id: app } : {});

  before(async () => {
    ctx = await createAuthContext();
    admin = await signedInUser(ctx, 'approles-claims');
    const organizationId = await createOrganization(ctx, admin);
    projectId = (await createProject(ctx, admin, organizationId)).id;
    applicationId = (await createApplication(ctx, admin, projectId)).id;
    const otherProject = (await createProject(ctx, admin, organizationId)).id;
    otherApplicationId = (await createApplication(ctx, admin, otherProject)).id;
    await definePermission(ctx, admin.access_token, projectId, 'invoice:read');
    await definePermission(ctx, admin.access_token, projectId, 'invoice:write');
    await definePermission(ctx, admin.access_token, projectId, 'report:read');
    await defineRole(ctx, admin.access_token, projectId, {
      name: 'customer',
      permissions: ['invoice:read'],
      default: true,
    });
    await defineRole(ctx, admin.access_token, projectId, {
      name: 'accountant',
      permissions: ['invoice:write', 'invoice:read', 'report:read'],
    });
  });
  after(() => ctx.close());

  it('every sign-up path in the pool gives the default role: registration, Google, invitation, import', async () => {
    const registered = await registerEndUser(ctx, applicationId);
    expect(await roleOf(registered.id)).to.deep.equal(['customer']);

    const google = await ctx.services.auth.signInWithGoogle(
      { googleId: `g-${Date.now()}`, email: uniqueEmail('google'), emailVerified: true, name: 'G' },
      { ip: '127.0.0.1', userAgent: 'test', pool: projectId },
      { applicationId },
    );
    expect(await roleOf(String(google._id))).to.deep.equal(['customer']);

    const invited = await ctx.request
      .post(usersPath(projectId, '/invite'))
      .set(bearer(admin.access_token))
      .send({ email: uniqueEmail('invited') })
      .expect(201);
    expect(invited.body.user.roles).to.deep.equal(['customer']);
    expect(await roleOf(invited.body.user.id)).to.deep.equal(['customer']);

    const emails = [uniqueEmail('imported'), uniqueEmail('imported')];
    const result = await importUsers(
      ctx,
      admin,
      projectId,
      emails.map((email) => ({ email })),
    );
    expect(result.imported).to.equal(2);
    const imported = await ctx.database.connection
      .collection('profiles')
      .find({ pool_id: projectId, email: { $in: emails } })
      .toArray();
    expect(imported.map((user) => user.roles)).to.deep.equal([['customer'], ['customer']]);

    // Another pool (no default role) and the dashboard's accounts get none.
    const elsewhere = await registerEndUser(ctx, otherApplicationId);
    expect(await roleOf(elsewhere.id)).to.deep.equal([]);
    expect(await roleOf(admin.user.id)).to.deep.equal([]);
  });

  it('without a default role new accounts start with none; a new default applies to later sign-ups only', async () => {
    const organizationId = await createOrganization(ctx, admin);
    const project = (await createProject(ctx, admin, organizationId)).id;
    const application = (await createApplication(ctx, admin, project)).id;
    const before = await registerEndUser(ctx, application, { confirm: false });
    expect(await roleOf(before.id)).to.deep.equal([]);
    await defineRole(ctx, admin.access_token, project, { name: 'member', default: true });
    const after = await registerEndUser(ctx, application, { confirm: false });
    expect(await roleOf(after.id)).to.deep.equal(['member']);
    expect(await roleOf(before.id)).to.deep.equal([]);
  });

  it('the embedding access token carries roles and permissions (sorted, once each), verified with the JWKS', async () => {
    const user = await signedInEndUser(ctx, applicationId, { prefix: 'claims' });
    const jwks = (await ctx.request.get('/.well-known/jwks.json').expect(200)).body as JSONWebKeySet;
    const { payload: first } = await jwtVerify(user.token, createLocalJWKSet(jwks), {
      audience: applicationId,
    });
    expect(first).to.include({ sub: user.id, aud: applicationId, pool: projectId });
    expect(first.roles).to.deep.equal(['customer']);
    expect(first.permissions).to.deep.equal(['invoice:read']);

    await assignRoles(ctx, admin.access_token, projectId, user.id, ['customer', 'accountant']);
    // The access token in hand keeps what it was issued with; the next refresh carries the change.
    expect(jwtPayload(user.token).roles).to.deep.equal(['customer']);
    const refreshed = await ctx.request
      .post('/api/auth/refresh')
      .set(applicationHeader(applicationId))
      .send({ refresh_token: user.refresh_token })
      .expect(200);
    const claims = jwtPayload(refreshed.body.token as string);
    expect(claims.roles).to.deep.equal(['accountant', 'customer']);
    expect(claims.permissions).to.deep.equal(['invoice:read', 'invoice:write', 'report:read']);
    const verified = await ctx.request
      .post('/api/auth/verify')
      .set(applicationHeader(applicationId))
      .set(bearer(refreshed.body.token as string))
      .expect(200);
    expect(verified.body.user.id).to.equal(user.id);

    // A role whose permissions change: the next sign-in carries the new set.
    const roles = await ctx.request.get(rolesPath(projectId, '/roles')).set(bearer(admin.access_token));
    const accountant = (roles.body.data as Array<{ id: string; name: string }>).find(
      (r) => r.name === 'accountant',
    )!;
    await ctx.request
      .patch(rolesPath(projectId, `/roles/${accountant.id}`))
      .set(bearer(admin.access_token))
      .send({ permissions: ['report:read'] })
      .expect(200);
    const again = await endUserLogin(ctx, applicationId, user.email, user.password);
    expect(jwtPayload(again.token).permissions).to.deep.equal(['invoice:read', 'report:read']);
    await ctx.request
      .patch(rolesPath(projectId, `/roles/${accountant.id}`))
      .set(bearer(admin.access_token))
      .send({ permissions: ['invoice:write', 'invoice:read', 'report:read'] })
      .expect(200);
  });

  it('dashboard sessions carry no application claims', async () => {
    const claims = jwtPayload(admin.access_token);
    expect(claims).not.to.have.property('roles');
    expect(claims).not.to.have.property('permissions');
  });

  it('both permissions endpoints answer SPEC’s shape plus the end user’s roles and application permissions', async () => {
    const user = await signedInEndUser(ctx, applicationId, { prefix: 'perm' });
    await assignRoles(ctx, admin.access_token, projectId, user.id, ['accountant']);
    const expected = {
      application_id: applicationId,
      role: null,
      roles: ['accountant'],
      permissions: { read: false, write: false, delete: false, manage_members: false },
      application_permissions: ['invoice:read', 'invoice:write', 'report:read'],
    };
    // As of now (not as of the token): the endpoints read the account.
    const embedding = await permissionsAt('/api/auth/permissions', user.token).expect(200);
    expect(embedding.body).to.deep.equal(expected);
    const product = await permissionsAt('/api/v1/permissions', user.token).expect(200);
    expect(product.body).to.deep.equal(expected);

    // An organization member: their organization role, no application lists.
    const member = await ctx.request
      .post('/api/v1/permissions')
      .set(bearer(admin.access_token))
      .send({ application_id: applicationId })
      .expect(200);
    expect(member.body).to.deep.include({ role: 'admin', roles: [], application_permissions: [] });

    // An end user without roles: empty lists.
    await assignRoles(ctx, admin.access_token, projectId, user.id, []);
    const none = await permissionsAt('/api/auth/permissions', user.token).expect(200);
    expect(none.body).to.deep.include({ roles: [], application_permissions: [] });
  });
});
