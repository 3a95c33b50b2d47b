import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import prettier from 'prettier';
import { buildSchema, type GraphQLInputObjectType, type GraphQLObjectType } from 'graphql';
import { graphqlSdl } from '../../src/modules/graphql/index.js';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { createAuthContext, signedInUser } from '../auth/helpers.js';
import { GRAPHQL, post } from './helpers.js';

const SDL_FILE = path.resolve(import.meta.dirname, '../../src/modules/graphql/schema.graphql');
const INTROSPECTION = '{ __schema { queryType { name } } }';
const formatted = async (sdl: string) =>
  prettier.format(sdl, { ...(await prettier.resolveConfig(SDL_FILE)), parser: 'graphql' });

/**
 * The committed SDL (server/src/modules/graphql/schema.graphql, what clients generate types from)
 * is the schema the server serves. After a change to the schema, regenerate it with
 * `UPDATE_GRAPHQL_SCHEMA=1 npx mocha test/graphql/schema.test.ts` (in server/) and commit it.
 */
describe('GraphQL: the published schema', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await createAuthContext();
  });
  after(() => ctx.close());

  it('is committed as schema.graphql, in step with the code', async () => {
    // Committed as Prettier writes it (npm run format:check covers the file too).
    const printed = await formatted(graphqlSdl());
    if (process.env.UPDATE_GRAPHQL_SCHEMA) await writeFile(SDL_FILE, printed);
    const committed = await readFile(SDL_FILE, 'utf8');
    expect(printed, 'run UPDATE_GRAPHQL_SCHEMA=1 npx mocha test/graphql/schema.test.ts').to.equal(committed);
  });

  it('is served at /api/v1/graphql/schema.graphql, with the names the issue keeps', async () => {
    const response = await ctx.request.get(`${GRAPHQL}/schema.graphql`).expect(200);
    expect(response.type).to.equal('text/plain');
    expect(await formatted(response.text)).to.equal(await readFile(SDL_FILE, 'utf8'));
    const schema = buildSchema(response.text);
    const shape = (type: string) =>
      Object.fromEntries(
        Object.values((schema.getType(type) as GraphQLObjectType).getFields()).map((field) => [
          field.name,
          `${field.args.map((arg) => `${arg.name}: ${String(arg.type)}`).join(', ')} → ${String(field.type)}`,
        ]),
      );
    expect(shape('Query')).to.deep.include({
      viewer: ' → Viewer',
      organizations: 'after: String, first: Int → OrganizationConnection',
      organization: 'id: ID! → Organization',
      project: 'id: ID! → Project',
      application: 'id: ID! → Application',
    });
    expect(shape('Mutation')).to.deep.include({
      createOrganization: 'input: CreateOrganizationInput! → Organization',
      createProject: 'input: CreateProjectInput! → CreatedProject',
      createApplication: 'input: CreateApplicationInput! → Application',
      createApiToken: 'input: CreateApiTokenInput! → CreatedApiToken',
    });
    expect(
      Object.keys((schema.getType('CreateOrganizationInput') as GraphQLInputObjectType).getFields()),
    ).to.have.members(['name', 'slug', 'description', 'websiteUrl']);
    expect(shape('Viewer')).to.include.keys('id', 'email', 'displayName');
    expect(shape('OrganizationConnection')).to.include.keys('edges', 'pageInfo');
    expect(shape('PageInfo')).to.have.keys('hasNextPage', 'endCursor');
    expect(shape('CreatedApiToken')).to.have.property('token', ' → String!');
    expect(shape('ApiToken')).not.to.have.property('token');
  });

  it('answers introspection (also without a credential) unless GRAPHQL_INTROSPECTION is false', async () => {
    const open = await post(ctx, undefined, INTROSPECTION);
    expect(open.status).to.equal(200);
    expect(open.data).to.deep.equal({ __schema: { queryType: { name: 'Query' } } });

    const closed = await createTestContext({ env: { GRAPHQL_INTROSPECTION: 'false' } });
    try {
      const user = await signedInUser(closed, 'introspection');
      const refused = await post(closed, user.access_token, INTROSPECTION);
      expect(refused.status).to.equal(400);
      expect(refused.errors?.[0]?.message).to.match(/introspection/i);
      expect((await post(closed, user.access_token, '{ viewer { email } }')).status).to.equal(200);
    } finally {
      await closed.close();
    }
  });

  it('serves GraphiQL in development only', async () => {
    const html = () => ctx.request.get(GRAPHQL).set('Accept', 'text/html');
    expect((await html()).status, 'not in test').not.to.equal(200);
    const development = await createTestContext({ env: { NODE_ENV: 'development' } });
    try {
      const page = await development.request.get(GRAPHQL).set('Accept', 'text/html').expect(200);
      expect(page.text).to.include('graphiql.min.js');
      expect(page.headers['content-security-policy']).to.match(
        /script-src 'nonce-[^']+' https:\/\/unpkg\.com/,
      );
    } finally {
      await development.close();
    }
  });
});
