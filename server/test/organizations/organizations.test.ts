import { expect } from 'chai';
import type { TestContext } from '../helpers/context.js';
import { bearer, createAuthContext, outbox, signedInUser } from '../auth/helpers.js';
import { acceptInvitation, addMember } from '../projects/helpers.js';
import { userModel } from '../../src/modules/users/index.js';

type User = Awaited<ReturnType<typeof signedInUser>>;

describe('organizations and members', () => {
  let ctx: TestContext;
  let alice: User;
  let bob: User;
  let carol: User;
  let slugCounter = 0;
  const slug = (base = 'org') => `${base}-${Date.now().toString(36)}-${++slugCounter}`;

  const createOrg = async (user: User, body: Record<string, unknown> = {}) =>
    (
      await ctx.request
        .post('/api/v1/organizations')
        .set(bearer(user.access_token))
        .send({ name: 'Acme Inc', slug: slug(), ...body })
        .expect(201)
    ).body;

  before(async () => {
    ctx = await createAuthContext();
    alice = await signedInUser(ctx, 'alice');
    bob = await signedInUser(ctx, 'bob');
    carol = await signedInUser(ctx, 'carol');
  });
  after(() => ctx.close());

  describe('create', () => {
    it('creates the organization with the caller as its active admin', async () => {
      const org = await createOrg(alice, {
        name: 'Müller & Söhne',
        description: 'Bauunternehmen',
        website_url: 'mueller.example',
      });
      expect(org).to.include({
        name: 'Müller & Söhne',
        is_active: true,
        role: 'admin',
        created_by: alice.user.id,
        website_url: 'https://mueller.example',
        description: 'Bauunternehmen',
      });
      expect(org.max_members).to.equal(50);
      const members = await ctx.request
        .get(`/api/v1/organizations/${org.id}/members`)
        .set(bearer(alice.access_token))
        .expect(200);
      expect(members.body.data).to.have.length(1);
      expect(members.body.data[0]).to.include({ role: 'admin', is_active: true, user_id: alice.user.id });
      expect(members.body.data[0].user).to.include({ email: alice.email });
    });

    it('keeps http:// and https:// websites as they are', async () => {
      expect((await createOrg(alice, { website_url: 'http://plain.example' })).website_url).to.equal(
        'http://plain.example',
      );
    });

    it('requires name and slug, validates the slug and the website', async () => {
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ slug: slug() }, 'body.name'],
        [{ name: 'X' }, 'body.slug'],
        [{ name: 'X', slug: 'Not A Slug' }, 'body.slug'],
        [{ name: 'X', slug: slug(), website_url: 'not a url' }, 'body.website_url'],
        [{ name: '   ', slug: slug() }, 'body.name'],
      ];
      for (const [body, path] of cases) {
        const response = await ctx.request
          .post('/api/v1/organizations')
          .set(bearer(alice.access_token))
          .send(body)
          .expect(400);
        expect(response.body.details.map((d: { path: string }) => d.path)).to.include(path);
      }
    });

    it('refuses a slug that is taken (409) and creates nothing', async () => {
      const org = await createOrg(alice);
      const before = await ctx.database.connection.collection('organizations').countDocuments();
      const response = await ctx.request
        .post('/api/v1/organizations')
        .set(bearer(bob.access_token))
        .send({ name: 'Copy', slug: org.slug })
        .expect(409);
      expect(response.body.code).to.equal('slug_taken');
      expect(await ctx.database.connection.collection('organizations').countDocuments()).to.equal(before);
    });

    it('is audited', async () => {
      const org = await createOrg(alice);
      const entry = await ctx.database.connection
        .collection('activity_logs')
        .findOne({ action: 'organization.created', resource_id: org.id });
      expect(entry).to.include({ resource_type: 'organization', status_code: 201 });
      expect(String(entry!.organization_id)).to.equal(org.id);
    });
  });

  describe('list and read', () => {
    it('lists only organizations where the caller is an active member, newest first, paginated', async () => {
      const fresh = await signedInUser(ctx, 'lister');
      const first = await createOrg(fresh, { name: 'First' });
      const second = await createOrg(fresh, { name: 'Second' });
      const third = await createOrg(fresh, { name: 'Third' });
      await createOrg(bob, { name: 'Not mine' });
      const page1 = await ctx.request
        .get('/api/v1/organizations?limit=2')
        .set(bearer(fresh.access_token))
        .expect(200);
      expect(page1.body.data.map((o: { id: string }) => o.id)).to.deep.equal([third.id, second.id]);
      expect(page1.body.next_cursor).to.be.a('string');
      const page2 = await ctx.request
        .get(`/api/v1/organizations?limit=2&cursor=${page1.body.next_cursor}`)
        .set(bearer(fresh.access_token))
        .expect(200);
      expect(page2.body.data.map((o: { id: string }) => o.id)).to.deep.equal([first.id]);
      expect(page2.body.next_cursor).to.equal(null);
      await ctx.request
        .get('/api/v1/organizations?cursor=garbage')
        .set(bearer(fresh.access_token))
        .expect(400);
    });

    it("answers another tenant's organization with 404", async () => {
      const org = await createOrg(alice);
      const response = await ctx.request
        .get(`/api/v1/organizations/${org.id}`)
        .set(bearer(bob.access_token))
        .expect(404);
      expect(response.body.code).to.equal('organization_not_found');
      await ctx.request.get('/api/v1/organizations/not-an-id').set(bearer(bob.access_token)).expect(400);
    });
  });

  describe('update and deactivate', () => {
    it('lets admins update (slug and website rules apply) and refuses members with 403', async () => {
      const org = await createOrg(alice);
      await addMember(ctx, alice, org.id, bob);
      const updated = await ctx.request
        .patch(`/api/v1/organizations/${org.id}`)
        .set(bearer(alice.access_token))
        .send({ name: 'Acme GmbH', website_url: 'acme.example', description: '' })
        .expect(200);
      expect(updated.body).to.include({
        name: 'Acme GmbH',
        website_url: 'https://acme.example',
        description: null,
      });
      const denied = await ctx.request
        .patch(`/api/v1/organizations/${org.id}`)
        .set(bearer(bob.access_token))
        .send({ name: 'Hijacked' })
        .expect(403);
      expect(denied.body.code).to.equal('forbidden');
      const readBack = await ctx.request
        .get(`/api/v1/organizations/${org.id}`)
        .set(bearer(bob.access_token))
        .expect(200);
      expect(readBack.body).to.include({ name: 'Acme GmbH', role: 'member' });
      await ctx.request
        .patch(`/api/v1/organizations/${org.id}`)
        .set(bearer(alice.access_token))
        .send({})
        .expect(400);
    });

    it('deactivates and reactivates (admins only); the list shows the status', async () => {
      const org = await createOrg(alice);
      const off = await ctx.request
        .post(`/api/v1/organizations/${org.id}/deactivate`)
        .set(bearer(alice.access_token))
        .expect(200);
      expect(off.body.is_active).to.equal(false);
      const list = await ctx.request
        .get('/api/v1/organizations?limit=100')
        .set(bearer(alice.access_token))
        .expect(200);
      expect(list.body.data.find((o: { id: string }) => o.id === org.id).is_active).to.equal(false);
      const on = await ctx.request
        .post(`/api/v1/organizations/${org.id}/activate`)
        .set(bearer(alice.access_token))
        .expect(200);
      expect(on.body.is_active).to.equal(true);
    });
  });

  describe('members', () => {
    it('invites a registered user as member by default, records who invited, and mails them', async () => {
      const org = await createOrg(alice, { name: 'Invite Co' });
      const response = await ctx.request
        .post(`/api/v1/organizations/${org.id}/members`)
        .set(bearer(alice.access_token))
        .send({ email: carol.email.toUpperCase() })
        .expect(201);
      // Pending until Carol accepts (issue #37 item 5).
      expect(response.body).to.include({
        role: 'member',
        invited_by: alice.user.id,
        user_id: carol.user.id,
        is_active: false,
        status: 'pending',
      });
      expect(response.body.joined_at).to.be.a('string');
      const mail = (await outbox(ctx, carol.email)).find((m) => m.template_name === 'project_invitation');
      expect(mail?.text).to.contain('Invite Co');
      const accepted = await acceptInvitation(ctx, carol, response.body.id as string);
      expect(accepted).to.include({ id: response.body.id, is_active: true, status: 'active' });
      const carolsOrgs = await ctx.request
        .get('/api/v1/organizations?limit=100')
        .set(bearer(carol.access_token))
        .expect(200);
      expect(carolsOrgs.body.data.map((o: { id: string }) => o.id)).to.include(org.id);
    });

    it('refuses unknown e-mails and existing members with the spec messages', async () => {
      const org = await createOrg(alice);
      const unknown = await ctx.request
        .post(`/api/v1/organizations/${org.id}/members`)
        .set(bearer(alice.access_token))
        .send({ email: 'nobody@example.com' })
        .expect(404);
      expect(unknown.body.error).to.equal('User with this email not found. They need to register first.');
      await addMember(ctx, alice, org.id, bob, 'admin');
      const again = await ctx.request
        .post(`/api/v1/organizations/${org.id}/members`)
        .set(bearer(alice.access_token))
        .send({ email: bob.email })
        .expect(409);
      expect(again.body.error).to.equal('User is already a member of this organization');
      await ctx.request
        .post(`/api/v1/organizations/${org.id}/members`)
        .set(bearer(alice.access_token))
        .send({ email: carol.email, role: 'owner' })
        .expect(400);
    });

    it('lets only admins invite', async () => {
      const org = await createOrg(alice);
      await addMember(ctx, alice, org.id, bob);
      const denied = await ctx.request
        .post(`/api/v1/organizations/${org.id}/members`)
        .set(bearer(bob.access_token))
        .send({ email: carol.email })
        .expect(403);
      expect(denied.body.code).to.equal('forbidden');
    });

    it('changes roles, and never lets the organization lose its last admin', async () => {
      const org = await createOrg(alice);
      const members = await ctx.request
        .get(`/api/v1/organizations/${org.id}/members`)
        .set(bearer(alice.access_token))
        .expect(200);
      const aliceMember = members.body.data[0].id;
      const demote = await ctx.request
        .patch(`/api/v1/organizations/${org.id}/members/${aliceMember}`)
        .set(bearer(alice.access_token))
        .send({ role: 'member' })
        .expect(409);
      expect(demote.body.code).to.equal('last_admin');
      const leave = await ctx.request
        .delete(`/api/v1/organizations/${org.id}/members/${aliceMember}`)
        .set(bearer(alice.access_token))
        .expect(409);
      expect(leave.body.code).to.equal('last_admin');

      const bobMember = (await addMember(ctx, alice, org.id, bob)).id;
      const promoted = await ctx.request
        .patch(`/api/v1/organizations/${org.id}/members/${bobMember}`)
        .set(bearer(alice.access_token))
        .send({ role: 'admin' })
        .expect(200);
      expect(promoted.body.role).to.equal('admin');
      await ctx.request
        .patch(`/api/v1/organizations/${org.id}/members/${aliceMember}`)
        .set(bearer(alice.access_token))
        .send({ role: 'member' })
        .expect(200);
      // Alice is a member now: she can no longer manage members.
      await ctx.request
        .patch(`/api/v1/organizations/${org.id}/members/${bobMember}`)
        .set(bearer(alice.access_token))
        .send({ role: 'member' })
        .expect(403);
    });

    it('removes members (admins), lets members leave, and re-invites a removed member', async () => {
      const org = await createOrg(alice);
      const bobMember = (await addMember(ctx, alice, org.id, bob)).id;
      const carolMember = (await addMember(ctx, alice, org.id, carol)).id;
      await ctx.request
        .delete(`/api/v1/organizations/${org.id}/members/${carolMember}`)
        .set(bearer(bob.access_token))
        .expect(403);
      await ctx.request
        .delete(`/api/v1/organizations/${org.id}/members/${bobMember}`)
        .set(bearer(bob.access_token))
        .expect(204);
      await ctx.request.get(`/api/v1/organizations/${org.id}`).set(bearer(bob.access_token)).expect(404);
      await ctx.request
        .delete(`/api/v1/organizations/${org.id}/members/${carolMember}`)
        .set(bearer(alice.access_token))
        .expect(204);
      const list = await ctx.request
        .get(`/api/v1/organizations/${org.id}/members`)
        .set(bearer(alice.access_token))
        .expect(200);
      expect(list.body.data.map((m: { user_id: string }) => m.user_id)).to.deep.equal([alice.user.id]);
      const back = await ctx.request
        .post(`/api/v1/organizations/${org.id}/members`)
        .set(bearer(alice.access_token))
        .send({ email: bob.email, role: 'admin' })
        .expect(201);
      expect(back.body).to.include({ id: bobMember, role: 'admin', is_active: false, status: 'pending' });
      const rejoined = await acceptInvitation(ctx, bob, bobMember);
      expect(rejoined).to.include({ id: bobMember, role: 'admin', is_active: true, status: 'active' });
    });

    it("hides another tenant's members and refuses changes with 404", async () => {
      const org = await createOrg(alice);
      const aliceMember = (
        await ctx.request.get(`/api/v1/organizations/${org.id}/members`).set(bearer(alice.access_token))
      ).body.data[0].id;
      await ctx.request
        .get(`/api/v1/organizations/${org.id}/members`)
        .set(bearer(bob.access_token))
        .expect(404);
      await ctx.request
        .post(`/api/v1/organizations/${org.id}/members`)
        .set(bearer(bob.access_token))
        .send({ email: bob.email })
        .expect(404);
      await ctx.request
        .patch(`/api/v1/organizations/${org.id}/members/${aliceMember}`)
        .set(bearer(bob.access_token))
        .send({ role: 'member' })
        .expect(404);
      await ctx.request
        .delete(`/api/v1/organizations/${org.id}/members/${aliceMember}`)
        .set(bearer(bob.access_token))
        .expect(404);
      const still = await ctx.request
        .get(`/api/v1/organizations/${org.id}/members`)
        .set(bearer(alice.access_token));
      expect(still.body.data[0]).to.include({ role: 'admin', is_active: true });
    });
  });

  describe('verify, /auth/me and the activity trail', () => {
    it('POST /verify lists the caller’s organizations with roles', async () => {
      const user = await signedInUser(ctx, 'verifier');
      const org = await createOrg(user, { name: 'Verify Org' });
      const response = await ctx.request.post('/api/v1/verify').set(bearer(user.access_token)).expect(200);
      expect(response.body.organizations).to.deep.equal([
        { id: org.id, name: 'Verify Org', slug: org.slug, role: 'admin' },
      ]);
    });

    it("GET /activity-logs lists the caller's organizations' entries (default 10), filtered, never another tenant's", async () => {
      const user = await signedInUser(ctx, 'auditor');
      const org = await createOrg(user);
      for (let i = 0; i < 12; i += 1) {
        await ctx.request
          .patch(`/api/v1/organizations/${org.id}`)
          .set(bearer(user.access_token))
          .send({ description: `v${i}` })
          .expect(200);
      }
      const latest = await ctx.request
        .get('/api/v1/activity-logs')
        .set(bearer(user.access_token))
        .expect(200);
      expect(latest.body.data).to.have.length(10);
      expect(latest.body.data[0]).to.include({ action: 'organization.updated', organization_id: org.id });
      expect(latest.body.data[0].metadata).to.deep.equal({ fields: ['description'] });
      const created = await ctx.request
        .get('/api/v1/activity-logs')
        .query({ action: 'organization.created', organization_id: org.id })
        .set(bearer(user.access_token))
        .expect(200);
      expect(created.body.data).to.have.length(1);
      const own = await ctx.request
        .get('/api/v1/activity-logs')
        .query({ resource_type: 'user', limit: 500 })
        .set(bearer(user.access_token))
        .expect(200);
      expect(own.body.data.every((e: { user_id: string }) => e.user_id === user.user.id)).to.equal(true);
      expect(own.body.data.map((e: { action: string }) => e.action)).to.include('user.login');
      await ctx.request
        .get('/api/v1/activity-logs')
        .query({ organization_id: org.id })
        .set(bearer(bob.access_token))
        .expect(404);
      const bobs = await ctx.request
        .get('/api/v1/activity-logs')
        .query({ limit: 500 })
        .set(bearer(bob.access_token))
        .expect(200);
      expect(bobs.body.data.some((e: { organization_id: string }) => e.organization_id === org.id)).to.equal(
        false,
      );
      await ctx.request
        .get('/api/v1/activity-logs')
        .query({ limit: 501 })
        .set(bearer(user.access_token))
        .expect(400);
    });
  });
});

