import type { Request } from 'express';
import type { ApiRouter } from '../../lib/api-router.js';
import { authOf } from '../../core/auth-context.js';
import type { AppRoleCaller, AppRolesService } from './app-roles.types.js';

export interface AppRoleRouteDependencies {
  appRoles: AppRolesService;
  /** The project of an active application (API tokens reach only their application's project). */
  projectIdOfApplication(applicationId: string): Promise<string | null>;
}
export const tags = ['Application roles'];
export const NO_PROJECT = {
  description:
    'project_not_found: no such active project among the caller’s (also for other tenants’ ids, and for API tokens of another project’s application)',
};
export const WHO_READS =
  'Members of the project’s organization (`app_role:read`); API tokens with `read`, for their application’s project only.';
export const WHO_MANAGES =
  'Admins of the project’s organization, or a custom role with `app_role:manage`; API tokens with `write` (`delete` to delete) of such a member, for their application’s project only. End users’ tokens get 403.';
export const WHO_ASSIGNS =
  'Admins of the project’s organization, or a custom role with `app_role:assign`; API tokens with `write` of such a member, for their application’s project only.';
export const UNKNOWN_PERMISSIONS = {
  description:
    'Invalid body, or permissions the project does not define (unknown_app_permissions: the message and `unknown` name them)',
};

/** What the route files share: the router, the service, who calls. */
export function appRoleRouteKit(api: ApiRouter, deps: AppRoleRouteDependencies) {
  async function callerOf(req: Request): Promise<AppRoleCaller> {
    const auth = authOf(req);
    if (auth.via !== 'api_token') return { userId: auth.userId };
    return {
      userId: auth.userId,
      tokenId: auth.tokenId,
      onlyProjectId: auth.applicationId ? await deps.projectIdOfApplication(auth.applicationId) : null,
    };
  }
  return { api, appRoles: deps.appRoles, callerOf };
}

export type AppRoleRouteKit = ReturnType<typeof appRoleRouteKit>;
