import { expect } from 'chai';
import type { TestContext } from '../helpers/context.js';
import { bearer, createAuthContext, signedInUser } from '../auth/helpers.js';
import { signedInEndUser } from '../helpers/end-users.js';
import { createApplication, createOrganization, createProject } from '../projects/helpers.js';
import { post } from './helpers.js';

type User = Awaited<ReturnType<typeof signedInUser>>;

/** Alice's tenant: one of everything that Bob must not reach. */
interface Tenant {
  organization: string;
  member: string;
  project: string;
  application: string;
  token: string;
  tokenId: string;
  template: string;
  webhook: string;
  invitation: string;
  poolUser: string;
}

interface Case {
  graphql: (a: Tenant) => string;
  /** The REST twin, whose `code` the GraphQL error must carry. */
  rest: (a: Tenant) => { method: 'get' | 'post' | 'patch' | 'delete'; path: string; body?: object };
}

const id = (value: string) => JSON.stringify(value);

/** Every read and write of another tenant's resource: null and the REST route's 404 code. */
const CROSS_TENANT: Record<string, Case> = {
  organization: {
    graphql: (a) => `{ organization(id: ${id(a.organization)}) { id name } }`,
    rest: (a) => ({ method: 'get', path: `/organizations/${a.organization}` }),
  },
  updateOrganization: {
    graphql: (a) =>
      `mutation { updateOrganization(id: ${id(a.organization)}, input: {name: "Taken"}) { id } }`,
    rest: (a) => ({ method: 'patch', path: `/organizations/${a.organization}`, body: { name: 'Taken' } }),
  },
  deactivateOrganization: {
    graphql: (a) => `mutation { deactivateOrganization(id: ${id(a.organization)}) { id } }`,
    rest: (a) => ({ method: 'post', path: `/organizations/${a.organization}/deactivate` }),
  },
  inviteMember: {
    graphql: (a) =>
      `mutation { inviteMember(organizationId: ${id(a.organization)}, input: {email: "x@example.com"}) { id } }`,
    rest: (a) => ({
      method: 'post',
      path: `/organizations/${a.organization}/members`,
      body: { email: 'x@example.com' },
    }),
  },
  changeMemberRole: {
    graphql: (a) =>
      `mutation { changeMemberRole(organizationId: ${id(a.organization)}, memberId: ${id(a.member)}, role: "member") { id } }`,
    rest: (a) => ({
      method: 'patch',
      path: `/organizations/${a.organization}/members/${a.member}`,
      body: { role: 'member' },
    }),
  },
  removeMember: {
    graphql: (a) =>
      `mutation { removeMember(organizationId: ${id(a.organization)}, memberId: ${id(a.member)}) }`,
    rest: (a) => ({ method: 'delete', path: `/organizations/${a.organization}/members/${a.member}` }),
  },
  acceptInvitation: {
    graphql: (a) => `mutation { acceptInvitation(id: ${id(a.invitation)}) { id } }`,
    rest: (a) => ({ method: 'post', path: `/invitations/${a.invitation}/accept` }),
  },
  projects: {
    graphql: (a) => `{ projects(organizationId: ${id(a.organization)}) { nodes { id } } }`,
    rest: (a) => ({ method: 'get', path: `/projects?organization_id=${a.organization}` }),
  },
  project: {
    graphql: (a) => `{ project(id: ${id(a.project)}) { id } }`,
    rest: (a) => ({ method: 'get', path: `/projects/${a.project}` }),
  },
  createProject: {
    graphql: (a) =>
      `mutation { createProject(input: {organizationId: ${id(a.organization)}, name: "Intruder", slug: "intruder"}) { id } }`,
    rest: (a) => ({
      method: 'post',
      path: '/projects',
      body: { organization_id: a.organization, name: 'Intruder', slug: 'intruder' },
    }),
  },
  updateProject: {
    graphql: (a) => `mutation { updateProject(id: ${id(a.project)}, input: {name: "Taken"}) { id } }`,
    rest: (a) => ({ method: 'patch', path: `/projects/${a.project}`, body: { name: 'Taken' } }),
  },
  deactivateProject: {
    graphql: (a) => `mutation { deactivateProject(id: ${id(a.project)}) { id } }`,
    rest: (a) => ({ method: 'post', path: `/projects/${a.project}/deactivate` }),
  },
  applications: {
    graphql: (a) => `{ applications(projectId: ${id(a.project)}) { nodes { id } } }`,
    rest: (a) => ({ method: 'get', path: `/applications?project_id=${a.project}` }),
  },
  application: {
    graphql: (a) => `{ application(id: ${id(a.application)}) { id } }`,
    rest: (a) => ({ method: 'get', path: `/applications/${a.application}` }),
  },
  createApplication: {
    graphql: (a) =>
      `mutation { createApplication(input: {projectId: ${id(a.project)}, name: "Intruder"}) { id } }`,
    rest: (a) => ({
      method: 'post',
      path: '/applications',
      body: { project_id: a.project, name: 'Intruder' },
    }),
  },
  updateApplication: {
    graphql: (a) => `mutation { updateApplication(id: ${id(a.application)}, input: {name: "Taken"}) { id } }`,
    rest: (a) => ({ method: 'patch', path: `/applications/${a.application}`, body: { name: 'Taken' } }),
  },
  deleteApplication: {
    graphql: (a) => `mutation { deleteApplication(id: ${id(a.application)}) }`,
    rest: (a) => ({ method: 'delete', path: `/applications/${a.application}` }),
  },
  apiToken: {
    graphql: (a) => `{ apiToken(id: ${id(a.tokenId)}) { id } }`,
    rest: (a) => ({ method: 'get', path: `/tokens/${a.tokenId}` }),
  },
  createApiToken: {
    graphql: (a) =>
      `mutation { createApiToken(input: {applicationId: ${id(a.application)}, name: "Intruder", scopes: ["read"]}) { id token } }`,
    rest: (a) => ({
      method: 'post',
      path: '/tokens',
      body: { application_id: a.application, name: 'Intruder', scopes: ['read'] },
    }),
  },
  revokeApiToken: {
    graphql: (a) => `mutation { revokeApiToken(id: ${id(a.tokenId)}) { id } }`,
    rest: (a) => ({ method: 'post', path: `/tokens/${a.tokenId}/revoke` }),
  },
  emailTemplate: {
    graphql: (a) => `{ emailTemplate(id: ${id(a.template)}) { id } }`,
    rest: (a) => ({ method: 'get', path: `/email-templates/${a.template}` }),
  },
  createEmailTemplate: {
    graphql: (a) =>
      `mutation { createEmailTemplate(input: {applicationId: ${id(a.application)}, name: "intruder", subject: "Hi", htmlContent: "<p>Hi</p>"}) { id } }`,
    rest: (a) => ({
      method: 'post',
      path: '/email-templates',
      body: { application_id: a.application, name: 'intruder', subject: 'Hi', html_content: '<p>Hi</p>' },
    }),
  },
  updateEmailTemplate: {
    graphql: (a) =>
      `mutation { updateEmailTemplate(id: ${id(a.template)}, input: {subject: "Taken"}) { id } }`,
    rest: (a) => ({ method: 'patch', path: `/email-templates/${a.template}`, body: { subject: 'Taken' } }),
  },
  deleteEmailTemplate: {
    graphql: (a) => `mutation { deleteEmailTemplate(id: ${id(a.template)}) }`,
    rest: (a) => ({ method: 'delete', path: `/email-templates/${a.template}` }),
  },
  webhook: {
    graphql: (a) => `{ webhook(id: ${id(a.webhook)}) { id } }`,
    rest: (a) => ({ method: 'get', path: `/webhooks/${a.webhook}` }),
  },
  createWebhook: {
    graphql: (a) =>
      `mutation { createWebhook(organizationId: ${id(a.organization)}, input: {url: "https://evil.example.com/hook", events: ["application.created"]}) { id secret } }`,
    rest: (a) => ({
      method: 'post',
      path: `/organizations/${a.organization}/webhooks`,
      body: { url: 'https://evil.example.com/hook', events: ['application.created'] },
    }),
  },
  updateWebhook: {
    graphql: (a) =>
      `mutation { updateWebhook(id: ${id(a.webhook)}, input: {url: "https://evil.example.com/hook"}) { id } }`,
    rest: (a) => ({
      method: 'patch',
      path: `/webhooks/${a.webhook}`,
      body: { url: 'https://evil.example.com/hook' },
    }),
  },
  deleteWebhook: {
    graphql: (a) => `mutation { deleteWebhook(id: ${id(a.webhook)}) }`,
    rest: (a) => ({ method: 'delete', path: `/webhooks/${a.webhook}` }),
  },
  analyticsSummary: {
    graphql: (a) => `{ analyticsSummary(organizationId: ${id(a.organization)}) { period } }`,
    rest: (a) => ({ method: 'get', path: `/analytics/summary?organization_id=${a.organization}` }),
  },
  activityLogs: {
    graphql: (a) => `{ activityLogs(organizationId: ${id(a.organization)}) { nodes { id } } }`,
    rest: (a) => ({ method: 'get', path: `/activity-logs?organization_id=${a.organization}` }),
  },
  poolUser: {
    graphql: (a) => `{ poolUser(projectId: ${id(a.project)}, id: ${id(a.poolUser)}) { id } }`,
    rest: (a) => ({ method: 'get', path: `/projects/${a.project}/users/${a.poolUser}` }),
  },
  unblockPoolUser: {
    graphql: (a) => `mutation { unblockPoolUser(projectId: ${id(a.project)}, id: ${id(a.poolUser)}) { id } }`,
    rest: (a) => ({ method: 'post', path: `/projects/${a.project}/users/${a.poolUser}/unblock` }),
  },
};

