import { AppError } from '../../lib/errors.js';
import { AppRoleErrors } from './app-roles.errors.js';
import type { AppRolesKit, RoleScope } from './app-roles.kit.js';
import type { ProjectPermissionDocument, ProjectRoleDocument } from './app-roles.model.js';
import { MAX_APP_PERMISSIONS, type AppPermissionView } from './app-roles.schemas.js';
import type { AppRolesService } from './app-roles.types.js';

export function permissionView(permission: ProjectPermissionDocument, roleCount: number): AppPermissionView {
  return {
    id: String(permission._id),
    name: permission.name,
    description: permission.description,
    role_count: roleCount,
    created_at: permission.created_at.toISOString(),
    updated_at: permission.updated_at.toISOString(),
  };
}

type Permissions = Pick<
  AppRolesService,
  'listPermissions' | 'createPermission' | 'updatePermission' | 'deletePermission'
>;

/** The permissions a project defines for its applications: listed, created, renamed, deleted. */
export function createAppPermissions(kit: AppRolesKit): Permissions {
  const { Permissions, Roles } = kit;

  async function find(scope: RoleScope, permissionId: string): Promise<ProjectPermissionDocument> {
    const permission = await Permissions.findOne({
      _id: kit.oid(permissionId, AppRoleErrors.PERMISSION_NOT_FOUND),
      project_id: scope.projectOid,
    }).lean<ProjectPermissionDocument>();
    if (!permission) throw new AppError(AppRoleErrors.PERMISSION_NOT_FOUND);
    return permission;
  }

  const rolesGranting = (scope: RoleScope, name: string) =>
    Roles.countDocuments({ project_id: scope.projectOid, permissions: name });

  return {
    async listPermissions(caller, projectId) {
      const scope = await kit.authorize(caller, projectId, 'app_role:read');
      const [permissions, roles] = await Promise.all([
        Permissions.find({ project_id: scope.projectOid })
          .sort({ name: 1 })
          .lean<ProjectPermissionDocument[]>(),
        Roles.find({ project_id: scope.projectOid }, { permissions: 1 }).lean<
          Pick<ProjectRoleDocument, 'permissions'>[]
        >(),
      ]);
      const counts = new Map<string, number>();
      for (const role of roles)
        for (const name of new Set(role.permissions)) counts.set(name, (counts.get(name) ?? 0) + 1);
      return permissions.map((permission) => permissionView(permission, counts.get(permission.name) ?? 0));
    },

    async createPermission(caller, projectId, input, context) {
      const scope = await kit.authorize(caller, projectId, 'app_role:manage');
      if ((await Permissions.countDocuments({ project_id: scope.projectOid })) >= MAX_APP_PERMISSIONS)
        throw new AppError(AppRoleErrors.PERMISSION_LIMIT);
      await Permissions.init();
      const created = await kit.uniquely(AppRoleErrors.PERMISSION_NAME_TAKEN, async () =>
        (
          await Permissions.create({
            project_id: scope.projectOid,
            name: input.name,
            description: input.description || null,
          })
        ).toObject<ProjectPermissionDocument>(),
      );
      const view = permissionView(created, 0);
      await kit.audit(scope, caller, context, {
        action: 'project_permission.created',
        resourceType: 'role',
        resourceId: view.id,
        metadata: { name: view.name },
        statusCode: 201,
      });
      kit.emit(scope, 'project_permission.created', { permission: view });
      return view;
    },

    async updatePermission(caller, projectId, permissionId, changes, context) {
      const scope = await kit.authorize(caller, projectId, 'app_role:manage');
      const permission = await find(scope, permissionId);
      const set: Record<string, unknown> = {};
      if (changes.name !== undefined && changes.name !== permission.name) set.name = changes.name;
      if (changes.description !== undefined && (changes.description || null) !== permission.description)
        set.description = changes.description || null;
      let updated = permission;
      if (Object.keys(set).length > 0) {
        await Permissions.init();
        const written = await kit.uniquely(AppRoleErrors.PERMISSION_NAME_TAKEN, () =>
          Permissions.findOneAndUpdate(
            { _id: permission._id },
            { $set: set },
            { returnDocument: 'after' },
          ).lean<ProjectPermissionDocument>(),
        );
        if (!written) throw new AppError(AppRoleErrors.PERMISSION_NOT_FOUND);
        updated = written;
      }
      // Roles hold permissions by name: the new name goes with them, and tokens issued from now
      // on carry it.
      if (set.name !== undefined) {
        await Roles.updateMany(
          { project_id: scope.projectOid, permissions: permission.name },
          { $set: { 'permissions.$': updated.name } },
        );
        await kit.grants.changed(scope.projectId);
      }
      const view = permissionView(updated, await rolesGranting(scope, updated.name));
      const fields = Object.keys(set);
      if (fields.length > 0) {
        const diff = { fields, ...(set.name !== undefined ? { previous_name: permission.name } : {}) };
        await kit.audit(scope, caller, context, {
          action: 'project_permission.updated',
          resourceType: 'role',
          resourceId: view.id,
          metadata: { name: view.name, ...diff },
        });
        kit.emit(scope, 'project_permission.updated', { permission: view, ...diff });
      }
      return view;
    },

    async deletePermission(caller, projectId, permissionId, context) {
      const scope = await kit.authorize(caller, projectId, 'app_role:manage');
      const permission = await find(scope, permissionId);
      await Permissions.deleteOne({ _id: permission._id });
      // No role grants what the project no longer defines.
      const { modifiedCount } = await Roles.updateMany(
        { project_id: scope.projectOid, permissions: permission.name },
        { $pull: { permissions: permission.name } },
      );
      await kit.grants.changed(scope.projectId);
      await kit.audit(scope, caller, context, {
        action: 'project_permission.deleted',
        resourceType: 'role',
        resourceId: String(permission._id),
        metadata: { name: permission.name, roles_updated: modifiedCount },
      });
      kit.emit(scope, 'project_permission.deleted', {
        permission: { id: String(permission._id), name: permission.name },
        roles_updated: modifiedCount,
      });
    },
  };
}
