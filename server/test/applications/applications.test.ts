import { expect } from 'chai';
import { Types } from 'mongoose';
import type { TestContext } from '../helpers/context.js';
import { bearer, createAuthContext, signedInUser } from '../auth/helpers.js';
import {
  addMember,
  auditOf,
  createApplication,
  createOrganization,
  createProject,
  uniqueSlug,
  type User,
} from '../projects/helpers.js';

describe('applications', () => {
  let ctx: TestContext;
  let admin: User;
  let member: User;
  let outsider: User;
  let organizationId: string;
  let projectId: string;
  let foreignProjectId: string;

  const stored = (id: string) =>
    ctx.database.connection.collection('applications').findOne({ _id: new Types.ObjectId(id) });
  const post = (user: User, body: Record<string, unknown>) =>
    ctx.request.post('/api/v1/applications').set(bearer(user.access_token)).send(body);

  before(async () => {
    ctx = await createAuthContext();
    [admin, member, outsider] = await Promise.all([
      signedInUser(ctx, 'admin'),
      signedInUser(ctx, 'member'),
      signedInUser(ctx, 'outsider'),
    ]);
    organizationId = await createOrganization(ctx, admin);
    await addMember(ctx, admin, organizationId, member);
    projectId = (await createProject(ctx, admin, organizationId)).id;
    foreignProjectId = (await createProject(ctx, outsider, await createOrganization(ctx, outsider))).id;
  });
  after(() => ctx.close());

  describe('POST /applications', () => {
    it('lets a member create an application with defaults', async () => {
      const application = await createApplication(ctx, member, projectId, {
        name: 'Storefront',
        slug: 'storefront',
      });
      expect(application).to.include({
        project_id: projectId,
        organization_id: organizationId,
        name: 'Storefront',
        slug: 'storefront',
        description: null,
        version: '1.0.0',
        api_endpoint: null,
        is_active: true,
        created_by: member.user.id,
      });
      expect(application.allowed_origins).to.deep.equal([]);
      expect(application).not.to.have.property('cors_origins');
    });

    it('derives the slug from the name when none is given (SPEC §5, project detail)', async () => {
      const application = await createApplication(ctx, admin, projectId, {
        name: 'Mein Shop 2.0!',
        slug: undefined,
      });
      expect(application.slug).to.equal('mein-shop-2-0');
    });

    it('keeps version, endpoint, description and normalised origins', async () => {
      const application = await createApplication(ctx, admin, projectId, {
        version: '2.1.0-beta.1',
        api_endpoint: 'https://api.example.com/v1',
        description: 'Kasse',
        allowed_origins: ['https://App.Example.com', 'http://localhost:5173/', 'https://app.example.com:443'],
      });
      expect(application).to.include({
        version: '2.1.0-beta.1',
        api_endpoint: 'https://api.example.com/v1',
        description: 'Kasse',
      });
      expect(application.allowed_origins).to.deep.equal(['https://app.example.com', 'http://localhost:5173']);
    });

    it('requires a name and a project (SPEC §5)', async () => {
      const response = await post(admin, {}).expect(400);
      expect(response.body.details).to.deep.include.members([
        { path: 'body.name', message: 'Name is required.' },
        { path: 'body.project_id', message: 'Project is required.' },
      ]);
      const noProject = await post(admin, { name: 'X', slug: 'x' }).expect(400);
      expect(noProject.body.error).to.equal('body.project_id: Project is required.');
    });

    it('refuses a malformed version, endpoint or origin', async () => {
      const cases: Array<[string, unknown, string]> = [
        ['version', '1.0', 'body.version'],
        ['version', 'latest', 'body.version'],
        ['api_endpoint', 'not a url', 'body.api_endpoint'],
        ['allowed_origins', ['https://app.example.com/login'], 'body.allowed_origins.0'],
        ['allowed_origins', ['https://ok.example', 'app.example.com'], 'body.allowed_origins.1'],
        ['allowed_origins', ['https://app.example.com?x=1'], 'body.allowed_origins.0'],
        ['allowed_origins', ['ftp://files.example.com'], 'body.allowed_origins.0'],
        ['allowed_origins', 'https://app.example.com', 'body.allowed_origins'],
      ];
      for (const [field, value, path] of cases) {
        const response = await post(admin, { name: 'X', project_id: projectId, [field]: value }).expect(400);
        expect(response.body.details[0].path, `${field}=${JSON.stringify(value)}`).to.equal(path);
      }
      const origin = await post(admin, {
        name: 'X',
        project_id: projectId,
        allowed_origins: ['https://a.example/path'],
      }).expect(400);
      expect(origin.body.error).to.contain('is not an origin');
    });

    it('answers 409 for a slug taken by an active application of the project, not of another project', async () => {
      const slug = uniqueSlug('dup');
      const first = await createApplication(ctx, admin, projectId, { slug });
      const conflict = await post(admin, { name: 'Again', slug, project_id: projectId }).expect(409);
      expect(conflict.body.code).to.equal('slug_taken');
      const otherProject = (await createProject(ctx, admin, organizationId)).id;
      await createApplication(ctx, admin, otherProject, { slug });
      await ctx.request
        .delete(`/api/v1/applications/${first.id}`)
        .set(bearer(admin.access_token))
        .expect(204);
      await createApplication(ctx, admin, projectId, { slug });
    });

    it("answers 404 for another tenant's project and creates nothing", async () => {
      const slug = uniqueSlug('intruder');
      const response = await post(admin, { name: 'Intruder', slug, project_id: foreignProjectId }).expect(
        404,
      );
      expect(response.body.code).to.equal('project_not_found');
      expect(await ctx.database.connection.collection('applications').countDocuments({ slug })).to.equal(0);
    });

    it('records application.created with organization, project and application ids', async () => {
      const application = await createApplication(ctx, member, projectId);
      const [entry] = await auditOf(ctx, application.id);
      expect(entry).to.include({
        action: 'application.created',
        resource_type: 'application',
        status_code: 201,
      });
      expect(String(entry!.organization_id)).to.equal(organizationId);
      expect(String(entry!.project_id)).to.equal(projectId);
      expect(String(entry!.user_id)).to.equal(member.user.id);
    });
  });

  describe('GET /applications', () => {
    let owner: User;
    let projectA: string;
    let projectB: string;

    before(async () => {
      owner = await signedInUser(ctx, 'owner');
      const org = await createOrganization(ctx, owner);
      projectA = (await createProject(ctx, owner, org)).id;
      projectB = (await createProject(ctx, owner, org)).id;
    });

    it("lists active applications across the caller's projects, newest first", async () => {
      const one = await createApplication(ctx, owner, projectA, { name: 'One' });
      const two = await createApplication(ctx, owner, projectB, { name: 'Two' });
      const three = await createApplication(ctx, owner, projectA, { name: 'Three' });
      const gone = await createApplication(ctx, owner, projectA, { name: 'Gone' });
      await ctx.request.delete(`/api/v1/applications/${gone.id}`).set(bearer(owner.access_token)).expect(204);
      const response = await ctx.request
        .get('/api/v1/applications')
        .set(bearer(owner.access_token))
        .expect(200);
      expect(response.body.data.map((a: { id: string }) => a.id)).to.deep.equal([three.id, two.id, one.id]);
    });

    it('filters by project and pages', async () => {
      const byProject = await ctx.request
        .get('/api/v1/applications')
        .query({ project_id: projectA })
        .set(bearer(owner.access_token))
        .expect(200);
      expect(byProject.body.data.map((a: { name: string }) => a.name)).to.deep.equal(['Three', 'One']);
      const page = await ctx.request
        .get('/api/v1/applications')
        .query({ limit: 1 })
        .set(bearer(owner.access_token))
        .expect(200);
      expect(page.body.data).to.have.length(1);
      expect(page.body.next_cursor).to.be.a('string');
    });

    it("answers 404 for another tenant's project", async () => {
      const response = await ctx.request
        .get('/api/v1/applications')
        .query({ project_id: foreignProjectId })
        .set(bearer(owner.access_token))
        .expect(404);
      expect(response.body.code).to.equal('project_not_found');
    });
  });

  describe('GET and PATCH /applications/:id', () => {
    it('shows an application to members and hides it from other tenants', async () => {
      const application = await createApplication(ctx, admin, projectId);
      const own = await ctx.request
        .get(`/api/v1/applications/${application.id}`)
        .set(bearer(member.access_token))
        .expect(200);
      expect(own.body).to.deep.equal(application);
      const foreign = await ctx.request
        .get(`/api/v1/applications/${application.id}`)
        .set(bearer(outsider.access_token))
        .expect(404);
      expect(foreign.body).to.deep.equal({ error: 'Application not found.', code: 'application_not_found' });
    });

    it('lets members edit, and records which fields changed', async () => {
      const application = await createApplication(ctx, admin, projectId);
      const response = await ctx.request
        .patch(`/api/v1/applications/${application.id}`)
        .set(bearer(member.access_token))
        .send({
          name: 'Kasse',
          version: '1.2.3',
          api_endpoint: 'https://kasse.example/api',
          allowed_origins: ['https://kasse.example'],
        })
        .expect(200);
      expect(response.body).to.include({
        name: 'Kasse',
        version: '1.2.3',
        api_endpoint: 'https://kasse.example/api',
      });
      expect(response.body.allowed_origins).to.deep.equal(['https://kasse.example']);
      const cleared = await ctx.request
        .patch(`/api/v1/applications/${application.id}`)
        .set(bearer(member.access_token))
        .send({ api_endpoint: null, description: '' })
        .expect(200);
      expect(cleared.body).to.include({ api_endpoint: null, description: null });
      const updates = (await auditOf(ctx, application.id)).filter(
        (entry) => entry.action === 'application.updated',
      );
      expect(updates.map((entry) => entry.metadata.fields)).to.deep.equal([
        ['name', 'version', 'api_endpoint', 'allowed_origins'],
        ['description', 'api_endpoint'],
      ]);
      expect(String(updates[0]!.project_id)).to.equal(projectId);
    });

    it('refuses an empty change, a blank name and a bad version', async () => {
      const application = await createApplication(ctx, admin, projectId);
      await ctx.request
        .patch(`/api/v1/applications/${application.id}`)
        .set(bearer(admin.access_token))
        .send({})
        .expect(400);
      const blank = await ctx.request
        .patch(`/api/v1/applications/${application.id}`)
        .set(bearer(admin.access_token))
        .send({ name: ' ' })
        .expect(400);
      expect(blank.body.error).to.equal('body.name: Name is required.');
      await ctx.request
        .patch(`/api/v1/applications/${application.id}`)
        .set(bearer(admin.access_token))
        .send({ version: 'v2' })
        .expect(400);
    });

    it('answers 404 to another tenant and changes nothing', async () => {
      const application = await createApplication(ctx, admin, projectId, { name: 'Original' });
      await ctx.request
        .patch(`/api/v1/applications/${application.id}`)
        .set(bearer(outsider.access_token))
        .send({ name: 'Hijacked' })
        .expect(404);
      expect((await stored(application.id))!.name).to.equal('Original');
    });
  });

  describe('DELETE /applications/:id', () => {
    it('is for admins: a member gets 403 and the application stays', async () => {
      const application = await createApplication(ctx, member, projectId);
      await ctx.request
        .delete(`/api/v1/applications/${application.id}`)
        .set(bearer(member.access_token))
        .expect(403);
      expect((await stored(application.id))!.is_active).to.equal(true);
    });

    it('soft-deletes: the row stays inactive, the application disappears and the deletion is recorded', async () => {
      const application = await createApplication(ctx, member, projectId);
      await ctx.request
        .delete(`/api/v1/applications/${application.id}`)
        .set(bearer(admin.access_token))
        .expect(204);
      expect((await stored(application.id))!.is_active).to.equal(false);
      await ctx.request
        .get(`/api/v1/applications/${application.id}`)
        .set(bearer(admin.access_token))
        .expect(404);
      await ctx.request
        .delete(`/api/v1/applications/${application.id}`)
        .set(bearer(admin.access_token))
        .expect(404);
      const entry = (await auditOf(ctx, application.id)).find((e) => e.action === 'application.deleted');
      expect(entry, 'application.deleted entry').to.exist;
      expect(String(entry!.user_id)).to.equal(admin.user.id);
      expect(String(entry!.organization_id)).to.equal(organizationId);
    });

    it("answers 404 to another tenant's admin and deletes nothing", async () => {
      const application = await createApplication(ctx, admin, projectId);
      await ctx.request
        .delete(`/api/v1/applications/${application.id}`)
        .set(bearer(outsider.access_token))
        .expect(404);
      expect((await stored(application.id))!.is_active).to.equal(true);
    });
  });
});
