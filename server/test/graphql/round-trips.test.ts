import { expect } from 'chai';
import { bearer, signedInUser } from '../auth/helpers.js';
import { monitoredContext, type MonitoredContext } from '../helpers/command-count.js';
import { addMember, createOrganization, uniqueSlug } from '../projects/helpers.js';
import { post } from './helpers.js';

const PAGE = `
  query Projects($organizationId: ID!, $first: Int!) {
    projects(organizationId: $organizationId, first: $first) {
      nodes {
        id
        name
        applications(first: 10) {
          nodes { id name tokenCount }
        }
      }
    }
  }
`;

/**
 * 50 projects with their applications and the caller's token counts: DataLoader reads the
 * applications of all 50 projects in one command (after REST's application:read check, answered
 * from the cached membership) and the token counts of all their applications in another, so the
 * query costs three commands, however many projects the page has — all three reads of data.
 */
describe('GraphQL: database round trips of nested lists', () => {
  let ctx: MonitoredContext;
  let user: Awaited<ReturnType<typeof signedInUser>>;
  let organizationId: string;
  before(async function () {
    this.timeout(120_000);
    ctx = await monitoredContext();
    user = await signedInUser(ctx, 'rt');
    organizationId = await createOrganization(ctx, user);
    const as = bearer(user.access_token);
    for (let index = 0; index < 50; index++) {
      const project = await ctx.request
        .post('/api/v1/projects')
        .set(as)
        .send({ organization_id: organizationId, name: `P${index}`, slug: uniqueSlug('p') })
        .expect(201);
      for (const name of ['Web', 'App']) {
        const application = await ctx.request
          .post('/api/v1/applications')
          .set(as)
          .send({ project_id: project.body.id, name })
          .expect(201);
        if (index % 2 === 0)
          await ctx.request
            .post('/api/v1/tokens')
            .set(as)
            .send({ name: 'CI', scopes: ['read'], application_id: application.body.id })
            .expect(201);
      }
    }
  });
  after(() => ctx.close());

  /** The commands one request sends, after a first run of it (indexes built, caches warm). */
  async function commandsOf(run: () => Promise<unknown>): Promise<string[]> {
    await run();
    ctx.commands.length = 0;
    await run();
    return [...ctx.commands];
  }

  it('reads 50 projects with their applications and token counts in a fixed number of commands', async () => {
    type Page = { projects: { nodes: Array<{ applications: { nodes: Array<{ tokenCount: number }> } }> } };
    let answer: Awaited<ReturnType<typeof post<Page>>> | undefined;
    const query = (first: number) => async () => {
      answer = await post<Page>(ctx, user.access_token, PAGE, { organizationId, first });
    };
    const authentication = await commandsOf(() => post(ctx, user.access_token, '{ viewer { id } }'));
    const fifty = await commandsOf(query(50));
    expect(answer?.errors).to.equal(undefined);
    const projects = answer!.data!.projects.nodes;
    expect(projects).to.have.length(50);
    expect(projects.every((project) => project.applications.nodes.length === 2)).to.equal(true);
    const counts = projects.flatMap((project) => project.applications.nodes.map((app) => app.tokenCount));
    expect(counts.reduce((sum, count) => sum + count, 0)).to.equal(50);
    const five = await commandsOf(query(5));
    const rest = await commandsOf(() =>
      ctx.request
        .get('/api/v1/projects')
        .query({ organization_id: organizationId, limit: 50 })
        .set(bearer(user.access_token)),
    );

    const work = fifty.slice(authentication.length);
    const restWork = rest.slice(authentication.length);
    console.log(`      REST page of 50 projects: ${restWork.join(', ')}`);
    console.log(`      GraphQL, 50 projects with applications and token counts: ${work.join(', ')}`);
    expect(fifty.slice(0, authentication.length), 'the same authentication').to.deep.equal(authentication);
    expect(five, 'independent of the page size').to.deep.equal(fifty);
    // REST's page of projects: one find (its authorization — membership and organization — is
    // answered by the process's cache once warm, issue #38; GraphQL's check for reading
    // applications in that organization likewise); one find for all applications, one count for
    // all tokens.
    expect(restWork).to.deep.equal(['find projects']);
    expect(work).to.deep.equal([...restWork, 'find applications', 'aggregate api_tokens']);
    expect(work).to.have.length.at.most(3);
    expect(work.filter((command) => !/organization/.test(command))).to.deep.equal([
      'find projects',
      'find applications',
      'aggregate api_tokens',
    ]);
  });

  it('reads memberships afresh on the next request: a role change or a removal counts at once', async () => {
    const member = await signedInUser(ctx, 'rt-member');
    const { id: memberId } = await addMember(ctx, user, organizationId, member);
    const page = () =>
      post<{ projects: { nodes: unknown[] } }>(ctx, member.access_token, PAGE, { organizationId, first: 5 });
    const describe = () =>
      ctx.request
        .patch(`/api/v1/organizations/${organizationId}`)
        .set(bearer(member.access_token))
        .send({ description: 'Round trips' });
    const before = await page();
    expect(before.errors).to.equal(undefined);
    expect(before.data!.projects.nodes).to.have.length(5);
    expect((await describe()).status, 'a member lacks organization:update').to.equal(403);
    await ctx.request
      .patch(`/api/v1/organizations/${organizationId}/members/${memberId}`)
      .set(bearer(user.access_token))
      .send({ role: 'admin' })
      .expect(200);
    expect((await describe()).status, 'promoted on the next request').to.equal(200);
    await ctx.request
      .delete(`/api/v1/organizations/${organizationId}/members/${memberId}`)
      .set(bearer(user.access_token))
      .expect(204);
    const after = await page();
    expect(after.data?.projects ?? null).to.equal(null);
    expect(after.errors?.[0]?.extensions?.code).to.equal('organization_not_found');
    await ctx.request
      .get('/api/v1/projects')
      .query({ organization_id: organizationId })
      .set(bearer(member.access_token))
      .expect(404);
  });

  it("pages a project's applications with REST's cursors, batched or not", async () => {
    const as = bearer(user.access_token);
    const projects = await ctx.request
      .get('/api/v1/projects')
      .query({ organization_id: organizationId, limit: 2 })
      .set(as);
    const projectId = projects.body.data[0].id as string;
    const rest = await ctx.request
      .get('/api/v1/applications')
      .query({ project_id: projectId, limit: 1 })
      .set(as);
    type Answer = {
      nodes: Array<{ id: string }>;
      pageInfo: { hasNextPage: boolean; endCursor: string | null };
    };
    const page = async (after?: string) =>
      (
        await post<{ projects: { nodes: Array<{ id: string; applications: Answer }> } }>(
          ctx,
          user.access_token,
          `query ($org: ID!, $after: String) { projects(organizationId: $org, first: 2) { nodes { id applications(first: 1, after: $after) { nodes { id } pageInfo { hasNextPage endCursor } } } } }`,
          { org: organizationId, after },
        )
      ).data!.projects.nodes.find((project) => project.id === projectId)!.applications;
    const first = await page();
    expect(first.nodes.map((node) => node.id)).to.deep.equal([rest.body.data[0].id]);
    expect(first.pageInfo).to.deep.equal({ hasNextPage: true, endCursor: rest.body.next_cursor });
    const second = await page(first.pageInfo.endCursor!);
    const restSecond = await ctx.request
      .get('/api/v1/applications')
      .query({ project_id: projectId, limit: 1, cursor: rest.body.next_cursor })
      .set(as);
    expect(second.nodes.map((node) => node.id)).to.deep.equal([restSecond.body.data[0].id]);
    expect(second.pageInfo.hasNextPage).to.equal(false);
  });
});
