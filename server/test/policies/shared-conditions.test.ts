import { expect } from 'chai';
import type { TestContext } from '../helpers/context.js';
import { bearer, createAuthContext } from '../auth/helpers.js';
import { signedInEndUser, type EmbeddingSession, type EndUser } from '../helpers/end-users.js';
import {
  authorize,
  createPolicy,
  policyTenant,
  projectPolicies,
  setUserSkills,
  type PolicyTenant,
} from './helpers.js';

/**
 * The engine evaluates conditions that several policies share once per check (policies.engine.ts,
 * "How an action is decided"): every policy with them is still reported, in the same order, and a
 * change to one of them alone decides the very next check.
 */
describe('policies: policies sharing their conditions', function () {
  this.timeout(120_000);
  let ctx: TestContext;
  let t: PolicyTenant;
  let clerk: EndUser & EmbeddingSession;
  const policies: Array<{ id: string; name: string }> = [];

  const shared = {
    resource: { attributes: { status: { in: ['draft', 'review'] } } },
    context: { source_ip: ['10.0.0.0/8'] },
  };

  before(async () => {
    ctx = await createAuthContext();
    t = await policyTenant(ctx);
    clerk = await signedInEndUser(ctx, t.applicationId, { prefix: 'clerk' });
    await setUserSkills(ctx, t.admin, t.projectId, clerk.id, [{ name: 'Accounting', level: 2 }]);
    // Three allow policies with the same conditions, two with a skill at different levels.
    for (const [name, conditions] of [
      ['Drafts from the office A', shared],
      ['Skilled at 2', { subject: { skills: [{ name: 'Accounting', min_level: 2 }] } }],
      ['Drafts from the office B', shared],
      ['Skilled at 3', { subject: { skills: [{ name: 'Accounting', min_level: 3 }] } }],
      ['Drafts from the office C', shared],
    ] as const)
      policies.push(
        await createPolicy(ctx, t.admin.access_token, projectPolicies(t.projectId), {
          name,
          effect: 'allow',
          actions: ['invoice:approve'],
          conditions,
        }),
      );
  });
  after(() => ctx.close());

  const check = (status: string, ip: string) =>
    authorize(ctx, t.readToken, {
      subject: { user_id: clerk.id },
      action: 'invoice:approve',
      resource: { type: 'invoice', id: 'inv-1', attributes: { status } },
      context: { ip },
    });
  const names = (decision: { matched_policies: Array<{ name: string }> }) =>
    decision.matched_policies.map((policy) => policy.name).sort();

  it('reports every policy whose shared conditions match, and none when they do not', async () => {
    const inside = await check('draft', '10.1.2.3');
    expect(inside).to.include({ allowed: true, reason: 'allowed_by_policy' });
    expect(names(inside)).to.deep.equal([
      'Drafts from the office A',
      'Drafts from the office B',
      'Drafts from the office C',
      'Skilled at 2',
    ]);
    // The same check again (the action's plan is built): the same answer, in the same order.
    expect(await check('draft', '10.1.2.3')).to.deep.equal(inside);

    expect(names(await check('draft', '192.0.2.1'))).to.deep.equal(['Skilled at 2']);
    expect(names(await check('paid', '10.1.2.3'))).to.deep.equal(['Skilled at 2']);
  });

  it('a change to one of the policies sharing conditions decides the very next check', async () => {
    const [a, , b] = policies;
    await ctx.request
      .patch(`${projectPolicies(t.projectId)}/${b!.id}`)
      .set(bearer(t.admin.access_token))
      .send({ effect: 'deny' })
      .expect(200);
    const denied = await check('review', '10.9.9.9');
    expect(denied).to.deep.include({ allowed: false, reason: 'denied_by_policy' });
    expect(names(denied)).to.deep.equal(['Drafts from the office B']);

    await ctx.request
      .patch(`${projectPolicies(t.projectId)}/${b!.id}`)
      .set(bearer(t.admin.access_token))
      .send({ conditions: { resource: { attributes: { status: { equals: 'paid' } } } } })
      .expect(200);
    expect(names(await check('review', '10.9.9.9'))).to.deep.equal([
      'Drafts from the office A',
      'Drafts from the office C',
      'Skilled at 2',
    ]);
    await ctx.request
      .delete(`${projectPolicies(t.projectId)}/${a!.id}`)
      .set(bearer(t.admin.access_token))
      .expect(204);
    expect(names(await check('review', '10.9.9.9'))).to.deep.equal([
      'Drafts from the office C',
      'Skilled at 2',
    ]);
  });
});
