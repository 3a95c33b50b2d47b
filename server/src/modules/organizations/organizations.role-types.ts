import type { PermissionName } from '../../core/permissions.js';
import type { RequestContext } from '../../core/request-context.js';

/** The custom roles' contract (organizations.roles.ts implements it), apart so the module's contract can name it without a cycle. */
/** A role as the API answers it: the built-in ones (id null) first, then the custom ones by name. */
export interface RoleView {
  id: string | null;
  name: string;
  description: string | null;
  permissions: PermissionName[];
  built_in: boolean;
  /** Members (active, or invited and not answered yet) holding the role. */
  member_count: number;
  created_at: string | null;
  updated_at: string | null;
}

export interface RoleInput {
  name: string;
  description?: string | null;
  permissions: PermissionName[];
}

export interface RolesService {
  listRoles(userId: string, organizationId: string): Promise<RoleView[]>;
  createRole(
    userId: string,
    organizationId: string,
    input: RoleInput,
    context: RequestContext,
  ): Promise<RoleView>;
  updateRole(
    userId: string,
    organizationId: string,
    roleId: string,
    changes: Partial<RoleInput>,
    context: RequestContext,
  ): Promise<RoleView>;
  deleteRole(userId: string, organizationId: string, roleId: string, context: RequestContext): Promise<void>;
}
