import { expect } from 'chai';
import type { TestContext } from '../helpers/context.js';
import { bearer, createAuthContext, registerConfirmed, signedInUser, uniqueEmail } from '../auth/helpers.js';
import { registerEndUser } from '../helpers/end-users.js';
import { createApplication, createOrganization, createProject, type User } from '../projects/helpers.js';

/**
 * Look-ups by address outside sign-in name their pool: an end user of a project and a team account
 * with the same address are two people (docs/user-pools.md).
 */
describe('user pools: look-ups by address', () => {
  let ctx: TestContext;
  let admin: User;
  let organizationId: string;
  let applicationId: string;

  before(async () => {
    ctx = await createAuthContext();
    admin = await signedInUser(ctx, 'lookup-owner');
    organizationId = await createOrganization(ctx, admin);
    const projectId = (await createProject(ctx, admin, organizationId)).id;
    applicationId = (await createApplication(ctx, admin, projectId)).id;
  });
  after(() => ctx.close());

  it('invites the team account, never the end user with the same address', async () => {
    const email = uniqueEmail('both-roles');
    const endUser = await registerEndUser(ctx, applicationId, { email });
    // Only an end user so far: no team account to invite.
    const refused = await ctx.request
      .post(`/api/v1/organizations/${organizationId}/members`)
      .set(bearer(admin.access_token))
      .send({ email, role: 'member' });
    expect(refused.status).to.equal(404);
    expect(refused.body.code).to.equal('user_not_found');

    await registerConfirmed(ctx, email);
    const invited = await ctx.request
      .post(`/api/v1/organizations/${organizationId}/members`)
      .set(bearer(admin.access_token))
      .send({ email, role: 'member' })
      .expect(201);
    expect(invited.body.user_id).to.be.a('string').and.not.equal(endUser.id);
    const teamAccount = await ctx.database.connection
      .collection('profiles')
      .findOne({ email, pool_id: 'platform' });
    expect(String(teamAccount?._id)).to.equal(invited.body.user_id);
  });
});
