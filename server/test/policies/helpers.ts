import { expect } from 'chai';
import type { TestContext } from '../helpers/context.js';
import { bearer, signedInUser } from '../auth/helpers.js';
import { signedInEndUser } from '../helpers/end-users.js';
import {
  addMember,
  createApplication,
  createOrganization,
  createProject,
  createToken,
  type User,
} from '../projects/helpers.js';

export const projectPolicies = (projectId: string) => `/api/v1/projects/${projectId}/policies`;
export const organizationPolicies = (organizationId: string) =>
  `/api/v1/organizations/${organizationId}/policies`;

/** POST a policy as `token`, expecting 201; answers the created policy. */
export async function createPolicy(
  ctx: TestContext,
  token: string,
  path: string,
  policy: Record<string, unknown>,
): Promise<{ id: string; name: string } & Record<string, unknown>> {
  const response = await ctx.request.post(path).set(bearer(token)).send(policy);
  expect(response.status, JSON.stringify(response.body)).to.equal(201);
  return response.body;
}

/** `POST /api/v1/authorize` as `token`, expecting 200. */
export async function authorize(ctx: TestContext, token: string, body: Record<string, unknown>) {
  const response = await ctx.request.post('/api/v1/authorize').set(bearer(token)).send(body);
  expect(response.status, JSON.stringify(response.body)).to.equal(200);
  return response.body as {
    allowed: boolean;
    reason: string;
    matched_policies: Array<{ id: string; name: string; effect: string; scope: string }>;
    results?: Array<{ allowed: boolean; reason: string; matched_policies: Array<{ id: string }> }>;
  };
}

/** Sets an end user's skills through the pool-users API (R3's route). */
export async function setUserSkills(
  ctx: TestContext,
  admin: User,
  projectId: string,
  userId: string,
  skills: Array<{ name: string; level?: number }>,
) {
  const response = await ctx.request
    .put(`/api/v1/projects/${projectId}/users/${userId}/skills`)
    .set(bearer(admin.access_token))
    .send({ skills });
  expect(response.status, JSON.stringify(response.body)).to.equal(200);
}

/**
 * An organization with an admin and a plain member, a project with an application and a `read`
 * API token of the admin for it; a second tenant (organization, project, application, an end
 * user of that pool).
 */
export async function policyTenant(ctx: TestContext) {
  const [admin, member, stranger] = await Promise.all([
    signedInUser(ctx, 'policy-admin'),
    signedInUser(ctx, 'policy-member'),
    signedInUser(ctx, 'policy-stranger'),
  ]);
  const organizationId = await createOrganization(ctx, admin);
  await addMember(ctx, admin, organizationId, member, 'member');
  const project = await createProject(ctx, admin, organizationId);
  const application = await createApplication(ctx, admin, project.id);
  const readToken = await createToken(ctx, admin, application.id, ['read']);

  const otherOrganizationId = await createOrganization(ctx, stranger);
  const otherProject = await createProject(ctx, stranger, otherOrganizationId);
  const otherApplication = await createApplication(ctx, stranger, otherProject.id);
  const otherEndUser = await signedInEndUser(ctx, otherApplication.id, { prefix: 'other-pool' });
  return {
    admin,
    member,
    stranger,
    organizationId,
    projectId: project.id,
    applicationId: application.id,
    readToken,
    other: {
      organizationId: otherOrganizationId,
      projectId: otherProject.id,
      applicationId: otherApplication.id,
      endUser: otherEndUser,
    },
  };
}

export type PolicyTenant = Awaited<ReturnType<typeof policyTenant>>;
