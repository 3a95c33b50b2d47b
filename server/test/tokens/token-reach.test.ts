import { expect } from 'chai';
import type { TestContext } from '../helpers/context.js';
import { bearer, createAuthContext } from '../auth/helpers.js';
import { createTenant, createToken } from './helpers.js';

/** A token is bound to one application: it must not see its owner's other organizations. */
describe("an API token's reach across its owner's organizations", () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await createAuthContext();
  });
  after(() => ctx.close());

  it('sees only its application’s organization in organization, member, verify and activity reads', async () => {
    const first = await createTenant(ctx, 'multi');
    const second = await createTenant(ctx, 'multi', first.user);
    const { token } = await createToken(ctx, first.user, first.applicationId, {
      scopes: ['read', 'analytics'],
    });
    const as = bearer(token);

    const list = await ctx.request.get('/api/v1/organizations').set(as).expect(200);
    expect(list.body.data.map((o: { id: string }) => o.id)).to.deep.equal([first.organizationId]);
    await ctx.request.get(`/api/v1/organizations/${first.organizationId}`).set(as).expect(200);
    await ctx.request.get(`/api/v1/organizations/${second.organizationId}`).set(as).expect(404);
    await ctx.request.get(`/api/v1/organizations/${second.organizationId}/members`).set(as).expect(404);

    const verify = await ctx.request.post('/api/v1/verify').set(as).expect(200);
    expect(verify.body.organizations.map((o: { id: string }) => o.id)).to.deep.equal([first.organizationId]);
    expect(verify.body.context).to.include({
      authenticated_via: 'api_token',
      application_id: first.applicationId,
    });

    const activity = await ctx.request.get('/api/v1/activity-logs').query({ limit: 500 }).set(as).expect(200);
    expect(activity.body.data.length).to.be.greaterThan(0);
    expect(
      activity.body.data.every(
        (e: { organization_id: string }) => e.organization_id === first.organizationId,
      ),
    ).to.equal(true);
    await ctx.request
      .get('/api/v1/activity-logs')
      .query({ organization_id: second.organizationId })
      .set(as)
      .expect(404);

    // The owner's own session still sees both.
    const own = await ctx.request
      .get('/api/v1/organizations')
      .set(bearer(first.user.access_token))
      .expect(200);
    expect(own.body.data).to.have.length(2);
  });
});
