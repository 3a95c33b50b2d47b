import { Types } from 'mongoose';
import { AppError } from '../../lib/errors.js';
import { recordAudit } from '../../core/audit.js';
import {
  BUILT_IN_ROLE_NAMES,
  BUILT_IN_ROLES,
  inCatalogOrder,
  missingPermission,
  type PermissionName,
} from '../../core/permissions.js';
import type { RequestContext } from '../../core/request-context.js';
import type { OrganizationsDeps, OrganizationsService } from './organizations.contract.js';
import { OrganizationErrors } from './organizations.errors.js';
import {
  organizationModels,
  type MemberDocument,
  type OrganizationRoleDocument,
} from './organizations.model.js';
import type { CachedRoleSource } from './organizations.role-source.js';
import type { RolesService, RoleView } from './organizations.role-types.js';

/** Custom roles one organization may define. */
export const MAX_CUSTOM_ROLES = 50;

export type { RoleInput, RolesService, RoleView } from './organizations.role-types.js';

/**
 * Nobody hands out more than they hold: creating, changing, deleting or assigning a role needs
 * every permission that role grants (else 403 `forbidden` naming the first one missing). Admins
 * hold them all; a custom "role manager" cannot grow their own rights this way.
 */
export function assertHolds(caller: ReadonlySet<PermissionName>, granted: Iterable<PermissionName>): void {
  for (const permission of granted) if (!caller.has(permission)) throw missingPermission(permission);
}

const roleKey = (name: string) => name.trim().toLowerCase();

/** What the roles' use cases share: their rows, who holds them, their views and audit entries. */
function createRoleKit(deps: OrganizationsDeps) {
  const { Roles, Members } = organizationModels(deps.connection);
  const { activity } = deps;

  /** How many members (active or pending) hold each role, by lower-cased name. */
  async function holders(organizationId: Types.ObjectId): Promise<Map<string, number>> {
    const members = await Members.find(
      { organization_id: organizationId, $or: [{ is_active: true }, { pending: true }] },
      { role: 1 },
    ).lean<Pick<MemberDocument, 'role'>[]>();
    const counts = new Map<string, number>();
    for (const { role } of members) counts.set(roleKey(role), (counts.get(roleKey(role)) ?? 0) + 1);
    return counts;
  }

  function customView(role: OrganizationRoleDocument, memberCount: number): RoleView {
    return {
      id: String(role._id),
      name: role.name,
      description: role.description,
      permissions: inCatalogOrder(role.permissions),
      built_in: false,
      member_count: memberCount,
      created_at: role.created_at.toISOString(),
      updated_at: role.updated_at.toISOString(),
    };
  }

  async function findRole(organizationId: Types.ObjectId, roleId: string): Promise<OrganizationRoleDocument> {
    const role = Types.ObjectId.isValid(roleId)
      ? await Roles.findOne({
          _id: new Types.ObjectId(roleId),
          organization_id: organizationId,
        }).lean<OrganizationRoleDocument>()
      : null;
    if (!role) throw new AppError(OrganizationErrors.ROLE_NOT_FOUND);
    return role;
  }

  /** A unique index refusing the name (another request took it first): 409 role_name_taken. */
  async function uniquely<T>(write: () => Promise<T>): Promise<T> {
    try {
      await Roles.init();
      return await write();
    } catch (error) {
      if ((error as { code?: number }).code === 11000) throw new AppError(OrganizationErrors.ROLE_NAME_TAKEN);
      throw error;
    }
  }

  const audit = (
    context: RequestContext,
    action: 'role.created' | 'role.updated' | 'role.deleted',
    userId: string,
    organizationId: string,
    role: OrganizationRoleDocument,
    metadata: Record<string, unknown>,
    statusCode?: number,
  ) =>
    recordAudit(activity, context, {
      action,
      resource_type: 'role',
      resource_id: String(role._id),
      user_id: userId,
      organization_id: organizationId,
      metadata: { name: role.name, ...metadata },
      ...(statusCode ? { status_code: statusCode } : {}),
    });

  return { Roles, Members, holders, customView, findRole, uniquely, audit };
}

