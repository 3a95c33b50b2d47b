import { expect } from 'chai';
import { Types } from 'mongoose';
import type { TestContext } from '../helpers/context.js';
import { bearer, createAuthContext, latestMail, linkIn, signedInUser, uniqueEmail } from '../auth/helpers.js';
import { ageSession } from '../auth/step-up-helpers.js';
import { createApplication, createOrganization, createProject, type User } from '../projects/helpers.js';
import {
  auditEntries,
  embeddedLogin,
  enrolTotp,
  OLD_PASSWORD,
  poolUser,
  SHOP,
  storedUser,
  usersPath,
  verifyEmbedded,
} from './helpers.js';

/** Block, unblock, sign-out, second-factor reset, reset mail, invitation, export, deletion (issue #31). */
describe('pool users: what admins do to a user', function () {
  this.timeout(60_000);
  let ctx: TestContext;
  let admin: User;
  let projectId: string;
  let applicationId: string;

  const post = (userId: string, action: string, token = admin.access_token) =>
    ctx.request.post(usersPath(projectId, `/${userId}/${action}`)).set(bearer(token));

  before(async () => {
    ctx = await createAuthContext();
    admin = await signedInUser(ctx, 'actionsadmin');
    const organizationId = await createOrganization(ctx, admin);
    projectId = (await createProject(ctx, admin, organizationId, { name: 'Kaffeehaus' })).id;
    applicationId = (await createApplication(ctx, admin, projectId, { allowed_origins: [SHOP] })).id;
  });
  after(() => ctx.close());

  describe('block and unblock', () => {
    it('blocking ends the sessions at once and refuses sign-in and refresh; unblocking lets in again', async () => {
      const user = await poolUser(ctx, admin, projectId);
      const first = await embeddedLogin(ctx, applicationId, user.email).expect(200);
      const second = await embeddedLogin(ctx, applicationId, user.email).expect(200);
      await verifyEmbedded(ctx, applicationId, first.body.token).expect(200);

      const blocked = await post(user.id, 'block').expect(200);
      expect(blocked.body).to.include({ id: user.id, blocked: true });
      expect(Date.parse(blocked.body.blocked_at)).to.be.closeTo(Date.now(), 60_000);

      for (const session of [first, second]) {
        await verifyEmbedded(ctx, applicationId, session.body.token).expect(401);
        await ctx.request
          .post('/api/auth/refresh')
          .set({ 'X-Application-ID': applicationId, Origin: SHOP })
          .send({ refresh_token: session.body.refresh_token })
          .expect((response) => expect(response.status).to.be.oneOf([401, 403]));
      }
      const refused = await embeddedLogin(ctx, applicationId, user.email).expect(403);
      expect(refused.body.code).to.equal('account_blocked');
      const stored = await ctx.database.connection
        .collection('auth_sessions')
        .find({ user_id: new Types.ObjectId(user.id) })
        .toArray();
      expect(stored.map((session) => session.revoke_reason)).to.deep.equal([
        'blocked_by_project',
        'blocked_by_project',
      ]);
      const [entry] = await auditEntries(ctx, projectId, 'user.blocked');
      expect(entry).to.include({ resource_id: user.id, resource_type: 'user' });
      expect(String(entry!.user_id)).to.equal(admin.user.id);
      expect(entry!.metadata).to.deep.equal({ sessions_ended: 2 });

      // Again: nothing changes, no second entry.
      await post(user.id, 'block').expect(200);
      expect(await auditEntries(ctx, projectId, 'user.blocked')).to.have.length(1);

      const unblocked = await post(user.id, 'unblock').expect(200);
      expect(unblocked.body).to.include({ blocked: false, blocked_at: null });
      await embeddedLogin(ctx, applicationId, user.email).expect(200);
      expect(await auditEntries(ctx, projectId, 'user.unblocked')).to.have.length(1);
    });

    it('blocking needs a fresh proof of identity (step-up)', async () => {
      const user = await poolUser(ctx, admin, projectId);
      const stale = await signedInUser(ctx, 'staleadmin');
      const organizationId = await createOrganization(ctx, stale);
      const ownProject = (await createProject(ctx, stale, organizationId)).id;
      const own = await poolUser(ctx, stale, ownProject);
      await ageSession(ctx, stale.access_token);
      const refused = await ctx.request
        .post(usersPath(ownProject, `/${own.id}/block`))
        .set(bearer(stale.access_token))
        .expect(403);
      expect(refused.body.code).to.equal('reauthentication_required');
      expect((await storedUser(ctx, own.id))!.blocked_at).to.equal(null);
      expect(user.id).to.be.a('string');
    });
  });

  it('sign-out ends every session of the user, who may sign in again', async () => {
    const user = await poolUser(ctx, admin, projectId);
    const session = await embeddedLogin(ctx, applicationId, user.email).expect(200);
    const response = await post(user.id, 'sign-out').expect(200);
    expect(response.body).to.deep.equal({ sessions_ended: 1 });
    await verifyEmbedded(ctx, applicationId, session.body.token).expect(401);
    await embeddedLogin(ctx, applicationId, user.email).expect(200);
    const [entry] = (await auditEntries(ctx, projectId, 'user.sessions_ended')).slice(-1);
    expect(entry).to.include({ resource_id: user.id });
  });

  it('second-factor reset removes TOTP; the user then signs in with the password alone', async () => {
    const user = await poolUser(ctx, admin, projectId);
    await enrolTotp(ctx, user.id, projectId);
    const challenged = await embeddedLogin(ctx, applicationId, user.email).expect(200);
    expect(challenged.body.mfa_required).to.equal(true);
    const response = await post(user.id, 'second-factor/reset').expect(200);
    expect(response.body.removed.map((factor: { type: string }) => factor.type)).to.deep.equal(['totp']);
    const session = await embeddedLogin(ctx, applicationId, user.email).expect(200);
    expect(session.body).to.have.property('token');
    const [entry] = (await auditEntries(ctx, projectId, 'user.second_factor_reset')).slice(-1);
    expect(entry).to.include({ resource_id: user.id });
    // Nothing left: a second reset removes nothing.
    expect((await post(user.id, 'second-factor/reset').expect(200)).body).to.deep.equal({ removed: [] });
  });

  it('password-reset mails a link to the pool’s hosted reset page, which sets a new password', async () => {
    const user = await poolUser(ctx, admin, projectId);
    const response = await post(user.id, 'password-reset').expect(202);
    expect(response.body).to.deep.equal({ sent_to: user.email });
    const link = linkIn(await latestMail(ctx, user.email, 'password_reset'), `/p/${projectId}/reset`);
    expect(link.origin).to.equal(ctx.config.publicUrl);
    const token = link.searchParams.get('token')!;
    await ctx.request
      .post('/api/v1/password-reset')
      .send({ action: 'reset', token, new_password: 'a brand new password' })
      .expect(200);
    await embeddedLogin(ctx, applicationId, user.email, 'a brand new password').expect(200);
    await embeddedLogin(ctx, applicationId, user.email, OLD_PASSWORD).expect(401);
    expect(await auditEntries(ctx, projectId, 'user.password_reset_sent')).to.have.length.of.at.least(1);
  });

  describe('invite', () => {
    it('creates the account without a password and mails a link to choose one (201); again: 200', async () => {
      const email = uniqueEmail('invited');
      const created = await ctx.request
        .post(usersPath(projectId, '/invite'))
        .set(bearer(admin.access_token))
        .send({ email: email.toUpperCase() })
        .expect(201);
      expect(created.body.created).to.equal(true);
      expect(created.body.user).to.include({
        email,
        has_password: false,
        is_verified: false,
        blocked: false,
      });
      const stored = await storedUser(ctx, created.body.user.id);
      expect(stored).to.include({ pool_id: projectId, password_hash: null });

      const mail = await latestMail(ctx, email, 'pool_invitation');
      expect(mail.subject).to.include('Kaffeehaus');
      const link = linkIn(mail, `/p/${projectId}/reset`);
      await ctx.request
        .post('/api/v1/password-reset')
        .send({
          action: 'reset',
          token: link.searchParams.get('token'),
          new_password: 'chosen by the invitee',
        })
        .expect(200);
      const session = await embeddedLogin(ctx, applicationId, email, 'chosen by the invitee').expect(200);
      expect(session.body.user.id).to.equal(created.body.user.id);
      // Only in this pool: the dashboard does not know the address.
      await ctx.request
        .post('/api/v1/auth/login')
        .send({ email, password: 'chosen by the invitee' })
        .expect(401);

      const again = await ctx.request
        .post(usersPath(projectId, '/invite'))
        .set(bearer(admin.access_token))
        .send({ email })
        .expect(200);
      expect(again.body).to.deep.include({ created: false });
      expect(again.body.user).to.include({ id: created.body.user.id, has_password: true });
      const entries = await auditEntries(ctx, projectId, 'user.invited');
      expect(entries.slice(-2).map((entry) => entry.metadata)).to.deep.equal([
        { created: true },
        { created: false },
      ]);
    });

    it('refuses a blocked user (409 pool_user_blocked) and a bad address (400)', async () => {
      const user = await poolUser(ctx, admin, projectId);
      await post(user.id, 'block').expect(200);
      const refused = await ctx.request
        .post(usersPath(projectId, '/invite'))
        .set(bearer(admin.access_token))
        .send({ email: user.email })
        .expect(409);
      expect(refused.body.code).to.equal('pool_user_blocked');
      expect((await post(user.id, 'password-reset').expect(409)).body.code).to.equal('pool_user_blocked');
      await ctx.request
        .post(usersPath(projectId, '/invite'))
        .set(bearer(admin.access_token))
        .send({ email: { $gt: '' } })
        .expect(400);
    });
  });

  it('export answers the person’s GDPR document as an attachment', async () => {
    const user = await poolUser(ctx, admin, projectId, { display_name: 'Exportierte Person' });
    await embeddedLogin(ctx, applicationId, user.email).expect(200);
    const response = await ctx.request
      .get(usersPath(projectId, `/${user.id}/export`))
      .set(bearer(admin.access_token))
      .buffer(true)
      .parse((res, done) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => done(null, text));
      })
      .expect(200);
    expect(response.headers['content-disposition']).to.match(/^attachment; filename="?user-/);
    const document = JSON.parse(response.body as string);
    expect(document).to.include({ format: 'iam-platform-personal-data/1', user_id: user.id });
    expect(document.profile).to.include({ email: user.email, display_name: 'Exportierte Person' });
    expect(document.profile).not.to.have.property('password_hash');
    expect(document.sessions).to.have.length(1);
    const [entry] = (await auditEntries(ctx, projectId, 'user.exported')).slice(-1);
    expect(entry).to.include({ resource_id: user.id });
  });

  it('delete erases the user through the privacy module; the address can come back as a new account', async () => {
    const user = await poolUser(ctx, admin, projectId);
    const session = await embeddedLogin(ctx, applicationId, user.email).expect(200);
    await ctx.request
      .delete(usersPath(projectId, `/${user.id}`))
      .set(bearer(admin.access_token))
      .expect(204);
    expect(await storedUser(ctx, user.id)).to.equal(null);
    await verifyEmbedded(ctx, applicationId, session.body.token).expect(401);
    await embeddedLogin(ctx, applicationId, user.email).expect(401);
    const left = await ctx.database.connection
      .collection('activity_logs')
      .countDocuments({ $or: [{ user_id: new Types.ObjectId(user.id) }, { resource_id: user.id }] });
    expect(left).to.equal(0);
    const [entry] = (await auditEntries(ctx, projectId, 'user.deleted_by_admin')).slice(-1);
    expect(entry).to.include({ resource_id: null, status_code: 204 });
    await ctx.request
      .delete(usersPath(projectId, `/${user.id}`))
      .set(bearer(admin.access_token))
      .expect(404);
    const again = await poolUser(ctx, admin, projectId, { email: user.email });
    expect(again.id).not.to.equal(user.id);
  });

  it('delete leaves the same address’s account in another pool and its mails alone', async () => {
    const email = uniqueEmail('twopools');
    const organizationId = await createOrganization(ctx, admin);
    const otherProject = (await createProject(ctx, admin, organizationId)).id;
    const here = await poolUser(ctx, admin, projectId, { email });
    const there = await poolUser(ctx, admin, otherProject, { email });
    const outbox = ctx.database.connection.collection('dev_outbox');
    await ctx.request
      .post(usersPath(otherProject, `/${there.id}/password-reset`))
      .set(bearer(admin.access_token))
      .expect(202);
    const mailsBefore = await outbox.countDocuments({ to: email });
    expect(mailsBefore).to.equal(1);
    await ctx.request
      .delete(usersPath(projectId, `/${here.id}`))
      .set(bearer(admin.access_token))
      .expect(204);
    expect(await storedUser(ctx, there.id)).to.include({ email, pool_id: otherProject });
    expect(await outbox.countDocuments({ to: email })).to.equal(mailsBefore);
    const logs = await ctx.database.connection
      .collection('email_logs')
      .find({ user_id: { $in: [there.id, new Types.ObjectId(there.id)] } })
      .toArray();
    expect(logs.map((log) => log.recipient_email)).to.deep.equal([email]);
  });
});
