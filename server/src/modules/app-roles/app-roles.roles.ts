import mongoose from 'mongoose';
import { AppError } from '../../lib/errors.js';
import { AppRoleErrors } from './app-roles.errors.js';
import { sortedNames } from './app-roles.grants.js';
import { unknownNames, type AppRolesKit, type RoleScope } from './app-roles.kit.js';
import type { ProjectDefaultRoleDocument, ProjectRoleDocument } from './app-roles.model.js';
import { MAX_APP_ROLES, type AppRoleView } from './app-roles.schemas.js';
import type { AppRolesService } from './app-roles.types.js';

export function roleView(role: ProjectRoleDocument, defaultRole: string | null): AppRoleView {
  return {
    id: String(role._id),
    name: role.name,
    description: role.description,
    permissions: sortedNames(role.permissions),
    default: role.name === defaultRole,
    created_at: role.created_at.toISOString(),
    updated_at: role.updated_at.toISOString(),
  };
}

type Roles = Pick<AppRolesService, 'listRoles' | 'createRole' | 'updateRole' | 'deleteRole'>;

/**
 * What the role use cases share: finding a role of the project, the default pointer, checking
 * permission names, and keeping roles free of permissions deleted meanwhile.
 */
function createRoleStore(kit: AppRolesKit) {
  const { Roles, Permissions, Defaults } = kit;

  async function find(scope: RoleScope, roleId: string): Promise<ProjectRoleDocument> {
    const role = await Roles.findOne({
      _id: kit.oid(roleId, AppRoleErrors.ROLE_NOT_FOUND),
      project_id: scope.projectOid,
    }).lean<ProjectRoleDocument>();
    if (!role) throw new AppError(AppRoleErrors.ROLE_NOT_FOUND);
    return role;
  }

  async function defaultOf(scope: RoleScope): Promise<string | null> {
    const pointer = await Defaults.findById(scope.projectOid).lean<ProjectDefaultRoleDocument>();
    return pointer?.role ?? null;
  }

  /** The names sorted and once each, all defined by the project; else 400 naming the others. */
  async function knownPermissions(scope: RoleScope, names: string[]): Promise<string[]> {
    const wanted = sortedNames(names);
    if (wanted.length === 0) return [];
    const found = await Permissions.find(
      { project_id: scope.projectOid, name: mongoose.trusted({ $in: wanted }) },
      { name: 1 },
    ).lean<Array<{ name: string }>>();
    const known = new Set(found.map((permission) => permission.name));
    const unknown = wanted.filter((name) => !known.has(name));
    if (unknown.length > 0) throw unknownNames(AppRoleErrors.UNKNOWN_PERMISSIONS, 'permission', unknown);
    return wanted;
  }

  /**
   * Makes `name` the default role (or, with null, ends `previous` being it). A role deleted in
   * the same moment does not stay the default: the pointer is checked after the write.
   */
  async function setDefault(scope: RoleScope, name: string | null, previous?: string) {
    if (name === null) {
      await Defaults.updateOne(
        { _id: scope.projectOid, role: previous },
        { $set: { role: null, updated_at: new Date() } },
      );
      return;
    }
    await Defaults.updateOne(
      { _id: scope.projectOid },
      { $set: { role: name, updated_at: new Date() } },
      { upsert: true },
    );
    if (!(await Roles.exists({ project_id: scope.projectOid, name })))
      await Defaults.updateOne({ _id: scope.projectOid, role: name }, { $set: { role: null } });
  }

  /** Permissions deleted while the role was written are not left in it. */
  async function dropVanished(scope: RoleScope, role: ProjectRoleDocument): Promise<ProjectRoleDocument> {
    if (role.permissions.length === 0) return role;
    const still = await Permissions.countDocuments({
      project_id: scope.projectOid,
      name: mongoose.trusted({ $in: role.permissions }),
    });
    if (still === role.permissions.length) return role;
    const known = new Set(
      (
        await Permissions.find(
          { project_id: scope.projectOid, name: mongoose.trusted({ $in: role.permissions }) },
          { name: 1 },
        ).lean<Array<{ name: string }>>()
      ).map((permission) => permission.name),
    );
    const gone = role.permissions.filter((name) => !known.has(name));
    await Roles.updateOne({ _id: role._id }, { $pull: { permissions: mongoose.trusted({ $in: gone }) } });
    return { ...role, permissions: role.permissions.filter((name) => known.has(name)) };
  }

  return { find, defaultOf, knownPermissions, setDefault, dropVanished };
}

/**
 * The roles a project defines for its end users: bundles of its permissions, one of them perhaps
 * the default that new sign-ups get. The default is a pointer (one document per project), so
 * choosing another is one write and there is never more than one.
 */
