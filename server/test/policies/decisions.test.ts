import { expect } from 'chai';
import type { TestContext } from '../helpers/context.js';
import { bearer, createAuthContext } from '../auth/helpers.js';
import {
  applicationHeader,
  signedInEndUser,
  type EmbeddingSession,
  type EndUser,
} from '../helpers/end-users.js';
import {
  authorize,
  createPolicy,
  organizationPolicies,
  policyTenant,
  projectPolicies,
  setUserSkills,
  type PolicyTenant,
} from './helpers.js';

/**
 * The documented decisions (docs: "How a check is decided"): a deny policy that matches wins; else
 * the subject's roles or a matching allow policy allow; else no_matching_policy. Skills with a
 * minimum level, e-mail domains, resource attributes, organization policies, enabling and
 * disabling, batches, the end user's own check, and every denial counted (equal ones of a second in one row).
 */
describe('policies: decisions of the check API', function () {
  this.timeout(120_000);
  let ctx: TestContext;
  let t: PolicyTenant;
  let senior: EndUser & EmbeddingSession;
  let junior: EndUser & EmbeddingSession;
  let contractor: EndUser & EmbeddingSession;
  let approve: { id: string };
  let noContractors: { id: string };

  before(async () => {
    ctx = await createAuthContext();
    t = await policyTenant(ctx);
    [senior, junior, contractor] = await Promise.all([
      signedInEndUser(ctx, t.applicationId, { prefix: 'senior' }),
      signedInEndUser(ctx, t.applicationId, { prefix: 'junior' }),
      signedInEndUser(ctx, t.applicationId, { email: `c${Date.now()}@contractor.example` }),
    ]);
    await setUserSkills(ctx, t.admin, t.projectId, senior.id, [{ name: 'Accounting', level: 4 }]);
    await setUserSkills(ctx, t.admin, t.projectId, junior.id, [{ name: 'accounting', level: 2 }]);
    await setUserSkills(ctx, t.admin, t.projectId, contractor.id, [{ name: 'Accounting', level: 5 }]);
    // An application permission and role (R2): the junior may read invoices through their role.
    const as = bearer(t.admin.access_token);
    await ctx.request
      .post(`/api/v1/projects/${t.projectId}/permissions`)
      .set(as)
      .send({ name: 'invoice:read' })
      .expect(201);
    await ctx.request
      .post(`/api/v1/projects/${t.projectId}/roles`)
      .set(as)
      .send({ name: 'clerk', permissions: ['invoice:read'] })
      .expect(201);
    await ctx.request
      .put(`/api/v1/projects/${t.projectId}/users/${junior.id}/roles`)
      .set(as)
      .send({ roles: ['clerk'] })
      .expect(200);

    approve = await createPolicy(ctx, t.admin.access_token, projectPolicies(t.projectId), {
      name: 'Seniors approve invoices',
      effect: 'allow',
      actions: ['invoice:approve', 'invoice:pay'],
      conditions: { subject: { skills: [{ name: 'ACCOUNTING', min_level: 3 }] } },
    });
    noContractors = await createPolicy(ctx, t.admin.access_token, projectPolicies(t.projectId), {
      name: 'No contractors approve',
      effect: 'deny',
      actions: ['invoice:*'],
      conditions: { subject: { email_domain: ['contractor.example'] } },
    });
  });
  after(() => ctx.close());

  const check = (subject: EndUser, action: string, extra: Record<string, unknown> = {}) =>
    authorize(ctx, t.readToken, { subject: { user_id: subject.id }, action, ...extra });

  it('a skill at the minimum level allows; below it nothing does', async () => {
    expect(await check(senior, 'invoice:approve')).to.deep.equal({
      allowed: true,
      reason: 'allowed_by_policy',
      matched_policies: [
        { id: approve.id, name: 'Seniors approve invoices', effect: 'allow', scope: 'project' },
      ],
    });
    expect(await check(junior, 'invoice:approve')).to.deep.equal({
      allowed: false,
      reason: 'no_matching_policy',
      matched_policies: [],
    });
  });

  it('a deny policy wins over an allow policy that also matches, and over the subject’s roles', async () => {
    const denied = await check(contractor, 'invoice:approve');
    expect(denied).to.deep.equal({
      allowed: false,
      reason: 'denied_by_policy',
      matched_policies: [
        { id: noContractors.id, name: 'No contractors approve', effect: 'deny', scope: 'project' },
      ],
    });
    // The junior's role grants invoice:read …
    expect(await check(junior, 'invoice:read')).to.include({ allowed: true, reason: 'granted_by_role' });
    // … and a deny for the junior's skill level takes it away.
    const deny = await createPolicy(ctx, t.admin.access_token, projectPolicies(t.projectId), {
      name: 'Beginners read nothing',
      effect: 'deny',
      actions: ['invoice:read'],
      conditions: { subject: { roles: { any: ['clerk'] }, skills: [{ name: 'accounting' }] } },
    });
    expect(await check(junior, 'invoice:read')).to.deep.include({
      allowed: false,
      reason: 'denied_by_policy',
    });
    // Disabled, it no longer decides (at once: the change drops the compiled set).
    await ctx.request
      .patch(`${projectPolicies(t.projectId)}/${deny.id}`)
      .set(bearer(t.admin.access_token))
      .send({ enabled: false })
      .expect(200);
    expect(await check(junior, 'invoice:read')).to.include({ allowed: true, reason: 'granted_by_role' });
    await ctx.request
      .delete(`${projectPolicies(t.projectId)}/${deny.id}`)
      .set(bearer(t.admin.access_token))
      .expect(204);
  });

  it('checks resource attributes and ownership, and defaults the subject to the caller', async () => {
    const own = await createPolicy(ctx, t.admin.access_token, projectPolicies(t.projectId), {
      name: 'Owners edit drafts',
      effect: 'allow',
      actions: ['document:edit'],
      conditions: {
        resource: {
          owner: 'subject',
          attributes: { status: { in: ['draft', 'review'] }, locked: { equals: false } },
        },
      },
    });
    const resource = (owner: string, status: string, locked = false) => ({
      type: 'document',
      id: 'doc-1',
      owner_id: owner,
      attributes: { status, locked },
    });
    expect(await check(junior, 'document:edit', { resource: resource(junior.id, 'draft') })).to.include({
      allowed: true,
    });
    expect(await check(junior, 'document:edit', { resource: resource(senior.id, 'draft') })).to.include({
      allowed: false,
    });
    expect(await check(junior, 'document:edit', { resource: resource(junior.id, 'published') })).to.include({
      allowed: false,
    });
    expect(
      await check(junior, 'document:edit', { resource: resource(junior.id, 'review', true) }),
    ).to.include({
      allowed: false,
    });
    // Without a subject the token's own user (the admin, a member of the organization) is checked.
    const self = await authorize(ctx, t.readToken, {
      action: 'document:edit',
      resource: resource(t.admin.user.id, 'draft'),
    });
    expect(self.matched_policies.map((policy) => policy.id)).to.deep.equal([own.id]);
    await ctx.request
      .delete(`${projectPolicies(t.projectId)}/${own.id}`)
      .set(bearer(t.admin.access_token))
      .expect(204);
  });

  it('an organization’s policy decides in its projects, and an organization member’s role grants', async () => {
    const classified = await createPolicy(ctx, t.admin.access_token, organizationPolicies(t.organizationId), {
      name: 'End users never see classified',
      effect: 'deny',
      actions: ['*'],
      conditions: {
        subject: { pool: 'project' },
        resource: { attributes: { classified: { equals: true } } },
      },
    });
    const secret = { type: 'invoice', attributes: { classified: true } };
    expect(await check(junior, 'invoice:read', { resource: secret })).to.deep.equal({
      allowed: false,
      reason: 'denied_by_policy',
      matched_policies: [
        { id: classified.id, name: 'End users never see classified', effect: 'deny', scope: 'organization' },
      ],
    });
    // The organization's member is no end user: their organization role grants its permissions.
    const memberCheck = await authorize(ctx, t.readToken, {
      subject: { user_id: t.member.user.id },
      action: 'project:read',
      resource: secret,
    });
    expect(memberCheck).to.deep.equal({ allowed: true, reason: 'granted_by_role', matched_policies: [] });
    expect(
      await authorize(ctx, t.readToken, { subject: { user_id: t.member.user.id }, action: 'member:invite' }),
    ).to.include({ allowed: false, reason: 'no_matching_policy' });
    // A session may check in the organization alone (its policies, its members' roles).
    expect(
      await authorize(ctx, t.admin.access_token, {
        organization_id: t.organizationId,
        subject: { user_id: t.member.user.id },
        action: 'project:read',
      }),
    ).to.include({ allowed: true, reason: 'granted_by_role' });
    await ctx.request
      .delete(`${organizationPolicies(t.organizationId)}/${classified.id}`)
      .set(bearer(t.admin.access_token))
      .expect(204);
  });

  it('answers batches in order, and the end user’s own check through the embedding API', async () => {
    const batch = await authorize(ctx, t.readToken, {
      checks: [
        { subject: { user_id: senior.id }, action: 'invoice:pay' },
        { subject: { user_id: contractor.id }, action: 'invoice:pay' },
        { subject: { user_id: junior.id }, action: 'invoice:read' },
      ],
    });
    expect(batch.results!.map((result) => [result.allowed, result.reason])).to.deep.equal([
      [true, 'allowed_by_policy'],
      [false, 'denied_by_policy'],
      [true, 'granted_by_role'],
    ]);

    const own = (session: EmbeddingSession, body: Record<string, unknown>) =>
      ctx.request
        .post('/api/auth/authorize')
        .set(applicationHeader(t.applicationId))
        .set(bearer(session.token))
        .send(body);
    const mine = await own(senior, { action: 'invoice:approve' });
    expect(mine.status, JSON.stringify(mine.body)).to.equal(200);
    expect(mine.body).to.include({ allowed: true, reason: 'allowed_by_policy' });
    const theirs = await own(contractor, {
      checks: [{ action: 'invoice:approve' }, { action: 'invoice:read' }],
    });
    expect(theirs.body.results.map((result: { reason: string }) => result.reason)).to.deep.equal([
      'denied_by_policy',
      'denied_by_policy',
    ]);
    // An end user cannot ask about someone else, nor choose the context.
    const other = await own(junior, { action: 'invoice:approve', subject: { user_id: senior.id } });
    expect(other.status).to.equal(400);
    const context = await own(junior, { action: 'invoice:approve', context: { ip: '10.0.0.1' } });
    expect(context.status).to.equal(400);
  });

  it('counts every denial as an authorization.denied row of the activity log', async () => {
    await ctx.services.policies.flushDenials();
    const before = await denials();
    await check(contractor, 'invoice:approve');
    await check(junior, 'invoice:approve');
    await check(senior, 'invoice:approve');
    await ctx.services.policies.flushDenials();
    const rows = (await denials()).slice(before.length);
    expect(rows).to.have.length(2);
    expect(rows[0]).to.include({ resource_type: 'policy', resource_id: noContractors.id });
    expect(String(rows[0]!.user_id)).to.equal(contractor.id);
    expect(String(rows[0]!.project_id)).to.equal(t.projectId);
    expect(String(rows[0]!.organization_id)).to.equal(t.organizationId);
    expect(rows[0]!.metadata).to.deep.include({
      action: 'invoice:approve',
      reason: 'denied_by_policy',
      policies: [noContractors.id],
    });
    expect(rows[1]!.metadata).to.deep.include({ reason: 'no_matching_policy', policies: [], count: 1 });
  });

  it('counts equal denials queued together in one row: the sum of `count` is the number of denials', async () => {
    await ctx.services.policies.flushDenials();
    const before = await denials();
    const invoice = (user: EndUser, id: string) => ({
      subject: { user_id: user.id },
      action: 'invoice:approve',
      resource: { type: 'invoice', id },
    });
    // One batch (its denials are queued together, so no write falls between them): five times the
    // same question, then another invoice, another subject, another address — eight denials, four
    // distinct.
    const same = invoice(junior, 'inv-7');
    await authorize(ctx, t.readToken, {
      checks: [
        same,
        same,
        invoice(junior, 'inv-8'),
        same,
        invoice(contractor, 'inv-7'),
        same,
        { ...same, context: { ip: '10.0.0.1' } },
        same,
      ],
    });
    await ctx.services.policies.flushDenials();
    const rows = (await denials()).slice(before.length);
    const summary = rows.map((row) => ({
      user: String(row.user_id),
      invoice: (row.metadata as { resource: { id: string } }).resource.id,
      ip: row.ip_address,
      count: (row.metadata as { count: number }).count,
    }));
    expect(summary.filter((row) => row.ip !== '10.0.0.1').map(({ ip: _, ...row }) => row)).to.deep.equal([
      { user: junior.id, invoice: 'inv-7', count: 5 },
      { user: junior.id, invoice: 'inv-8', count: 1 },
      { user: contractor.id, invoice: 'inv-7', count: 1 },
    ]);
    expect(summary.filter((row) => row.ip === '10.0.0.1')).to.deep.equal([
      { user: junior.id, invoice: 'inv-7', ip: '10.0.0.1', count: 1 },
    ]);
    expect(summary.reduce((sum, row) => sum + row.count, 0)).to.equal(8);
  });

  const denials = () =>
    ctx.database.connection
      .collection('activity_logs')
      .find({ action: 'authorization.denied', project_id: { $exists: true } })
      .sort({ _id: 1 })
      .toArray();
});
