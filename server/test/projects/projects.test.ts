import { createHash } from 'node:crypto';
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
} from './helpers.js';

describe('projects', () => {
  let ctx: TestContext;
  let admin: User;
  let member: User;
  let outsider: User;
  let organizationId: string;
  let otherOrganizationId: string;

  const stored = (id: string) =>
    ctx.database.connection.collection('projects').findOne({ _id: new Types.ObjectId(id) });

  before(async () => {
    ctx = await createAuthContext();
    [admin, member, outsider] = await Promise.all([
      signedInUser(ctx, 'admin'),
      signedInUser(ctx, 'member'),
      signedInUser(ctx, 'outsider'),
    ]);
    organizationId = await createOrganization(ctx, admin);
    otherOrganizationId = await createOrganization(ctx, outsider);
    await addMember(ctx, admin, organizationId, member);
  });
  after(() => ctx.close());

  describe('POST /projects', () => {
    it('creates the project with defaults and shows the API key this once', async () => {
      const project = await createProject(ctx, member, organizationId, {
        name: 'Web Shop',
        slug: 'web-shop',
        description: 'Der Shop',
      });
      expect(project).to.include({
        name: 'Web Shop',
        slug: 'web-shop',
        description: 'Der Shop',
        organization_id: organizationId,
        environment: 'development',
        repository_url: null,
        is_active: true,
        created_by: member.user.id,
      });
      expect(project.api_key).to.match(/^pk_[0-9a-f]{64}$/);
      expect(project.api_key_prefix).to.equal(project.api_key.slice(0, 8));

      const fetched = await ctx.request
        .get(`/api/v1/projects/${project.id}`)
        .set(bearer(member.access_token))
        .expect(200);
      expect(fetched.body).not.to.have.property('api_key');
      expect(fetched.body.api_key_prefix).to.equal(project.api_key.slice(0, 8));
      expect(JSON.stringify(fetched.body)).not.to.contain(project.api_key);
    });

    it('stores only the SHA-256 of the API key, never the key', async () => {
      const project = await createProject(ctx, admin, organizationId);
      const document = await stored(project.id);
      expect(document!.api_key_hash).to.equal(createHash('sha256').update(project.api_key).digest('hex'));
      expect(JSON.stringify(document)).not.to.contain(project.api_key);
      const audit = await auditOf(ctx, project.id);
      expect(JSON.stringify(audit)).not.to.contain(project.api_key);
      expect(JSON.stringify(audit)).not.to.contain(document!.api_key_hash);
    });

    it('accepts the environments and a repository URL', async () => {
      const project = await createProject(ctx, admin, organizationId, {
        environment: 'production',
        repository_url: 'https://github.com/acme/shop',
      });
      expect(project).to.include({
        environment: 'production',
        repository_url: 'https://github.com/acme/shop',
      });
    });

    it('requires name, slug and organization (SPEC §5)', async () => {
      const response = await ctx.request
        .post('/api/v1/projects')
        .set(bearer(admin.access_token))
        .send({})
        .expect(400);
      expect(response.body.code).to.equal('validation_failed');
      expect(response.body.details).to.deep.include.members([
        { path: 'body.name', message: 'Name is required.' },
        { path: 'body.slug', message: 'Slug is required.' },
        { path: 'body.organization_id', message: 'Organization is required.' },
      ]);
      const blank = await ctx.request
        .post('/api/v1/projects')
        .set(bearer(admin.access_token))
        .send({ name: '  ', slug: 'ok', organization_id: organizationId })
        .expect(400);
      expect(blank.body.error).to.equal('body.name: Name is required.');
    });

    it('refuses a bad slug, environment or repository URL', async () => {
      for (const [field, value] of [
        ['slug', 'Not A Slug'],
        ['environment', 'qa'],
        ['repository_url', 'ftp://example.com/repo'],
      ] as const) {
        const response = await ctx.request
          .post('/api/v1/projects')
          .set(bearer(admin.access_token))
          .send({ name: 'X', slug: uniqueSlug(), organization_id: organizationId, [field]: value })
          .expect(400);
        expect(response.body.details[0].path, field).to.equal(`body.${field}`);
      }
    });

    it('answers 409 slug_taken for a slug used in the same organization, but allows it in another', async () => {
      const slug = uniqueSlug('dup');
      await createProject(ctx, admin, organizationId, { slug });
      const taken = await ctx.request
        .post('/api/v1/projects')
        .set(bearer(member.access_token))
        .send({ name: 'Again', slug, organization_id: organizationId })
        .expect(409);
      expect(taken.body.code).to.equal('slug_taken');
      await createProject(ctx, outsider, otherOrganizationId, { slug });
    });

    it("answers 404 for another tenant's organization and creates nothing", async () => {
      const slug = uniqueSlug('intruder');
      const response = await ctx.request
        .post('/api/v1/projects')
        .set(bearer(outsider.access_token))
        .send({ name: 'Intruder', slug, organization_id: organizationId })
        .expect(404);
      expect(response.body.code).to.equal('organization_not_found');
      expect(await ctx.database.connection.collection('projects').countDocuments({ slug })).to.equal(0);
    });

    it('records project.created with organization and project ids', async () => {
      const project = await createProject(ctx, member, organizationId);
      const [entry] = await auditOf(ctx, project.id);
      expect(entry).to.include({ action: 'project.created', resource_type: 'project', status_code: 201 });
      expect(String(entry!.organization_id)).to.equal(organizationId);
      expect(String(entry!.project_id)).to.equal(project.id);
      expect(String(entry!.user_id)).to.equal(member.user.id);
    });
  });

  describe('GET /projects', () => {
    let orgA: string;
    let orgB: string;
    let lister: User;

    before(async () => {
      lister = await signedInUser(ctx, 'lister');
      orgA = await createOrganization(ctx, lister);
      orgB = await createOrganization(ctx, lister);
    });

    it("lists active projects of all the caller's organizations, newest first", async () => {
      const first = await createProject(ctx, lister, orgA, { name: 'First' });
      const second = await createProject(ctx, lister, orgB, { name: 'Second' });
      const third = await createProject(ctx, lister, orgA, { name: 'Third' });
      await createProject(ctx, outsider, otherOrganizationId, { name: 'Not mine' });
      const response = await ctx.request.get('/api/v1/projects').set(bearer(lister.access_token)).expect(200);
      expect(response.body.data.map((p: { id: string }) => p.id)).to.deep.equal([
        third.id,
        second.id,
        first.id,
      ]);
      expect(response.body.next_cursor).to.equal(null);
      for (const project of response.body.data) expect(project).not.to.have.property('api_key');
    });

    it('filters by organization and pages with limit and cursor', async () => {
      const onlyA = await ctx.request
        .get('/api/v1/projects')
        .query({ organization_id: orgA })
        .set(bearer(lister.access_token))
        .expect(200);
      expect(onlyA.body.data.map((p: { name: string }) => p.name)).to.deep.equal(['Third', 'First']);
      const page1 = await ctx.request
        .get('/api/v1/projects')
        .query({ limit: 2 })
        .set(bearer(lister.access_token))
        .expect(200);
      expect(page1.body.data.map((p: { name: string }) => p.name)).to.deep.equal(['Third', 'Second']);
      const page2 = await ctx.request
        .get('/api/v1/projects')
        .query({ limit: 2, cursor: page1.body.next_cursor })
        .set(bearer(lister.access_token))
        .expect(200);
      expect(page2.body.data.map((p: { name: string }) => p.name)).to.deep.equal(['First']);
      expect(page2.body.next_cursor).to.equal(null);
    });

    it("answers 404 when filtering by another tenant's organization", async () => {
      const response = await ctx.request
        .get('/api/v1/projects')
        .query({ organization_id: otherOrganizationId })
        .set(bearer(lister.access_token))
        .expect(404);
      expect(response.body.code).to.equal('organization_not_found');
    });

    it('requires sign-in', async () => {
      await ctx.request.get('/api/v1/projects').expect(401);
    });
  });

  describe('GET /projects/:id', () => {
    it("answers 404 for another tenant's project and for a malformed id", async () => {
      const project = await createProject(ctx, admin, organizationId);
      const foreign = await ctx.request
        .get(`/api/v1/projects/${project.id}`)
        .set(bearer(outsider.access_token))
        .expect(404);
      expect(foreign.body).to.deep.equal({ error: 'Project not found.', code: 'project_not_found' });
      await ctx.request
        .get(`/api/v1/projects/${new Types.ObjectId().toHexString()}`)
        .set(bearer(admin.access_token))
        .expect(404);
      await ctx.request.get('/api/v1/projects/not-an-id').set(bearer(admin.access_token)).expect(400);
    });
  });

  describe('PATCH /projects/:id', () => {
    it('lets members edit name, slug, description, environment and repository', async () => {
      const project = await createProject(ctx, admin, organizationId);
      const slug = uniqueSlug('renamed');
      const response = await ctx.request
        .patch(`/api/v1/projects/${project.id}`)
        .set(bearer(member.access_token))
        .send({
          name: 'Renamed',
          slug,
          description: 'Neu',
          environment: 'staging',
          repository_url: 'https://git.example/x',
        })
        .expect(200);
      expect(response.body).to.include({
        name: 'Renamed',
        slug,
        description: 'Neu',
        environment: 'staging',
        repository_url: 'https://git.example/x',
      });
      expect(response.body.api_key_prefix).to.equal(project.api_key_prefix);
      const cleared = await ctx.request
        .patch(`/api/v1/projects/${project.id}`)
        .set(bearer(member.access_token))
        .send({ description: null, repository_url: '' })
        .expect(200);
      expect(cleared.body).to.include({ description: null, repository_url: null });
      const entries = (await auditOf(ctx, project.id)).filter((entry) => entry.action === 'project.updated');
      expect(entries).to.have.length(2);
      expect(entries[0]!.metadata.fields).to.have.members([
        'name',
        'slug',
        'description',
        'environment',
        'repository_url',
      ]);
      expect(String(entries[0]!.organization_id)).to.equal(organizationId);
    });

    it('refuses an empty change, a blank name and a taken slug', async () => {
      const taken = await createProject(ctx, admin, organizationId);
      const project = await createProject(ctx, admin, organizationId);
      await ctx.request
        .patch(`/api/v1/projects/${project.id}`)
        .set(bearer(admin.access_token))
        .send({})
        .expect(400);
      const blank = await ctx.request
        .patch(`/api/v1/projects/${project.id}`)
        .set(bearer(admin.access_token))
        .send({ name: '' })
        .expect(400);
      expect(blank.body.error).to.equal('body.name: Name is required.');
      const conflict = await ctx.request
        .patch(`/api/v1/projects/${project.id}`)
        .set(bearer(admin.access_token))
        .send({ slug: taken.slug })
        .expect(409);
      expect(conflict.body.code).to.equal('slug_taken');
    });

    it('answers 404 to another tenant and changes nothing', async () => {
      const project = await createProject(ctx, admin, organizationId, { name: 'Original' });
      await ctx.request
        .patch(`/api/v1/projects/${project.id}`)
        .set(bearer(outsider.access_token))
        .send({ name: 'Hijacked' })
        .expect(404);
      expect((await stored(project.id))!.name).to.equal('Original');
    });
  });

  describe('POST /projects/:id/deactivate', () => {
    it('is for admins: a member gets 403 and the project stays active', async () => {
      const project = await createProject(ctx, member, organizationId);
      const response = await ctx.request
        .post(`/api/v1/projects/${project.id}/deactivate`)
        .set(bearer(member.access_token))
        .expect(403);
      expect(response.body.code).to.equal('forbidden');
      expect((await stored(project.id))!.is_active).to.equal(true);
    });

    it('hides the project and its applications, frees the slug and records the change', async () => {
      const project = await createProject(ctx, admin, organizationId);
      const application = await createApplication(ctx, admin, project.id);
      const response = await ctx.request
        .post(`/api/v1/projects/${project.id}/deactivate`)
        .set(bearer(admin.access_token))
        .expect(200);
      expect(response.body).to.include({ id: project.id, is_active: false });

      await ctx.request.get(`/api/v1/projects/${project.id}`).set(bearer(admin.access_token)).expect(404);
      await ctx.request
        .get(`/api/v1/applications/${application.id}`)
        .set(bearer(admin.access_token))
        .expect(404);
      const list = await ctx.request
        .get('/api/v1/projects')
        .query({ organization_id: organizationId, limit: 100 })
        .set(bearer(admin.access_token))
        .expect(200);
      expect(list.body.data.map((p: { id: string }) => p.id)).not.to.include(project.id);
      const apps = await ctx.request
        .get('/api/v1/applications')
        .query({ limit: 100 })
        .set(bearer(admin.access_token))
        .expect(200);
      expect(apps.body.data.map((a: { id: string }) => a.id)).not.to.include(application.id);
      await ctx.request
        .post(`/api/v1/projects/${project.id}/deactivate`)
        .set(bearer(admin.access_token))
        .expect(404);
      await createProject(ctx, admin, organizationId, { slug: project.slug });

      const entry = (await auditOf(ctx, project.id)).find((e) => e.action === 'project.deactivated');
      expect(entry, 'project.deactivated entry').to.exist;
      expect(String(entry!.organization_id)).to.equal(organizationId);
      expect(String(entry!.project_id)).to.equal(project.id);
    });

    it("answers 404 to another tenant's admin and changes nothing", async () => {
      const project = await createProject(ctx, admin, organizationId);
      await ctx.request
        .post(`/api/v1/projects/${project.id}/deactivate`)
        .set(bearer(outsider.access_token))
        .expect(404);
      expect((await stored(project.id))!.is_active).to.equal(true);
    });
  });
});
