import { expect } from 'chai';
import type { TestContext } from '../helpers/context.js';
import { createAuthContext, signedInUser } from '../auth/helpers.js';
import { createApplication, createOrganization, createProject } from '../projects/helpers.js';
import { GRAPHQL, post } from './helpers.js';

type User = Awaited<ReturnType<typeof signedInUser>>;

/** `application(id) { project { applications { nodes { project { … } } } } }`, `depth` fields deep. */
function deepQuery(applicationId: string, depth: number): string {
  let inner = 'id';
  for (let levels = 2; levels < depth; levels += 3) inner = `project { applications { nodes { ${inner} } } }`;
  return `{ application(id: "${applicationId}") { ${inner} } }`;
}

/** Each attack: the request, and what the refusal must say. */
const ATTACKS: Record<string, { body: (app: string) => object; message: RegExp; code?: string }> = {
  'depth 50': {
    body: (app) => ({ query: deepQuery(app, 50) }),
    message: /depth limit of 15 exceeded/i,
  },
  '1,000 aliases': {
    body: () => ({ query: `{${Array.from({ length: 1000 }, (_, i) => `a${i}:viewer{email}`).join(' ')}}` }),
    message: /more that 2000 tokens/i,
  },
  '100 aliases (under the token limit)': {
    body: () => ({
      query: `{ ${Array.from({ length: 100 }, (_, i) => `a${i}: viewer { email }`).join(' ')} }`,
    }),
    message: /aliases limit of 20 exceeded/i,
  },
  'a fragment cycle': {
    body: (app) => ({
      query: `query { application(id: "${app}") { ...A } }
        fragment A on Application { project { ...B } }
        fragment B on Project { applications { nodes { ...A } } }`,
    }),
    message: /Cannot spread fragment "A" within itself/,
  },
  'a 1 MB query': {
    body: () => ({ query: `{ viewer { email } }${' '.repeat(1024 * 1024)}` }),
    message: /The query has 1048596 characters; at most 20000/,
  },
  'a list of 10,000 items': {
    body: () => ({ query: '{ organizations(first: 10000) { nodes { id } } }' }),
    message: /organizations\.first: first must be between 1 and 100/,
    code: 'validation_failed',
  },
  'a list of 10,000 items through a variable': {
    body: () => ({
      query: 'query ($n: Int) { projects(first: $n) { nodes { id } } }',
      variables: { n: 10_000 },
    }),
    message: /projects\.first: first must be between 1 and 100/,
    code: 'validation_failed',
  },
  '100 × 100 nested items through variables': {
    body: () => ({
      query: 'query ($n: Int) { projects(first: $n) { nodes { applications(first: $n) { nodes { id } } } } }',
      variables: { n: 100 },
    }),
    message: /ask for up to 10100 items; at most 5000/,
  },
  '30 directives': {
    body: () => ({ query: `{ viewer { email ${'@include(if: true) '.repeat(30)} } }` }),
    message: /directives limit of 20 exceeded/i,
  },
};

describe('GraphQL: expensive queries are refused before they run', () => {
  let ctx: TestContext;
  let user: User;
  let application: string;
  before(async () => {
    ctx = await createAuthContext();
    user = await signedInUser(ctx, 'limits');
    const organization = await createOrganization(ctx, user);
    application = (await createApplication(ctx, user, (await createProject(ctx, user, organization)).id)).id;
  });
  after(() => ctx.close());

  const viewer = () => post<{ viewer: { email: string } }>(ctx, user.access_token, '{ viewer { email } }');

  for (const [name, attack] of Object.entries(ATTACKS)) {
    it(`${name}: 400 with a message, and the server keeps answering`, async () => {
      const started = Date.now();
      // The refusal and an ordinary query at the same time: the ordinary one is answered.
      const [refused, meanwhile] = await Promise.all([
        ctx.request
          .post(GRAPHQL)
          .set('Authorization', `Bearer ${user.access_token}`)
          .send(attack.body(application)),
        viewer(),
      ]);
      expect(refused.status, refused.text.slice(0, 300)).to.equal(400);
      const error = (refused.body as { errors: Array<{ message: string; extensions: { code: string } }> })
        .errors[0]!;
      expect(error.message).to.match(attack.message);
      expect(error.extensions.code).to.equal(attack.code ?? 'bad_request');
      expect(meanwhile.status).to.equal(200);
      expect(meanwhile.data?.viewer.email).to.equal(user.email);
      expect(Date.now() - started, 'refused quickly').to.be.below(5_000);
    });
  }

  it('serves a query at the limits: depth 15, 20 aliases, first 100', async () => {
    const answer = await post(
      ctx,
      user.access_token,
      `{ ${Array.from({ length: 20 }, (_, i) => `a${i}: organizations(first: 100) { nodes { id } }`).join(' ')} }`,
    );
    expect(answer.status).to.equal(200);
    expect(answer.errors).to.equal(undefined);
  });

  it('takes first up to 500 for activityLogs, as REST takes limit', async () => {
    const many = await post(ctx, user.access_token, '{ activityLogs(first: 500) { nodes { action } } }');
    expect(many.status).to.equal(200);
    expect(many.errors).to.equal(undefined);
    const tooMany = await post(ctx, user.access_token, '{ activityLogs(first: 501) { nodes { action } } }');
    expect(tooMany.status).to.equal(400);
    expect(tooMany.errors?.[0]?.message).to.equal(
      'query.activityLogs.first: first must be between 1 and 500 (REST limit).',
    );
  });

  it('answers a mutation over GET with 405, and a bad variable with 400', async () => {
    const get = await ctx.request
      .get(GRAPHQL)
      .query({ query: 'mutation { deleteApplication(id: "000000000000000000000000") }' })
      .set('Authorization', `Bearer ${user.access_token}`)
      .set('Accept', 'application/json');
    expect(get.status).to.equal(405);
    const variable = await post(ctx, user.access_token, 'query ($id: ID!) { project(id: $id) { id } }', {
      id: { not: 'an id' },
    });
    expect(variable.status).to.equal(400);
    expect(variable.errors?.[0]?.extensions.code).to.equal('bad_request');
  });

  it('answers queries over GET, as GraphQL over HTTP', async () => {
    const get = await ctx.request
      .get(GRAPHQL)
      .query({ query: '{ viewer { email } }' })
      .set('Authorization', `Bearer ${user.access_token}`)
      .set('Accept', 'application/json');
    expect(get.status).to.equal(200);
    expect(get.body).to.deep.equal({ data: { viewer: { email: user.email } } });
  });
});
