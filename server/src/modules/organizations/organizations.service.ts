import type { OrganizationsDeps, OrganizationsService } from './organizations.contract.js';
import { createOrganizationDirectory } from './organizations.directory.js';
import { createInvitationAnswers } from './organizations.invitation-answers.js';
import { createInvitations } from './organizations.invitations.js';
import { createLeaveLinks } from './organizations.leave-links.js';
import { createOrganizationManagement } from './organizations.manage.js';
import { createMemberManagement } from './organizations.members.js';
import { createRoleSource } from './organizations.role-source.js';
import { createRoles } from './organizations.roles.js';
import { createMemberSkills } from './organizations.skills.js';
import { createSeats } from './organizations.seats.js';

export type { OrganizationsDeps, OrganizationsService } from './organizations.contract.js';
export { INVITATION_LEAVE_PATH, LEAVE_LINK_TTL_DAYS } from './organizations.leave-links.js';
export type {
  InvitationView,
  LeaveLinkView,
  MemberView,
  Membership,
  OrganizationView,
} from './organizations.views.js';

/**
 * The organizations service, put together from its use cases: the directory (authorization and
 * membership questions other modules ask), organizations, members, custom roles, invitations
 * (sent and answered) and leave links.
 */
export function createOrganizationsService(deps: OrganizationsDeps): OrganizationsService {
  // membershipOf (without the two-factor policy) is the members' use case's, for leaving only.
  const roleSource = createRoleSource(deps.connection);
  const { membershipOf, ...directory } = createOrganizationDirectory(deps, roleSource);
  const { authorize, permissionsOf } = directory;
  const seats = createSeats(deps.connection);
  const leaveLinks = createLeaveLinks(deps, seats);
  const dashboardOrganizationsUrl = `${deps.config.auth.dashboardUrl}/organizations`;
  return {
    dashboardOrganizationsUrl,
    ...directory,
    ...createOrganizationManagement(deps, authorize, permissionsOf),
    ...createMemberManagement(deps, { authorize, membershipOf, permissionsOf }, seats, roleSource),
    ...createRoles(deps, authorize, roleSource),
    ...createMemberSkills(deps, authorize),
    ...createInvitations(deps, {
      authorize,
      seats,
      issueLeaveLink: leaveLinks.issue,
      dashboardOrganizationsUrl,
      roleSource,
    }),
    ...createInvitationAnswers(deps, seats),
    ...leaveLinks.service,
  };
}
