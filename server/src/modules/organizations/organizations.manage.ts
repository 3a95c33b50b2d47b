import mongoose, { Types } from 'mongoose';
import { paginateNewestFirst } from '../../lib/pagination.js';
import { recordAudit } from '../../core/audit.js';
import { changesToSet, insertUnique } from '../../core/tenant-resource.js';
import { BUILT_IN_ROLES } from '../../core/permissions.js';
import type { OrganizationsDeps, OrganizationsService } from './organizations.contract.js';
import { OrganizationErrors } from './organizations.errors.js';
import { organizationModels, type OrganizationDocument } from './organizations.model.js';
import { organizationView } from './organizations.views.js';

/** Organizations themselves: created, listed, read, changed, deactivated and reactivated. */
export function createOrganizationManagement(
  deps: OrganizationsDeps,
  authorize: OrganizationsService['authorize'],
  permissionsOf: OrganizationsService['permissionsOf'],
): Pick<OrganizationsService, 'create' | 'listForUser' | 'get' | 'update' | 'setActive' | 'listAll'> {
  const { Organizations, Members } = organizationModels(deps.connection);
  const { activity } = deps;

  /** An entry about the organization itself (its id is both the resource and the organization). */
  const organizationEvent = (action: string, organizationId: string, userId: string) => ({
    action,
    resource_type: 'organization' as const,
    resource_id: organizationId,
    user_id: userId,
    organization_id: organizationId,
  });

  return {
    async create(userId, input, context) {
      const organization = await insertUnique(
        async () =>
          (
            await Organizations.create({
              name: input.name,
              slug: input.slug,
              description: input.description || null,
              website_url: input.website_url || null,
              created_by: new Types.ObjectId(userId),
              active_member_count: 1,
            })
          ).toObject(),
        OrganizationErrors.SLUG_TAKEN,
      );
      try {
        await Members.create({
          organization_id: organization._id,
          user_id: new Types.ObjectId(userId),
          role: 'admin',
          is_active: true,
          joined_at: new Date(),
        });
      } catch (error) {
        // Without transactions (standalone MongoDB), undo by hand: never leave an organization without its admin.
        await Organizations.deleteOne({ _id: organization._id });
        throw error;
      }
      await recordAudit(activity, context, {
        ...organizationEvent('organization.created', String(organization._id), userId),
        status_code: 201,
        metadata: { name: organization.name, slug: organization.slug },
      });
      return organizationView(organization, 'admin', BUILT_IN_ROLES.admin);
    },

    ...createOrganizationLists(deps, permissionsOf),

    async get(userId, organizationId) {
      const { organization, role, permissions } = await authorize(
        userId,
        organizationId,
        'organization:read',
      );
      return organizationView(organization, role, permissions);
    },

    async update(userId, organizationId, changes, context) {
      const { organization, role, permissions } = await authorize(
        userId,
        organizationId,
        'organization:update',
      );
      const set = changesToSet(changes);
      const updated = await insertUnique(
        () =>
          Organizations.findOneAndUpdate(
            { _id: organization._id },
            { $set: set },
            { returnDocument: 'after' },
          ).lean<OrganizationDocument>(),
        OrganizationErrors.SLUG_TAKEN,
      );
      await recordAudit(activity, context, {
        ...organizationEvent('organization.updated', organizationId, userId),
        metadata: { fields: Object.keys(set) },
      });
      const requireTwoFactor = changes.require_two_factor;
      if (requireTwoFactor !== undefined && requireTwoFactor !== (organization.require_two_factor ?? false)) {
        await recordAudit(activity, context, {
          ...organizationEvent(
            requireTwoFactor ? 'organization.two_factor_required' : 'organization.two_factor_not_required',
            organizationId,
            userId,
          ),
          metadata: { require_two_factor: requireTwoFactor },
        });
      }
      // The event names the organization as an admin sees it (not the caller's permissions).
      const { my_permissions: _caller, ...announced } = organizationView(
        updated!,
        'admin',
        BUILT_IN_ROLES.admin,
      );
      deps.webhooks?.emit(
        'organization.updated',
        { organizationId },
        { organization: announced, fields: Object.keys(set) },
      );
      return organizationView(updated!, role, permissions);
    },

    async setActive(userId, organizationId, active, context) {
      const { organization, role, permissions } = await authorize(
        userId,
        organizationId,
        'organization:deactivate',
      );
      const updated = await Organizations.findOneAndUpdate(
        { _id: organization._id },
        { $set: { is_active: active } },
        { returnDocument: 'after' },
      ).lean<OrganizationDocument>();
      await recordAudit(
        activity,
        context,
        organizationEvent(
          active ? 'organization.activated' : 'organization.deactivated',
          organizationId,
          userId,
        ),
      );
      return organizationView(updated!, role, permissions);
    },
  };
}

/** The caller's organizations (with their permissions in each), and all of them (global admins). */
function createOrganizationLists(
  deps: OrganizationsDeps,
  permissionsOf: OrganizationsService['permissionsOf'],
): Pick<OrganizationsService, 'listForUser' | 'listAll'> {
  const { Organizations, Members } = organizationModels(deps.connection);
  return {
    async listForUser(userId, page, onlyOrganizationId) {
      const memberships = (
        await Members.find(
          { user_id: new Types.ObjectId(userId), is_active: true },
          { organization_id: 1, role: 1 },
        ).lean()
      ).filter((m) => !onlyOrganizationId || String(m.organization_id) === onlyOrganizationId);
      const roles = new Map(memberships.map((m) => [String(m.organization_id), m.role]));
      const result = await paginateNewestFirst(
        Organizations,
        { _id: mongoose.trusted({ $in: memberships.map((m) => m.organization_id) }) },
        page,
      );
      return {
        data: await Promise.all(
          result.data.map(async (org) => {
            const role = roles.get(String(org._id)) ?? 'member';
            return organizationView(org, role, await permissionsOf(String(org._id), role));
          }),
        ),
        next_cursor: result.next_cursor,
      };
    },
    async listAll(page) {
      const result = await paginateNewestFirst(Organizations, {}, page);
      return {
        data: result.data.map((org) => {
          const {
            role: _role,
            my_permissions: _permissions,
            ...view
          } = organizationView(org, 'member', new Set());
          return view;
        }),
        next_cursor: result.next_cursor,
      };
    },
  };
}
