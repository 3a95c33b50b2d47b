import { expect } from 'chai';
import { Types } from 'mongoose';
import type { TestContext } from '../helpers/context.js';
import { addMember } from '../projects/helpers.js';
import { bearer, createAuthContext, signedInUser } from '../auth/helpers.js';
import { createApplication, createTenant, createToken, type Tenant, type User } from './helpers.js';

describe('POST /api/v1/permissions', () => {
  let ctx: TestContext;
  let tenant: Tenant;
  let member: User;
  let stranger: Tenant;

  const ask = (credential: string, body: unknown) =>
    ctx.request
      .post('/api/v1/permissions')
      .set(bearer(credential))
      .send(body as object);

  before(async () => {
    ctx = await createAuthContext();
    tenant = await createTenant(ctx, 'permadmin');
    stranger = await createTenant(ctx, 'permstranger');
    const invited = await signedInUser(ctx, 'permmember');
    await addMember(ctx, tenant.user, tenant.organizationId, invited, 'member');
    member = invited;
  });
  after(() => ctx.close());

  it('gives an admin every flag', async () => {
    const response = await ask(tenant.user.access_token, { application_id: tenant.applicationId }).expect(
      200,
    );
    expect(response.body).to.deep.equal({
      application_id: tenant.applicationId,
      role: 'admin',
      roles: [],
      permissions: { read: true, write: true, delete: true, manage_members: true },
      application_permissions: [],
    });
  });

  it('gives a member read and write only', async () => {
    const response = await ask(member.access_token, { application_id: tenant.applicationId }).expect(200);
    expect(response.body).to.deep.equal({
      application_id: tenant.applicationId,
      role: 'member',
      roles: [],
      permissions: { read: true, write: true, delete: false, manage_members: false },
      application_permissions: [],
    });
  });

  it("answers 404 for another tenant's application and an unknown one", async () => {
    for (const applicationId of [stranger.applicationId, new Types.ObjectId().toHexString()]) {
      const response = await ask(tenant.user.access_token, { application_id: applicationId }).expect(404);
      expect(response.body.code).to.equal('application_not_found');
    }
  });

  it('answers 400 without a valid application id', async () => {
    for (const body of [{}, { application_id: 'nope' }, { application_id: { $gt: '' } }]) {
      const response = await ask(tenant.user.access_token, body).expect(400);
      expect(response.body.details.map((d: { path: string }) => d.path)).to.include('body.application_id');
    }
  });

  it('answers a read token about its own application only', async () => {
    const other = await createApplication(ctx, tenant.user, tenant.projectId, 'Other');
    const token = await createToken(ctx, tenant.user, tenant.applicationId, { scopes: ['read'] });
    const own = await ask(token.token, { application_id: tenant.applicationId }).expect(200);
    expect(own.body.role).to.equal('admin');
    const response = await ask(token.token, { application_id: other }).expect(404);
    expect(response.body.code).to.equal('application_not_found');
  });

  describe("a token's flags are its role's flags narrowed to its scopes", () => {
    const flagsOf = async (scopes: string[], user = tenant.user) => {
      const token = await createToken(ctx, user, tenant.applicationId, { scopes });
      const response = await ask(token.token, { application_id: tenant.applicationId });
      return { status: response.status, body: response.body };
    };

    it('read only: read, nothing else — even for an admin', async () => {
      const { status, body } = await flagsOf(['read']);
      expect(status).to.equal(200);
      expect(body).to.deep.equal({
        application_id: tenant.applicationId,
        role: 'admin',
        roles: [],
        permissions: { read: true, write: false, delete: false, manage_members: false },
        application_permissions: [],
      });
    });

    it('read and write: read and write', async () => {
      const { body } = await flagsOf(['read', 'write']);
      expect(body.permissions).to.deep.equal({
        read: true,
        write: true,
        delete: false,
        manage_members: false,
      });
    });

    it('read and delete for a member: the role still lacks delete', async () => {
      const { body } = await flagsOf(['read', 'delete'], member);
      expect(body.role).to.equal('member');
      expect(body.permissions).to.deep.equal({
        read: true,
        write: false,
        delete: false,
        manage_members: false,
      });
    });

    it('write only: may not ask at all (403 insufficient_scope, the route needs read)', async () => {
      const { status, body } = await flagsOf(['write']);
      expect(status).to.equal(403);
      expect(body.code).to.equal('insufficient_scope');
    });

    it('admin: every flag of the role', async () => {
      expect((await flagsOf(['admin'])).body.permissions).to.deep.equal({
        read: true,
        write: true,
        delete: true,
        manage_members: true,
      });
      const asMember = await flagsOf(['admin'], member);
      expect(asMember.body.permissions).to.deep.equal({
        read: true,
        write: true,
        delete: false,
        manage_members: false,
      });
    });
  });

  it('refuses a token without the read scope', async () => {
    const token = await createToken(ctx, tenant.user, tenant.applicationId, { scopes: ['analytics'] });
    const response = await ask(token.token, { application_id: tenant.applicationId }).expect(403);
    expect(response.body.code).to.equal('insufficient_scope');
  });

  it('requires authentication', async () => {
    await ctx.request.post('/api/v1/permissions').send({ application_id: tenant.applicationId }).expect(401);
  });
});
