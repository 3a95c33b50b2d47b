import mongoose, { Types } from 'mongoose';
import { AppError } from '../../lib/errors.js';
import { recordAudit } from '../../core/audit.js';
import type { OrganizationsDeps, OrganizationsService } from './organizations.contract.js';
import { OrganizationErrors } from './organizations.errors.js';
import { organizationModels, type MemberDocument, type OrganizationDocument } from './organizations.model.js';
import type { Seats } from './organizations.seats.js';
import { memberViews, type InvitationView } from './organizations.views.js';

/**
 * The invited person's side of an invitation (issue #37 item 5): they see their pending
 * invitations and accept or decline them. Only the invitee may answer; anyone else's invitation
 * (or an answered one) answers 404 `invitation_not_found`, like one that does not exist.
 */
export function createInvitationAnswers(
  deps: OrganizationsDeps,
  seats: Seats,
): Pick<OrganizationsService, 'listInvitations' | 'acceptInvitation' | 'declineInvitation'> {
  const { Organizations, Members } = organizationModels(deps.connection);

  /** The caller's own pending invitation with its organization, or 404. */
  async function ownInvitation(userId: string, invitationId: string) {
    const member =
      Types.ObjectId.isValid(invitationId) && Types.ObjectId.isValid(userId)
        ? await Members.findOne({
            _id: invitationId,
            user_id: userId,
            pending: true,
            is_active: false,
          }).lean<MemberDocument>()
        : null;
    const organization = member
      ? await Organizations.findById(member.organization_id).lean<OrganizationDocument>()
      : null;
    if (!member || !organization) throw new AppError(OrganizationErrors.INVITATION_NOT_FOUND);
    return { member, organization };
  }

  return {
    async listInvitations(userId) {
      if (!Types.ObjectId.isValid(userId)) return [];
      const pending = await Members.find({ user_id: userId, pending: true, is_active: false })
        .sort({ joined_at: -1, _id: -1 })
        .lean<MemberDocument[]>();
      if (pending.length === 0) return [];
      const [organizations, inviters] = await Promise.all([
        Organizations.find(
          { _id: mongoose.trusted({ $in: pending.map((m) => m.organization_id) }) },
          { name: 1 },
        ).lean<Pick<OrganizationDocument, '_id' | 'name'>[]>(),
        deps.users.contactsOf(pending.flatMap((m) => (m.invited_by ? [m.invited_by] : []))),
      ]);
      const names = new Map(organizations.map((org) => [String(org._id), org.name]));
      const contacts = new Map(inviters.map((user) => [String(user._id), user]));
      return pending.flatMap((member): InvitationView[] => {
        const name = names.get(String(member.organization_id));
        if (name === undefined) return [];
        const inviter = member.invited_by ? contacts.get(String(member.invited_by)) : undefined;
        return [
          {
            id: String(member._id),
            organization: { id: String(member.organization_id), name },
            role: member.role,
            // Who invited them is what the person decides on (docs/tenancy.md).
            invited_by: inviter
              ? { id: String(inviter._id), email: inviter.email, display_name: inviter.display_name }
              : null,
            created_at: (member.invited_at ?? member.joined_at).toISOString(),
          },
        ];
      });
    },

    async acceptInvitation(userId, invitationId, context) {
      const { member, organization } = await ownInvitation(userId, invitationId);
      // The seat was taken with the invitation; accepting only activates the row, once.
      const accepted = await Members.findOneAndUpdate(
        { _id: member._id, pending: true, is_active: false },
        { $set: { pending: false, is_active: true, joined_at: new Date() } },
        { returnDocument: 'after' },
      ).lean<MemberDocument>();
      if (!accepted) throw new AppError(OrganizationErrors.INVITATION_NOT_FOUND);
      const organizationId = String(organization._id);
      await recordAudit(deps.activity, context, {
        action: 'member.added',
        resource_type: 'member',
        resource_id: String(member._id),
        user_id: userId,
        organization_id: organizationId,
        metadata: {
          via: 'invitation_accepted',
          invited_by: member.invited_by ? String(member.invited_by) : null,
        },
      });
      const view = (await memberViews(deps.users, [accepted]))[0]!;
      deps.webhooks?.emit('member.added', { organizationId }, { member: view });
      return view;
    },

    async declineInvitation(userId, invitationId, context) {
      const { member, organization } = await ownInvitation(userId, invitationId);
      try {
        await seats.endMembership(organization, member);
      } catch (error) {
        // Answered by a concurrent request first.
        if (error instanceof AppError && error.code === OrganizationErrors.MEMBER_NOT_FOUND.code)
          throw new AppError(OrganizationErrors.INVITATION_NOT_FOUND);
        throw error;
      }
      await recordAudit(deps.activity, context, {
        action: 'member.invitation_declined',
        resource_type: 'member',
        resource_id: String(member._id),
        user_id: userId,
        organization_id: String(organization._id),
        metadata: { invited_by: member.invited_by ? String(member.invited_by) : null },
      });
    },
  };
}
