import { expect } from 'chai';
import type { TestContext } from '../helpers/context.js';
import { bearer, signedInUser } from '../auth/helpers.js';
import {
  acceptInvitation,
  addMember,
  createApplication,
  createOrganization,
  createProject,
  type User,
} from '../projects/helpers.js';
import { poolUser, SHOP } from '../pool-users/helpers.js';

export const memberSkillsPath = (organizationId: string, memberId: string) =>
  `/api/v1/organizations/${organizationId}/members/${memberId}/skills`;
export const userSkillsPath = (projectId: string, userId: string) =>
  `/api/v1/projects/${projectId}/users/${userId}/skills`;

/** Invites a registered person with a custom role of the organization and lets them accept. */
export async function addWithRole(
  ctx: TestContext,
  admin: User,
  organizationId: string,
  user: User,
  roleName: string,
) {
  const invited = await ctx.request
    .post(`/api/v1/organizations/${organizationId}/members`)
    .set(bearer(admin.access_token))
    .send({ email: user.email, role: roleName });
  expect(invited.status, JSON.stringify(invited.body)).to.equal(201);
  await acceptInvitation(ctx, user, invited.body.id as string);
  return invited.body as { id: string; user_id: string };
}

export async function createRole(
  ctx: TestContext,
  admin: User,
  organizationId: string,
  name: string,
  permissions: string[],
) {
  const response = await ctx.request
    .post(`/api/v1/organizations/${organizationId}/roles`)
    .set(bearer(admin.access_token))
    .send({ name, permissions });
  expect(response.status, JSON.stringify(response.body)).to.equal(201);
  return response.body as { id: string; name: string };
}

/**
 * One organization with an admin, a plain member, a "Skill keeper" (custom role with
 * skill:manage) and a "Reader" (custom role without it), a project with an application, a user
 * of its pool; and a stranger with an organization and project of their own.
 */
export async function skillsTenant(ctx: TestContext) {
  const [admin, member, keeper, reader, stranger] = await Promise.all([
    signedInUser(ctx, 'skills-admin'),
    signedInUser(ctx, 'skills-member'),
    signedInUser(ctx, 'skills-keeper'),
    signedInUser(ctx, 'skills-reader'),
    signedInUser(ctx, 'skills-stranger'),
  ]);
  const organizationId = await createOrganization(ctx, admin);
  await createRole(ctx, admin, organizationId, 'Skill keeper', [
    'organization:read',
    'member:read',
    'project:read',
    'pool_user:read',
    'skill:manage',
  ]);
  await createRole(ctx, admin, organizationId, 'Reader', [
    'organization:read',
    'member:read',
    'project:read',
    'pool_user:read',
  ]);
  const memberRow = await addMember(ctx, admin, organizationId, member, 'member');
  const keeperRow = await addWithRole(ctx, admin, organizationId, keeper, 'Skill keeper');
  const readerRow = await addWithRole(ctx, admin, organizationId, reader, 'Reader');
  const projectId = (await createProject(ctx, admin, organizationId)).id;
  const applicationId = (await createApplication(ctx, admin, projectId, { allowed_origins: [SHOP] })).id;
  const endUser = await poolUser(ctx, admin, projectId);
  const strangerOrganizationId = await createOrganization(ctx, stranger);
  const strangerProjectId = (await createProject(ctx, stranger, strangerOrganizationId)).id;
  return {
    admin,
    member,
    keeper,
    reader,
    stranger,
    organizationId,
    projectId,
    applicationId,
    endUser,
    strangerOrganizationId,
    strangerProjectId,
    rows: { member: memberRow, keeper: keeperRow, reader: readerRow },
  };
}

export type SkillsTenant = Awaited<ReturnType<typeof skillsTenant>>;
