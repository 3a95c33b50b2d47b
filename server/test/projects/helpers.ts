import { expect } from 'chai';
import type { TestContext } from '../helpers/context.js';
import { bearer, type signedInUser } from '../auth/helpers.js';

export type User = Awaited<ReturnType<typeof signedInUser>>;

let counter = 0;
/** A slug no other test uses. */
export function uniqueSlug(prefix = 'slug'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}`;
}

export async function createOrganization(ctx: TestContext, admin: User): Promise<string> {
  const response = await ctx.request
    .post('/api/v1/organizations')
    .set(bearer(admin.access_token))
    .send({ name: 'Acme', slug: uniqueSlug('org') })
    .expect(201);
  return response.body.id as string;
}

/**
 * Invites `user` into the organization with `role` (the admin must be an admin there), and has
 * the user accept: invitations are pending until the invitee accepts (issue #37 item 5).
 */
export async function addMember(
  ctx: TestContext,
  admin: User,
  organizationId: string,
  user: User,
  role: 'admin' | 'member' = 'member',
) {
  const invited = await ctx.request
    .post(`/api/v1/organizations/${organizationId}/members`)
    .set(bearer(admin.access_token))
    .send({ email: user.email, role })
    .expect(201);
  await acceptInvitation(ctx, user, invited.body.id as string);
  return invited.body as { id: string; user_id: string };
}

/** The invitee accepts their pending invitation (the id the invitation answered). */
export async function acceptInvitation(
  ctx: TestContext,
  user: Pick<User, 'access_token'>,
  invitationId: string,
) {
  const accepted = await ctx.request
    .post(`/api/v1/invitations/${invitationId}/accept`)
    .set(bearer(user.access_token));
  expect(accepted.status, JSON.stringify(accepted.body)).to.equal(200);
  return accepted.body as { id: string; status: string };
}

export async function createProject(
  ctx: TestContext,
  user: User,
  organizationId: string,
  fields: Record<string, unknown> = {},
) {
  const response = await ctx.request
    .post('/api/v1/projects')
    .set(bearer(user.access_token))
    .send({ name: 'Web Shop', slug: uniqueSlug('project'), organization_id: organizationId, ...fields });
  expect(response.status, JSON.stringify(response.body)).to.equal(201);
  return response.body as Record<string, unknown> & { id: string; api_key: string };
}

export async function createApplication(
  ctx: TestContext,
  user: User,
  projectId: string,
  fields: Record<string, unknown> = {},
) {
  const response = await ctx.request
    .post('/api/v1/applications')
    .set(bearer(user.access_token))
    .send({ name: 'Storefront', slug: uniqueSlug('app'), project_id: projectId, ...fields });
  expect(response.status, JSON.stringify(response.body)).to.equal(201);
  return response.body as Record<string, unknown> & { id: string; allowed_origins: string[] };
}

/** An API token bound to one application, issued through the tokens API. */
export async function createToken(
  ctx: TestContext,
  user: User,
  applicationId: string,
  scopes: string[],
): Promise<string> {
  const response = await ctx.request
    .post('/api/v1/tokens')
    .set(bearer(user.access_token))
    .send({ name: 'CI', scopes, application_id: applicationId });
  expect(response.status, JSON.stringify(response.body)).to.equal(201);
  return response.body.token as string;
}

/** Audit entries about one resource, oldest first, straight from the collection. */
export function auditOf(ctx: TestContext, resourceId: string) {
  return ctx.database.connection
    .collection('activity_logs')
    .find({ resource_id: resourceId })
    .sort({ _id: 1 })
    .toArray();
}