describe('global admin', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await createAuthContext({ ADMIN_EMAILS: 'ops@example.com' });
  });
  after(() => ctx.close());

  it('is the creator of the earliest organization, plus ADMIN_EMAILS; everyone else gets 403 with the spec message', async () => {
    const founder = await signedInUser(ctx, 'founder');
    const other = await signedInUser(ctx, 'other');
    expect(
      (await ctx.request.get('/api/v1/auth/me').set(bearer(founder.access_token))).body.is_admin,
    ).to.equal(false);
    await ctx.request
      .post('/api/v1/organizations')
      .set(bearer(founder.access_token))
      .send({ name: 'First', slug: 'first-org' })
      .expect(201);
    await ctx.request
      .post('/api/v1/organizations')
      .set(bearer(other.access_token))
      .send({ name: 'Second', slug: 'second-org' })
      .expect(201);
    expect(
      (await ctx.request.get('/api/v1/auth/me').set(bearer(founder.access_token))).body.is_admin,
    ).to.equal(true);
    expect((await ctx.request.get('/api/v1/auth/me').set(bearer(other.access_token))).body.is_admin).to.equal(
      false,
    );

    const users = await ctx.request.get('/api/v1/admin/users').set(bearer(founder.access_token)).expect(200);
    expect(users.body.data.map((u: { email: string }) => u.email)).to.deep.equal([
      other.email,
      founder.email,
    ]);
    expect(JSON.stringify(users.body)).not.to.match(/password|hash/);
    const orgs = await ctx.request
      .get('/api/v1/admin/organizations?limit=1')
      .set(bearer(founder.access_token))
      .expect(200);
    expect(orgs.body.data.map((o: { slug: string }) => o.slug)).to.deep.equal(['second-org']);
    expect(orgs.body.next_cursor).to.be.a('string');

    for (const path of ['/api/v1/admin/users', '/api/v1/admin/organizations']) {
      const denied = await ctx.request.get(path).set(bearer(other.access_token)).expect(403);
      expect(denied.body).to.deep.equal({
        error: 'Zugriff verweigert: Sie haben keine Admin-Berechtigung.',
        code: 'admin_only',
      });
      await ctx.request.get(path).expect(401);
    }

    const ops = await signedInUser(ctx, 'ops');
    // Through the model, as the server writes accounts: the account cache sees the change.
    await userModel(ctx.database.connection).updateOne(
      { _id: new (await import('mongoose')).Types.ObjectId(ops.user.id) },
      { $set: { email: 'ops@example.com' } },
    );
    const opsLogin = await ctx.request
      .post('/api/v1/auth/login')
      .send({ email: 'ops@example.com', password: ops.password })
      .expect(200);
    await ctx.request.get('/api/v1/admin/users').set(bearer(opsLogin.body.access_token)).expect(200);
  });
});

describe('organization creation when the membership write fails', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await createAuthContext();
  });
  after(() => ctx.close());

  it('removes the organization again: no half-created organization without its admin', async () => {
    const user = await signedInUser(ctx, 'half');
    await ctx.request
      .post('/api/v1/organizations')
      .set(bearer(user.access_token))
      .send({ name: 'One', slug: 'one-org' })
      .expect(201);
    // A real database failure for the second write: a unique index that the user's next
    // membership row violates.
    await ctx.database.connection
      .collection('organization_members')
      .createIndex({ user_id: 1 }, { unique: true, name: 'one_membership_per_user' });
    const response = await ctx.request
      .post('/api/v1/organizations')
      .set(bearer(user.access_token))
      .send({ name: 'Two', slug: 'two-org' });
    expect(response.status).to.equal(500);
    expect(
      await ctx.database.connection.collection('organizations').countDocuments({ slug: 'two-org' }),
    ).to.equal(0);
    await ctx.database.connection.collection('organization_members').dropIndex('one_membership_per_user');
    await ctx.request
      .post('/api/v1/organizations')
      .set(bearer(user.access_token))
      .send({ name: 'Two', slug: 'two-org' })
      .expect(201);
  });
});
