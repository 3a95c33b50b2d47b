import { expect } from 'chai';
import type { TestContext } from '../helpers/context.js';
import { createTenant, createToken } from '../tokens/helpers.js';
import { bearer, createAuthContext, latestMail, linkIn, login, PASSWORD, waitForMail } from './helpers.js';

/**
 * Someone who took over an account may have minted API tokens. Recovering the account — a reset
 * through the mailbox, or a password change — must not leave them working.
 */
describe('account recovery ends every credential', () => {
  let ctx: TestContext;

  before(async () => {
    ctx = await createAuthContext();
  });
  after(() => ctx.close());

  it('a password reset revokes API tokens and other sessions, and mails what it ended', async () => {
    const tenant = await createTenant(ctx, 'reset');
    const owner = tenant.user;
    const intruderToken = await createToken(ctx, owner, tenant.applicationId, { scopes: ['admin'] });
    await ctx.request.get('/api/v1/auth/me').set(bearer(intruderToken.token)).expect(200);

    await ctx.request
      .post('/api/v1/password-reset')
      .send({ action: 'generate', email: owner.email })
      .expect(200);
    const link = linkIn(await waitForMail(ctx, owner.email, 'password_reset'), '/auth?mode=reset');
    await ctx.request
      .post('/api/v1/password-reset')
      .send({ action: 'reset', token: link.searchParams.get('token'), new_password: 'a fresh password' })
      .expect(200);

    const refused = await ctx.request.get('/api/v1/auth/me').set(bearer(intruderToken.token)).expect(401);
    expect(refused.body.code).to.equal('api_token_revoked');
    await ctx.request.get('/api/v1/auth/me').set(bearer(owner.access_token)).expect(401);
    const notice = await latestMail(ctx, owner.email, 'password_changed');
    expect(notice.text).to.contain('alle API-Tokens widerrufen (1)');
  });

  it('a password change keeps this session, ends the others and revokes API tokens', async () => {
    const tenant = await createTenant(ctx, 'change');
    const owner = tenant.user;
    const otherDevice = await login(ctx, owner.email, PASSWORD);
    const intruderToken = await createToken(ctx, owner, tenant.applicationId);

    await ctx.request
      .patch('/api/v1/auth/me')
      .set(bearer(owner.access_token))
      .send({ current_password: PASSWORD, password: 'a fresh password' })
      .expect(200);

    await ctx.request.get('/api/v1/auth/me').set(bearer(owner.access_token)).expect(200);
    await ctx.request.get('/api/v1/auth/me').set(bearer(otherDevice.access_token)).expect(401);
    await ctx.request.get('/api/v1/auth/me').set(bearer(intruderToken.token)).expect(401);
    const listed = await ctx.request.get('/api/v1/tokens').set(bearer(owner.access_token)).expect(200);
    expect(listed.body.data.map((token: { status: string }) => token.status)).to.deep.equal(['revoked']);
    const notice = await latestMail(ctx, owner.email, 'password_changed');
    expect(notice.text).to.contain('alle anderen Anmeldungen beendet (1)');
  });
});
