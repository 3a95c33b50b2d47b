import { expect } from 'chai';
import type { TestContext } from '../helpers/context.js';
import { bearer } from '../auth/helpers.js';
import { createWebhook, createWebhookContext, startReceiver, type Receiver } from '../webhooks/helpers.js';
import {
  createPolicy,
  organizationPolicies,
  policyTenant,
  projectPolicies,
  type PolicyTenant,
} from './helpers.js';

interface PolicyEvent {
  type: string;
  organization_id: string;
  data: { policy: Record<string, unknown> };
}

/** policy.created, policy.updated and policy.deleted reach the organization's webhooks with the policy. */
describe('policies: webhook events', function () {
  this.timeout(120_000);
  let ctx: TestContext;
  let receiver: Receiver;
  let t: PolicyTenant;

  before(async () => {
    ctx = await createWebhookContext();
    receiver = await startReceiver();
    t = await policyTenant(ctx);
    await createWebhook(ctx, t.admin.access_token, t.organizationId, {
      url: receiver.url,
      events: ['policy.*'],
    });
  });
  after(async () => {
    await receiver.close();
    await ctx.close();
  });

  it('announces each change of a project’s and an organization’s policies', async () => {
    const project = await createPolicy(ctx, t.admin.access_token, projectPolicies(t.projectId), {
      name: 'Announced',
      effect: 'allow',
      actions: ['report:read'],
      conditions: { subject: { skills: [{ name: 'SQL', min_level: 2 }] } },
    });
    await ctx.request
      .patch(`${projectPolicies(t.projectId)}/${project.id}`)
      .set(bearer(t.admin.access_token))
      .send({ effect: 'deny' })
      .expect(200);
    await ctx.request
      .delete(`${projectPolicies(t.projectId)}/${project.id}`)
      .set(bearer(t.admin.access_token))
      .expect(204);
    const organization = await createPolicy(
      ctx,
      t.admin.access_token,
      organizationPolicies(t.organizationId),
      {
        name: 'Organization-wide',
        effect: 'deny',
        actions: ['*'],
      },
    );
    await receiver.waitFor(
      (requests) => requests.filter((r) => String(r.json.type).startsWith('policy.')).length >= 4,
    );
    const events = receiver.requests
      .map((r) => r.json as unknown as PolicyEvent)
      .filter((event) => event.type.startsWith('policy.'));
    expect(events.map((event) => [event.type, event.data.policy.id])).to.deep.equal([
      ['policy.created', project.id],
      ['policy.updated', project.id],
      ['policy.deleted', project.id],
      ['policy.created', organization.id],
    ]);
    expect(events[0]!.organization_id).to.equal(t.organizationId);
    expect(events[0]!.data.policy).to.deep.equal(project);
    expect(events[1]!.data.policy).to.include({ effect: 'deny' });
    expect(events[3]!.data.policy).to.include({ scope: 'organization', project_id: null });
  });
});
