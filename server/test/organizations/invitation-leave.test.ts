import { expect } from 'chai';
import type { TestContext } from '../helpers/context.js';
import { bearer, createAuthContext, latestMail, linkIn, outbox, signedInUser } from '../auth/helpers.js';
import { acceptInvitation, createOrganization, type User } from '../projects/helpers.js';

const LEAVE = '/api/v1/organizations/invitations/leave';

describe('invitations: the mail says who added you, and one click leaves again', () => {
  let ctx: TestContext;
  let admin: User;

  const invite = (organizationId: string, user: User, as = admin, role = 'member') =>
    ctx.request
      .post(`/api/v1/organizations/${organizationId}/members`)
      .set(bearer(as.access_token))
      .send({ email: user.email, role });
  /** Invited and accepted: an active member (invitations are pending until accepted). */
  const joined = async (organizationId: string, user: User, as = admin, role = 'member') => {
    const invitation = (await invite(organizationId, user, as, role).expect(201)).body as { id: string };
    await acceptInvitation(ctx, user, invitation.id);
    return invitation;
  };
  const isMember = async (organizationId: string, user: User) =>
    (await ctx.request.get(`/api/v1/organizations/${organizationId}`).set(bearer(user.access_token)))
      .status === 200;
  /** The leave link of the newest invitation mail to `user`, as a path the test app can request. */
  const leaveLinkOf = async (user: User) => {
    const link = linkIn(await latestMail(ctx, user.email, 'project_invitation'), '/invitations/leave');
    return { path: `${link.pathname}${link.search}`, token: link.searchParams.get('token')! };
  };

  before(async () => {
    ctx = await createAuthContext();
    admin = await signedInUser(ctx, 'inviter');
    await ctx.request
      .patch('/api/v1/auth/me')
      .set(bearer(admin.access_token))
      .send({ display_name: 'Grace Hopper' })
      .expect(200);
  });
  after(() => ctx.close());

  it('mails the invitee the inviter’s name and address, the organization and a leave link', async () => {
    const invitee = await signedInUser(ctx, 'invitee');
    const organizationId = await createOrganization(ctx, admin);
    await invite(organizationId, invitee).expect(201);
    const mail = await latestMail(ctx, invitee.email, 'project_invitation');
    expect(mail.subject).to.contain('Acme');
    expect(mail.text).to.contain(`Grace Hopper (${admin.email})`).and.to.contain('„Acme“');
    const { path } = await leaveLinkOf(invitee);
    expect(path).to.match(new RegExp(`^${LEAVE}\\?token=[\\w-]{43}$`));
    expect(mail.html).to.contain(path.replace(/&/g, '&amp;'));
  });

  it('the link opens a confirmation page that changes nothing; confirming ends the membership once', async () => {
    const invitee = await signedInUser(ctx, 'leaver');
    const organizationId = await createOrganization(ctx, admin);
    const membership = await joined(organizationId, invitee);
    const { path, token } = await leaveLinkOf(invitee);

    for (let i = 0; i < 2; i++) {
      const page = await ctx.request.get(path).expect(200);
      expect(page.headers['content-type']).to.match(/^text\/html/);
      expect(page.headers['cache-control']).to.equal('no-store');
      expect(page.text).to.contain('Acme').and.to.contain('Grace Hopper').and.to.contain(admin.email);
      expect(page.text)
        .to.match(/<form method="post"/)
        .and.to.contain(`value="${token}"`);
    }
    const asJson = await ctx.request.get(path).set('Accept', 'application/json').expect(200);
    expect(asJson.body).to.deep.equal({
      organization_id: organizationId,
      organization_name: 'Acme',
      inviter_name: 'Grace Hopper',
      inviter_email: admin.email,
    });
    expect(await isMember(organizationId, invitee)).to.equal(true);

    const left = await ctx.request.post(LEAVE).send({ token }).expect(200);
    expect(left.body).to.deep.equal({
      organization_id: organizationId,
      organization_name: 'Acme',
      inviter_name: 'Grace Hopper',
      inviter_email: admin.email,
    });
    expect(await isMember(organizationId, invitee)).to.equal(false);
    const members = await ctx.request
      .get(`/api/v1/organizations/${organizationId}/members`)
      .set(bearer(admin.access_token))
      .expect(200);
    expect(members.body.data.map((m: { user_id: string }) => m.user_id)).to.deep.equal([admin.user.id]);
    const entry = await ctx.database.connection
      .collection('activity_logs')
      .findOne({ action: 'member.left', resource_id: membership.id });
    expect(entry?.metadata).to.include({ via: 'invitation_leave_link', invited_by: admin.user.id });
    expect(String(entry?.user_id)).to.equal(invitee.user.id);

    // Single use: the same link again, as JSON and as the page.
    const again = await ctx.request.post(LEAVE).send({ token }).expect(400);
    expect(again.body).to.deep.equal({
      error: 'This link is invalid, has expired or has already been used.',
      code: 'invalid_leave_token',
    });
    const stale = await ctx.request.get(path).expect(400);
    expect(stale.text).to.contain('ungültig').and.not.to.contain('<form');
    const staleJson = await ctx.request.get(path).set('Accept', 'application/json').expect(400);
    expect(staleJson.body.code).to.equal('invalid_leave_token');
  });

  it('works from the page without JavaScript: the form post answers a page', async () => {
    const invitee = await signedInUser(ctx, 'formleaver');
    const organizationId = await createOrganization(ctx, admin);
    await joined(organizationId, invitee);
    const { path, token } = await leaveLinkOf(invitee);
    const page = await ctx.request.post(path).type('form').send({ token }).expect(200);
    expect(page.headers['content-type']).to.match(/^text\/html/);
    expect(page.text).to.contain('nicht mehr Mitglied').and.to.contain('Acme');
    expect(await isMember(organizationId, invitee)).to.equal(false);
    const reused = await ctx.request.post(path).type('form').send({ token }).expect(400);
    expect(reused.text).to.contain('ungültig');
  });

  it('stores only a hash of the token, and a re-invitation replaces the earlier link', async () => {
    const invitee = await signedInUser(ctx, 'reinvited');
    const organizationId = await createOrganization(ctx, admin);
    const membership = await joined(organizationId, invitee);
    const first = await leaveLinkOf(invitee);
    const stored = JSON.stringify(
      await ctx.database.connection.collection('invitation_leave_tokens').find({}).toArray(),
    );
    expect(stored).not.to.contain(first.token);
    await ctx.request
      .delete(`/api/v1/organizations/${organizationId}/members/${membership.id}`)
      .set(bearer(admin.access_token))
      .expect(204);
    await joined(organizationId, invitee);
    const second = await leaveLinkOf(invitee);
    expect(second.token).not.to.equal(first.token);
    expect((await ctx.request.post(LEAVE).send({ token: first.token }).expect(400)).body.code).to.equal(
      'invalid_leave_token',
    );
    expect(await isMember(organizationId, invitee)).to.equal(true);
    await ctx.request.post(LEAVE).send({ token: second.token }).expect(200);
    expect(await isMember(organizationId, invitee)).to.equal(false);
  });

  it('never removes the last admin: 409 last_admin, and the link keeps working once there is another', async () => {
    const invitee = await signedInUser(ctx, 'heir');
    const third = await signedInUser(ctx, 'third');
    const founder = await signedInUser(ctx, 'founder');
    const organizationId = await createOrganization(ctx, founder);
    await joined(organizationId, invitee, founder, 'admin');
    const { token } = await leaveLinkOf(invitee);
    const founderMember = (
      await ctx.request
        .get(`/api/v1/organizations/${organizationId}/members`)
        .set(bearer(founder.access_token))
        .expect(200)
    ).body.data.find((m: { user_id: string }) => m.user_id === founder.user.id).id;
    await ctx.request
      .delete(`/api/v1/organizations/${organizationId}/members/${founderMember}`)
      .set(bearer(founder.access_token))
      .expect(204);
    const refused = await ctx.request.post(LEAVE).send({ token }).expect(409);
    expect(refused.body.code).to.equal('last_admin');
    expect(await isMember(organizationId, invitee)).to.equal(true);
    await joined(organizationId, third, invitee, 'admin');
    await ctx.request.post(LEAVE).send({ token }).expect(200);
    expect(await isMember(organizationId, invitee)).to.equal(false);
  });

  it('ends only the membership it was sent for', async () => {
    const invitee = await signedInUser(ctx, 'twoorgs');
    const [first, second] = [await createOrganization(ctx, admin), await createOrganization(ctx, admin)];
    await joined(first!, invitee);
    const firstLink = await leaveLinkOf(invitee);
    await joined(second!, invitee);
    await ctx.request.post(LEAVE).send({ token: firstLink.token }).expect(200);
    expect(await isMember(first!, invitee)).to.equal(false);
    expect(await isMember(second!, invitee)).to.equal(true);
    expect(await isMember(first!, admin)).to.equal(true);
  });

  it('escapes what the inviter controls on the page', async () => {
    const invitee = await signedInUser(ctx, 'escaped');
    const created = await ctx.request
      .post('/api/v1/organizations')
      .set(bearer(admin.access_token))
      .send({ name: '<img src=x onerror=alert(1)>', slug: `xss-${Date.now().toString(36)}` })
      .expect(201);
    await invite(created.body.id as string, invitee).expect(201);
    const page = await ctx.request.get((await leaveLinkOf(invitee)).path).expect(200);
    expect(page.text).not.to.contain('<img');
    expect(page.text).to.contain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('answers unknown, missing and malformed tokens with 400, never 500', async () => {
    expect((await ctx.request.get(LEAVE).expect(400)).text).to.contain('ungültig');
    await ctx.request
      .get(LEAVE)
      .query({ token: 'x'.repeat(43) })
      .expect(400);
    for (const body of [{}, { token: '' }, { token: { $ne: null } }, { token: 'x'.repeat(500) }]) {
      await ctx.request.post(LEAVE).send(body).expect(400);
    }
    expect((await ctx.request.post(LEAVE).send({ token: 'nope' }).expect(400)).body.code).to.equal(
      'invalid_leave_token',
    );
  });

  it('invitations of unregistered addresses still answer the SPEC message, and send nothing', async () => {
    const organizationId = await createOrganization(ctx, admin);
    const response = await ctx.request
      .post(`/api/v1/organizations/${organizationId}/members`)
      .set(bearer(admin.access_token))
      .send({ email: 'nobody.here@example.com' })
      .expect(404);
    expect(response.body.error).to.equal('User with this email not found. They need to register first.');
    expect(await outbox(ctx, 'nobody.here@example.com')).to.deep.equal([]);
  });
});

describe('invitations are rate limited per inviter and per organization', () => {
  let ctx: TestContext;
  let registered: User;

  const invite = (organizationId: string, email: string, as: User) =>
    ctx.request
      .post(`/api/v1/organizations/${organizationId}/members`)
      .set(bearer(as.access_token))
      .send({ email });
  let probe = 0;
  const unknownAddress = () => `probe.${++probe}@example.org`;

  before(async () => {
    ctx = await createAuthContext();
    registered = await signedInUser(ctx, 'target');
  });
  after(() => ctx.close());

  it('31st invitation by one admin within the hour: 429 rate_limited with Retry-After, whatever the address', async () => {
    const prober = await signedInUser(ctx, 'prober');
    const organizations = [await createOrganization(ctx, prober), await createOrganization(ctx, prober)];
    for (let i = 0; i < 30; i++) {
      // Spread over two organizations: the limit is the inviter's, across organizations.
      await invite(organizations[i % 2]!, unknownAddress(), prober).expect(404);
    }
    for (const email of [unknownAddress(), registered.email]) {
      const refused = await invite(organizations[0]!, email, prober).expect(429);
      expect(refused.body).to.deep.equal({
        error: 'Too many invitations. Please try again later.',
        code: 'rate_limited',
      });
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).to.be.within(1, 3600);
    }
    expect(await outbox(ctx, registered.email)).to.satisfy((mails: Array<{ template_name: string }>) =>
      mails.every((m) => m.template_name !== 'project_invitation'),
    );
  });

  it('an organization takes 60 invitations an hour from all its admins together', async () => {
    const [first, second, third] = [
      await signedInUser(ctx, 'admin1'),
      await signedInUser(ctx, 'admin2'),
      await signedInUser(ctx, 'admin3'),
    ];
    const organizationId = await createOrganization(ctx, first!);
    for (const user of [second!, third!]) {
      const invitation = await invite(organizationId, user.email, first!).expect(201);
      await acceptInvitation(ctx, user, invitation.body.id as string);
    }
    for (const [id, role] of [
      [second!, 'admin'],
      [third!, 'admin'],
    ] as const) {
      const members = await ctx.request
        .get(`/api/v1/organizations/${organizationId}/members`)
        .set(bearer(first!.access_token));
      const memberId = members.body.data.find((m: { user_id: string }) => m.user_id === id.user.id).id;
      await ctx.request
        .patch(`/api/v1/organizations/${organizationId}/members/${memberId}`)
        .set(bearer(first!.access_token))
        .send({ role })
        .expect(200);
    }
    for (let i = 0; i < 28; i++) await invite(organizationId, unknownAddress(), first!).expect(404);
    for (let i = 0; i < 30; i++) await invite(organizationId, unknownAddress(), second!).expect(404);
    // 60 counted; the third admin has sent none, yet this organization is done for the hour…
    expect((await invite(organizationId, unknownAddress(), third!).expect(429)).body.code).to.equal(
      'rate_limited',
    );
    // …while the same admin can still invite into another organization.
    const elsewhere = await createOrganization(ctx, third!);
    await invite(elsewhere, unknownAddress(), third!).expect(404);
  });

  it('an outsider cannot spend an organization’s budget: their attempts are refused before counting', async () => {
    const owner = await signedInUser(ctx, 'owner');
    const outsider = await signedInUser(ctx, 'outsider');
    const organizationId = await createOrganization(ctx, owner);
    for (let i = 0; i < 70; i++) {
      const response = await invite(organizationId, unknownAddress(), outsider);
      expect(response.status).to.equal(404);
      expect(response.body.code).to.equal('organization_not_found');
    }
    await invite(organizationId, registered.email, owner).expect(201);
  });
});
