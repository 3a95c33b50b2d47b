import { expect } from 'chai';
import { Types } from 'mongoose';
import type { TestContext } from '../helpers/context.js';
import { bearer, createAuthContext, signedInUser } from '../auth/helpers.js';
import { createApplication, createOrganization, createProject, createToken } from '../projects/helpers.js';
import { embeddedLogin, poolUser, storedUser } from '../pool-users/helpers.js';
import { memberSkillsPath, skillsTenant, userSkillsPath, type SkillsTenant } from './helpers.js';

const BODY = { skills: [{ name: 'Matrix', level: 3 }] };

/**
 * Who may set skills (issue #33): admins and roles with `skill:manage`; members and roles
 * without it get 403 forbidden naming the permission; other tenants 404; API tokens as the
 * routes' neighbours treat them; end users' own sessions never.
 */
describe('skills: authorization', function () {
  this.timeout(120_000);
  let ctx: TestContext;
  let t: SkillsTenant;

  const putMember = (
    token: string | null,
    organizationId = t.organizationId,
    memberId = t.rows.member.id,
  ) => {
    const request = ctx.request.put(memberSkillsPath(organizationId, memberId));
    if (token) request.set(bearer(token));
    return request.send(BODY);
  };
  const putUser = (token: string | null, projectId = t.projectId, userId = t.endUser.id) => {
    const request = ctx.request.put(userSkillsPath(projectId, userId));
    if (token) request.set(bearer(token));
    return request.send(BODY);
  };
  const memberSkills = async () =>
    (
      await ctx.database.connection
        .collection('organization_members')
        .findOne({ _id: new Types.ObjectId(t.rows.member.id) })
    )?.skills ?? [];
  const clear = async () => {
    await ctx.request
      .put(memberSkillsPath(t.organizationId, t.rows.member.id))
      .set(bearer(t.admin.access_token))
      .send({ skills: [] })
      .expect(200);
    await ctx.request
      .put(userSkillsPath(t.projectId, t.endUser.id))
      .set(bearer(t.admin.access_token))
      .send({ skills: [] })
      .expect(200);
  };

  before(async () => {
    ctx = await createAuthContext();
    t = await skillsTenant(ctx);
  });
  beforeEach(clear);
  after(() => ctx.close());

  it('anonymous callers get 401', async () => {
    expect((await putMember(null)).status).to.equal(401);
    expect((await putUser(null)).status).to.equal(401);
  });

  it('admins set both', async () => {
    expect((await putMember(t.admin.access_token)).status).to.equal(200);
    expect((await putUser(t.admin.access_token)).status).to.equal(200);
    expect(await memberSkills()).to.deep.equal(BODY.skills);
    expect((await storedUser(ctx, t.endUser.id))!.skills).to.deep.equal(BODY.skills);
  });

  it('a custom role with skill:manage sets both (also its own skills)', async () => {
    expect((await putMember(t.keeper.access_token)).status).to.equal(200);
    expect((await putUser(t.keeper.access_token)).status).to.equal(200);
    const own = await putMember(t.keeper.access_token, t.organizationId, t.rows.keeper.id);
    expect(own.status).to.equal(200);
    expect(own.body.skills).to.deep.equal(BODY.skills);
  });

  for (const who of ['member', 'reader'] as const)
    it(`${who === 'member' ? 'a member' : 'a custom role without skill:manage'} gets 403 forbidden naming skill:manage; nothing changes`, async () => {
      for (const response of [await putMember(t[who].access_token), await putUser(t[who].access_token)]) {
        expect(response.status).to.equal(403);
        expect(response.body).to.include({ code: 'forbidden', permission: 'skill:manage' });
        expect(response.body.error).to.contain('skill:manage');
        expect(response.body.details).to.deep.equal([{ path: 'permission', message: 'skill:manage' }]);
      }
      // Not even their own.
      const own = await putMember(t[who].access_token, t.organizationId, t.rows[who].id);
      expect(own.status).to.equal(403);
      expect(await memberSkills()).to.deep.equal([]);
      expect((await storedUser(ctx, t.endUser.id))!.skills).to.deep.equal([]);
    });

  it('another tenant’s admin gets 404 (organization_not_found, project_not_found)', async () => {
    const member = await putMember(t.stranger.access_token);
    expect([member.status, member.body.code]).to.deep.equal([404, 'organization_not_found']);
    const user = await putUser(t.stranger.access_token);
    expect([user.status, user.body.code]).to.deep.equal([404, 'project_not_found']);
    expect(await memberSkills()).to.deep.equal([]);
  });

  it('a member id of another organization answers 404 member_not_found', async () => {
    const organizationId = await createOrganization(ctx, t.admin);
    const response = await putMember(t.admin.access_token, organizationId, t.rows.member.id);
    expect([response.status, response.body.code]).to.deep.equal([404, 'member_not_found']);
    expect(await memberSkills()).to.deep.equal([]);
  });

  it('another pool’s user (and a dashboard account) answers 404 pool_user_not_found', async () => {
    const otherProject = (await createProject(ctx, t.admin, t.organizationId)).id;
    const elsewhere = await poolUser(ctx, t.admin, otherProject);
    const response = await putUser(t.admin.access_token, t.projectId, elsewhere.id);
    expect([response.status, response.body.code]).to.deep.equal([404, 'pool_user_not_found']);
    expect((await storedUser(ctx, elsewhere.id))!.skills).to.deep.equal([]);
    // The stranger's own project with our user's id: not in their pool.
    const stranger = await putUser(t.stranger.access_token, t.strangerProjectId, t.endUser.id);
    expect([stranger.status, stranger.body.code]).to.deep.equal([404, 'pool_user_not_found']);
    const platform = await putUser(t.admin.access_token, t.projectId, t.member.user.id);
    expect(platform.body.code).to.equal('pool_user_not_found');
  });

  it('pending invitations: admins (who see them) may set skills; a role without invitation:read gets 404', async () => {
    const invitee = await signedInUser(ctx, 'skills-invitee');
    const invited = await ctx.request
      .post(`/api/v1/organizations/${t.organizationId}/members`)
      .set(bearer(t.admin.access_token))
      .send({ email: invitee.email, role: 'member' })
      .expect(201);
    const admin = await putMember(t.admin.access_token, t.organizationId, invited.body.id as string);
    expect(admin.status).to.equal(200);
    expect(admin.body).to.include({ status: 'pending' });
    const keeper = await putMember(t.keeper.access_token, t.organizationId, invited.body.id as string);
    expect([keeper.status, keeper.body.code]).to.deep.equal([404, 'member_not_found']);
  });

  describe('API tokens', () => {
    it('the members route takes none (403 token_not_allowed), like every change to members', async () => {
      const token = await createToken(ctx, t.admin, t.applicationId, ['read', 'write', 'delete', 'admin']);
      const response = await putMember(token);
      expect([response.status, response.body.code]).to.deep.equal([403, 'token_not_allowed']);
      expect(await memberSkills()).to.deep.equal([]);
    });

    it('the users route: a read token gets 403 insufficient_scope, an admin’s write token sets them', async () => {
      const read = await createToken(ctx, t.admin, t.applicationId, ['read']);
      const refused = await putUser(read);
      expect([refused.status, refused.body.code]).to.deep.equal([403, 'insufficient_scope']);
      const write = await createToken(ctx, t.admin, t.applicationId, ['write']);
      const response = await putUser(write);
      expect(response.status, JSON.stringify(response.body)).to.equal(200);
      expect(response.body.skills).to.deep.equal(BODY.skills);
    });

    it('a member’s write token is still a member’s: 403 forbidden naming skill:manage', async () => {
      const token = await createToken(ctx, t.member, t.applicationId, ['read', 'write']);
      const response = await putUser(token);
      expect(response.status).to.equal(403);
      expect(response.body).to.include({ code: 'forbidden', permission: 'skill:manage' });
    });

    it('a token of another project’s application answers 404 project_not_found', async () => {
      const sibling = (await createProject(ctx, t.admin, t.organizationId)).id;
      const siblingApplication = (await createApplication(ctx, t.admin, sibling)).id;
      const token = await createToken(ctx, t.admin, siblingApplication, ['write']);
      const response = await putUser(token);
      expect([response.status, response.body.code]).to.deep.equal([404, 'project_not_found']);
    });
  });

  it('an end user’s own session (an application session of the pool) gets 403 application_token_not_allowed', async () => {
    const session = await embeddedLogin(ctx, t.applicationId, t.endUser.email).expect(200);
    for (const response of [await putUser(session.body.token), await putMember(session.body.token)])
      expect([response.status, response.body.code]).to.deep.equal([403, 'application_token_not_allowed']);
    expect((await storedUser(ctx, t.endUser.id))!.skills).to.deep.equal([]);
  });
});
