import mongoose, { Types } from 'mongoose';
import { AppError, type ErrorDefinition } from '../../lib/errors.js';
import { missingPermission, type PermissionName } from '../../core/permissions.js';
import type { OrganizationsDeps, OrganizationsService } from './organizations.contract.js';
import { OrganizationErrors } from './organizations.errors.js';
import { oncePerRequest } from '../../core/request-scope.js';
import {
  membershipWritesSeen,
  organizationModels,
  type MemberDocument,
  type OrganizationDocument,
} from './organizations.model.js';
import type { CachedRoleSource } from './organizations.role-source.js';
import { createDirectoryCaches, membershipTags } from './organizations.cache.js';
import { memberViews, type Membership } from './organizations.views.js';

/**
 * Who belongs where and may do what: the questions other modules ask about memberships
 * (authorization, a user's organizations, an organization's admins, global admins).
 */
export function createOrganizationDirectory(
  deps: OrganizationsDeps,
  roleSource: CachedRoleSource,
): Pick<
  OrganizationsService,
  | 'authorize'
  | 'findActive'
  | 'organizationIdsOf'
  | 'membershipsOf'
  | 'twoFactorRequiredBy'
  | 'adminsOf'
  | 'isGlobalAdmin'
  | 'permissionsOf'
> & {
  /** The caller's active membership without the two-factor policy: only for leaving. */
  membershipOf: typeof membershipOf;
} {
  const models = organizationModels(deps.connection);
  const { Organizations, Members } = models;
  const caches = createDirectoryCaches(deps.connection);
  const hasSecondFactor = (userId: string) => deps.hasSecondFactor?.(userId) ?? Promise.resolve(false);

  async function membershipOf(
    userId: string,
    organizationId: string,
    notFound: ErrorDefinition = OrganizationErrors.NOT_FOUND,
  ): Promise<Membership> {
    if (!Types.ObjectId.isValid(organizationId) || !Types.ObjectId.isValid(userId)) {
      throw new AppError(notFound);
    }
    const { member, organization } = await oncePerRequest(
      `organization-membership:${membershipWritesSeen()}:${userId}:${organizationId}`,
      () =>
        caches.memberships.read(
          `${userId.toLowerCase()}:${organizationId.toLowerCase()}`,
          () => readMembership(models, userId, organizationId),
          () => membershipTags(userId.toLowerCase(), [organizationId.toLowerCase()]),
          (found) => found.member !== null && found.organization !== null,
        ),
    );
    if (!member || !organization) throw new AppError(notFound);
    return {
      organization,
      member,
      role: member.role,
      permissions: await permissionsOf(organizationId, member.role),
    };
  }

  /** A role's permissions in an organization; none for a role it does not have (fail closed). */
  async function permissionsOf(organizationId: string, role: string): Promise<ReadonlySet<PermissionName>> {
    return (await roleSource.permissionsOf(organizationId, role)) ?? new Set();
  }

  /**
   * The one place organization access is decided, so every module (projects, applications,
   * tokens, webhooks, embedding) enforces `require_two_factor` alike: a member without a second
   * factor is refused with a code that says where to set one up.
   */
  async function authorize(
    userId: string,
    organizationId: string,
    permission: PermissionName,
    notFound: ErrorDefinition = OrganizationErrors.NOT_FOUND,
  ): Promise<Membership> {
    const membership = await membershipOf(userId, organizationId, notFound);
    // The policy of an active organization, as twoFactorRequiredBy (what /auth/me asks to enrol).
    const { organization } = membership;
    if (organization.require_two_factor && organization.is_active && !(await hasSecondFactor(userId)))
      throw new AppError(OrganizationErrors.TWO_FACTOR_REQUIRED);
    if (!membership.permissions.has(permission)) throw missingPermission(permission);
    return membership;
  }

  const requiringTwoFactor = (ids: Types.ObjectId[]) => activeRequiringTwoFactor(Organizations, ids);

  return {
    authorize,
    membershipOf,
    permissionsOf,

    async findActive(organizationId) {
      if (!Types.ObjectId.isValid(organizationId)) return null;
      const id = String(new Types.ObjectId(organizationId));
      return caches.organizations.read(
        id,
        () =>
          Organizations.findOne({
            _id: new Types.ObjectId(id),
            is_active: true,
          }).lean<OrganizationDocument>(),
        () => [`organization:${id}`],
        (organization) => organization !== null,
      );
    },

    async organizationIdsOf(userId, permission) {
      if (!Types.ObjectId.isValid(userId)) return [];
      let memberships = await Members.find(
        { user_id: new Types.ObjectId(userId), is_active: true },
        { organization_id: 1, role: 1 },
      ).lean<Pick<MemberDocument, 'organization_id' | 'role'>[]>();
      // Lists read with a permission leave out the organizations where the role lacks it.
      if (permission) {
        const granted = await Promise.all(
          memberships.map(async (m) =>
            (await permissionsOf(String(m.organization_id), m.role)).has(permission),
          ),
        );
        memberships = memberships.filter((_m, index) => granted[index]);
      }
      const ids = memberships.map((m) => m.organization_id);
      if (ids.length === 0) return ids;
      // Lists built from these ids (projects, applications, analytics, activity) leave out what
      // authorize would refuse for want of a second factor.
      const strict = await requiringTwoFactor(ids);
      if (strict.length === 0 || (await hasSecondFactor(userId))) return ids;
      const refused = new Set(strict.map((org) => String(org._id)));
      return ids.filter((id) => !refused.has(String(id)));
    },

    ...createMembershipLists(models, caches, requiringTwoFactor),
    ...createAdminQueries(deps, caches.founder),
  };
}

