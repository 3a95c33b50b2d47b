import { expect } from 'chai';
import { Types } from 'mongoose';
import type { TestContext } from '../helpers/context.js';
import { bearer, createAuthContext, signedInUser } from '../auth/helpers.js';
import { applicationHeader, endUserLogin, registerEndUser } from '../helpers/end-users.js';
import { createApplication, createOrganization, createProject, type User } from '../projects/helpers.js';

/** The JWT's claims, read without verifying (the server verified it when it answered). */
function claimsOf(token: string): { iat: number; exp: number; pool: string } {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
}

/** A pool's `session_lifetime_seconds` and `refresh_lifetime_seconds` shape its sessions. */
describe('user pools: session and refresh lifetimes', () => {
  let ctx: TestContext;
  let admin: User;
  let projectId: string;
  let applicationId: string;

  before(async () => {
    ctx = await createAuthContext();
    admin = await signedInUser(ctx, 'lifetimes-owner');
    const organizationId = await createOrganization(ctx, admin);
    projectId = (await createProject(ctx, admin, organizationId)).id;
    applicationId = (await createApplication(ctx, admin, projectId)).id;
    await ctx.request
      .patch(`/api/v1/projects/${projectId}/pool`)
      .set(bearer(admin.access_token))
      .send({ session_lifetime_seconds: 120, refresh_lifetime_seconds: 3600 })
      .expect(200);
  });
  after(() => ctx.close());

  it("issues the pool's access-token lifetime at sign-in and at every refresh", async () => {
    const user = await registerEndUser(ctx, applicationId);
    const session = await endUserLogin(ctx, applicationId, user.email, user.password);
    const claims = claimsOf(session.token);
    expect(claims.exp - claims.iat).to.equal(120);
    expect(claims.pool).to.equal(projectId);

    const refreshed = await ctx.request
      .post('/api/auth/refresh')
      .set(applicationHeader(applicationId))
      .send({ refresh_token: session.refresh_token })
      .expect(200);
    const again = claimsOf(refreshed.body.token as string);
    expect(again.exp - again.iat).to.equal(120);

    const stored = await ctx.database.connection
      .collection('auth_sessions')
      .findOne({ user_id: new Types.ObjectId(user.id) });
    const lifetimeS = (stored!.expires_at.getTime() - stored!.created_at.getTime()) / 1000;
    expect(lifetimeS).to.be.closeTo(3600, 2);
  });

  it("leaves the dashboard's own sessions at the configured lifetime", async () => {
    const claims = claimsOf(admin.access_token);
    expect(claims.exp - claims.iat).to.equal(900);
    expect(claims.pool).to.equal('platform');
  });
});
