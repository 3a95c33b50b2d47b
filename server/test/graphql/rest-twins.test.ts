import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import { Types } from 'mongoose';
import type { TestContext } from '../helpers/context.js';
import { bearer, createAuthContext, signedInUser } from '../auth/helpers.js';
import { ageSession } from '../auth/step-up-helpers.js';
import { signedInEndUser } from '../helpers/end-users.js';
import { createApplication, createOrganization, createProject } from '../projects/helpers.js';
import { post } from './helpers.js';

const SCHEMA_DIR = path.resolve(import.meta.dirname, '../../src/modules/graphql/schema');

/** Every `'VERB /path'` a resolver names as its REST twin. */
async function twinRoutes(): Promise<string[]> {
  const routes = new Set<string>();
  for (const file of await readdir(SCHEMA_DIR)) {
    const text = await readFile(path.join(SCHEMA_DIR, file), 'utf8');
    for (const match of text.matchAll(/'(GET|POST|PATCH|DELETE) (\/[\w/:.-]+)'/g))
      routes.add(`${match[1]} ${match[2]}`);
  }
  return [...routes];
}

describe('GraphQL: the REST twins', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await createAuthContext();
  });
  after(() => ctx.close());

  it('names only routes that exist, and most of the product API', async () => {
    const document = ctx.app.locals.openApiDocument as { paths: Record<string, Record<string, unknown>> };
    const routes = await twinRoutes();
    const missing = routes.filter((route) => {
      const [method, expressPath] = route.split(' ') as [string, string];
      const openApi = `/api/v1${expressPath.replace(/:(\w+)/g, '{$1}')}`;
      return !document.paths[openApi]?.[method.toLowerCase()];
    });
    expect(missing).to.deep.equal([]);
    expect(routes.length).to.be.at.least(45);
  });

  it('asks for a recent proof of identity exactly where REST does', async () => {
    const user = await signedInUser(ctx, 'stepup');
    const organization = await createOrganization(ctx, user);
    const project = await createProject(ctx, user, organization);
    const application = await createApplication(ctx, user, project.id);
    const dave = await signedInEndUser(ctx, application.id);
    await ageSession(ctx, user.access_token);
    const as = user.access_token;
    const expectations: Array<[string, 'allowed' | 'step-up']> = [
      [
        `mutation { createApiToken(input: {applicationId: "${application.id}", name: "r", scopes: ["read"]}) { id } }`,
        'allowed',
      ],
      [
        `mutation { createApiToken(input: {applicationId: "${application.id}", name: "a", scopes: ["admin"]}) { id } }`,
        'step-up',
      ],
      [`mutation { updateApplication(id: "${application.id}", input: {name: "Renamed"}) { id } }`, 'allowed'],
      [
        `mutation { updateApplication(id: "${application.id}", input: {oidc: {client_type: "spa"}}) { id } }`,
        'step-up',
      ],
      [
        `mutation { createWebhook(organizationId: "${organization}", input: {url: "https://hooks.example.com/x", events: ["application.created"]}) { id } }`,
        'step-up',
      ],
      [`mutation { blockPoolUser(projectId: "${project.id}", id: "${dave.user.id}") { id } }`, 'step-up'],
      [`mutation { unblockPoolUser(projectId: "${project.id}", id: "${dave.user.id}") { id } }`, 'allowed'],
    ];
    for (const [query, expected] of expectations) {
      const answer = await post(ctx, as, query);
      if (expected === 'allowed') expect(answer.errors, query).to.equal(undefined);
      else
        expect(answer.errors?.[0]?.extensions, query).to.deep.include({
          code: 'reauthentication_required',
          status: 403,
        });
    }
    // As REST answers the same requests.
    const restToken = await ctx.request
      .post('/api/v1/tokens')
      .set(bearer(as))
      .send({ application_id: application.id, name: 'a', scopes: ['admin'] });
    expect(restToken.body.code).to.equal('reauthentication_required');
  });

  it('counts GraphQL operations by name in the request log', async () => {
    const user = await signedInUser(ctx, 'logged');
    await post(ctx, user.access_token, 'query DashboardHome { viewer { email } }');
    await post(ctx, user.access_token, 'query DashboardHome { viewer { id } }');
    await post(ctx, user.access_token, '{ viewer { email } }');
    await ctx.services.analyticsRecorder.flush();
    const rows = await ctx.database.connection
      .collection('activity_logs')
      .find({ resource_type: 'api', user_id: new Types.ObjectId(user.user.id) })
      .toArray();
    const endpoints = rows.map((row) => `${row.method as string} ${row.endpoint as string}`);
    expect(endpoints.filter((endpoint) => endpoint === 'POST /api/v1/graphql#DashboardHome')).to.have.length(
      2,
    );
    expect(endpoints).to.include('POST /api/v1/graphql#anonymous');
  });
});
