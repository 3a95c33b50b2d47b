import { Types } from 'mongoose';
import { recordAudit } from '../../core/audit.js';
import type { PermissionName } from '../../core/permissions.js';
import type { RequestContext } from '../../core/request-context.js';
import type { WebhookEventType } from '../../core/webhooks.js';
import { AppError } from '../../lib/errors.js';
import { isDuplicateKey } from '../../lib/mongoose-plugins.js';
import { ProjectErrors } from '../projects/index.js';
import { userModel } from '../users/index.js';
import type { AppRoleErrors } from './app-roles.errors.js';
import type { GrantSource } from './app-roles.grants.js';
import { appRoleModels } from './app-roles.model.js';
import type { AppRoleCaller, AppRolesDependencies } from './app-roles.types.js';

/** The project whose permissions and roles a caller manages, with its organization (audit, webhooks). */
export interface RoleScope {
  projectId: string;
  projectOid: Types.ObjectId;
  organizationId: string;
}

type ErrorDefinition = (typeof AppRoleErrors)[keyof typeof AppRoleErrors];

/** What the use cases share: models, the caller's authorization, audit entries and events. */
export function createAppRolesKit(deps: AppRolesDependencies, grants: GrantSource) {
  const models = appRoleModels(deps.connection);
  // End users are the users module's; its model is shared as pool-users shares it.
  const Users = userModel(deps.connection);

  /**
   * The caller's role in the project's organization needs the permission (`app_role:read` for
   * members, `app_role:manage` and `app_role:assign` for admins; 403 forbidden naming it
   * otherwise). Another tenant's project, an inactive one and another project than an API
   * token's answer 404 project_not_found.
   */
  async function authorize(
    caller: AppRoleCaller,
    projectId: string,
    permission: PermissionName,
  ): Promise<RoleScope> {
    if (caller.onlyProjectId !== undefined && caller.onlyProjectId !== projectId)
      throw new AppError(ProjectErrors.NOT_FOUND);
    const { project } = await deps.projects.authorize(caller.userId, projectId, permission);
    return {
      projectId: String(project._id),
      projectOid: project._id,
      organizationId: String(project.organization_id),
    };
  }

  /** A unique index refusing a name (taken, perhaps by a request a moment earlier): 409. */
  async function uniquely<T>(taken: ErrorDefinition, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isDuplicateKey(error)) throw new AppError(taken);
      throw error;
    }
  }

  /** An audit entry of the project (the caller is the actor; an API token is named). */
  function audit(
    scope: RoleScope,
    caller: AppRoleCaller,
    context: RequestContext,
    entry: {
      action: string;
      resourceType: 'role' | 'user';
      resourceId: string;
      metadata: Record<string, unknown>;
      statusCode?: number;
    },
  ): Promise<void> {
    return recordAudit(deps.activity, context, {
      action: entry.action,
      resource_type: entry.resourceType,
      resource_id: entry.resourceId,
      user_id: caller.userId,
      organization_id: scope.organizationId,
      project_id: scope.projectId,
      ...(entry.statusCode ? { status_code: entry.statusCode } : {}),
      metadata: {
        ...entry.metadata,
        ...(caller.tokenId ? { via: 'api_token', token_id: caller.tokenId } : {}),
      },
    });
  }

  /** A webhook event to the project's organization (webhooks narrowed to the project get it too). */
  function emit(scope: RoleScope, type: WebhookEventType, data: Record<string, unknown>): void {
    deps.webhooks?.emit(
      type,
      { organizationId: scope.organizationId, projectId: scope.projectId },
      { project_id: scope.projectId, ...data },
    );
  }

  /** The id as an ObjectId, or the not-found error (a malformed id names nothing). */
  function oid(id: string, notFound: ErrorDefinition): Types.ObjectId {
    if (!Types.ObjectId.isValid(id)) throw new AppError(notFound);
    return new Types.ObjectId(id);
  }

  return { deps, grants, ...models, Users, authorize, uniquely, audit, emit, oid };
}

export type AppRolesKit = ReturnType<typeof createAppRolesKit>;

/** 400 naming the names the project does not define (`details` lists each, `fields.unknown` all). */
export function unknownNames(error: ErrorDefinition, what: string, unknown: string[]): AppError {
  const list = unknown.join(', ');
  return new AppError(error, {
    message: `The project defines no ${what} named ${list}.`,
    details: unknown.map((name) => ({
      path: `body.${what === 'role' ? 'roles' : 'permissions'}`,
      message: name,
    })),
    fields: { unknown },
  });
}
