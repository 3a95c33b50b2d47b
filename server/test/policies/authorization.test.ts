import { expect } from 'chai';
import type { TestContext } from '../helpers/context.js';
import { bearer, createAuthContext, signedInUser } from '../auth/helpers.js';
import { applicationHeader, signedInEndUser } from '../helpers/end-users.js';
import { createApplication, createProject, createToken } from '../projects/helpers.js';
import { addWithRole, createRole } from '../skills/helpers.js';
import {
  createPolicy,
  organizationPolicies,
  policyTenant,
  projectPolicies,
  type PolicyTenant,
} from './helpers.js';

const body = (n: number) => ({ name: `Policy ${n}`, effect: 'deny', actions: ['a:b'] });

/**
 * Who may read and manage policies, and who may ask the check API: admins (policy:manage), members
 * (policy:read only), custom roles, other tenants (404), API tokens by scope and application, end
 * users (403), and subjects of another pool (404). Changes are audited and announced.
 */
describe('policies: who may read, manage and check', function () {
  this.timeout(120_000);
  let ctx: TestContext;
  let t: PolicyTenant;
  let n = 0;

  before(async () => {
    ctx = await createAuthContext();
    t = await policyTenant(ctx);
  });
  after(() => ctx.close());

  for (const owner of ['project', 'organization'] as const) {
    const pathOf = () =>
      owner === 'project' ? projectPolicies(t.projectId) : organizationPolicies(t.organizationId);
    const otherPath = () =>
      owner === 'project' ? projectPolicies(t.other.projectId) : organizationPolicies(t.other.organizationId);
    const notFound = owner === 'project' ? 'project_not_found' : 'organization_not_found';

    it(`${owner}: the admin manages, a member reads only (403 naming policy:manage), another tenant gets 404`, async () => {
      const created = await createPolicy(ctx, t.admin.access_token, pathOf(), body((n += 1)));
      expect(created).to.include({ scope: owner, effect: 'deny', enabled: true });
      const item = `${pathOf()}/${created.id}`;

      const read = await ctx.request.get(pathOf()).set(bearer(t.member.access_token));
      expect(read.status).to.equal(200);
      expect(read.body.data.map((policy: { id: string }) => policy.id)).to.include(created.id);
      await ctx.request.get(item).set(bearer(t.member.access_token)).expect(200);
      for (const [method, path, send] of [
        ['post', pathOf(), body((n += 1))],
        ['patch', item, { enabled: false }],
        ['delete', item, undefined],
      ] as const) {
        const refused = await ctx.request[method](path).set(bearer(t.member.access_token)).send(send);
        expect(refused.status, `${method} ${path}`).to.equal(403);
        expect(refused.body).to.include({ code: 'forbidden', permission: 'policy:manage' });
      }

      for (const [method, path] of [
        ['get', otherPath()],
        ['post', otherPath()],
        ['get', item.replace(pathOf(), otherPath())],
      ] as const) {
        const hidden = await ctx.request[method](path)
          .set(bearer(t.admin.access_token))
          .send(body((n += 1)));
        expect(hidden.status, `${method} ${path}`).to.equal(404);
        expect(hidden.body.code).to.equal(notFound);
      }
      // The stranger (admin of the other tenant) sees none of ours.
      const theirs = await ctx.request.get(item).set(bearer(t.stranger.access_token));
      expect(theirs.status).to.equal(404);

      await ctx.request.patch(item).set(bearer(t.admin.access_token)).send({ enabled: false }).expect(200);
      await ctx.request.delete(item).set(bearer(t.admin.access_token)).expect(204);
      await ctx.request.get(item).set(bearer(t.admin.access_token)).expect(404);
      const audits = await ctx.database.connection
        .collection('activity_logs')
        .find({ resource_id: created.id })
        .sort({ _id: 1 })
        .toArray();
      expect(audits.map((entry) => entry.action)).to.deep.equal([
        'policy.created',
        'policy.updated',
        'policy.deleted',
      ]);
      expect(audits[0]).to.include({ resource_type: 'policy', status_code: 201 });
      expect(audits[1]!.metadata).to.deep.include({ fields: ['enabled'] });
    });
  }

  it('a custom role with policy:manage manages; one without policy:read reads nothing and checks nothing', async () => {
    const [editor, outsider] = await Promise.all([
      signedInUser(ctx, 'policy-editor'),
      signedInUser(ctx, 'policy-outsider'),
    ]);
    await createRole(ctx, t.admin, t.organizationId, 'Policy editor', [
      'organization:read',
      'project:read',
      'policy:read',
      'policy:manage',
    ]);
    await createRole(ctx, t.admin, t.organizationId, 'Viewer', ['organization:read', 'project:read']);
    await addWithRole(ctx, t.admin, t.organizationId, editor, 'Policy editor');
    await addWithRole(ctx, t.admin, t.organizationId, outsider, 'Viewer');
    await createPolicy(ctx, editor.access_token, projectPolicies(t.projectId), body((n += 1)));
    const list = await ctx.request.get(projectPolicies(t.projectId)).set(bearer(outsider.access_token));
    expect(list.status).to.equal(403);
    expect(list.body).to.include({ code: 'forbidden', permission: 'policy:read' });
    const check = await ctx.request
      .post('/api/v1/authorize')
      .set(bearer(outsider.access_token))
      .send({ project_id: t.projectId, action: 'a:b' });
    expect(check.status).to.equal(403);
    expect(check.body).to.include({ permission: 'policy:read' });
  });

  it('API tokens: read lists, write creates and changes, delete deletes; only their application’s project and organization', async () => {
    const write = await createToken(ctx, t.admin, t.applicationId, ['write']);
    const remove = await createToken(ctx, t.admin, t.applicationId, ['delete']);
    await ctx.request.get(projectPolicies(t.projectId)).set(bearer(t.readToken)).expect(200);
    const refused = await ctx.request
      .post(projectPolicies(t.projectId))
      .set(bearer(t.readToken))
      .send(body((n += 1)));
    expect(refused.status).to.equal(403);
    const created = await createPolicy(ctx, write, projectPolicies(t.projectId), body((n += 1)));
    const item = `${projectPolicies(t.projectId)}/${created.id}`;
    await ctx.request.patch(item).set(bearer(write)).send({ description: 'by token' }).expect(200);
    expect((await ctx.request.delete(item).set(bearer(write))).status).to.equal(403);
    await ctx.request.delete(item).set(bearer(remove)).expect(204);
    const audit = await ctx.database.connection
      .collection('activity_logs')
      .findOne({ resource_id: created.id, action: 'policy.created' });
    expect(audit!.metadata).to.include({ via: 'api_token' });
    await createPolicy(ctx, write, organizationPolicies(t.organizationId), body((n += 1)));

    // Another project of the same organization, and another tenant's: as if they did not exist.
    const sibling = await createProject(ctx, t.admin, t.organizationId);
    const hidden = await ctx.request.get(projectPolicies(sibling.id)).set(bearer(t.readToken));
    expect(hidden.status).to.equal(404);
    expect(hidden.body.code).to.equal('project_not_found');
    expect(
      (await ctx.request.get(organizationPolicies(t.other.organizationId)).set(bearer(t.readToken))).status,
    ).to.equal(404);
    // The check API: the token decides in its own project only.
    const elsewhere = await ctx.request
      .post('/api/v1/authorize')
      .set(bearer(t.readToken))
      .send({ project_id: sibling.id, action: 'a:b' });
    expect(elsewhere.status).to.equal(404);
    const siblingApp = await createApplication(ctx, t.admin, sibling.id);
    const siblingToken = await createToken(ctx, t.admin, siblingApp.id, ['read']);
    expect((await ctx.request.get(projectPolicies(t.projectId)).set(bearer(siblingToken))).status).to.equal(
      404,
    );
  });

  it('end users get 403 on the product API’s policy routes and check; another pool’s user is no subject (404)', async () => {
    const endUser = await signedInEndUser(ctx, t.applicationId, { prefix: 'policy-end-user' });
    for (const [method, path] of [
      ['get', projectPolicies(t.projectId)],
      ['post', projectPolicies(t.projectId)],
      ['post', '/api/v1/authorize'],
    ] as const) {
      const response = await ctx.request[method](path)
        .set(bearer(endUser.token))
        .send({ ...body((n += 1)), action: 'a:b' });
      expect(response.status, `${method} ${path}`).to.equal(403);
    }
    for (const subject of [t.other.endUser.id, t.stranger.user.id, '0123456789abcdef01234567']) {
      const response = await ctx.request
        .post('/api/v1/authorize')
        .set(bearer(t.readToken))
        .send({ subject: { user_id: subject }, action: 'a:b' });
      expect(response.status, subject).to.equal(404);
      expect(response.body.code).to.equal('subject_not_found');
    }
    // A session names where it checks: without, 400; another tenant's project, 404.
    const scopeless = await ctx.request
      .post('/api/v1/authorize')
      .set(bearer(t.admin.access_token))
      .send({ action: 'a:b' });
    expect(scopeless.status).to.equal(400);
    expect(scopeless.body.code).to.equal('authorize_scope_required');
    const foreign = await ctx.request
      .post('/api/v1/authorize')
      .set(bearer(t.admin.access_token))
      .send({ project_id: t.other.projectId, action: 'a:b' });
    expect(foreign.status).to.equal(404);
    // The embedding check takes only this application's end users.
    const wrongApp = await ctx.request
      .post('/api/auth/authorize')
      .set(applicationHeader(t.other.applicationId))
      .set(bearer(endUser.token))
      .send({ action: 'a:b' });
    expect(wrongApp.status).to.equal(401);
    const dashboard = await ctx.request
      .post('/api/auth/authorize')
      .set(applicationHeader(t.applicationId))
      .set(bearer(t.admin.access_token))
      .send({ action: 'a:b' });
    expect(dashboard.status).to.equal(401);
    const own = await ctx.request
      .post('/api/auth/authorize')
      .set(applicationHeader(t.applicationId))
      .set(bearer(endUser.token))
      .send({ action: 'a:b' });
    expect(own.status).to.equal(200);
  });
});
