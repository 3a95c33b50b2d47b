import { expect } from 'chai';
import { Types } from 'mongoose';
import type { TestContext } from '../helpers/context.js';
import { bearer, createAuthContext, signedInUser } from '../auth/helpers.js';
import {
  createApplication,
  createOrganization,
  createProject,
  createToken,
  type User,
} from '../projects/helpers.js';

/** An API token is bound to one application: it sees and changes nothing else, within its scopes. */
describe('applications and projects through API tokens', () => {
  let ctx: TestContext;
  let owner: User;
  let projectId: string;
  let otherProjectId: string;
  let applicationId: string;
  let siblingId: string;
  let otherProjectAppId: string;

  const isActive = async (id: string) =>
    (await ctx.database.connection.collection('applications').findOne({ _id: new Types.ObjectId(id) }))!
      .is_active;

  before(async () => {
    ctx = await createAuthContext();
    owner = await signedInUser(ctx, 'owner');
    const organizationId = await createOrganization(ctx, owner);
    projectId = (await createProject(ctx, owner, organizationId)).id;
    otherProjectId = (await createProject(ctx, owner, organizationId)).id;
    applicationId = (await createApplication(ctx, owner, projectId, { name: 'Bound' })).id;
    siblingId = (await createApplication(ctx, owner, projectId, { name: 'Sibling' })).id;
    otherProjectAppId = (await createApplication(ctx, owner, otherProjectId, { name: 'Elsewhere' })).id;
  });
  after(() => ctx.close());

  describe('with the read scope', () => {
    let token: string;
    before(async () => {
      token = await createToken(ctx, owner, applicationId, ['read']);
    });

    it('lists only its own application, with or without a project filter', async () => {
      const all = await ctx.request.get('/api/v1/applications').set(bearer(token)).expect(200);
      expect(all.body.data.map((a: { id: string }) => a.id)).to.deep.equal([applicationId]);
      const byProject = await ctx.request
        .get('/api/v1/applications')
        .query({ project_id: projectId })
        .set(bearer(token))
        .expect(200);
      expect(byProject.body.data.map((a: { id: string }) => a.id)).to.deep.equal([applicationId]);
      // The session of the same user sees all three.
      const session = await ctx.request
        .get('/api/v1/applications')
        .set(bearer(owner.access_token))
        .expect(200);
      expect(session.body.data).to.have.length(3);
    });

    it('reads its own application and gets 404 for the owner’s other applications', async () => {
      await ctx.request.get(`/api/v1/applications/${applicationId}`).set(bearer(token)).expect(200);
      for (const id of [siblingId, otherProjectAppId]) {
        const response = await ctx.request.get(`/api/v1/applications/${id}`).set(bearer(token)).expect(404);
        expect(response.body.code).to.equal('application_not_found');
      }
    });

    it('sees only its application’s project', async () => {
      const list = await ctx.request.get('/api/v1/projects').set(bearer(token)).expect(200);
      expect(list.body.data.map((p: { id: string }) => p.id)).to.deep.equal([projectId]);
      await ctx.request.get(`/api/v1/projects/${projectId}`).set(bearer(token)).expect(200);
      await ctx.request.get(`/api/v1/projects/${otherProjectId}`).set(bearer(token)).expect(404);
    });

    it('cannot write, delete, or use the session-only routes', async () => {
      const patch = await ctx.request
        .patch(`/api/v1/applications/${applicationId}`)
        .set(bearer(token))
        .send({ name: 'Nope' })
        .expect(403);
      expect(patch.body.code).to.equal('insufficient_scope');
      await ctx.request.delete(`/api/v1/applications/${applicationId}`).set(bearer(token)).expect(403);
      for (const [method, path, body] of [
        ['post', '/api/v1/applications', { name: 'New', project_id: projectId }],
        [
          'post',
          '/api/v1/projects',
          { name: 'New', slug: 'new', organization_id: new Types.ObjectId().toHexString() },
        ],
        ['patch', `/api/v1/projects/${projectId}`, { name: 'Nope' }],
        ['post', `/api/v1/projects/${projectId}/deactivate`, {}],
      ] as const) {
        const response = await ctx.request[method](path).set(bearer(token)).send(body).expect(403);
        expect(response.body.code, path).to.equal('token_not_allowed');
      }
      expect(await isActive(applicationId)).to.equal(true);
    });
  });

  it('with the write scope edits its own application only', async () => {
    const token = await createToken(ctx, owner, applicationId, ['write']);
    const response = await ctx.request
      .patch(`/api/v1/applications/${applicationId}`)
      .set(bearer(token))
      .send({ version: '3.0.0' })
      .expect(200);
    expect(response.body.version).to.equal('3.0.0');
    await ctx.request
      .patch(`/api/v1/applications/${siblingId}`)
      .set(bearer(token))
      .send({ version: '9.9.9' })
      .expect(404);
    const sibling = await ctx.request
      .get(`/api/v1/applications/${siblingId}`)
      .set(bearer(owner.access_token))
      .expect(200);
    expect(sibling.body.version).to.equal('1.0.0');
  });

  it('with the delete scope deletes its own application only', async () => {
    const doomed = (await createApplication(ctx, owner, projectId, { name: 'Doomed' })).id;
    const token = await createToken(ctx, owner, doomed, ['delete']);
    await ctx.request.delete(`/api/v1/applications/${siblingId}`).set(bearer(token)).expect(404);
    expect(await isActive(siblingId)).to.equal(true);
    await ctx.request.delete(`/api/v1/applications/${doomed}`).set(bearer(token)).expect(204);
    expect(await isActive(doomed)).to.equal(false);
  });
});