/** Among the given organizations, those that require two-factor sign-in and are active. */
async function activeRequiringTwoFactor(
  Organizations: ReturnType<typeof organizationModels>['Organizations'],
  organizationIds: Types.ObjectId[],
) {
  if (organizationIds.length === 0) return [];
  return Organizations.find(
    { _id: mongoose.trusted({ $in: organizationIds }), is_active: true, require_two_factor: true },
    { name: 1 },
  ).lean<Pick<OrganizationDocument, '_id' | 'name'>[]>();
}

/** A user's memberships (for /verify) and the organizations that require them a second factor (/auth/me), cached. */
function createMembershipLists(
  { Organizations, Members }: ReturnType<typeof organizationModels>,
  caches: ReturnType<typeof createDirectoryCaches>,
  requiringTwoFactor: (ids: Types.ObjectId[]) => Promise<Pick<OrganizationDocument, '_id' | 'name'>[]>,
): Pick<OrganizationsService, 'membershipsOf' | 'twoFactorRequiredBy'> {
  return {
    async membershipsOf(userId) {
      const id = String(new Types.ObjectId(userId));
      const { entries } = await caches.lists.read(
        id,
        async () => {
          const memberships = await Members.find({
            user_id: new Types.ObjectId(id),
            is_active: true,
          }).lean<MemberDocument[]>();
          const organizationIds = memberships.map((m) => String(m.organization_id));
          const orgs = await Organizations.find({
            _id: mongoose.trusted({ $in: memberships.map((m) => m.organization_id) }),
          }).lean<OrganizationDocument[]>();
          const roles = new Map(memberships.map((m) => [String(m.organization_id), m.role]));
          const found = orgs.map((org) => ({
            id: String(org._id),
            name: org.name,
            slug: org.slug,
            role: roles.get(String(org._id))!,
          }));
          return { organizationIds, entries: found };
        },
        (list) => membershipTags(id, list.organizationIds),
      );
      return entries.map((entry) => ({ ...entry }));
    },

    async twoFactorRequiredBy(userId) {
      if (!Types.ObjectId.isValid(userId)) return [];
      const id = String(new Types.ObjectId(userId));
      const { entries } = await caches.twoFactor.read(
        id,
        async () => {
          const memberships = await Members.find(
            { user_id: new Types.ObjectId(id), is_active: true },
            { organization_id: 1 },
          ).lean<Pick<MemberDocument, 'organization_id'>[]>();
          const orgs = await requiringTwoFactor(memberships.map((m) => m.organization_id));
          return {
            organizationIds: memberships.map((m) => String(m.organization_id)),
            entries: orgs.map((org) => ({ id: String(org._id), name: org.name })),
          };
        },
        (found) => membershipTags(id, found.organizationIds),
      );
      return entries.map((entry) => ({ ...entry }));
    },
  };
}

/**
 * The caller's active membership and its organization, read once per request (core/request-scope):
 * GraphQL's projects and their applications both authorize in the same organization. Keyed by
 * the writes to memberships seen, so a request's own role change is read afresh.
 */
async function readMembership(
  { Organizations, Members }: ReturnType<typeof organizationModels>,
  userId: string,
  organizationId: string,
) {
  // One round trip: the membership (by its unique index) with its organization.
  const [found] = await Members.aggregate<MemberDocument & { organization: OrganizationDocument[] }>([
    {
      $match: {
        organization_id: new Types.ObjectId(organizationId),
        user_id: new Types.ObjectId(userId),
        // A pending invitation gives no access until it is accepted.
        is_active: true,
      },
    },
    { $limit: 1 },
    {
      $lookup: {
        from: Organizations.collection.collectionName,
        localField: 'organization_id',
        foreignField: '_id',
        as: 'organization',
      },
    },
  ]);
  if (!found) return { member: null, organization: null };
  const { organization, ...member } = found;
  return { member: member as MemberDocument, organization: organization[0] ?? null };
}

/** Who administers: an organization's admins, and the platform's global admins (SPEC §6). */
function createAdminQueries(
  deps: OrganizationsDeps,
  founder: ReturnType<typeof createDirectoryCaches>['founder'],
): Pick<OrganizationsService, 'adminsOf' | 'isGlobalAdmin'> {
  const { Organizations, Members } = organizationModels(deps.connection);
  return {
    async adminsOf(organizationId) {
      if (!Types.ObjectId.isValid(organizationId)) return [];
      const admins = await Members.find({
        organization_id: new Types.ObjectId(organizationId),
        role: 'admin',
        is_active: true,
      }).lean<MemberDocument[]>();
      return (await memberViews(deps.users, admins)).map((member) => member.user);
    },

    async isGlobalAdmin(user) {
      if (deps.config.auth.adminEmails.includes(user.email)) return true;
      // Any organization's write (one created, deleted, …) drops the answer.
      const createdBy = await founder.read(
        'earliest',
        async () => {
          const earliest = await Organizations.findOne({}, { created_by: 1 })
            .sort({ created_at: 1, _id: 1 })
            .lean();
          return earliest ? String(earliest.created_by) : null;
        },
        () => ['organization:*'],
      );
      return createdBy !== null && createdBy === String(user._id);
    },
  };
}
