import { expect } from 'chai';
import { Types } from 'mongoose';
import type { TestContext } from '../helpers/context.js';
import { bearer, signedInUser } from '../auth/helpers.js';

export type User = Awaited<ReturnType<typeof signedInUser>>;

let counter = 0;
function unique(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}`;
}

export interface Tenant {
  user: User;
  organizationId: string;
  projectId: string;
  applicationId: string;
}

/** An application in a project in an organization, created through the public API. */
export async function createApplication(
  ctx: TestContext,
  user: User,
  projectId: string,
  name = 'App',
): Promise<string> {
  const response = await ctx.request
    .post('/api/v1/applications')
    .set(bearer(user.access_token))
    .send({ name, slug: unique('app'), project_id: projectId });
  expect(response.status, JSON.stringify(response.body)).to.equal(201);
  return response.body.id as string;
}

/** A signed-in user who is admin of a fresh organization with one project and one application. */
export async function createTenant(ctx: TestContext, prefix = 'owner', user?: User): Promise<Tenant> {
  const owner = user ?? (await signedInUser(ctx, prefix));
  const org = await ctx.request
    .post('/api/v1/organizations')
    .set(bearer(owner.access_token))
    .send({ name: `Org ${prefix}`, slug: unique('org') })
    .expect(201);
  const project = await ctx.request
    .post('/api/v1/projects')
    .set(bearer(owner.access_token))
    .send({ name: `Project ${prefix}`, slug: unique('project'), organization_id: org.body.id });
  expect(project.status, JSON.stringify(project.body)).to.equal(201);
  const applicationId = await createApplication(ctx, owner, project.body.id as string);
  return {
    user: owner,
    organizationId: org.body.id as string,
    projectId: project.body.id as string,
    applicationId,
  };
}

export interface CreatedToken {
  id: string;
  token: string;
  prefix: string;
  scopes: string[];
  status: string;
  [field: string]: unknown;
}

export async function createToken(
  ctx: TestContext,
  user: User,
  applicationId: string,
  fields: { name?: string; scopes?: string[]; expires_at?: string } = {},
): Promise<CreatedToken> {
  const response = await ctx.request
    .post('/api/v1/tokens')
    .set(bearer(user.access_token))
    .send({ name: 'CI token', scopes: ['read'], application_id: applicationId, ...fields });
  expect(response.status, JSON.stringify(response.body)).to.equal(201);
  return response.body as CreatedToken;
}

/** The stored token document, straight from the collection. */
export function storedToken(ctx: TestContext, id: string) {
  return ctx.database.connection.collection('api_tokens').findOne({ _id: new Types.ObjectId(id) });
}
