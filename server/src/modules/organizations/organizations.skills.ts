import { Types } from 'mongoose';
import { AppError } from '../../lib/errors.js';
import { recordAudit } from '../../core/audit.js';
import { sameSkills, skillsOf } from '../../core/skills.js';
import type { OrganizationsDeps, OrganizationsService } from './organizations.contract.js';
import { OrganizationErrors } from './organizations.errors.js';
import { organizationModels, type MemberDocument } from './organizations.model.js';
import type { MemberSkillsService } from './organizations.skill-types.js';
import { memberViews } from './organizations.views.js';

export function createMemberSkills(
  deps: OrganizationsDeps,
  authorize: OrganizationsService['authorize'],
): MemberSkillsService {
  const { Members } = organizationModels(deps.connection);

  return {
    async setMemberSkills(userId, organizationId, memberId, skills, context) {
      const { organization, permissions } = await authorize(userId, organizationId, 'skill:manage');
      if (!Types.ObjectId.isValid(memberId)) throw new AppError(OrganizationErrors.MEMBER_NOT_FOUND);
      const seesInvitations = permissions.has('invitation:read');
      const filter = {
        _id: new Types.ObjectId(memberId),
        organization_id: organization._id,
        ...(seesInvitations ? { $or: [{ is_active: true }, { pending: true }] } : { is_active: true }),
      };
      const member = await Members.findOne(filter).lean<MemberDocument>();
      if (!member) throw new AppError(OrganizationErrors.MEMBER_NOT_FOUND);
      const previous = skillsOf(member);
      if (sameSkills(previous, skills)) return (await memberViews(deps.users, [member]))[0]!;
      const updated = await Members.findOneAndUpdate(
        filter,
        { $set: { skills } },
        { returnDocument: 'after' },
      ).lean<MemberDocument>();
      // Ended between the read and the write (removed, invitation withdrawn).
      if (!updated) throw new AppError(OrganizationErrors.MEMBER_NOT_FOUND);
      await recordAudit(deps.activity, context, {
        action: 'member.skills_changed',
        resource_type: 'member',
        resource_id: memberId,
        user_id: userId,
        organization_id: organizationId,
        metadata: { member_user_id: String(member.user_id), from: previous, to: skills },
      });
      const view = (await memberViews(deps.users, [updated]))[0]!;
      deps.webhooks?.emit(
        'skills.changed',
        { organizationId },
        {
          subject: { type: 'member', id: memberId, user_id: view.user_id, organization_id: organizationId },
          skills,
          previous_skills: previous,
          changed_by: userId,
        },
      );
      return view;
    },

    async skillsOfMember(organizationId, userId) {
      if (!Types.ObjectId.isValid(organizationId) || !Types.ObjectId.isValid(userId)) return [];
      const member = await Members.findOne(
        {
          organization_id: new Types.ObjectId(organizationId),
          user_id: new Types.ObjectId(userId),
          is_active: true,
        },
        { skills: 1 },
      ).lean<Pick<MemberDocument, 'skills'>>();
      return skillsOf(member);
    },
  };
}
