import { expect } from 'chai';
import { Types } from 'mongoose';
import type { TestContext } from '../helpers/context.js';
import { bearer, createAuthContext, signedInUser } from '../auth/helpers.js';
import { createApplication, createOrganization, createProject, type User } from '../projects/helpers.js';
import { enrolTotp, importUsers, SHOP, usersPath } from './helpers.js';

/** GET /api/v1/projects/{project_id}/users and …/users/{user_id} (issue #31, user management). */
describe('pool users: list, search, filters, detail', function () {
  this.timeout(60_000);
  let ctx: TestContext;
  let admin: User;
  let projectId: string;
  let applicationId: string;
  let otherProjectId: string;
  const ids: Record<string, string> = {};

  const list = (query: Record<string, string | number> = {}, id = projectId) =>
    ctx.request.get(usersPath(id)).query(query).set(bearer(admin.access_token));
  const emailsOf = (body: { data: Array<{ email: string }> }) => body.data.map((user) => user.email);
  const profiles = () => ctx.database.connection.collection('profiles');

  before(async () => {
    ctx = await createAuthContext();
    admin = await signedInUser(ctx, 'listadmin');
    const organizationId = await createOrganization(ctx, admin);
    projectId = (await createProject(ctx, admin, organizationId)).id;
    applicationId = (await createApplication(ctx, admin, projectId, { allowed_origins: [SHOP] })).id;
    otherProjectId = (await createProject(ctx, admin, organizationId)).id;
    // Oldest first, so the list (newest first) answers them in reverse.
    const people = [
      { email: 'anna.schmidt@shop.example', display_name: 'Anna Schmidt', email_verified: true },
      { email: 'bernd@mail.example', display_name: 'Bernd Müller', email_verified: true },
      { email: 'carla@shop.example', display_name: 'Carla', email_verified: false },
      { email: 'dieter@mail.example', display_name: 'Dieter Schmidtke' },
      { email: 'eva@shop.example', display_name: 'Eva' },
    ];
    for (const person of people) {
      await importUsers(ctx, admin, projectId, [person]);
      const stored = await profiles().findOne({ pool_id: projectId, email: person.email });
      ids[person.email.split(/[.@]/)[0]!] = String(stored!._id);
    }
    // The same address in another pool and in the platform pool: other accounts, never listed here.
    await importUsers(ctx, admin, otherProjectId, [{ email: 'anna.schmidt@shop.example' }]);
    await profiles().updateOne(
      { _id: new Types.ObjectId(ids.bernd) },
      { $set: { last_login_at: new Date('2025-01-10T00:00:00Z') } },
    );
    await profiles().updateOne(
      { _id: new Types.ObjectId(ids.carla) },
      { $set: { last_login_at: new Date('2025-06-10T00:00:00Z'), blocked_at: new Date() } },
    );
  });
  after(() => ctx.close());

  it('lists the pool’s users newest first, with the documented fields and nothing secret', async () => {
    const response = await list().expect(200);
    expect(emailsOf(response.body)).to.deep.equal([
      'eva@shop.example',
      'dieter@mail.example',
      'carla@shop.example',
      'bernd@mail.example',
      'anna.schmidt@shop.example',
    ]);
    expect(response.body.next_cursor).to.equal(null);
    const carla = response.body.data[2];
    expect(carla).to.have.all.keys(
      'id',
      'email',
      'display_name',
      'is_verified',
      'blocked',
      'blocked_at',
      'has_password',
      'signs_in_with_google',
      'second_factor',
      'registered_application_id',
      'created_at',
      'last_login_at',
      'roles',
      'skills',
    );
    expect(carla).to.include({ id: ids.carla, blocked: true, is_verified: false, second_factor: false });
    expect(JSON.stringify(response.body)).not.to.match(/password_hash|bcrypt|google_id/);
  });

  it('pages with limit and cursor without gaps or repeats', async () => {
    const first = await list({ limit: 2 }).expect(200);
    expect(first.body.data).to.have.length(2);
    const second = await list({ limit: 2, cursor: first.body.next_cursor }).expect(200);
    const third = await list({ limit: 2, cursor: second.body.next_cursor }).expect(200);
    expect(third.body.next_cursor).to.equal(null);
    expect([...emailsOf(first.body), ...emailsOf(second.body), ...emailsOf(third.body)]).to.have.length(5);
    expect(
      new Set([...emailsOf(first.body), ...emailsOf(second.body), ...emailsOf(third.body)]).size,
    ).to.equal(5);
    const bad = await list({ cursor: 'garbage' }).expect(400);
    expect(bad.body.code).to.equal('validation_failed');
  });

  it('searches the address and the name as a case-insensitive substring', async () => {
    expect(emailsOf((await list({ q: 'SCHMIDT' }).expect(200)).body)).to.deep.equal([
      'dieter@mail.example',
      'anna.schmidt@shop.example',
    ]);
    expect(emailsOf((await list({ q: '@mail.example' }).expect(200)).body)).to.deep.equal([
      'dieter@mail.example',
      'bernd@mail.example',
    ]);
    expect(emailsOf((await list({ q: 'müller' }).expect(200)).body)).to.deep.equal(['bernd@mail.example']);
    // Taken literally, not as a pattern.
    expect((await list({ q: '.*' }).expect(200)).body.data).to.deep.equal([]);
  });

  it('filters by verified, blocked and last sign-in, combined with the search', async () => {
    expect(emailsOf((await list({ verified: 'true' }).expect(200)).body)).to.deep.equal([
      'bernd@mail.example',
      'anna.schmidt@shop.example',
    ]);
    expect(emailsOf((await list({ blocked: 'true' }).expect(200)).body)).to.deep.equal([
      'carla@shop.example',
    ]);
    expect((await list({ blocked: 'false' }).expect(200)).body.data).to.have.length(4);
    expect(
      emailsOf((await list({ last_sign_in_after: '2025-03-01T00:00:00Z' }).expect(200)).body),
    ).to.deep.equal(['carla@shop.example']);
    expect(
      emailsOf((await list({ last_sign_in_before: '2025-03-01T00:00:00Z' }).expect(200)).body),
    ).to.deep.equal(['bernd@mail.example']);
    expect(emailsOf((await list({ q: 'shop', verified: 'false' }).expect(200)).body)).to.deep.equal([
      'eva@shop.example',
      'carla@shop.example',
    ]);
    const bad: Array<Record<string, string | number>> = [
      { verified: 'yes' },
      { last_sign_in_after: 'yesterday' },
      { limit: 1000 },
    ];
    for (const query of bad) {
      const response = await list(query).expect(400);
      expect(response.body.code).to.equal('validation_failed');
    }
  });

  it('filters by second factor, paging exactly over users without one', async () => {
    await enrolTotp(ctx, ids.eva!, projectId);

    expect(emailsOf((await list({ second_factor: 'true' }).expect(200)).body)).to.deep.equal([
      'eva@shop.example',
    ]);
    const page1 = await list({ second_factor: 'false', limit: 2 }).expect(200);
    expect(emailsOf(page1.body)).to.deep.equal(['dieter@mail.example', 'carla@shop.example']);
    const page2 = await list({ second_factor: 'false', limit: 2, cursor: page1.body.next_cursor }).expect(
      200,
    );
    expect(emailsOf(page2.body)).to.deep.equal(['bernd@mail.example', 'anna.schmidt@shop.example']);
    expect(page2.body.next_cursor).to.equal(null);
    expect((await list().expect(200)).body.data[0]).to.include({
      email: 'eva@shop.example',
      second_factor: true,
    });

    const detail = await ctx.request
      .get(usersPath(projectId, `/${ids.eva}`))
      .set(bearer(admin.access_token))
      .expect(200);
    expect(detail.body.second_factor).to.equal(true);
    expect(detail.body.second_factors.map((factor: { type: string }) => factor.type)).to.deep.equal(['totp']);
  });

  it('answers the detail: profile, live sessions, linked installations and anonymous ids, activity', async () => {
    await profiles().updateOne({ _id: new Types.ObjectId(ids.dieter) }, { $set: { is_verified: true } });
    await importUsersPassword(ids.dieter!);
    const login = await ctx.request
      .post('/api/auth/login')
      .set({ 'X-Application-ID': applicationId, Origin: SHOP })
      .send({
        email: 'dieter@mail.example',
        password: 'dieter password',
        anonymous_id: 'anon_dieter0001',
        installation_id: 'inst_dieter0001',
      });
    expect(login.status, JSON.stringify(login.body)).to.equal(200);
    // The link is made after the answer; wait for it.
    for (let i = 0; i < 100; i++) {
      const linked = await ctx.database.connection
        .collection('anonymous_users')
        .countDocuments({ user_id: new Types.ObjectId(ids.dieter) });
      if (linked > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const response = await ctx.request
      .get(usersPath(projectId, `/${ids.dieter}`))
      .set(bearer(admin.access_token))
      .expect(200);
    const body = response.body;
    expect(body).to.include({
      id: ids.dieter,
      email: 'dieter@mail.example',
      has_password: true,
      blocked: false,
    });
    expect(body.sessions).to.have.length(1);
    expect(body.sessions[0]).to.include({ application_id: applicationId, method: 'password' });
    expect(body.second_factors).to.deep.equal([]);
    expect(body.anonymous_users.map((row: { anonymous_id: string }) => row.anonymous_id)).to.deep.equal([
      'anon_dieter0001',
    ]);
    expect(body.installations.map((row: { installation_id: string }) => row.installation_id)).to.deep.equal([
      'inst_dieter0001',
    ]);
    expect(body.recent_activity.map((entry: { action: string }) => entry.action)).to.include('user.login');
    expect(body.recent_activity.map((entry: { action: string }) => entry.action)).not.to.include(
      'api.request',
    );
    expect(JSON.stringify(body)).not.to.match(/password_hash|bcrypt/);
  });

  it('answers 404 pool_user_not_found for another pool’s user, a platform account and an unknown id', async () => {
    const elsewhere = await profiles().findOne({ pool_id: otherProjectId });
    for (const userId of [String(elsewhere!._id), admin.user.id, new Types.ObjectId().toHexString()]) {
      const response = await ctx.request
        .get(usersPath(projectId, `/${userId}`))
        .set(bearer(admin.access_token))
        .expect(404);
      expect(response.body.code).to.equal('pool_user_not_found');
    }
    await ctx.request.get(usersPath(projectId, '/not-an-id')).set(bearer(admin.access_token)).expect(400);
  });

  /** Gives an imported account a password of ours (as a reset would), "<first name> password". */
  async function importUsersPassword(userId: string) {
    const user = await profiles().findOne({ _id: new Types.ObjectId(userId) });
    const password = `${(user!.email as string).split('@')[0]} password`;
    const hash = await ctx.services.passwords.hash(password);
    await profiles().updateOne({ _id: user!._id }, { $set: { password_hash: hash } });
  }
});
