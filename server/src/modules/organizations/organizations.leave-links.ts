import mongoose, { Types } from 'mongoose';
import { randomToken, sha256Hex } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import { recordAudit } from '../../core/audit.js';
import type { OrganizationsDeps, OrganizationsService } from './organizations.contract.js';
import { OrganizationErrors } from './organizations.errors.js';
import {
  organizationModels,
  type LeaveTokenDocument,
  type MemberDocument,
  type OrganizationDocument,
} from './organizations.model.js';
import type { Seats } from './organizations.seats.js';
import { inviterNames, type LeaveLinkView } from './organizations.views.js';

/** The public route of the invitation mail's one-click leave link (under /api/v1). */
export const INVITATION_LEAVE_PATH = '/organizations/invitations/leave';
/** How long the leave link of an invitation mail works; afterwards members leave in the dashboard. */
export const LEAVE_LINK_TTL_DAYS = 30;

/**
 * The one-click leave link every invitation mail carries: issued with the invitation, described
 * on its confirmation page, used once to end the membership.
 */
export function createLeaveLinks(deps: OrganizationsDeps, seats: Seats) {
  const { Organizations, Members, LeaveTokens } = organizationModels(deps.connection);

  const usableLeaveToken = (rawToken: string) => ({
    token_hash: sha256Hex(rawToken),
    used_at: null,
    expires_at: mongoose.trusted({ $gt: new Date() }),
  });

  async function leaveLinkView(
    token: LeaveTokenDocument,
    organization: OrganizationDocument,
  ): Promise<LeaveLinkView> {
    const [inviter] = await deps.users.contactsOf([token.invited_by]);
    const { name, email } = inviterNames(inviter);
    return {
      organization_id: String(organization._id),
      organization_name: organization.name,
      inviter_name: name,
      inviter_email: email,
    };
  }

  /**
   * The membership and its organization a leave token names, or null: an active one, or a
   * pending invitation, which the link then declines.
   */
  async function leaveTarget(token: LeaveTokenDocument) {
    const member = await Members.findOne({
      _id: token.member_id,
      $or: [{ is_active: true }, { pending: true }],
    }).lean<MemberDocument>();
    const organization = member
      ? await Organizations.findById(token.organization_id).lean<OrganizationDocument>()
      : null;
    return member && organization ? { member, organization } : null;
  }

  /** Ends the membership, translating what the leave link's caller should hear instead. */
  async function endByLink(
    token: LeaveTokenDocument,
    target: NonNullable<Awaited<ReturnType<typeof leaveTarget>>>,
  ) {
    try {
      await seats.endMembership(target.organization, target.member);
    } catch (error) {
      if (error instanceof AppError && error.code === OrganizationErrors.LAST_ADMIN.code) {
        // Nothing happened: the person may use the link once someone else is admin.
        await LeaveTokens.updateOne({ _id: token._id }, { $set: { used_at: null } });
        throw error;
      }
      if (error instanceof AppError && error.code === OrganizationErrors.MEMBER_NOT_FOUND.code)
        throw new AppError(OrganizationErrors.INVALID_LEAVE_TOKEN);
      throw error;
    }
  }

  const service: Pick<OrganizationsService, 'describeLeaveLink' | 'leaveByLink'> = {
    async describeLeaveLink(rawToken) {
      if (!rawToken) return null;
      const token = await LeaveTokens.findOne(usableLeaveToken(rawToken)).lean<LeaveTokenDocument>();
      const target = token ? await leaveTarget(token) : null;
      return token && target ? leaveLinkView(token, target.organization) : null;
    },

    async leaveByLink(rawToken, context) {
      if (!rawToken) throw new AppError(OrganizationErrors.INVALID_LEAVE_TOKEN);
      // Used up in one atomic write: of two simultaneous uses only one gets the token.
      const token = await LeaveTokens.findOneAndUpdate(usableLeaveToken(rawToken), {
        $set: { used_at: new Date() },
      }).lean<LeaveTokenDocument>();
      if (!token) throw new AppError(OrganizationErrors.INVALID_LEAVE_TOKEN);
      const target = await leaveTarget(token);
      if (!target) throw new AppError(OrganizationErrors.INVALID_LEAVE_TOKEN);
      await endByLink(token, target);
      const organizationId = String(target.organization._id);
      const memberId = String(target.member._id);
      const userId = String(token.user_id);
      const declined = Boolean(target.member.pending);
      await recordAudit(deps.activity, context, {
        action: declined ? 'member.invitation_declined' : 'member.left',
        resource_type: 'member',
        resource_id: memberId,
        user_id: userId,
        organization_id: organizationId,
        metadata: { via: 'invitation_leave_link', invited_by: String(token.invited_by) },
      });
      // A declined invitation was never announced as member.added.
      if (!declined)
        deps.webhooks?.emit(
          'member.removed',
          { organizationId },
          { member_id: memberId, user_id: userId, removed_by: userId },
        );
      return leaveLinkView(token, target.organization);
    },
  };

  /** A new leave link for a (re-)invitation; links of earlier invitations stop working. */
  async function issue(member: MemberDocument, inviterId: string): Promise<string> {
    const now = new Date();
    await LeaveTokens.updateMany({ member_id: member._id, used_at: null }, { $set: { used_at: now } });
    const raw = randomToken(32);
    await LeaveTokens.create({
      token_hash: sha256Hex(raw),
      member_id: member._id,
      organization_id: member.organization_id,
      user_id: member.user_id,
      invited_by: new Types.ObjectId(inviterId),
      expires_at: new Date(now.getTime() + LEAVE_LINK_TTL_DAYS * 86_400_000),
    });
    return `${deps.config.publicUrl}/api/v1${INVITATION_LEAVE_PATH}?token=${encodeURIComponent(raw)}`;
  }

  return { service, issue };
}
