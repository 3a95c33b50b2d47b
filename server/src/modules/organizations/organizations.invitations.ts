import mongoose, { Types } from 'mongoose';
import { PLATFORM_POOL } from '../../core/pools.js';
import { AppError } from '../../lib/errors.js';
import { isDuplicateKey } from '../../lib/mongoose-plugins.js';
import { recordAudit } from '../../core/audit.js';
import type { OrganizationsDeps, OrganizationsService } from './organizations.contract.js';
import { OrganizationErrors } from './organizations.errors.js';
import { createInvitationLimits } from './organizations.invitation-limits.js';
import { organizationModels, type MemberDocument, type OrganizationDocument } from './organizations.model.js';
import type { CachedRoleSource } from './organizations.role-source.js';
import { assertHolds } from './organizations.roles.js';
import type { Seats } from './organizations.seats.js';
import { inviterNames, memberViews } from './organizations.views.js';

/**
 * Inviting a registered user into an organization: limited per inviter and organization, seated
 * within `max_members` (a pending invitation holds its seat), and announced by mail. The person
 * becomes a member only by accepting (organizations.invitation-answers.ts); the mail's link
 * declines (or, once accepted, leaves) with one click.
 */
export function createInvitations(
  deps: OrganizationsDeps,
  parts: {
    authorize: OrganizationsService['authorize'];
    seats: Seats;
    issueLeaveLink(member: MemberDocument, inviterId: string): Promise<string>;
    dashboardOrganizationsUrl: string;
    roleSource: CachedRoleSource;
  },
): Pick<OrganizationsService, 'invite'> {
  const { Members } = organizationModels(deps.connection);
  const invitationLimits = createInvitationLimits(deps.connection);
  const { seats } = parts;

  /** Takes a seat for a pending invitation, reusing the row of an earlier membership. */
  async function seat(
    organization: OrganizationDocument,
    inviteeId: Types.ObjectId,
    fields: Pick<
      MemberDocument,
      'role' | 'is_active' | 'pending' | 'invited_by' | 'invited_at' | 'joined_at'
    >,
  ): Promise<MemberDocument> {
    await seats.ensureMemberCount(organization);
    if (!(await seats.takeSeat(organization._id))) throw new AppError(OrganizationErrors.MEMBER_LIMIT);
    try {
      // A removed member is re-invited by reusing the same row (the pair is unique). An active
      // or pending row does not match, so the upsert's insert fails on the unique pair instead
      // of taking a second seat for one person.
      return (await Members.findOneAndUpdate(
        {
          organization_id: organization._id,
          user_id: inviteeId,
          is_active: mongoose.trusted({ $ne: true }),
          pending: mongoose.trusted({ $ne: true }),
        },
        { $set: fields },
        { upsert: true, returnDocument: 'after' },
      ).lean<MemberDocument>())!;
    } catch (error) {
      await seats.giveSeatBack(organization._id);
      if (!isDuplicateKey(error)) throw error;
      // Invited at the same moment by someone else: say what that request made.
      const other = await Members.findOne({
        organization_id: organization._id,
        user_id: inviteeId,
      }).lean<MemberDocument>();
      throw new AppError(
        other?.pending ? OrganizationErrors.INVITATION_PENDING : OrganizationErrors.ALREADY_MEMBER,
      );
    }
  }

  return {
    async invite(userId, organizationId, input, context) {
      const { organization, permissions: own } = await parts.authorize(
        userId,
        organizationId,
        'member:invite',
      );
      // A built-in role or a custom role of this organization, which the inviter holds entirely.
      const assigned = await parts.roleSource.resolve(organizationId, input.role);
      if (!assigned) throw new AppError(OrganizationErrors.UNKNOWN_ROLE);
      assertHolds(own, assigned.permissions);
      const role = assigned.name;
      // Counted before the address is looked up: a refused address is exactly what is limited.
      await invitationLimits.count(userId, String(organization._id));
      // Only team accounts (the platform pool) join organizations; an end user of a project with
      // the same address is another account.
      const invitee = await deps.users.findByEmail(input.email, PLATFORM_POOL);
      if (!invitee) throw new AppError(OrganizationErrors.USER_NOT_FOUND);
      const existing = await Members.findOne({
        organization_id: organization._id,
        user_id: invitee._id,
      }).lean<MemberDocument>();
      if (existing?.is_active) throw new AppError(OrganizationErrors.ALREADY_MEMBER);
      if (existing?.pending) throw new AppError(OrganizationErrors.INVITATION_PENDING);
      const now = new Date();
      // Pending, not active: nobody is made a member of an organization without consent.
      const member = await seat(organization, invitee._id, {
        role,
        is_active: false,
        pending: true,
        invited_by: new Types.ObjectId(userId),
        invited_at: now,
        joined_at: now,
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
        metadata: { invitee_id: String(invitee._id), role },
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
            role,
            // The invitation is answered in the dashboard, signed in: consent needs the person.
            dashboardUrl: `${parts.dashboardOrganizationsUrl}?invitation=${String(member._id)}`,
            leaveLink,
          },
          userId: String(invitee._id),
        });
      } catch (error) {
        // The invitation stands either way (the dashboard lists it); a failed mail must not undo it.
        deps.logger.warn({ err: error }, 'could not send the invitation mail');
      }
      // member.added is emitted when the person accepts: until then they are no member.
      return (await memberViews(deps.users, [member]))[0]!;
    },
  };
}
