import { expect } from 'chai';
import type { TestContext } from '../helpers/context.js';
import { bearer, createAuthContext, signedInUser } from '../auth/helpers.js';
import { awayFromStepEdge, currentStep, enrolledUser, totpAt } from '../mfa/helpers.js';
import { addMember, createProject, type User } from '../projects/helpers.js';
import { createApplication, createTenant, createToken, type Tenant } from '../tokens/helpers.js';

/**
 * Issue #37 item 4: `require_two_factor` is enforced by the API, in the one place organization
 * access is decided, so every module's routes refuse a member without a second factor.
 */
describe('require_two_factor is enforced on the organization’s resources', () => {
  let ctx: TestContext;
  let tenant: Tenant;
  let member: User;
  let memberToken: string;

  const expectRefused = async (
    response: { status: number; body: { code?: string; error?: string } },
    what: string,
  ) => {
    expect(response.status, `${what}: ${JSON.stringify(response.body)}`).to.equal(403);
    expect(response.body.code, what).to.equal('two_factor_required');
    expect(response.body.error, what).to.contain('two-factor').and.to.contain('/account/security');
  };

  before(async () => {
    ctx = await createAuthContext();
    // The admin who sets the policy has a second factor; the member does not.
    tenant = await createTenant(ctx, 'strict', await enrolledUser(ctx, 'strict-admin'));
    member = await signedInUser(ctx, 'no-factor');
    await addMember(ctx, tenant.user, tenant.organizationId, member);
    // A token minted before the policy was turned on.
    memberToken = (await createToken(ctx, member, tenant.applicationId)).token;
    await ctx.request
      .patch(`/api/v1/organizations/${tenant.organizationId}`)
      .set(bearer(tenant.user.access_token))
      .send({ require_two_factor: true })
      .expect(200);
  });
  after(() => ctx.close());

  it('refuses a member without a second factor everywhere in the organization with 403 two_factor_required', async () => {
    const as = bearer(member.access_token);
    const id = tenant.organizationId;
    for (const path of [
      `/api/v1/organizations/${id}`,
      `/api/v1/organizations/${id}/members`,
      `/api/v1/projects/${tenant.projectId}`,
      `/api/v1/applications/${tenant.applicationId}`,
    ])
      await expectRefused(await ctx.request.get(path).set(as), path);
    await expectRefused(
      await ctx.request
        .post('/api/v1/tokens')
        .set(as)
        .send({ name: 'CI', scopes: ['read'], application_id: tenant.applicationId }),
      'token creation',
    );
    await expectRefused(
      await ctx.request
        .post('/api/v1/projects')
        .set(as)
        .send({ name: 'P', slug: `p-${Date.now()}`, organization_id: id }),
      'project creation',
    );
    // The token minted before: refused with the same reason, not as a dead token.
    await expectRefused(
      await ctx.request.get(`/api/v1/organizations/${id}`).set(bearer(memberToken)),
      'existing API token',
    );
    // Lists leave the organization's resources out (the same decision, made once).
    const projects = await ctx.request.get('/api/v1/projects').set(as).expect(200);
    expect(projects.body.data.map((p: { id: string }) => p.id)).not.to.include(tenant.projectId);
    const activity = await ctx.request.get('/api/v1/activity-logs').query({ organization_id: id }).set(as);
    expect(activity.status).to.equal(404);
  });

  it('still lists the organization (so the dashboard can say why) and lets the member leave', async () => {
    const leaver = await signedInUser(ctx, 'leaves-strict');
    const invitation = await addMember(ctx, tenant.user, tenant.organizationId, leaver);
    const listed = await ctx.request
      .get('/api/v1/organizations')
      .set(bearer(leaver.access_token))
      .expect(200);
    expect(listed.body.data.find((o: { id: string }) => o.id === tenant.organizationId)).to.include({
      require_two_factor: true,
    });
    const me = await ctx.request.get('/api/v1/auth/me').set(bearer(leaver.access_token)).expect(200);
    expect(me.body.mfa_enrollment_required).to.equal(true);
    await ctx.request
      .delete(`/api/v1/organizations/${tenant.organizationId}/members/${invitation.id}`)
      .set(bearer(leaver.access_token))
      .expect(204);
  });

  it('admins without a second factor are refused too, webhooks and member management included', async () => {
    const plainAdmin = await signedInUser(ctx, 'plain-admin');
    await addMember(ctx, tenant.user, tenant.organizationId, plainAdmin, 'admin');
    const as = bearer(plainAdmin.access_token);
    await expectRefused(
      await ctx.request.get(`/api/v1/organizations/${tenant.organizationId}/webhooks`).set(as),
      'webhooks',
    );
    await expectRefused(
      await ctx.request
        .post(`/api/v1/organizations/${tenant.organizationId}/members`)
        .set(as)
        .send({ email: member.email }),
      'invite',
    );
    await expectRefused(
      await ctx.request
        .patch(`/api/v1/organizations/${tenant.organizationId}`)
        .set(as)
        .send({ require_two_factor: false }),
      'turning the policy off',
    );
  });

  it('lets the member in once they set up a factor; other organizations were never affected', async () => {
    const other = await createTenant(ctx, 'lenient');
    const both = await signedInUser(ctx, 'in-both');
    await addMember(ctx, tenant.user, tenant.organizationId, both);
    await addMember(ctx, other.user, other.organizationId, both);
    const as = bearer(both.access_token);
    await ctx.request.get(`/api/v1/organizations/${other.organizationId}`).set(as).expect(200);
    await createApplication(ctx, both, other.projectId);
    await expectRefused(
      await ctx.request.get(`/api/v1/organizations/${tenant.organizationId}`).set(as),
      'before',
    );

    const started = await ctx.request.post('/api/v1/auth/mfa/totp').set(as).expect(200);
    await awayFromStepEdge();
    await ctx.request
      .post('/api/v1/auth/mfa/totp/confirm')
      .set(as)
      .send({ code: totpAt(started.body.secret as string, currentStep()) })
      .expect(200);
    await ctx.request.get(`/api/v1/organizations/${tenant.organizationId}`).set(as).expect(200);
    await createProject(ctx, both, tenant.organizationId);
  });
});
