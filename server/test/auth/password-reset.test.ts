import { expect } from 'chai';
import type { TestContext } from '../helpers/context.js';
import {
  bearer,
  createAuthContext,
  linkIn,
  login,
  outbox,
  PASSWORD,
  signedInUser,
  uniqueEmail,
  waitForMail,
} from './helpers.js';

describe('POST /password-reset', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await createAuthContext();
  });
  after(() => ctx.close());

  const generate = (email: string) =>
    ctx.request.post('/api/v1/password-reset').send({ action: 'generate', email });
  const reset = (token: string | null, newPassword = 'brand new secret') =>
    ctx.request.post('/api/v1/password-reset').send({ action: 'reset', token, new_password: newPassword });
  const resetToken = async (email: string) =>
    linkIn(await waitForMail(ctx, email, 'password_reset'), '/auth?mode=reset').searchParams.get('token');

  it('answers known and unknown addresses identically, mailing only the real account', async () => {
    const user = await signedInUser(ctx);
    const stranger = uniqueEmail('stranger');
    const known = await generate(user.email).expect(200);
    const unknown = await generate(stranger).expect(200);
    expect(known.body).to.deep.equal(unknown.body);
    expect(known.body.success).to.equal(true);
    expect(await outbox(ctx, stranger)).to.have.length(0);
    const link = linkIn(await waitForMail(ctx, user.email, 'password_reset'), '/auth?mode=reset');
    expect(link.origin + link.pathname).to.equal(`${ctx.config.auth.dashboardUrl}/auth`);
  });

  it('resets with the mailed token, once, and ends every session', async () => {
    const user = await signedInUser(ctx);
    await generate(user.email).expect(200);
    const token = await resetToken(user.email);
    await reset(token).expect(200);
    await ctx.request.get('/api/v1/auth/me').set(bearer(user.access_token)).expect(401);
    await ctx.request.post('/api/v1/auth/refresh').send({ refresh_token: user.refresh_token }).expect(401);
    await ctx.request.post('/api/v1/auth/login').send({ email: user.email, password: PASSWORD }).expect(401);
    await login(ctx, user.email, 'brand new secret');

    const reused = await reset(token, 'yet another one').expect(400);
    expect(reused.body).to.deep.equal({
      error: 'The reset link is invalid, has expired or was already used.',
      code: 'invalid_reset_token',
    });
    await login(ctx, user.email, 'brand new secret');
  });

  it('refuses an expired token (older than one hour)', async () => {
    const user = await signedInUser(ctx);
    await generate(user.email).expect(200);
    const token = await resetToken(user.email);
    const tokens = ctx.database.connection.collection('auth_tokens');
    const stored = await tokens.findOne(
      { purpose: 'password_reset', used_at: null },
      { sort: { created_at: -1 } },
    );
    const validFor = stored!.expires_at.getTime() - stored!.created_at.getTime();
    expect(validFor).to.be.closeTo(3600 * 1000, 1000);
    await tokens.updateOne({ _id: stored!._id }, { $set: { expires_at: new Date(Date.now() - 1000) } });
    expect((await reset(token).expect(400)).body.code).to.equal('invalid_reset_token');
    await login(ctx, user.email, PASSWORD);
  });

  it('refuses unknown and missing tokens, and short passwords, changing nothing', async () => {
    expect((await reset('not-a-real-token').expect(400)).body.code).to.equal('invalid_reset_token');
    expect((await reset(null).expect(400)).body.code).to.equal('validation_failed');
    const user = await signedInUser(ctx);
    await generate(user.email).expect(200);
    const token = await resetToken(user.email);
    expect((await reset(token, '123').expect(400)).body.code).to.equal('password_too_short');
    // The failed attempt did not spend the token.
    await reset(token).expect(200);
  });

  it('refuses an unknown action', async () => {
    const response = await ctx.request
      .post('/api/v1/password-reset')
      .send({ action: 'drop', email: 'a@b.co' })
      .expect(400);
    expect(response.body.code).to.equal('validation_failed');
  });

  it('stores reset tokens only as SHA-256 hashes and audits the reset', async () => {
    const user = await signedInUser(ctx);
    await generate(user.email).expect(200);
    const token = await resetToken(user.email);
    const stored = await ctx.database.connection.collection('auth_tokens').find({}).toArray();
    expect(JSON.stringify(stored)).not.to.contain(token);
    await reset(token).expect(200);
    const actions = await ctx.database.connection
      .collection('activity_logs')
      .find({ resource_id: user.user.id })
      .map((entry) => entry.action)
      .toArray();
    expect(actions).to.include.members(['user.password_reset_requested', 'user.password_reset']);
  });
});
