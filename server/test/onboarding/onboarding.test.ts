import { expect } from 'chai';
import { bearer, signedInUser } from '../auth/helpers.js';
import type { TestContext } from '../helpers/context.js';
import { signedInEndUser } from '../helpers/end-users.js';
import {
  acceptInvitation,
  createApplication,
  createOrganization,
  createProject,
  createToken,
  type User,
} from '../projects/helpers.js';
import { createTrackingContext, ingest, installationBody, newId } from '../tracking/helpers.js';

interface Checklist {
  steps: Array<{ key: string; done: boolean }>;
  done: number;
  total: number;
  complete: boolean;
  dismissed: boolean;
  dismissed_at: string | null;
  next: string | null;
  context: { organization_id: string | null; project_id: string | null; application_id: string | null };
}

/** The steps done, in order, as the checklist lists them. */
const ticked = (checklist: Checklist) => checklist.steps.filter((step) => step.done).map((step) => step.key);

describe('first-run checklist (GET /api/v1/onboarding, issue #36)', () => {
  let ctx: TestContext;

  const checklistOf = async (user: Pick<User, 'access_token'>): Promise<Checklist> => {
    const response = await ctx.request.get('/api/v1/onboarding').set(bearer(user.access_token));
    expect(response.status, JSON.stringify(response.body)).to.equal(200);
    return response.body as Checklist;
  };

  const sendEvent = (applicationId: string, installationId: string | null) =>
    ingest(ctx, '/analytics', applicationId, {
      events: [{ id: newId('evt_'), event: 'signup_clicked', properties: { plan: 'pro' } }],
      ...(installationId ? { session_info: { installation_id: installationId } } : {}),
    }).expect(200);

  before(async () => {
    ctx = await createTrackingContext();
  });
  after(() => ctx.close());

  it('ticks each step as the data is created, from 0 of 6 to complete', async () => {
    const user = await signedInUser(ctx, 'first-run');
    const fresh = await checklistOf(user);
    expect(fresh).to.deep.include({
      done: 0,
      total: 6,
      complete: false,
      dismissed: false,
      next: 'organization',
    });
    expect(fresh.steps.map((step) => step.key)).to.deep.equal([
      'organization',
      'project',
      'application',
      'origin',
      'snippet',
      'event',
    ]);
    expect(fresh.context).to.deep.equal({ organization_id: null, project_id: null, application_id: null });

    const organizationId = await createOrganization(ctx, user);
    expect(ticked(await checklistOf(user))).to.deep.equal(['organization']);

    const project = await createProject(ctx, user, organizationId);
    const afterProject = await checklistOf(user);
    expect(ticked(afterProject)).to.deep.equal(['organization', 'project']);
    expect(afterProject).to.deep.include({ next: 'application' });
    expect(afterProject.context).to.deep.include({ organization_id: organizationId, project_id: project.id });

    const application = await createApplication(ctx, user, project.id);
    const afterApplication = await checklistOf(user);
    expect(afterApplication).to.deep.include({ done: 3, next: 'origin' });
    expect(afterApplication.context.application_id).to.equal(application.id);

    await ctx.request
      .patch(`/api/v1/applications/${application.id}`)
      .set(bearer(user.access_token))
      .send({ allowed_origins: ['https://shop.example.com'] })
      .expect(200);
    expect(await checklistOf(user)).to.deep.include({ done: 4, next: 'snippet' });

    // The SDK's first call on a page registers its installation.
    const installation = installationBody();
    await ingest(ctx, '/installations', application.id, installation).expect(201);
    expect(ticked(await checklistOf(user))).to.deep.equal([
      'organization',
      'project',
      'application',
      'origin',
      'snippet',
    ]);

    await sendEvent(application.id, installation.installation_id);
    // Event counts are written by the request log's flush (once a second in a running server).
    await ctx.services.analyticsRecorder.flush();
    expect(await checklistOf(user)).to.deep.include({ done: 6, complete: true, next: null });
  });

  it('counts an event sent by a server (no installation) as the snippet and the first event', async () => {
    const user = await signedInUser(ctx, 'first-run-server');
    const project = await createProject(ctx, user, await createOrganization(ctx, user));
    const application = await createApplication(ctx, user, project.id, {
      allowed_origins: ['https://api.example.com'],
    });
    expect(await checklistOf(user)).to.deep.include({ done: 4, next: 'snippet' });
    await sendEvent(application.id, null);
    await ctx.services.analyticsRecorder.flush();
    expect(await checklistOf(user)).to.deep.include({ done: 6, complete: true });
  });

  it('hides the checklist for the account until it is brought back, in every session', async () => {
    const user = await signedInUser(ctx, 'first-run-dismiss');
    const other = await signedInUser(ctx, 'first-run-other');
    const dismissed = await ctx.request
      .post('/api/v1/onboarding/dismissal')
      .set(bearer(user.access_token))
      .expect(200);
    expect(dismissed.body).to.deep.include({ dismissed: true, done: 0 });
    expect(Date.parse(dismissed.body.dismissed_at as string)).to.be.closeTo(Date.now(), 60_000);
    // Twice is the same as once.
    await ctx.request.post('/api/v1/onboarding/dismissal').set(bearer(user.access_token)).expect(200);

    // A new sign-in of the same account still has it hidden; someone else's is untouched.
    const again = await ctx.request
      .post('/api/v1/auth/login')
      .send({ email: user.email, password: 'correct horse battery' })
      .expect(200);
    expect(await checklistOf({ access_token: again.body.access_token as string })).to.deep.include({
      dismissed: true,
    });
    expect(await checklistOf(other)).to.deep.include({ dismissed: false, dismissed_at: null });
    expect(
      await ctx.database.connection.collection('onboarding_states').countDocuments({}),
      'one stored state (the dismissing account’s)',
    ).to.be.at.least(1);

    const restored = await ctx.request
      .delete('/api/v1/onboarding/dismissal')
      .set(bearer(user.access_token))
      .expect(200);
    expect(restored.body).to.deep.include({ dismissed: false, dismissed_at: null });
    expect(await checklistOf(user)).to.deep.include({ dismissed: false });
  });

  describe('who may call, and whose data it reads', () => {
    let owner: User;
    let applicationId: string;
    let organizationId: string;

    before(async () => {
      owner = await signedInUser(ctx, 'first-run-owner');
      organizationId = await createOrganization(ctx, owner);
      const project = await createProject(ctx, owner, organizationId);
      applicationId = (
        await createApplication(ctx, owner, project.id, { allowed_origins: ['https://shop.example.com'] })
      ).id;
      await ingest(ctx, '/installations', applicationId, installationBody()).expect(201);
      await sendEvent(applicationId, null);
      await ctx.services.analyticsRecorder.flush();
      expect(await checklistOf(owner)).to.deep.include({ complete: true });
    });

    it('refuses a request without credentials (401)', async () => {
      for (const [method, path] of [
        ['get', '/api/v1/onboarding'],
        ['post', '/api/v1/onboarding/dismissal'],
        ['delete', '/api/v1/onboarding/dismissal'],
      ] as const) {
        const response = await ctx.request[method](path);
        expect(response.status, `${method} ${path}`).to.equal(401);
      }
    });

    it('another organization’s admin sees none of this organization’s steps', async () => {
      const stranger = await signedInUser(ctx, 'first-run-stranger');
      await createOrganization(ctx, stranger);
      const theirs = await checklistOf(stranger);
      expect(ticked(theirs)).to.deep.equal(['organization']);
      expect(theirs.context.organization_id).to.not.equal(organizationId);
      expect(theirs.context.application_id).to.equal(null);
    });

    it('a member whose role may not read applications or analytics sees only the steps it may read', async () => {
      const role = await ctx.request
        .post(`/api/v1/organizations/${organizationId}/roles`)
        .set(bearer(owner.access_token))
        .send({ name: 'Projects only', permissions: ['organization:read', 'project:read'] });
      expect(role.status, JSON.stringify(role.body)).to.equal(201);
      const member = await signedInUser(ctx, 'first-run-member');
      const invited = await ctx.request
        .post(`/api/v1/organizations/${organizationId}/members`)
        .set(bearer(owner.access_token))
        .send({ email: member.email, role: 'Projects only' })
        .expect(201);
      await acceptInvitation(ctx, member, invited.body.id as string);
      const theirs = await checklistOf(member);
      expect(ticked(theirs)).to.deep.equal(['organization', 'project']);
      expect(theirs.context.application_id).to.equal(null);
    });

    it('refuses an API token and an end user’s session of a project’s pool, and stores nothing for them', async () => {
      const states = () => ctx.database.connection.collection('onboarding_states').countDocuments({});
      const before = await states();
      const token = await createToken(ctx, owner, applicationId, ['analytics']);
      const endUser = await signedInEndUser(ctx, applicationId, { prefix: 'first-run-end-user' });
      for (const [method, path] of [
        ['get', '/api/v1/onboarding'],
        ['post', '/api/v1/onboarding/dismissal'],
        ['delete', '/api/v1/onboarding/dismissal'],
      ] as const) {
        const byToken = await ctx.request[method](path).set(bearer(token));
        expect(byToken.status, `${method} ${path} by token`).to.equal(403);
        expect(byToken.body.code).to.equal('token_not_allowed');
        const byEndUser = await ctx.request[method](path).set(bearer(endUser.token));
        expect(byEndUser.status, `${method} ${path} by end user`).to.equal(403);
        expect(byEndUser.body.code).to.equal('application_token_not_allowed');
      }
      expect(await states()).to.equal(before);
    });
  });
});