/** The organization's custom roles: listed with the built-in ones, created, changed, deleted. */
export function createRoles(
  deps: OrganizationsDeps,
  authorize: OrganizationsService['authorize'],
  roleSource: CachedRoleSource,
): RolesService {
  const { Roles, Members, holders, customView, findRole, uniquely, audit } = createRoleKit(deps);

  return {
    async listRoles(userId, organizationId) {
      const { organization } = await authorize(userId, organizationId, 'role:read');
      const [custom, counts] = await Promise.all([
        Roles.find({ organization_id: organization._id })
          .sort({ name_key: 1 })
          .lean<OrganizationRoleDocument[]>(),
        holders(organization._id),
      ]);
      const builtIn: RoleView[] = BUILT_IN_ROLE_NAMES.map((name) => ({
        id: null,
        name,
        description: null,
        permissions: inCatalogOrder(BUILT_IN_ROLES[name]),
        built_in: true,
        member_count: counts.get(name) ?? 0,
        created_at: null,
        updated_at: null,
      }));
      return [...builtIn, ...custom.map((role) => customView(role, counts.get(role.name_key) ?? 0))];
    },

    async createRole(userId, organizationId, input, context) {
      const { organization, permissions: own } = await authorize(userId, organizationId, 'role:manage');
      const permissions = inCatalogOrder(input.permissions);
      assertHolds(own, permissions);
      if ((await Roles.countDocuments({ organization_id: organization._id })) >= MAX_CUSTOM_ROLES)
        throw new AppError(OrganizationErrors.ROLE_LIMIT);
      const name = input.name.trim();
      const created = await uniquely(async () =>
        (
          await Roles.create({
            organization_id: organization._id,
            name,
            name_key: roleKey(name),
            description: input.description?.trim() || null,
            permissions,
          })
        ).toObject<OrganizationRoleDocument>(),
      );
      await roleSource.changed(organizationId);
      const view = customView(created, 0);
      await audit(context, 'role.created', userId, organizationId, created, { permissions }, 201);
      deps.webhooks?.emit('role.created', { organizationId }, { role: view });
      return view;
    },

    async updateRole(userId, organizationId, roleId, changes, context) {
      const { organization, permissions: own } = await authorize(userId, organizationId, 'role:manage');
      const role = await findRole(organization._id, roleId);
      assertHolds(own, role.permissions);
      const set: Record<string, unknown> = {};
      if (changes.name !== undefined && changes.name.trim() !== role.name) {
        set.name = changes.name.trim();
        set.name_key = roleKey(changes.name);
      }
      if (changes.description !== undefined) set.description = changes.description?.trim() || null;
      if (changes.permissions !== undefined) {
        const permissions = inCatalogOrder(changes.permissions);
        assertHolds(own, permissions);
        set.permissions = permissions;
      }
      const updated =
        Object.keys(set).length === 0
          ? role
          : await uniquely(() =>
              Roles.findOneAndUpdate(
                { _id: role._id },
                { $set: set },
                { returnDocument: 'after' },
              ).lean<OrganizationRoleDocument>(),
            );
      if (!updated) throw new AppError(OrganizationErrors.ROLE_NOT_FOUND);
      // Members hold the role by name: a new name goes with them (invitations too).
      if (set.name !== undefined)
        await Members.updateMany(
          { organization_id: organization._id, role: role.name },
          { $set: { role: updated.name } },
        );
      await roleSource.changed(organizationId);
      const view = customView(updated, (await holders(organization._id)).get(updated.name_key) ?? 0);
      const fields = Object.keys(set).filter((field) => field !== 'name_key');
      const diff = {
        fields,
        ...(set.name !== undefined ? { previous_name: role.name } : {}),
        ...(set.permissions !== undefined
          ? {
              added: view.permissions.filter((p) => !role.permissions.includes(p)),
              removed: inCatalogOrder(role.permissions).filter((p) => !view.permissions.includes(p)),
            }
          : {}),
      };
      await audit(context, 'role.updated', userId, organizationId, updated, diff);
      deps.webhooks?.emit('role.updated', { organizationId }, { role: view, ...diff });
      return view;
    },

    async deleteRole(userId, organizationId, roleId, context) {
      const { organization, permissions: own } = await authorize(userId, organizationId, 'role:manage');
      const role = await findRole(organization._id, roleId);
      assertHolds(own, role.permissions);
      const held = await Members.countDocuments({
        organization_id: organization._id,
        role: role.name,
        $or: [{ is_active: true }, { pending: true }],
      });
      if (held > 0)
        throw new AppError(OrganizationErrors.ROLE_IN_USE, {
          message: `${held} ${held === 1 ? 'member holds' : 'members hold'} the role ${role.name} (invitations included). Give them another role first.`,
          fields: { member_count: held },
        });
      await Roles.deleteOne({ _id: role._id });
      await roleSource.changed(organizationId);
      await audit(context, 'role.deleted', userId, organizationId, role, {
        permissions: inCatalogOrder(role.permissions),
      });
      deps.webhooks?.emit(
        'role.deleted',
        { organizationId },
        { role: { id: String(role._id), name: role.name } },
      );
    },
  };
}
