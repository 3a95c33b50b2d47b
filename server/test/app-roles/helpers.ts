import { expect } from 'chai';
import type { TestContext } from '../helpers/context.js';
import { bearer } from '../auth/helpers.js';

/** `/api/v1/projects/{id}/…` of the application roles API. */
export const rolesPath = (projectId: string, rest = '') => `/api/v1/projects/${projectId}${rest}`;

/** Defines a permission as `token` (201 expected); answers it. */
export async function definePermission(
  ctx: TestContext,
  token: string,
  projectId: string,
  name: string,
  description?: string,
) {
  const response = await ctx.request
    .post(rolesPath(projectId, '/permissions'))
    .set(bearer(token))
    .send({ name, ...(description ? { description } : {}) });
  expect(response.status, JSON.stringify(response.body)).to.equal(201);
  return response.body as { id: string; name: string; description: string | null; role_count: number };
}

export interface AppRole {
  id: string;
  name: string;
  description: string | null;
  permissions: string[];
  default: boolean;
}

/** Defines a role as `token` (201 expected); answers it. */
export async function defineRole(
  ctx: TestContext,
  token: string,
  projectId: string,
  body: { name: string; permissions?: string[]; default?: boolean; description?: string },
): Promise<AppRole> {
  const response = await ctx.request.post(rolesPath(projectId, '/roles')).set(bearer(token)).send(body);
  expect(response.status, JSON.stringify(response.body)).to.equal(201);
  return response.body as AppRole;
}

/** Sets an end user's roles as `token` (200 expected); answers the roles and permissions. */
export async function assignRoles(
  ctx: TestContext,
  token: string,
  projectId: string,
  userId: string,
  roles: string[],
) {
  const response = await ctx.request
    .put(rolesPath(projectId, `/users/${userId}/roles`))
    .set(bearer(token))
    .send({ roles });
  expect(response.status, JSON.stringify(response.body)).to.equal(200);
  return response.body as { user_id: string; roles: string[]; permissions: string[] };
}

/** The payload of a JWT (not verified: the tests that need verification use jose or openid-client). */
export function jwtPayload(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
}
