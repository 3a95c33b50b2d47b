import { expect } from 'chai';
import type { TestContext } from '../helpers/context.js';
import { bearer, createAuthContext, latestMail, linkIn, signedInUser } from '../auth/helpers.js';
import {
  acceptInvitation,
  addMember,
  createOrganization,
  createProject,
  type User,
} from '../projects/helpers.js';
import { createApplication, createToken } from '../tokens/helpers.js';

/** Issue #37 item 5: an invitation is a question to the invited person, not a membership. */
describe('invitations are accepted, not imposed', () => {
  let ctx: TestContext;
  let admin: User;

  const invite = (organizationId: string, user: User, as = admin, role = 'member') =>
    ctx.request
      .post(`/api/v1/organizations/${organizationId}/members`)
      .set(bearer(as.access_token))
      .send({ email: user.email, role });
  const invitationsOf = async (user: User) =>
    (await ctx.request.get('/api/v1/invitations').set(bearer(user.access_token)).expect(200)).body
      .data as Array<{
      id: string;
      organization: { id: string; name: string };
      role: string;
      invited_by: { id: string; email: string; display_name: string } | null;
      created_at: string;
    }>;
  const membersSeenBy = async (organizationId: string, user: User) =>
    (
      await ctx.request
        .get(`/api/v1/organizations/${organizationId}/members`)
        .set(bearer(user.access_token))
        .expect(200)
    ).body.data as Array<{ id: string; user_id: string; status: string; is_active: boolean }>;
  const answer = (user: User, id: string, verb: 'accept' | 'decline') =>
    ctx.request.post(`/api/v1/invitations/${id}/${verb}`).set(bearer(user.access_token));
  const seats = async (organizationId: string) =>
    (await ctx.services.organizations.findActive(organizationId))!.active_member_count;

  before(async () => {
    ctx = await createAuthContext();
    admin = await signedInUser(ctx, 'inviting-admin');
  });
  after(() => ctx.close());

  it('invites as pending: no access at all until the person accepts', async () => {
    const invitee = await signedInUser(ctx, 'pending');
    const organizationId = await createOrganization(ctx, admin);
    const project = await createProject(ctx, admin, organizationId);
    const applicationId = await createApplication(ctx, admin, project.id);
    const invited = await invite(organizationId, invitee).expect(201);
    expect(invited.body).to.include({ user_id: invitee.user.id, is_active: false, status: 'pending' });

    const as = bearer(invitee.access_token);
    const organizations = await ctx.request.get('/api/v1/organizations').set(as).expect(200);
    expect(organizations.body.data).to.deep.equal([]);
    for (const path of [
      `/api/v1/organizations/${organizationId}`,
      `/api/v1/organizations/${organizationId}/members`,
      `/api/v1/organizations/${organizationId}/webhooks`,
      `/api/v1/projects/${project.id}`,
      `/api/v1/applications/${applicationId}`,
    ]) {
      const response = await ctx.request.get(path).set(as);
      expect(response.status, path).to.equal(404);
    }
    const projects = await ctx.request.get('/api/v1/projects').set(as).expect(200);
    expect(projects.body.data).to.deep.equal([]);
    const token = await ctx.request
      .post('/api/v1/tokens')
      .set(as)
      .send({ name: 'sneaky', scopes: ['read'], application_id: applicationId });
    expect(token.status).to.equal(404);
    expect((await ctx.services.organizations.organizationIdsOf(invitee.user.id)).map(String)).not.to.include(
      organizationId,
    );
    const verify = await ctx.request.post('/api/v1/verify').set(as).expect(200);
    expect(JSON.stringify(verify.body)).not.to.contain(organizationId);

    // Accepted: now a member like any other.
    const accepted = await acceptInvitation(ctx, invitee, invited.body.id as string);
    expect(accepted).to.include({ id: invited.body.id, status: 'active', is_active: true });
    await ctx.request.get(`/api/v1/organizations/${organizationId}`).set(as).expect(200);
    await ctx.request.get(`/api/v1/projects/${project.id}`).set(as).expect(200);
  });

  it('lists the person’s pending invitations with who invited them; admins see them as pending', async () => {
    const invitee = await signedInUser(ctx, 'listed');
    const colleague = await signedInUser(ctx, 'colleague');
    await ctx.request
      .patch('/api/v1/auth/me')
      .set(bearer(admin.access_token))
      .send({ display_name: 'Ada Admin' })
      .expect(200);
    const organizationId = await createOrganization(ctx, admin);
    await addMember(ctx, admin, organizationId, colleague);
    const invited = (await invite(organizationId, invitee, admin, 'admin').expect(201)).body;

    const [invitation, ...more] = await invitationsOf(invitee);
    expect(more).to.deep.equal([]);
    expect(invitation).to.deep.equal({
      id: invited.id,
      organization: { id: organizationId, name: 'Acme' },
      role: 'admin',
      invited_by: { id: admin.user.id, email: admin.email, display_name: 'Ada Admin' },
      created_at: invitation!.created_at,
    });
    expect(Date.parse(invitation!.created_at)).to.be.closeTo(Date.now(), 60_000);
    expect(await invitationsOf(admin)).to.deep.equal([]);

    const byAdmin = await membersSeenBy(organizationId, admin);
    expect(byAdmin.find((m) => m.user_id === invitee.user.id)).to.include({
      status: 'pending',
      is_active: false,
    });
    expect(byAdmin.find((m) => m.user_id === colleague.user.id)).to.include({ status: 'active' });
    // A plain member sees who belongs, not whom the admins have asked.
    const byMember = await membersSeenBy(organizationId, colleague);
    expect(byMember.map((m) => m.user_id)).to.have.members([admin.user.id, colleague.user.id]);
  });

  it('only the invited person can answer: anyone else gets 404, and nothing changes', async () => {
    const invitee = await signedInUser(ctx, 'owned');
    const stranger = await signedInUser(ctx, 'stranger');
    const organizationId = await createOrganization(ctx, admin);
    const { id } = (await invite(organizationId, invitee).expect(201)).body as { id: string };
    for (const someone of [admin, stranger])
      for (const verb of ['accept', 'decline'] as const) {
        const response = await answer(someone, id, verb);
        expect(response.status).to.equal(404);
        expect(response.body).to.deep.equal({ error: 'Invitation not found.', code: 'invitation_not_found' });
      }
    expect((await answer(invitee, 'not-an-id', 'accept')).status).to.equal(400);
    expect((await answer(invitee, '0123456789abcdef01234567', 'accept')).status).to.equal(404);
    expect((await invitationsOf(invitee)).map((i) => i.id)).to.deep.equal([id]);
    expect((await membersSeenBy(organizationId, admin)).find((m) => m.id === id)).to.include({
      status: 'pending',
    });
    // Accepted once; a second answer finds nothing to answer.
    await answer(invitee, id, 'accept').expect(200);
    expect((await answer(invitee, id, 'accept')).status).to.equal(404);
    expect((await answer(invitee, id, 'decline')).status).to.equal(404);
  });

  it('declining removes the invitation and frees its seat; a pending invitation holds one', async () => {
    const [first, second] = [await signedInUser(ctx, 'seat-a'), await signedInUser(ctx, 'seat-b')];
    const organizationId = await createOrganization(ctx, admin);
    await ctx.request
      .patch(`/api/v1/organizations/${organizationId}`)
      .set(bearer(admin.access_token))
      .send({ max_members: 2 })
      .expect(200);
    const { id } = (await invite(organizationId, first!).expect(201)).body as { id: string };
    expect(await seats(organizationId)).to.equal(2);
    // The pending invitation holds the last seat, so accepting later can never exceed the limit.
    expect((await invite(organizationId, second!).expect(409)).body.code).to.equal('member_limit_reached');
    expect((await invite(organizationId, first!).expect(409)).body).to.deep.equal({
      error: 'This person has already been invited and has not answered yet.',
      code: 'invitation_pending',
    });

    await answer(first!, id, 'decline').expect(204);
    expect(await invitationsOf(first!)).to.deep.equal([]);
    expect((await membersSeenBy(organizationId, admin)).map((m) => m.user_id)).to.deep.equal([admin.user.id]);
    expect(await seats(organizationId)).to.equal(1);
    expect((await answer(first!, id, 'accept')).status).to.equal(404);
    const audit = await ctx.database.connection
      .collection('activity_logs')
      .findOne({ action: 'member.invitation_declined', resource_id: id });
    expect(String(audit?.user_id)).to.equal(first!.user.id);

    // The freed seat: the second person can be invited, accepts, and the organization is full.
    const next = (await invite(organizationId, second!).expect(201)).body as { id: string };
    await answer(second!, next.id, 'accept').expect(200);
    expect(await seats(organizationId)).to.equal(2);
  });

  it('an admin can withdraw a pending invitation, which frees its seat', async () => {
    const invitee = await signedInUser(ctx, 'withdrawn');
    const organizationId = await createOrganization(ctx, admin);
    const { id } = (await invite(organizationId, invitee).expect(201)).body as { id: string };
    await ctx.request
      .delete(`/api/v1/organizations/${organizationId}/members/${id}`)
      .set(bearer(admin.access_token))
      .expect(204);
    expect(await invitationsOf(invitee)).to.deep.equal([]);
    expect(await seats(organizationId)).to.equal(1);
    // The invitee cannot "leave" a membership they never had.
    const again = (await invite(organizationId, invitee).expect(201)).body as { id: string };
    const self = await ctx.request
      .delete(`/api/v1/organizations/${organizationId}/members/${again.id}`)
      .set(bearer(invitee.access_token));
    expect(self.status).to.equal(404);
  });

  it('the mail leads to the dashboard to answer; its one-click link declines a pending invitation', async () => {
    const invitee = await signedInUser(ctx, 'mailed');
    const organizationId = await createOrganization(ctx, admin);
    const { id } = (await invite(organizationId, invitee).expect(201)).body as { id: string };
    const mail = await latestMail(ctx, invitee.email, 'project_invitation');
    expect(mail.text).to.contain('eingeladen').and.to.contain('annehmen');
    const dashboardLink = linkIn(mail, '/organizations?invitation=');
    expect(dashboardLink.searchParams.get('invitation')).to.equal(id);
    const leave = linkIn(mail, '/invitations/leave');
    const token = leave.searchParams.get('token')!;
    const page = await ctx.request.get(`${leave.pathname}${leave.search}`).expect(200);
    expect(page.text).to.contain('eingeladen');

    await ctx.request.post('/api/v1/organizations/invitations/leave').send({ token }).expect(200);
    expect(await invitationsOf(invitee)).to.deep.equal([]);
    expect(await seats(organizationId)).to.equal(1);
    const audit = await ctx.database.connection
      .collection('activity_logs')
      .findOne({ action: 'member.invitation_declined', resource_id: id });
    expect(audit?.metadata).to.include({ via: 'invitation_leave_link' });
    // Single use, as before.
    await ctx.request.post('/api/v1/organizations/invitations/leave').send({ token }).expect(400);
  });

  it('is answered by a signed-in person only: API tokens get 403 token_not_allowed', async () => {
    const invitee = await signedInUser(ctx, 'tokened');
    const own = await createOrganization(ctx, invitee);
    const project = await createProject(ctx, invitee, own);
    const applicationId = await createApplication(ctx, invitee, project.id);
    const token = await createToken(ctx, invitee, applicationId);
    const organizationId = await createOrganization(ctx, admin);
    const { id } = (await invite(organizationId, invitee).expect(201)).body as { id: string };
    for (const request of [
      ctx.request.get('/api/v1/invitations'),
      ctx.request.post(`/api/v1/invitations/${id}/accept`),
      ctx.request.post(`/api/v1/invitations/${id}/decline`),
    ]) {
      const response = await request.set(bearer(token.token));
      expect(response.status).to.equal(403);
      expect(response.body.code).to.equal('token_not_allowed');
    }
    expect((await invitationsOf(invitee)).map((i) => i.id)).to.deep.equal([id]);
  });
});