describe('GraphQL: another tenant’s ids', () => {
  let ctx: TestContext;
  let alice: User;
  let bob: User;
  let a: Tenant;
  before(async () => {
    ctx = await createAuthContext();
    alice = await signedInUser(ctx, 'alice');
    bob = await signedInUser(ctx, 'bob');
    const carol = await signedInUser(ctx, 'carol');
    const organization = await createOrganization(ctx, alice);
    const project = await createProject(ctx, alice, organization);
    const application = await createApplication(ctx, alice, project.id);
    const as = bearer(alice.access_token);
    const tokenBody = await ctx.request
      .post('/api/v1/tokens')
      .set(as)
      .send({ name: 'CI', scopes: ['read'], application_id: application.id })
      .expect(201);
    const members = await ctx.request
      .get(`/api/v1/organizations/${organization}/members`)
      .set(as)
      .expect(200);
    const template = await ctx.request
      .post('/api/v1/email-templates')
      .set(as)
      .send({
        application_id: application.id,
        name: 'welcome-custom',
        subject: 'Hi',
        html_content: '<p>Hi</p>',
      })
      .expect(201);
    const webhook = await ctx.request
      .post(`/api/v1/organizations/${organization}/webhooks`)
      .set(as)
      .send({ url: 'https://hooks.example.com/a', events: ['application.created'] })
      .expect(201);
    const invitation = await ctx.request
      .post(`/api/v1/organizations/${organization}/members`)
      .set(as)
      .send({ email: carol.email })
      .expect(201);
    const dave = await signedInEndUser(ctx, application.id);
    a = {
      organization,
      member: members.body.data[0].id as string,
      project: project.id,
      application: application.id,
      token: tokenBody.body.token as string,
      tokenId: tokenBody.body.id as string,
      template: template.body.id as string,
      webhook: webhook.body.id as string,
      invitation: invitation.body.id as string,
      poolUser: dave.user.id,
    };
    // Bob is an admin too, of his own organization: his role opens nothing of Alice's.
    const bobs = await createOrganization(ctx, bob);
    await createApplication(ctx, bob, (await createProject(ctx, bob, bobs)).id);
  });
  after(() => ctx.close());

  for (const [field, test] of Object.entries(CROSS_TENANT)) {
    it(`${field}: null and the REST route's 404 code`, async () => {
      const route = test.rest(a);
      const rest = await ctx.request[route.method](`/api/v1${route.path}`)
        .set(bearer(bob.access_token))
        .send(route.body ?? {});
      expect(rest.status, JSON.stringify(rest.body)).to.equal(404);
      const answer = await post(ctx, bob.access_token, test.graphql(a));
      expect(answer.status).to.equal(200);
      expect(answer.data?.[field], JSON.stringify(answer)).to.equal(null);
      expect(answer.errors?.[0]?.extensions).to.deep.include({ code: rest.body.code, status: 404 });
      expect(answer.errors?.[0]?.path).to.deep.equal([field]);
    });
  }

  it("left Alice's tenant as it was", async () => {
    const as = bearer(alice.access_token);
    const org = await ctx.request.get(`/api/v1/organizations/${a.organization}`).set(as).expect(200);
    expect(org.body).to.include({ name: 'Acme', is_active: true });
    await ctx.request.get(`/api/v1/applications/${a.application}`).set(as).expect(200);
    const token = await ctx.request.get(`/api/v1/tokens/${a.tokenId}`).set(as).expect(200);
    expect(token.body.status).to.equal('active');
    const members = await ctx.request
      .get(`/api/v1/organizations/${a.organization}/members`)
      .set(as)
      .expect(200);
    expect(members.body.data).to.have.length(2);
    await ctx.request.get(`/api/v1/webhooks/${a.webhook}`).set(as).expect(200);
    const projects = await ctx.request.get('/api/v1/projects').set(bearer(bob.access_token)).expect(200);
    expect(projects.body.data.map((p: { name: string }) => p.name)).not.to.include('Intruder');
  });

  it('an API token reaches only its application, with the scopes REST asks for', async () => {
    const token = a.token;
    const own = await post<{ organizations: { nodes: Array<{ id: string }> }; viewer: unknown }>(
      ctx,
      token,
      '{ organizations { nodes { id } } viewer { email authenticatedVia scopes } }',
    );
    expect(own.errors).to.equal(undefined);
    expect(own.data?.organizations.nodes.map((o) => o.id)).to.deep.equal([a.organization]);
    expect(own.data?.viewer).to.deep.equal({
      email: alice.email,
      authenticatedVia: 'api_token',
      scopes: ['read'],
    });

    const cases: Array<[string, string]> = [
      // No tokenScope on the REST route: sessions only.
      [
        `mutation { createProject(input: {organizationId: ${id(a.organization)}, name: "X", slug: "x-token"}) { id } }`,
        '/projects',
      ],
      ['{ apiTokens { nodes { id } } }', '/tokens'],
      [`{ webhook(id: ${id(a.webhook)}) { id } }`, `/webhooks/${a.webhook}`],
      // analytics scope, which this read token lacks.
      [
        `{ analyticsSummary(organizationId: ${id(a.organization)}) { period } }`,
        `/analytics/summary?organization_id=${a.organization}`,
      ],
      [`{ activityLogs { nodes { id } } }`, '/activity-logs'],
    ];
    for (const [query, path] of cases) {
      const method = query.startsWith('mutation') ? 'post' : 'get';
      const rest = await ctx.request[method](`/api/v1${path}`).set(bearer(token)).send({});
      expect(rest.status, path).to.equal(403);
      const answer = await post(ctx, token, query);
      expect(answer.errors?.[0]?.extensions, query).to.deep.include({ code: rest.body.code, status: 403 });
    }
    // write scope for a PATCH: refused as REST refuses it.
    const patch = await post(
      ctx,
      token,
      `mutation { updateApplication(id: ${id(a.application)}, input: {name: "Y"}) { id } }`,
    );
    expect(patch.errors?.[0]?.extensions).to.deep.include({ code: 'insufficient_scope', status: 403 });
  });

  it("refuses an end user's application-session token as the product API does", async () => {
    const dave = await signedInEndUser(ctx, a.application);
    const rest = await ctx.request.get('/api/v1/organizations').set(bearer(dave.token));
    expect(rest.status).to.equal(403);
    const answer = await post(ctx, dave.token, '{ viewer { email } organizations { nodes { id } } }');
    expect(answer.status).to.equal(403);
    expect(answer.data).to.equal(undefined);
    expect(answer.errors?.[0]?.extensions).to.deep.include({ code: rest.body.code, status: 403 });
  });

  it('refuses a request without a valid credential with 401, as REST', async () => {
    for (const credential of [undefined, 'not-a-token', 'cs_0000000000000000000000000000000000000000000']) {
      const rest = await ctx.request.get('/api/v1/organizations').set(credential ? bearer(credential) : {});
      const answer = await post(ctx, credential, '{ viewer { email } }');
      expect(answer.status).to.equal(401);
      expect(answer.errors?.[0]?.extensions.code).to.equal(rest.body.code);
    }
  });
});
