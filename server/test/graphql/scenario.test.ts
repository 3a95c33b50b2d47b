import { expect } from 'chai';
import { ClientError, gql } from 'graphql-request';
import type { TestContext } from '../helpers/context.js';
import { bearer, createAuthContext, signedInUser } from '../auth/helpers.js';
import { uniqueSlug } from '../projects/helpers.js';
import { clientFor, listen } from './helpers.js';

type User = Awaited<ReturnType<typeof signedInUser>>;

const CREATE_ORGANIZATION = gql`
  mutation CreateOrganization($input: CreateOrganizationInput!) {
    createOrganization(input: $input) {
      id
      name
      slug
      description
      websiteUrl
      role
    }
  }
`;
const CREATE_PROJECT = gql`
  mutation CreateProject($input: CreateProjectInput!) {
    createProject(input: $input) {
      id
      name
      organizationId
      apiKey
      apiKeyPrefix
    }
  }
`;
const CREATE_APPLICATION = gql`
  mutation CreateApplication($input: CreateApplicationInput!) {
    createApplication(input: $input) {
      id
      name
      projectId
      organizationId
    }
  }
`;
const CREATE_TOKEN = gql`
  mutation CreateApiToken($input: CreateApiTokenInput!) {
    createApiToken(input: $input) {
      id
      token
      prefix
      scopes
      status
    }
  }
`;
const INVITE = gql`
  mutation Invite($organizationId: ID!, $input: InviteMemberInput!) {
    inviteMember(organizationId: $organizationId, input: $input) {
      id
      status
      role
      user {
        email
      }
    }
  }
`;

/** Audit actions of an organization, oldest first, straight from the collection. */
async function auditActions(ctx: TestContext, organizationId: string): Promise<string[]> {
  const rows = await ctx.database.connection
    .collection('activity_logs')
    .find({
      organization_id: new (await import('mongoose')).Types.ObjectId(organizationId),
      resource_type: { $ne: 'api' },
    })
    .sort({ _id: 1 })
    .toArray();
  return rows.map((row) => row.action as string);
}

/** Webhook events queued for an organization's endpoints, oldest first. */
async function queuedEvents(ctx: TestContext, webhookId: string): Promise<string[]> {
  const { Types } = await import('mongoose');
  const rows = await ctx.database.connection
    .collection('webhook_deliveries')
    .find({ webhook_id: new Types.ObjectId(webhookId) })
    .sort({ _id: 1 })
    .toArray();
  return rows.map((row) => row.event_type as string);
}

/**
 * The tenancy scenario of the REST suite, through GraphQL with a real client (graphql-request):
 * organization → project → application → API token (its plaintext once), an invitation the
 * invitee accepts, and analytics read with the token. The same steps through REST leave the same
 * audit trail and the same webhook events: both APIs run one set of services.
 */
