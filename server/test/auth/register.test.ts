import { expect } from 'chai';
import { Types } from 'mongoose';
import type { TestContext } from '../helpers/context.js';
import { createTenant } from '../tokens/helpers.js';
import {
  createAuthContext,
  latestMail,
  linkIn,
  login,
  outbox,
  PASSWORD,
  register,
  uniqueEmail,
} from './helpers.js';

describe('registration and e-mail confirmation', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await createAuthContext();
  });
  after(() => ctx.close());

  it('registers, defaults the display name to the part before @ and asks for confirmation', async () => {
    const email = uniqueEmail('ada');
    const response = await register(ctx, `  ${email.toUpperCase()} `).expect(201);
    expect(response.body.confirmation_required).to.equal(true);
    expect(response.body.user).to.include({ email, display_name: email.split('@')[0], is_verified: false });
    expect(response.body.user).to.have.all.keys(
      'id',
      'email',
      'display_name',
      'is_verified',
      'created_at',
      'last_login_at',
    );
    const mail = await latestMail(ctx, email, 'email_confirmation');
    expect(linkIn(mail, '/api/v1/auth/confirm?token=').searchParams.get('token')).to.have.length.greaterThan(
      40,
    );
  });

  it('keeps a given display name', async () => {
    const response = await register(ctx, uniqueEmail(), PASSWORD, { display_name: 'Grace Hopper' }).expect(
      201,
    );
    expect(response.body.user.display_name).to.equal('Grace Hopper');
  });

  it('refuses passwords shorter than 6 characters and creates nothing', async () => {
    const email = uniqueEmail();
    const response = await register(ctx, email, '12345').expect(400);
    expect(response.body).to.deep.equal({
      error: 'Password must be at least 6 characters long',
      code: 'password_too_short',
    });
    expect(await outbox(ctx, email)).to.have.length(0);
    expect(await ctx.database.connection.collection('profiles').countDocuments({ email })).to.equal(0);
  });

  it('refuses invalid e-mails and NoSQL operator payloads with 400', async () => {
    const invalid = await register(ctx, 'not-an-email').expect(400);
    expect(invalid.body.code).to.equal('validation_failed');
    expect(invalid.body.details[0]).to.include({ path: 'body.email' });
    for (const payload of [
      { email: { $gt: '' }, password: PASSWORD },
      { email: uniqueEmail(), password: { $ne: null } },
    ]) {
      const response = await ctx.request.post('/api/v1/auth/register').send(payload).expect(400);
      expect(response.body.code).to.equal('validation_failed');
    }
  });

  it('does not reveal that an address is registered: same answer, and the owner is told instead', async () => {
    const email = uniqueEmail('taken');
    const first = await register(ctx, email).expect(201);
    const second = await register(ctx, email, 'another password').expect(201);
    const shape = (body: { user: Record<string, unknown>; confirmation_required: boolean }) => ({
      ...body,
      user: { ...body.user, id: '<id>', created_at: '<time>' },
    });
    expect(shape(second.body)).to.deep.equal(shape(first.body));
    expect(second.body.user.id).not.to.equal(first.body.user.id);
    const attempt = await latestMail(ctx, email, 'registration_attempt');
    expect(attempt.text).to.contain('/auth?mode=reset&token=');
    // The original password still works; the second registration changed nothing.
    const confirm = linkIn(await latestMail(ctx, email, 'email_confirmation'), '/auth/confirm');
    await ctx.request.get(`${confirm.pathname}${confirm.search}`).expect(303);
    await login(ctx, email, PASSWORD);
    await ctx.request.post('/api/v1/auth/login').send({ email, password: 'another password' }).expect(401);
  });

  it('refuses sign-in before confirmation with email_not_confirmed', async () => {
    const email = uniqueEmail();
    await register(ctx, email).expect(201);
    const response = await ctx.request
      .post('/api/v1/auth/login')
      .send({ email, password: PASSWORD })
      .expect(403);
    expect(response.body.code).to.equal('email_not_confirmed');
  });

  it('confirms through the mailed link, redirecting to the dashboard with a notice; the link works once', async () => {
    const email = uniqueEmail();
    await register(ctx, email).expect(201);
    const link = linkIn(await latestMail(ctx, email, 'email_confirmation'), '/auth/confirm');
    const confirmed = await ctx.request.get(`${link.pathname}${link.search}`).expect(303);
    expect(confirmed.headers.location).to.equal(`${ctx.config.auth.dashboardUrl}/auth?confirmed=1`);
    const again = await ctx.request.get(`${link.pathname}${link.search}`).expect(303);
    expect(again.headers.location).to.equal(
      `${ctx.config.auth.dashboardUrl}/auth?confirmation_error=invalid_confirmation_token`,
    );
    const session = await login(ctx, email);
    expect(session.user.email).to.equal(email);
    expect(await latestMail(ctx, email, 'welcome')).to.exist;
  });

  it('confirms with POST /auth/confirm and refuses unknown tokens', async () => {
    const email = uniqueEmail();
    await register(ctx, email).expect(201);
    const token = linkIn(
      await latestMail(ctx, email, 'email_confirmation'),
      '/auth/confirm',
    ).searchParams.get('token');
    const response = await ctx.request.post('/api/v1/auth/confirm').send({ token }).expect(200);
    expect(response.body.user).to.include({ email, is_verified: true });
    const unknown = await ctx.request.post('/api/v1/auth/confirm').send({ token: 'nope' }).expect(400);
    expect(unknown.body.code).to.equal('invalid_confirmation_token');
  });

  it('resends the confirmation (invalidating the old link) and answers the same for unknown addresses', async () => {
    const email = uniqueEmail();
    await register(ctx, email).expect(201);
    const oldLink = linkIn(await latestMail(ctx, email, 'email_confirmation'), '/auth/confirm');
    const known = await ctx.request.post('/api/v1/auth/resend-confirmation').send({ email }).expect(200);
    const unknown = await ctx.request
      .post('/api/v1/auth/resend-confirmation')
      .send({ email: uniqueEmail() })
      .expect(200);
    expect(unknown.body).to.deep.equal(known.body);
    // The new mail is sent after the response (so timing tells nothing); wait for it.
    let mails: Awaited<ReturnType<typeof outbox>> = [];
    for (let waited = 0; mails.length < 2 && waited < 5_000; waited += 25) {
      mails = (await outbox(ctx, email)).filter((mail) => mail.template_name === 'email_confirmation');
      if (mails.length < 2) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(mails).to.have.length(2);
    const old = await ctx.request
      .post('/api/v1/auth/confirm')
      .send({ token: oldLink.searchParams.get('token') })
      .expect(400);
    expect(old.body.code).to.equal('invalid_confirmation_token');
    const fresh = linkIn(mails[0]!, '/auth/confirm');
    await ctx.request
      .post('/api/v1/auth/confirm')
      .send({ token: fresh.searchParams.get('token') })
      .expect(200);
  });

  it('records sign-up and confirmation in the audit trail without secrets', async () => {
    const email = uniqueEmail('audit');
    const { body } = await register(ctx, email).expect(201);
    const link = linkIn(await latestMail(ctx, email, 'email_confirmation'), '/auth/confirm');
    await ctx.request.get(`${link.pathname}${link.search}`).expect(303);
    const entries = await ctx.database.connection
      .collection('activity_logs')
      .find({ resource_id: body.user.id })
      .sort({ created_at: 1 })
      .toArray();
    expect(entries.map((entry) => entry.action)).to.include.members([
      'user.registered',
      'user.email_confirmed',
    ]);
    expect(entries[0]).to.include({ resource_type: 'user', status_code: 201 });
    expect(entries[0]!.ip_address).to.be.a('string');
    const serialized = JSON.stringify(entries);
    expect(serialized).not.to.contain(PASSWORD);
    expect(serialized).not.to.contain(link.searchParams.get('token'));
  });

  it('refuses an application_id that names no active application, creating nothing', async () => {
    const email = uniqueEmail('app-signup');
    const unknown = await register(ctx, email, PASSWORD, {
      application_id: new Types.ObjectId().toHexString(),
    });
    expect(unknown.status).to.equal(400);
    expect(unknown.body.code).to.equal('unknown_application');
    expect(await ctx.database.connection.collection('profiles').countDocuments({ email })).to.equal(0);

    const tenant = await createTenant(ctx, 'signup-app');
    await register(ctx, email, PASSWORD, { application_id: tenant.applicationId }).expect(201);
    const stored = await ctx.database.connection.collection('profiles').findOne({ email });
    expect(String(stored?.registered_application_id)).to.equal(tenant.applicationId);
  });
});
