import type { Request, Response } from 'express';
import type { ApiRouter } from '../../lib/api-router.js';
import { authOf } from '../../core/auth-context.js';
import type { PoolUserCaller, PoolUsersService } from './pool-users.types.js';

export interface PoolUserRouteDependencies {
  poolUsers: PoolUsersService;
  /** The project of an active application (API tokens reach only their application's project). */
  projectIdOfApplication(applicationId: string): Promise<string | null>;
}

export const tags = ['Pool users'];
export const NO_PROJECT = {
  description:
    'project_not_found: no such active project among the caller’s (also for other tenants’ ids, and for API tokens of another project)',
};
export const NO_USER = {
  description:
    'project_not_found as above, or pool_user_not_found: no such user in this project’s pool (also for users of other pools)',
};
export const NOT_ADMIN = {
  description: 'forbidden: only admins of the organization may change its projects’ users',
};
export const WHO_READS =
  'Members of the project’s organization; API tokens with `read`, for their application’s project only.';
export const WHO_WRITES =
  'Admins of the project’s organization; API tokens with `write` (of an admin), for their application’s project only.';
export const WHO_SENSITIVE =
  'Admins of the project’s organization, signed in to the dashboard with a proof of identity in the last 10 minutes (step-up); API tokens cannot: a token proves no person.';

type UserRequest = Request & { valid: { params: { project_id: string; user_id: string } } };

/** What the user management's route files share: the router, the service, who calls. */
export function poolUserRouteKit(api: ApiRouter, deps: PoolUserRouteDependencies) {
  async function callerOf(req: Request): Promise<PoolUserCaller> {
    const auth = authOf(req);
    if (auth.via !== 'api_token') return { userId: auth.userId };
    return {
      userId: auth.userId,
      tokenId: auth.tokenId,
      onlyProjectId: auth.applicationId ? await deps.projectIdOfApplication(auth.applicationId) : null,
    };
  }

  /** The handler of a route on one user: `act` answers the body, sent with `status` (204: none). */
  const onUser =
    (
      act: (caller: PoolUserCaller, projectId: string, userId: string, req: Request) => Promise<unknown>,
      status = 200,
    ) =>
    async (req: UserRequest, res: Response) => {
      const { project_id, user_id } = req.valid.params;
      const answer = await act(await callerOf(req), project_id, user_id, req);
      if (status === 204) res.status(204).end();
      else res.status(status).json(answer);
    };

  return { api, poolUsers: deps.poolUsers, callerOf, onUser };
}

export type PoolUserRouteKit = ReturnType<typeof poolUserRouteKit>;
