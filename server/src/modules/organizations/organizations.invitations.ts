import mongoose, { Types } from 'mongoose';
import { AppError } from '../../lib/errors.js';
import { isDuplicateKey } from '../../lib/mongoose-plugins.js';
import { recordAudit } from '../../core/audit.js';
import type { OrganizationsDeps, OrganizationsService } from './organizations.contract.js';
import { OrganizationErrors } from './organizations.errors.js';
import { createInvitationLimits } from './organizations.invitation-limits.js';
import { organizationModels, type MemberDocument, type OrganizationDocument } from './organizations.model.js';
import type { Seats } from './organizations.seats.js';
import { inviterNames, memberViews } from './organizations.views.js';

/**
 * Adding a registered user to an organization: limited per inviter and organization, seated
 * within `max_members`, and announced by mail with a link to leave again.
 */
export function createInvitations(
  deps: OrganizationsDeps,
  parts: {
    authorize: OrganizationsService['authorize'];
    seats: Seats;
    issueLeaveLink(member: MemberDocument, inviterId: string): Promise<string>;
    dashboardOrganizationsUrl: string;
  },
): Pick<OrganizationsService, 'invite'> {
  const { Members } = organizationModels(deps.connection);
  const invitationLimits = createInvitationLimits(deps.connection);
  const { seats } = parts;

  /** Takes a seat and makes the membership active, reusing the row of an earlier membership. */
  async function seat(
    organization: OrganizationDocument,
    inviteeId: Types.ObjectId,
    fields: Pick<MemberDocument, 'role' | 'is_active' | 'invited_by' | 'joined_at'>,
  ): Promise<MemberDocument> {
    await seats.ensureMemberCount(organization);
    if (!(await seats.takeSeat(organization._id))) throw new AppError(OrganizationErrors.MEMBER_LIMIT);
    try {
      // A removed member is re-invited by reactivating the same row (the pair is unique). An
      // active row does not match, so the upsert's insert fails on the unique pair instead of
      // counting one membership twice.
      return (await Members.findOneAndUpdate(
        {
          organization_id: organization._id,
          user_id: inviteeId,
          is_active: mongoose.trusted({ $ne: true }),
        },
        { $set: fields },
        { upsert: true, returnDocument: 'after' },
      ).lean<MemberDocument>())!;
    } catch (error) {
      await seats.giveSeatBack(organization._id);
      if (isDuplicateKey(error)) throw new AppError(OrganizationErrors.ALREADY_MEMBER);
      throw error;
    }
  }

  return {
    async invite(userId, organizationId, input, context) {
      const { organization } = await parts.authorize(userId, organizationId, 'member:invite');
      // Counted before the address is looked up: a refused address is exactly what is limited.
      await invitationLimits.count(userId, String(organization._id));
      const invitee = await deps.users.findByEmail(input.email);
      if (!invitee) throw new AppError(OrganizationErrors.USER_NOT_FOUND);
      const existing = await Members.findOne({
        organization_id: organization._id,
        user_id: invitee._id,
      }).lean<MemberDocument>();
      if (existing?.is_active) throw new AppError(OrganizationErrors.ALREADY_MEMBER);
      const member = await seat(organization, invitee._id, {
        role: input.role,
        is_active: true,
        invited_by: new Types.ObjectId(userId),
        joined_at: new Date(),
      });
      const [inviter] = await deps.users.contactsOf([userId]);
      const leaveLink = await parts.issueLeaveLink(member, userId);
      await recordAudit(deps.activity, context, {
        action: 'member.invited',
        resource_type: 'member',
        resource_id: String(member._id),
        user_id: userId,
        organization_id: organizationId,
        status_code: 201,
        metadata: { invitee_id: String(invitee._id), role: input.role },
      });
      const names = inviterNames(inviter);
      try {
        await deps.mail.sendTemplate({
          to: invitee.email,
          template: 'project_invitation',
          data: {
            name: invitee.display_name,
            organizationName: organization.name,
            inviterName: names.name,
            inviterEmail: names.email,
            role: input.role,
            dashboardUrl: parts.dashboardOrganizationsUrl,
            leaveLink,
          },
          userId: String(invitee._id),
        });
      } catch (error) {
        // The membership exists either way; a failed notification must not undo it.
        deps.logger.warn({ err: error }, 'could not send the invitation mail');
      }
      const added = (await memberViews(deps.users, [member]))[0]!;
      deps.webhooks?.emit('member.added', { organizationId }, { member: added });
      return added;
    },
  };
}
