import type { RequestContext } from '../../core/request-context.js';
import type { Skill } from '../../core/skills.js';
import type { MemberView } from './organizations.views.js';

/** Members' skills (issue #33): set by whoever holds `skill:manage`, read by policies. */
export interface MemberSkillsService {
  /**
   * Replaces the member's skills (`skills` already validated: core/skills.ts). 403 forbidden
   * naming `skill:manage` without it; 404 member_not_found for no such member — a pending
   * invitation counts when the caller sees invitations (`invitation:read`), as in the list.
   * Audited `member.skills_changed` and announced as `skills.changed` when the list changed.
   */
  setMemberSkills(
    userId: string,
    organizationId: string,
    memberId: string,
    skills: Skill[],
    context: RequestContext,
  ): Promise<MemberView>;
  /** The skills of a person's active membership in an organization; empty when none (or no member). */
  skillsOfMember(organizationId: string, userId: string): Promise<Skill[]>;
}