export function createAppRoles(kit: AppRolesKit): Roles {
  const { Roles, Users, Defaults } = kit;
  const { find, defaultOf, knownPermissions, setDefault, dropVanished } = createRoleStore(kit);

  return {
    async listRoles(caller, projectId) {
      const scope = await kit.authorize(caller, projectId, 'app_role:read');
      const [roles, defaultRole] = await Promise.all([
        Roles.find({ project_id: scope.projectOid }).sort({ name: 1 }).lean<ProjectRoleDocument[]>(),
        defaultOf(scope),
      ]);
      return roles.map((role) => roleView(role, defaultRole));
    },

    async createRole(caller, projectId, input, context) {
      const scope = await kit.authorize(caller, projectId, 'app_role:manage');
      const permissions = await knownPermissions(scope, input.permissions);
      if ((await Roles.countDocuments({ project_id: scope.projectOid })) >= MAX_APP_ROLES)
        throw new AppError(AppRoleErrors.ROLE_LIMIT);
      await Roles.init();
      const inserted: ProjectRoleDocument = await kit.uniquely(AppRoleErrors.ROLE_NAME_TAKEN, async () =>
        (
          await Roles.create({
            project_id: scope.projectOid,
            name: input.name,
            description: input.description || null,
            permissions,
          })
        ).toObject<ProjectRoleDocument>(),
      );
      const created = await dropVanished(scope, inserted);
      const previousDefault = input.default ? await defaultOf(scope) : null;
      if (input.default) await setDefault(scope, created.name);
      await kit.grants.changed(scope.projectId);
      const view = roleView(created, await defaultOf(scope));
      await kit.audit(scope, caller, context, {
        action: 'project_role.created',
        resourceType: 'role',
        resourceId: view.id,
        metadata: {
          name: view.name,
          permissions: view.permissions,
          default: view.default,
          ...(view.default && previousDefault ? { previous_default: previousDefault } : {}),
        },
        statusCode: 201,
      });
      kit.emit(scope, 'project_role.created', { role: view });
      return view;
    },

    async updateRole(caller, projectId, roleId, changes, context) {
      const scope = await kit.authorize(caller, projectId, 'app_role:manage');
      const role = await find(scope, roleId);
      const previousDefault = await defaultOf(scope);
      const set: Record<string, unknown> = {};
      if (changes.name !== undefined && changes.name !== role.name) set.name = changes.name;
      if (changes.description !== undefined && (changes.description || null) !== role.description)
        set.description = changes.description || null;
      if (changes.permissions !== undefined) {
        const permissions = await knownPermissions(scope, changes.permissions);
        if (permissions.join('\n') !== sortedNames(role.permissions).join('\n'))
          set.permissions = permissions;
      }
      let updated = role;
      if (Object.keys(set).length > 0) {
        await Roles.init();
        const written = await kit.uniquely(AppRoleErrors.ROLE_NAME_TAKEN, () =>
          Roles.findOneAndUpdate(
            { _id: role._id },
            { $set: set },
            { returnDocument: 'after' },
          ).lean<ProjectRoleDocument>(),
        );
        if (!written) throw new AppError(AppRoleErrors.ROLE_NOT_FOUND);
        updated = set.permissions ? await dropVanished(scope, written) : written;
      }
      if (set.name !== undefined) {
        // End users hold roles by name, and so does the default pointer: the new name goes with them.
        await Users.updateMany(
          { pool_id: scope.projectId, roles: role.name },
          { $set: { 'roles.$': updated.name } },
        );
        await Defaults.updateOne(
          { _id: scope.projectOid, role: role.name },
          { $set: { role: updated.name, updated_at: new Date() } },
        );
      }
      const wasDefault = previousDefault === role.name;
      if (changes.default === true && !wasDefault) await setDefault(scope, updated.name);
      if (changes.default === false && wasDefault) await setDefault(scope, null, updated.name);
      if (Object.keys(set).length > 0) await kit.grants.changed(scope.projectId);
      const view = roleView(updated, await defaultOf(scope));
      const fields = Object.keys(set);
      if (view.default !== wasDefault) fields.push('default');
      if (fields.length > 0) {
        const diff = {
          fields,
          ...(set.name !== undefined ? { previous_name: role.name } : {}),
          ...(set.permissions !== undefined
            ? {
                added: view.permissions.filter((name) => !role.permissions.includes(name)),
                removed: sortedNames(role.permissions).filter((name) => !view.permissions.includes(name)),
              }
            : {}),
          ...(view.default && previousDefault && !wasDefault ? { previous_default: previousDefault } : {}),
        };
        await kit.audit(scope, caller, context, {
          action: 'project_role.updated',
          resourceType: 'role',
          resourceId: view.id,
          metadata: { name: view.name, ...diff },
        });
        kit.emit(scope, 'project_role.updated', { role: view, ...diff });
      }
      return view;
    },

    async deleteRole(caller, projectId, roleId, context) {
      const scope = await kit.authorize(caller, projectId, 'app_role:manage');
      const role = await find(scope, roleId);
      await Roles.deleteOne({ _id: role._id });
      // Nobody keeps a role the project no longer defines, and it is nobody's default any more.
      const { modifiedCount } = await Users.updateMany(
        { pool_id: scope.projectId, roles: role.name },
        { $pull: { roles: role.name } },
      );
      await setDefault(scope, null, role.name);
      await kit.grants.changed(scope.projectId);
      await kit.audit(scope, caller, context, {
        action: 'project_role.deleted',
        resourceType: 'role',
        resourceId: String(role._id),
        metadata: {
          name: role.name,
          permissions: sortedNames(role.permissions),
          users_updated: modifiedCount,
        },
      });
      kit.emit(scope, 'project_role.deleted', {
        role: { id: String(role._id), name: role.name },
        users_updated: modifiedCount,
      });
    },
  };
}
