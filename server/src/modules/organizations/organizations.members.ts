import { Types } from 'mongoose';
import { AppError } from '../../lib/errors.js';
import { recordAudit } from '../../core/audit.js';
import type { CachedRoleSource } from './organizations.role-source.js';
import { assertHolds } from './organizations.roles.js';
import type { OrganizationsDeps, OrganizationsService } from './organizations.contract.js';
import { OrganizationErrors } from './organizations.errors.js';
import { organizationModels, type MemberDocument } from './organizations.model.js';
import type { Seats } from './organizations.seats.js';
import { memberViews, type Membership } from './organizations.views.js';

/** The members of an organization: listed, their roles changed, removed (or leaving themselves). */
export function createMemberManagement(
  deps: OrganizationsDeps,
  access: {
    authorize: OrganizationsService['authorize'];
    /** The membership without the two-factor policy: leaving must work without a second factor. */
    membershipOf(userId: string, organizationId: string): Promise<Membership>;
    permissionsOf: OrganizationsService['permissionsOf'];
  },
  seats: Seats,
  roleSource: CachedRoleSource,
): Pick<OrganizationsService, 'listMembers' | 'changeRole' | 'removeMember'> {
  const { Members } = organizationModels(deps.connection);
  const { activity, users } = deps;
  const { authorize } = access;

  /** An active member; with `orPending`, also a pending invitation (which admins may withdraw). */
  async function findMember(
    organizationId: Types.ObjectId,
    memberId: string,
    orPending = false,
  ): Promise<MemberDocument> {
    const member = Types.ObjectId.isValid(memberId)
      ? await Members.findOne({
          _id: memberId,
          organization_id: organizationId,
          ...(orPending ? { $or: [{ is_active: true }, { pending: true }] } : { is_active: true }),
        }).lean<MemberDocument>()
      : null;
    if (!member) throw new AppError(OrganizationErrors.MEMBER_NOT_FOUND);
    return member;
  }

  return {
    async listMembers(userId, organizationId) {
      const { organization, permissions } = await authorize(userId, organizationId, 'member:read');
      // Whom the admins invited is theirs to see; other members see who actually belongs.
      const seesInvitations = permissions.has('invitation:read');
      const members = await Members.find({
        organization_id: organization._id,
        ...(seesInvitations ? { $or: [{ is_active: true }, { pending: true }] } : { is_active: true }),
      })
        .sort({ joined_at: 1 })
        .lean<MemberDocument[]>();
      return memberViews(users, members);
    },

    async changeRole(userId, organizationId, memberId, roleName, context) {
      const { organization, permissions: own } = await authorize(userId, organizationId, 'member:update');
      const member = await findMember(organization._id, memberId);
      const assigned = await roleSource.resolve(organizationId, roleName);
      if (!assigned) throw new AppError(OrganizationErrors.UNKNOWN_ROLE);
      const role = assigned.name;
      if (member.role === role) return (await memberViews(users, [member]))[0]!;
      // Nobody gives or takes away more than they hold themselves.
      assertHolds(own, assigned.permissions);
      assertHolds(own, await access.permissionsOf(organizationId, member.role));
      if (member.role === 'admin' && (await seats.activeAdminCount(organization._id)) <= 1)
        throw new AppError(OrganizationErrors.LAST_ADMIN);
      const updated = await Members.findOneAndUpdate(
        { _id: member._id },
        { $set: { role } },
        { returnDocument: 'after' },
      ).lean<MemberDocument>();
      // Two admins demoting each other at once could both pass the count; re-check and undo.
      if (role !== 'admin' && (await seats.activeAdminCount(organization._id)) === 0) {
        await Members.updateOne({ _id: member._id }, { $set: { role: 'admin' } });
        throw new AppError(OrganizationErrors.LAST_ADMIN);
      }
      await recordAudit(activity, context, {
        action: 'member.role_changed',
        resource_type: 'member',
        resource_id: memberId,
        user_id: userId,
        organization_id: organizationId,
        metadata: { from: member.role, to: role },
      });
      const changed = (await memberViews(users, [updated!]))[0]!;
      deps.webhooks?.emit(
        'member.role_changed',
        { organizationId },
        { member: changed, previous_role: member.role },
      );
      return changed;
    },

    async removeMember(userId, organizationId, memberId, context) {
      // Anyone may leave, even without the second factor the organization requires; removing
      // someone else needs member:remove, withdrawing their invitation invitation:revoke.
      const self = await access.membershipOf(userId, organizationId);
      const member = await findMember(
        self.organization._id,
        memberId,
        self.permissions.has('invitation:revoke') || self.permissions.has('invitation:read'),
      );
      if (String(member.user_id) !== userId) {
        const { permissions: own } = await authorize(
          userId,
          organizationId,
          member.pending ? 'invitation:revoke' : 'member:remove',
        );
        assertHolds(own, await access.permissionsOf(organizationId, member.role));
      }
      await seats.endMembership(self.organization, member);
      await recordAudit(activity, context, {
        action: 'member.removed',
        resource_type: 'member',
        resource_id: memberId,
        user_id: userId,
        organization_id: organizationId,
        metadata: { removed_user_id: String(member.user_id), ...(member.pending ? { pending: true } : {}) },
      });
      // A withdrawn invitation was never announced as member.added, so nothing to announce.
      if (!member.pending)
        deps.webhooks?.emit(
          'member.removed',
          { organizationId },
          { member_id: memberId, user_id: String(member.user_id), removed_by: userId },
        );
    },
  };
}