describe('GraphQL: the tenancy scenario', () => {
  let ctx: TestContext;
  let server: Awaited<ReturnType<typeof listen>>;
  before(async () => {
    ctx = await createAuthContext();
    server = await listen(ctx);
  });
  after(async () => {
    await server.close();
    await ctx.close();
  });

  async function webhookFor(owner: User, organizationId: string): Promise<string> {
    const created = await ctx.request
      .post(`/api/v1/organizations/${organizationId}/webhooks`)
      .set(bearer(owner.access_token))
      .send({
        url: 'http://127.0.0.1:9/hook',
        events: ['application.created', 'member.added', 'token.created'],
      });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    return created.body.id as string;
  }

  it('creates, invites and reads as REST does, with the same audit trail and webhook events', async () => {
    const alice = await signedInUser(ctx, 'alice');
    const bob = await signedInUser(ctx, 'bob');
    const client = clientFor(server.url, alice.access_token);
    const slug = uniqueSlug('org');

    const { createOrganization: org } = await client.request<{ createOrganization: Record<string, string> }>(
      CREATE_ORGANIZATION,
      { input: { name: 'Acme', slug, description: 'Shop', websiteUrl: 'https://acme.example.com' } },
    );
    expect(org).to.include({ name: 'Acme', slug, description: 'Shop', role: 'admin' });
    const webhookId = await webhookFor(alice, org.id!);

    const { createProject: project } = await client.request<{ createProject: Record<string, string> }>(
      CREATE_PROJECT,
      { input: { organizationId: org.id, name: 'Web Shop', slug: uniqueSlug('project') } },
    );
    expect(project.apiKey).to.match(/^pk_/);
    expect(project.apiKey!.startsWith(project.apiKeyPrefix!)).to.equal(true);

    const { createApplication: application } = await client.request<{
      createApplication: Record<string, string>;
    }>(CREATE_APPLICATION, { input: { projectId: project.id, name: 'Storefront' } });
    expect(application).to.include({ projectId: project.id, organizationId: org.id });

    const { createApiToken: token } = await client.request<{ createApiToken: Record<string, string> }>(
      CREATE_TOKEN,
      {
        input: { applicationId: application.id, name: 'CI', scopes: ['read', 'analytics'] },
      },
    );
    expect(token.token).to.match(/^cs_/);
    expect(token.token!.startsWith(token.prefix!)).to.equal(true);
    // The plaintext is answered once: ApiToken has no such field, and only a hash is stored.
    const again = await client
      .request(`query { apiToken(id: "${token.id}") { id prefix token } }`)
      .catch((error: unknown) => error);
    expect(again).to.be.instanceOf(ClientError);
    expect((again as ClientError).response.status).to.equal(400);
    expect((again as ClientError).response.errors?.[0]?.message).to.match(/Cannot query field "token"/);
    const stored = await ctx.database.connection.collection('api_tokens').findOne({ prefix: token.prefix });
    expect(JSON.stringify(stored)).not.to.include(token.token);

    const { inviteMember: invitation } = await client.request<{ inviteMember: Record<string, unknown> }>(
      INVITE,
      {
        organizationId: org.id,
        input: { email: bob.email, role: 'member' },
      },
    );
    expect(invitation).to.deep.include({ status: 'pending', role: 'member', user: { email: bob.email } });
    const asBob = clientFor(server.url, bob.access_token);
    const pending = await asBob.request<{
      viewer: { invitations: Array<{ id: string; organizationName: string }> };
    }>('{ viewer { email invitations { id organizationName } } }');
    expect(pending.viewer.invitations).to.deep.equal([{ id: invitation.id, organizationName: 'Acme' }]);
    const accepted = await asBob.request<{ acceptInvitation: { status: string } }>(
      `mutation { acceptInvitation(id: "${String(invitation.id)}") { status } }`,
    );
    expect(accepted.acceptInvitation.status).to.equal('active');
    const members = await client.request<{ organization: { members: Array<{ user: { email: string } }> } }>(
      `{ organization(id: "${org.id}") { members { role status user { email } } } }`,
    );
    expect(members.organization.members.map((member) => member.user.email)).to.have.members([
      alice.email,
      bob.email,
    ]);

    // Analytics with the API token (read + analytics), as a script would read them.
    const asToken = clientFor(server.url, token.token);
    const analytics = await asToken.request<{ analyticsSummary: { totals: { tokensActive: number } } }>(
      `query Analytics($org: ID!) { analyticsSummary(organizationId: $org, period: "24h") { period totals { requests tokensActive } } }`,
      { org: org.id },
    );
    expect(analytics.analyticsSummary.totals.tokensActive).to.equal(1);

    // The same steps through REST, in a second organization of Alice's.
    const rest = await ctx.request
      .post('/api/v1/organizations')
      .set(bearer(alice.access_token))
      .send({
        name: 'Acme',
        slug: uniqueSlug('org'),
        description: 'Shop',
        website_url: 'https://acme.example.com',
      })
      .expect(201);
    const restWebhookId = await webhookFor(alice, rest.body.id as string);
    const restProject = await ctx.request
      .post('/api/v1/projects')
      .set(bearer(alice.access_token))
      .send({ organization_id: rest.body.id, name: 'Web Shop', slug: uniqueSlug('project') })
      .expect(201);
    const restApplication = await ctx.request
      .post('/api/v1/applications')
      .set(bearer(alice.access_token))
      .send({ project_id: restProject.body.id, name: 'Storefront' })
      .expect(201);
    await ctx.request
      .post('/api/v1/tokens')
      .set(bearer(alice.access_token))
      .send({ application_id: restApplication.body.id, name: 'CI', scopes: ['read', 'analytics'] })
      .expect(201);
    const restInvitation = await ctx.request
      .post(`/api/v1/organizations/${rest.body.id as string}/members`)
      .set(bearer(alice.access_token))
      .send({ email: bob.email, role: 'member' })
      .expect(201);
    await ctx.request
      .post(`/api/v1/invitations/${restInvitation.body.id as string}/accept`)
      .set(bearer(bob.access_token))
      .expect(200);

    const actions = await auditActions(ctx, org.id!);
    expect(actions).to.include.members([
      'project.created',
      'application.created',
      'token.created',
      'member.added',
    ]);
    expect(actions).to.deep.equal(await auditActions(ctx, rest.body.id as string));
    expect(await queuedEvents(ctx, webhookId)).to.deep.equal(await queuedEvents(ctx, restWebhookId));
    expect(await queuedEvents(ctx, webhookId)).to.deep.equal([
      'application.created',
      'token.created',
      'member.added',
    ]);
  });
});
