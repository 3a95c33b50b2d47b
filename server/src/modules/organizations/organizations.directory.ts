import mongoose, { Types } from 'mongoose';
import { AppError, type ErrorDefinition } from '../../lib/errors.js';
import { can, type Permission } from './organizations.access.js';
import type { OrganizationsDeps, OrganizationsService } from './organizations.contract.js';
import { OrganizationErrors } from './organizations.errors.js';
import { organizationModels, type MemberDocument, type OrganizationDocument } from './organizations.model.js';
import { memberViews, type Membership } from './organizations.views.js';

/**
 * Who belongs where and may do what: the questions other modules ask about memberships
 * (authorization, a user's organizations, an organization's admins, global admins).
 */
export function createOrganizationDirectory(
  deps: OrganizationsDeps,
): Pick<
  OrganizationsService,
  | 'authorize'
  | 'findActive'
  | 'organizationIdsOf'
  | 'membershipsOf'
  | 'twoFactorRequiredBy'
  | 'adminsOf'
  | 'isGlobalAdmin'
> {
  const { Organizations, Members } = organizationModels(deps.connection);

  async function authorize(
    userId: string,
    organizationId: string,
    permission: Permission,
    notFound: ErrorDefinition = OrganizationErrors.NOT_FOUND,
  ): Promise<Membership> {
    if (!Types.ObjectId.isValid(organizationId) || !Types.ObjectId.isValid(userId)) {
      throw new AppError(notFound);
    }
    const member = await Members.findOne({
      organization_id: organizationId,
      user_id: userId,
      is_active: true,
    }).lean<MemberDocument>();
    const organization = member
      ? await Organizations.findById(organizationId).lean<OrganizationDocument>()
      : null;
    if (!member || !organization) throw new AppError(notFound);
    if (!can(member.role, permission)) throw new AppError(OrganizationErrors.NOT_ALLOWED);
    return { organization, member, role: member.role };
  }

  return {
    authorize,

    async findActive(organizationId) {
      if (!Types.ObjectId.isValid(organizationId)) return null;
      return Organizations.findOne({
        _id: new Types.ObjectId(organizationId),
        is_active: true,
      }).lean<OrganizationDocument>();
    },

    async organizationIdsOf(userId) {
      if (!Types.ObjectId.isValid(userId)) return [];
      const memberships = await Members.find(
        { user_id: new Types.ObjectId(userId), is_active: true },
        { organization_id: 1 },
      ).lean();
      return memberships.map((m) => m.organization_id);
    },

    async membershipsOf(userId) {
      const memberships = await Members.find({ user_id: new Types.ObjectId(userId), is_active: true }).lean<
        MemberDocument[]
      >();
      const orgs = await Organizations.find({
        _id: mongoose.trusted({ $in: memberships.map((m) => m.organization_id) }),
      }).lean<OrganizationDocument[]>();
      const roles = new Map(memberships.map((m) => [String(m.organization_id), m.role]));
      return orgs.map((org) => ({
        id: String(org._id),
        name: org.name,
        slug: org.slug,
        role: roles.get(String(org._id))!,
      }));
    },

    async twoFactorRequiredBy(userId) {
      if (!Types.ObjectId.isValid(userId)) return [];
      const memberships = await Members.find(
        { user_id: new Types.ObjectId(userId), is_active: true },
        { organization_id: 1 },
      ).lean<Pick<MemberDocument, 'organization_id'>[]>();
      if (memberships.length === 0) return [];
      const orgs = await Organizations.find(
        {
          _id: mongoose.trusted({ $in: memberships.map((m) => m.organization_id) }),
          is_active: true,
          require_two_factor: true,
        },
        { name: 1 },
      ).lean<Pick<OrganizationDocument, '_id' | 'name'>[]>();
      return orgs.map((org) => ({ id: String(org._id), name: org.name }));
    },

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
      const earliest = await Organizations.findOne({}, { created_by: 1 })
        .sort({ created_at: 1, _id: 1 })
        .lean();
      return Boolean(earliest && String(earliest.created_by) === String(user._id));
    },
  };
}
