import type { Connection } from 'mongoose';
import type { UserDocument } from '../../core/account.js';
import type { ActivityService } from '../../core/audit.js';
import type { RequestContext } from '../../core/request-context.js';
import type { WebhookEmitter } from '../../core/webhooks.js';
import type { ProjectsService } from '../projects/index.js';
import type {
  AppPermissionView,
  AppRoleView,
  CreateAppPermissionInput,
  CreateAppRoleInput,
  UpdateAppPermissionInput,
  UpdateAppRoleInput,
  UserRolesView,
} from './app-roles.schemas.js';

/**
 * Who manages a project's permissions and roles: a signed-in member of its organization, or an
 * API token (bound to one application, so to its project: `onlyProjectId`, null when that
 * application is gone). `tokenId` names the token in the audit trail. As for pool users.
 */
export interface AppRoleCaller {
  userId: string;
  onlyProjectId?: string | null;
  tokenId?: string | null;
}

export interface AppRolesDependencies {
  connection: Connection;
  activity: ActivityService;
  webhooks?: WebhookEmitter;
  projects: Pick<ProjectsService, 'authorize'>;
}

/** An end user's application roles and the permissions they grant: names, sorted, each once. */
export interface RoleGrants {
  roles: string[];
  permissions: string[];
}

/** The account fields the grants are read from (a profile document, or enough of one). */
export type GrantSubject = Pick<UserDocument, '_id' | 'pool_id'> & { roles?: string[] | null };

export interface AppRolesService {
  listPermissions(caller: AppRoleCaller, projectId: string): Promise<AppPermissionView[]>;
  createPermission(
    caller: AppRoleCaller,
    projectId: string,
    input: CreateAppPermissionInput,
    context: RequestContext,
  ): Promise<AppPermissionView>;
  updatePermission(
    caller: AppRoleCaller,
    projectId: string,
    permissionId: string,
    changes: UpdateAppPermissionInput,
    context: RequestContext,
  ): Promise<AppPermissionView>;
  /** Also takes the permission out of every role of the project that granted it. */
  deletePermission(
    caller: AppRoleCaller,
    projectId: string,
    permissionId: string,
    context: RequestContext,
  ): Promise<void>;

  listRoles(caller: AppRoleCaller, projectId: string): Promise<AppRoleView[]>;
  createRole(
    caller: AppRoleCaller,
    projectId: string,
    input: CreateAppRoleInput,
    context: RequestContext,
  ): Promise<AppRoleView>;
  updateRole(
    caller: AppRoleCaller,
    projectId: string,
    roleId: string,
    changes: UpdateAppRoleInput,
    context: RequestContext,
  ): Promise<AppRoleView>;
  /** Also takes the role from every end user holding it (and ends it as the default role). */
  deleteRole(
    caller: AppRoleCaller,
    projectId: string,
    roleId: string,
    context: RequestContext,
  ): Promise<void>;

  getUserRoles(caller: AppRoleCaller, projectId: string, userId: string): Promise<UserRolesView>;
  setUserRoles(
    caller: AppRoleCaller,
    projectId: string,
    userId: string,
    roles: string[],
    context: RequestContext,
  ): Promise<UserRolesView>;

  /**
   * An end user's roles in the project and the permissions they grant (for tokens, the
   * permissions endpoints and policy checks). From the profile given, or read by id (of that
   * project's pool only; nobody else has roles there). Roles the project no longer defines are
   * left out. Role definitions are cached per project (dropped in every process on a change).
   */
  rolesAndPermissionsOf(projectId: string, user: string | GrantSubject): Promise<RoleGrants>;
  /** The roles a new account of the pool starts with: its project's default role, or none (one read). */
  defaultRolesOf(poolId: string): Promise<string[]>;
}
