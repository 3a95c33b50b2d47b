import { expect } from 'chai';
import { Types } from 'mongoose';
import type { TestContext } from '../helpers/context.js';
import { addMember } from '../projects/helpers.js';
import { bearer, createAuthContext, signedInUser } from '../auth/helpers.js';
import {
  createApplication,
  createTenant,
  createToken,
  storedToken,
  type CreatedToken,
  type Tenant,
} from './helpers.js';

const setStored = (ctx: TestContext, id: string, fields: Record<string, unknown>) =>
  ctx.database.connection
    .collection('api_tokens')
    .updateOne({ _id: new Types.ObjectId(id) }, { $set: fields });

describe('API tokens: authenticating with Bearer cs_…', () => {
  let ctx: TestContext;
  let tenant: Tenant;
  /** Another application of the same owner, in the same project. */
  let applicationY: string;
  let readToken: CreatedToken;

  before(async () => {
    ctx = await createAuthContext();
    tenant = await createTenant(ctx, 'tokenowner');
    applicationY = await createApplication(ctx, tenant.user, tenant.projectId, 'Y');
    readToken = await createToken(ctx, tenant.user, tenant.applicationId, {
      name: 'reader',
      scopes: ['read'],
    });
  });
  after(() => ctx.close());

  describe('a read token for application X', () => {
    it('authenticates read endpoints as its owner', async () => {
      const me = await ctx.request.get('/api/v1/auth/me').set(bearer(readToken.token)).expect(200);
      expect(me.body).to.include({ id: tenant.user.user.id, email: tenant.user.email });
      const verify = await ctx.request.post('/api/v1/verify').set(bearer(readToken.token)).expect(200);
      expect(verify.body.context).to.deep.equal({
        authenticated_via: 'api_token',
        session_id: null,
        scopes: ['read'],
        application_id: tenant.applicationId,
      });
      expect(verify.body.organizations.map((o: { id: string }) => o.id)).to.include(tenant.organizationId);
      const application = await ctx.request
        .get(`/api/v1/applications/${tenant.applicationId}`)
        .set(bearer(readToken.token))
        .expect(200);
      expect(application.body.id).to.equal(tenant.applicationId);
    });

    it('cannot write: 403 insufficient_scope, nothing changed', async () => {
      const response = await ctx.request
        .patch(`/api/v1/applications/${tenant.applicationId}`)
        .set(bearer(readToken.token))
        .send({ name: 'Renamed by token' })
        .expect(403);
      expect(response.body.code).to.equal('insufficient_scope');
      const application = await ctx.request
        .get(`/api/v1/applications/${tenant.applicationId}`)
        .set(bearer(tenant.user.access_token))
        .expect(200);
      expect(application.body.name).not.to.equal('Renamed by token');
    });

    it('cannot act on application Y of the same owner: 404', async () => {
      const get = await ctx.request
        .get(`/api/v1/applications/${applicationY}`)
        .set(bearer(readToken.token))
        .expect(404);
      expect(get.body.code).to.equal('application_not_found');
      await ctx.request
        .get(`/api/v1/applications/${applicationY}`)
        .set(bearer(tenant.user.access_token))
        .expect(200);
    });

    it('cannot reach session-only endpoints: 403 token_not_allowed', async () => {
      const calls = [
        ctx.request.post('/api/v1/organizations').send({ name: 'Token org', slug: 'token-org' }),
        ctx.request
          .post('/api/v1/tokens')
          .send({ name: 'child', scopes: ['read'], application_id: tenant.applicationId }),
        ctx.request.get('/api/v1/tokens'),
        ctx.request.post(`/api/v1/tokens/${readToken.id}/revoke`),
        ctx.request.patch('/api/v1/auth/me').send({ display_name: 'Token' }),
      ];
      for (const call of calls) {
        const response = await call.set(bearer(readToken.token)).expect(403);
        expect(response.body.code).to.equal('token_not_allowed');
      }
      expect(await storedToken(ctx, readToken.id)).to.include({ is_active: true });
      expect(
        await ctx.database.connection.collection('organizations').countDocuments({ slug: 'token-org' }),
      ).to.equal(0);
    });
  });

  it('a write token can write to its own application only', async () => {
    const writer = await createToken(ctx, tenant.user, tenant.applicationId, { scopes: ['read', 'write'] });
    const ok = await ctx.request
      .patch(`/api/v1/applications/${tenant.applicationId}`)
      .set(bearer(writer.token))
      .send({ description: 'via token' })
      .expect(200);
    expect(ok.body.description).to.equal('via token');
    await ctx.request
      .patch(`/api/v1/applications/${applicationY}`)
      .set(bearer(writer.token))
      .send({ description: 'via token' })
      .expect(404);
  });

  it('an admin token includes every scope', async () => {
    const admin = await createToken(ctx, tenant.user, tenant.applicationId, { scopes: ['admin'] });
    await ctx.request.get('/api/v1/auth/me').set(bearer(admin.token)).expect(200);
    await ctx.request
      .patch(`/api/v1/applications/${tenant.applicationId}`)
      .set(bearer(admin.token))
      .send({ version: '1.0.1' })
      .expect(200);
  });

  it('stops working the moment it is revoked: 401 api_token_revoked', async () => {
    const token = await createToken(ctx, tenant.user, tenant.applicationId);
    await ctx.request.get('/api/v1/auth/me').set(bearer(token.token)).expect(200);
    await ctx.request
      .post(`/api/v1/tokens/${token.id}/revoke`)
      .set(bearer(tenant.user.access_token))
      .expect(200);
    const response = await ctx.request.get('/api/v1/auth/me').set(bearer(token.token)).expect(401);
    expect(response.body).to.deep.equal({
      error: 'This API token has been revoked.',
      code: 'api_token_revoked',
    });
  });

  it('stops working once expired: 401 api_token_expired', async () => {
    // Real time passes (not a write behind the server's back): the token document is cached.
    const expiresAt = Date.now() + 1_000;
    const token = await createToken(ctx, tenant.user, tenant.applicationId, {
      expires_at: new Date(expiresAt).toISOString(),
    });
    await ctx.request.get('/api/v1/auth/me').set(bearer(token.token)).expect(200);
    await new Promise((resolve) => setTimeout(resolve, expiresAt - Date.now() + 10));
    const response = await ctx.request.get('/api/v1/auth/me').set(bearer(token.token)).expect(401);
    expect(response.body.code).to.equal('api_token_expired');
  });

  it('refuses unknown and malformed cs_ tokens with 401 invalid_api_token', async () => {
    const unknown = `cs_${'ab'.repeat(32)}`;
    const flipped = `${readToken.token.slice(0, -1)}${readToken.token.endsWith('0') ? '1' : '0'}`;
    for (const credential of [
      unknown,
      flipped,
      'cs_short',
      `${readToken.token}00`,
      readToken.token.toUpperCase().replace('CS_', 'cs_'),
    ]) {
      const response = await ctx.request.get('/api/v1/auth/me').set(bearer(credential)).expect(401);
      expect(response.body.code, credential).to.equal('invalid_api_token');
    }
  });

  it('leaves session access tokens working', async () => {
    await ctx.request.get('/api/v1/auth/me').set(bearer(tenant.user.access_token)).expect(200);
    const garbage = await ctx.request.get('/api/v1/auth/me').set(bearer('not-a-jwt')).expect(401);
    expect(garbage.body.code).to.equal('invalid_token');
  });

  describe('stops working when its grant goes away (401 api_token_no_access)', () => {
    it('the owner leaves the organization', async () => {
      const admin = await createTenant(ctx, 'orgadmin');
      const member = await signedInUser(ctx, 'leaver');
      const invite = { body: await addMember(ctx, admin.user, admin.organizationId, member) };
      const token = await createToken(ctx, member, admin.applicationId);
      await ctx.request.get('/api/v1/auth/me').set(bearer(token.token)).expect(200);
      await ctx.request
        .delete(`/api/v1/organizations/${admin.organizationId}/members/${invite.body.id}`)
        .set(bearer(admin.user.access_token))
        .expect(204);
      const response = await ctx.request.get('/api/v1/auth/me').set(bearer(token.token)).expect(401);
      expect(response.body.code).to.equal('api_token_no_access');
    });

    it('the application is deleted', async () => {
      const doomed = await createApplication(ctx, tenant.user, tenant.projectId, 'Doomed');
      const token = await createToken(ctx, tenant.user, doomed);
      await ctx.request.get('/api/v1/auth/me').set(bearer(token.token)).expect(200);
      await ctx.request
        .delete(`/api/v1/applications/${doomed}`)
        .set(bearer(tenant.user.access_token))
        .expect(204);
      const response = await ctx.request.get('/api/v1/auth/me').set(bearer(token.token)).expect(401);
      expect(response.body.code).to.equal('api_token_no_access');
    });
  });

  describe('last_used_at', () => {
    it('is null until first use, then set, and not rewritten within the throttle window', async () => {
      const token = await createToken(ctx, tenant.user, tenant.applicationId);
      expect((await storedToken(ctx, token.id))!.last_used_at).to.equal(null);
      const before = Date.now();
      await ctx.request.get('/api/v1/auth/me').set(bearer(token.token)).expect(200);
      const first = (await storedToken(ctx, token.id))!.last_used_at as Date;
      expect(first).to.be.instanceOf(Date);
      expect(first.getTime()).to.be.within(before - 5, Date.now());
      await new Promise((resolve) => setTimeout(resolve, 20));
      await Promise.all(
        [1, 2, 3, 4, 5].map(() => ctx.request.get('/api/v1/auth/me').set(bearer(token.token)).expect(200)),
      );
      expect(((await storedToken(ctx, token.id))!.last_used_at as Date).getTime()).to.equal(first.getTime());
      const listed = await ctx.request
        .get(`/api/v1/tokens/${token.id}`)
        .set(bearer(tenant.user.access_token))
        .expect(200);
      expect(listed.body.last_used_at).to.equal(first.toISOString());
    });

    it('is written again once the stored value is older than the window', async () => {
      const token = await createToken(ctx, tenant.user, tenant.applicationId);
      const stale = new Date(Date.now() - 61_000);
      await setStored(ctx, token.id, { last_used_at: stale });
      await ctx.request.get('/api/v1/auth/me').set(bearer(token.token)).expect(200);
      const updated = (await storedToken(ctx, token.id))!.last_used_at as Date;
      expect(updated.getTime()).to.be.greaterThan(stale.getTime() + 60_000);
    });

    it('is not touched by failed attempts', async () => {
      const token = await createToken(ctx, tenant.user, tenant.applicationId);
      await ctx.request
        .post(`/api/v1/tokens/${token.id}/revoke`)
        .set(bearer(tenant.user.access_token))
        .expect(200);
      await ctx.request.get('/api/v1/auth/me').set(bearer(token.token)).expect(401);
      expect((await storedToken(ctx, token.id))!.last_used_at).to.equal(null);
    });
  });
});
