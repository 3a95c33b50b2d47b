import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { Types } from 'mongoose';
import supertest from 'supertest';
import type { TestContext } from '../helpers/context.js';
import { bearer, createAuthContext, signedInUser } from '../auth/helpers.js';
import { acceptInvitation, createOrganization, type User } from '../projects/helpers.js';

describe('max_members holds under concurrent invitations', () => {
  let ctx: TestContext;
  let admin: User;
  let users: User[];
  /**
   * One listening server for every request, so simultaneous requests really overlap (supertest
   * on the bare app would start a server per request and stagger them).
   */
  let server: Server;
  let live: ReturnType<typeof supertest>;

  const invite = (organizationId: string, user: User, as = admin) =>
    live
      .post(`/api/v1/organizations/${organizationId}/members`)
      .set(bearer(as.access_token))
      .send({ email: user.email });
  const limitTo = (organizationId: string, max: number) =>
    ctx.request
      .patch(`/api/v1/organizations/${organizationId}`)
      .set(bearer(admin.access_token))
      .send({ max_members: max })
      .expect(200);
  const activeMembers = async (organizationId: string) =>
    (
      await ctx.request
        .get(`/api/v1/organizations/${organizationId}/members`)
        .set(bearer(admin.access_token))
        .expect(200)
    ).body.data as Array<{ id: string; user_id: string }>;

  before(async () => {
    ctx = await createAuthContext();
    users = [];
    for (let i = 0; i < 8; i++) users.push(await signedInUser(ctx, `seat${i}`));
    server = ctx.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    live = supertest(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  });
  // A fresh admin per test, so the invitations of one test do not count towards the next one's
  // hourly invitation limit.
  beforeEach(async () => {
    admin = await signedInUser(ctx, 'limitadmin');
  });
  after(async () => {
    await new Promise((resolve) => server.close(resolve));
    await ctx.close();
  });

  it('8 simultaneous invitations into an organization with room for 2 more: exactly 2 get in, 6 get 409', async () => {
    const organizationId = await createOrganization(ctx, admin);
    await limitTo(organizationId, 3);
    const responses = await Promise.all(users.map((user) => invite(organizationId, user)));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).to.deep.equal([201, 201, 409, 409, 409, 409, 409, 409]);
    for (const refused of responses.filter((r) => r.status === 409))
      expect(refused.body).to.include({
        code: 'member_limit_reached',
        error: 'This organization has reached its member limit.',
      });
    expect(await activeMembers(organizationId)).to.have.length(3);
  });

  it('a seat freed by removal or leaving can be taken again, and only once', async () => {
    const organizationId = await createOrganization(ctx, admin);
    await limitTo(organizationId, 2);
    const first = await invite(organizationId, users[0]!).expect(201);
    expect((await invite(organizationId, users[1]!).expect(409)).body.code).to.equal('member_limit_reached');
    await ctx.request
      .delete(`/api/v1/organizations/${organizationId}/members/${first.body.id}`)
      .set(bearer(admin.access_token))
      .expect(204);
    // Removing the same member twice at once gives back one seat, not two.
    const second = await invite(organizationId, users[1]!).expect(201);
    const removals = await Promise.all(
      [0, 1].map(() =>
        live
          .delete(`/api/v1/organizations/${organizationId}/members/${second.body.id}`)
          .set(bearer(admin.access_token)),
      ),
    );
    expect(removals.map((r) => r.status).sort()).to.deep.equal([204, 404]);
    const refill = await Promise.all([invite(organizationId, users[2]!), invite(organizationId, users[3]!)]);
    expect(refill.map((r) => r.status).sort()).to.deep.equal([201, 409]);
    // The member who got in leaves on their own: the seat is free again.
    const inside = refill.find((r) => r.status === 201)!.body as { id: string; user_id: string };
    const leaver = users.find((u) => u.user.id === inside.user_id)!;
    await acceptInvitation(ctx, leaver, inside.id);
    await ctx.request
      .delete(`/api/v1/organizations/${organizationId}/members/${inside.id}`)
      .set(bearer(leaver.access_token))
      .expect(204);
    // A re-invitation of a removed member (reactivating their row) takes a seat like any other.
    await invite(organizationId, users[0]!).expect(201);
    expect((await invite(organizationId, users[4]!).expect(409)).body.code).to.equal('member_limit_reached');
    expect(await activeMembers(organizationId)).to.have.length(2);
  });

  it('the same person invited twice at once counts once', async () => {
    const organizationId = await createOrganization(ctx, admin);
    await limitTo(organizationId, 3);
    const twice = await Promise.all([invite(organizationId, users[5]!), invite(organizationId, users[5]!)]);
    expect(twice.map((r) => r.status).sort()).to.deep.equal([201, 409]);
    // The first one is a pending invitation: the second is told so (issue #37 item 5).
    expect(twice.find((r) => r.status === 409)!.body.code).to.equal('invitation_pending');
    await invite(organizationId, users[6]!).expect(201);
    expect(await activeMembers(organizationId)).to.have.length(3);
  });

  it('an organization stored before the counter existed is counted first, then held to its limit', async () => {
    const organizationId = await createOrganization(ctx, admin);
    await invite(organizationId, users[0]!).expect(201);
    await limitTo(organizationId, 4);
    await ctx.database.connection
      .collection('organizations')
      .updateOne({ _id: new Types.ObjectId(organizationId) }, { $unset: { active_member_count: '' } });
    const responses = await Promise.all(users.slice(1).map((user) => invite(organizationId, user)));
    expect(responses.map((r) => r.status).sort()).to.deep.equal([201, 201, 409, 409, 409, 409, 409]);
    expect(await activeMembers(organizationId)).to.have.length(4);
  });
});
