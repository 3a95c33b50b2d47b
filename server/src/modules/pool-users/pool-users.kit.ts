import { Types } from 'mongoose';
import { AppError } from '../../lib/errors.js';
import { recordAudit } from '../../core/audit.js';
import type { UserDocument } from '../../core/account.js';
import { poolOfProject } from '../../core/pools.js';
import type { PermissionName } from '../../core/permissions.js';
import type { RequestContext } from '../../core/request-context.js';
import { ProjectErrors } from '../projects/index.js';
import { userModel } from '../users/index.js';
import { PoolUserErrors } from './pool-users.errors.js';
import type { PoolUserCaller, PoolUsersDependencies } from './pool-users.types.js';
import { poolUserView, type PoolUserView } from './pool-users.views.js';

/** The project a caller manages users of, with its pool and organization (for audit entries). */
export interface PoolScope {
  projectId: string;
  projectName: string;
  organizationId: string;
  poolId: string;
}

/**
 * What the user management's use cases share: the caller's authorization, the pool's users (only
 * ever looked up with the pool in the filter, so another pool's id answers 404 like an unknown
 * one), the second-factor flag of a view and the audit entries.
 */
export function createPoolUsersKit(deps: PoolUsersDependencies) {
  // Profiles are the users module's; its model is shared as the auth module shares it.
  const Users = userModel(deps.connection);

  /**
   * The caller's role in the project's organization needs the permission (`pool_user:read` for
   * members, the changes for admins; 403 forbidden naming it otherwise). Another tenant's
   * project, an inactive one and another project than an API token's answer 404.
   */
  async function authorize(caller: PoolUserCaller, projectId: string, permission: PermissionName) {
    if (caller.onlyProjectId !== undefined && caller.onlyProjectId !== projectId)
      throw new AppError(ProjectErrors.NOT_FOUND);
    const { project } = await deps.projects.authorize(caller.userId, projectId, permission);
    return {
      projectId: String(project._id),
      projectName: project.name,
      organizationId: String(project.organization_id),
      poolId: poolOfProject(project._id),
    } satisfies PoolScope;
  }

  /** The pool's user with that id, or 404 pool_user_not_found (also for another pool's user). */
  async function findUser(scope: PoolScope, userId: string): Promise<UserDocument> {
    const user = Types.ObjectId.isValid(userId)
      ? await Users.findOne({ _id: new Types.ObjectId(userId), pool_id: scope.poolId }).lean<UserDocument>()
      : null;
    if (!user) throw new AppError(PoolUserErrors.NOT_FOUND);
    return user;
  }

  /** The ids among these users that have a second factor (an authenticator app or a passkey). */
  async function withSecondFactor(userIds: string[]): Promise<Set<string>> {
    const flags = await Promise.all(
      userIds.map(async (id) => [id, (await deps.secondFactors.list(id)).length > 0] as const),
    );
    return new Set(flags.filter(([, has]) => has).map(([id]) => id));
  }

  async function viewOf(user: UserDocument): Promise<PoolUserView> {
    const flagged = await withSecondFactor([String(user._id)]);
    return poolUserView(user, flagged.has(String(user._id)));
  }

  /**
   * An audit entry of the project about one of its users (`userId`; null once the user is gone):
   * the caller is the actor, an API token is named in the metadata.
   */
  function audit(
    scope: PoolScope,
    caller: PoolUserCaller,
    context: RequestContext,
    action: string,
    userId: string | null,
    metadata: Record<string, unknown> = {},
    statusCode?: number,
  ): Promise<void> {
    return recordAudit(deps.activity, context, {
      action,
      resource_type: 'user',
      resource_id: userId,
      user_id: caller.userId,
      organization_id: scope.organizationId,
      project_id: scope.projectId,
      status_code: statusCode,
      metadata: { ...metadata, ...(caller.tokenId ? { via: 'api_token', token_id: caller.tokenId } : {}) },
    });
  }

  return { deps, Users, authorize, findUser, withSecondFactor, viewOf, audit };
}

export type PoolUsersKit = ReturnType<typeof createPoolUsersKit>;
