import { expect } from 'chai';
import { Types } from 'mongoose';
import type { TestContext } from '../helpers/context.js';
import { bearer, createAuthContext, PASSWORD, signedInUser, uniqueEmail } from '../auth/helpers.js';
import { ageSession } from '../auth/step-up-helpers.js';
import {
  addMember,
  createApplication,
  createOrganization,
  createProject,
  createToken,
  type User,
} from '../projects/helpers.js';

/**
 * Who may change an application's OpenID Connect settings and its client secret (issue #32):
 * admins of its organization with a fresh proof of identity — redirect URIs decide where sign-in
 * codes go. Members 403, other tenants 404, API tokens and end users' tokens 403.
 */
describe('applications as OpenID clients: who may', function () {
  this.timeout(60_000);
  let ctx: TestContext;
  let admin: User;
  let member: User;
  let outsider: User;
  let organizationId: string;
  let projectId: string;
  let applicationId: string;

  const OIDC = { oidc: { client_type: 'web', redirect_uris: ['https://evil.example.com/cb'] } };
  const patch = (token: string, body: object, id = applicationId) =>
    ctx.request.patch(`/api/v1/applications/${id}`).set(bearer(token)).send(body);
  const rotate = (token: string, body: object = {}, id = applicationId) =>
    ctx.request.post(`/api/v1/applications/${id}/oidc/secret`).set(bearer(token)).send(body);
  const stored = (id = applicationId) =>
    ctx.database.connection.collection('applications').findOne({ _id: new Types.ObjectId(id) });

  /** The refusal, and the application's settings untouched by it. */
  async function expectRefused(
    request: Promise<{ status: number; body: { code: string } }>,
    status: number,
    code: string,
  ) {
    const before = (await stored())!.oidc;
    const response = await request;
    expect(response.status, JSON.stringify(response.body)).to.equal(status);
    expect(response.body.code).to.equal(code);
    expect((await stored())!.oidc, 'nothing written').to.deep.equal(before);
  }

  before(async () => {
    ctx = await createAuthContext({ EMAIL_CONFIRMATION_REQUIRED: 'false' });
    [admin, member, outsider] = await Promise.all([
      signedInUser(ctx, 'oidcwhoadmin'),
      signedInUser(ctx, 'oidcwhomember'),
      signedInUser(ctx, 'oidcwhooutsider'),
    ]);
    organizationId = await createOrganization(ctx, admin);
    await addMember(ctx, admin, organizationId, member);
    await createOrganization(ctx, outsider);
    projectId = (await createProject(ctx, admin, organizationId)).id;
    applicationId = (await createApplication(ctx, admin, projectId)).id;
    await patch(admin.access_token, {
      oidc: { client_type: 'web', redirect_uris: ['https://shop.example.com/cb'] },
    }).expect(200);
  });
  after(() => ctx.close());

  it('an admin with a fresh sign-in changes the settings and rotates the secret', async () => {
    await patch(admin.access_token, { oidc: { first_party: false } }).expect(200);
    const secret = await rotate(admin.access_token).expect(201);
    expect(secret.body.client_secret).to.be.a('string');
  });

  it('a member: 403 forbidden for oidc and the secret, while other fields stay theirs to change', async () => {
    await expectRefused(patch(member.access_token, OIDC), 403, 'forbidden');
    const refused = await patch(member.access_token, OIDC);
    expect(refused.body.error).to.match(/permission application:manage_oidc/);
    await expectRefused(rotate(member.access_token), 403, 'forbidden');
    await patch(member.access_token, { description: 'by a member' }).expect(200);
  });

  it('an admin of another organization: 404 as for any other tenant’s application', async () => {
    await expectRefused(patch(outsider.access_token, OIDC), 404, 'application_not_found');
    await expectRefused(rotate(outsider.access_token), 404, 'application_not_found');
  });

  it('API tokens, even with admin scope: 403 token_not_allowed for oidc and the secret', async () => {
    const token = await createToken(ctx, admin, applicationId, ['read', 'write', 'admin']);
    await expectRefused(patch(token, OIDC), 403, 'token_not_allowed');
    await expectRefused(patch(token, { name: 'Renamed', oidc: {} }), 403, 'token_not_allowed');
    await expectRefused(rotate(token), 403, 'token_not_allowed');
    // Other fields stay open to tokens with write, and tokens read the settings.
    await patch(token, { description: 'by a token' }).expect(200);
    const read = await ctx.request
      .get(`/api/v1/applications/${applicationId}`)
      .set(bearer(token))
      .expect(200);
    expect(read.body.oidc.client_type).to.equal('web');
    expect(read.body.oidc.redirect_uris).to.deep.equal(['https://shop.example.com/cb']);
  });

  it('an end user’s token of the project’s pool: 403 application_token_not_allowed', async () => {
    const email = uniqueEmail('oidcenduser');
    const app = { 'X-Application-ID': applicationId };
    await ctx.request.post('/api/auth/register').set(app).send({ email, password: PASSWORD }).expect(201);
    const signedIn = await ctx.request
      .post('/api/auth/login')
      .set(app)
      .send({ email, password: PASSWORD })
      .expect(200);
    const token = signedIn.body.token as string;
    await expectRefused(patch(token, OIDC), 403, 'application_token_not_allowed');
    await expectRefused(rotate(token), 403, 'application_token_not_allowed');
    const read = await ctx.request.get(`/api/v1/applications/${applicationId}`).set(bearer(token));
    expect(read.status).to.equal(403);
    expect(read.body.code).to.equal('application_token_not_allowed');
  });

  it('a stale session: 403 reauthentication_required for oidc and the secret, then works after a fresh proof', async () => {
    const stale = await signedInUser(ctx, 'oidcstale');
    await addMember(ctx, admin, organizationId, stale, 'admin');
    await ageSession(ctx, stale.access_token);
    await expectRefused(patch(stale.access_token, OIDC), 403, 'reauthentication_required');
    await expectRefused(rotate(stale.access_token), 403, 'reauthentication_required');
    const refusal = await rotate(stale.access_token);
    expect(refusal.body.methods).to.include('password');
    // Fields other than oidc need no step-up.
    await patch(stale.access_token, { description: 'stale but fine' }).expect(200);

    await ctx.request
      .post('/api/v1/auth/reauthenticate')
      .set(bearer(stale.access_token))
      .send({ password: PASSWORD })
      .expect(200);
    await patch(stale.access_token, { oidc: { first_party: true } }).expect(200);
    await rotate(stale.access_token).expect(201);
  });

  it('an unknown or deleted application: 404', async () => {
    const unknown = new Types.ObjectId().toHexString();
    expect((await patch(admin.access_token, OIDC, unknown)).status).to.equal(404);
    expect((await rotate(admin.access_token, {}, unknown)).status).to.equal(404);
    const deleted = (await createApplication(ctx, admin, projectId)).id;
    await ctx.request.delete(`/api/v1/applications/${deleted}`).set(bearer(admin.access_token)).expect(204);
    expect((await patch(admin.access_token, OIDC, deleted)).body.code).to.equal('application_not_found');
    expect((await rotate(admin.access_token, {}, deleted)).body.code).to.equal('application_not_found');
  });
});
