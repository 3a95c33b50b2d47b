import type { Types } from 'mongoose';
import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import type { ErrorDefinition } from '../../lib/errors.js';
import type { Page } from '../../lib/pagination.js';
import type { ActivityService } from '../../core/audit.js';
import type { RequestContext } from '../../core/request-context.js';
import type { MailService } from '../../core/mail.js';
import type { UserDocument } from '../../core/account.js';
import type { WebhookEmitter } from '../../core/webhooks.js';
import type { Connection } from 'mongoose';
import type { UsersService } from '../users/index.js';
import type { PermissionName } from '../../core/permissions.js';
import type { RolesService } from './organizations.role-types.js';
import type { MemberSkillsService } from './organizations.skill-types.js';
import type { OrganizationDocument } from './organizations.model.js';
import type {
  InvitationView,
  LeaveLinkView,
  MemberView,
  Membership,
  OrganizationView,
} from './organizations.views.js';

/**
 * What the organizations service is built from. Its use cases (organizations.manage.ts,
 * .members.ts, .invitations.ts, .leave-links.ts, .directory.ts) each take these and answer their
 * part of OrganizationsService; organizations.service.ts puts the parts together.
 */
export interface OrganizationsDeps {
  connection: Connection;
  config: Config;
  logger: Logger;
  /** Names and addresses of members and inviters: the users module owns profiles. */
  users: UsersService;
  mail: MailService;
  activity: ActivityService;
  webhooks?: WebhookEmitter;
  /**
   * Whether the person has a second factor (TOTP or a passkey), for `require_two_factor`. The
   * mfa module is built after this one, so services.ts binds it late; absent means none.
   */
  hasSecondFactor?(userId: string): Promise<boolean>;
}

export interface OrganizationsService extends RolesService, MemberSkillsService {
  /** The dashboard's organizations page, for links in mails and pages about memberships. */
  readonly dashboardOrganizationsUrl: string;
  create(
    userId: string,
    input: { name: string; slug: string; description?: string; website_url?: string },
    context: RequestContext,
  ): Promise<OrganizationView>;
  /** `onlyOrganizationId` narrows the list (an API token sees only its application's organization). */
  listForUser(
    userId: string,
    page: { limit?: number; cursor?: string },
    onlyOrganizationId?: string | null,
  ): Promise<Page<OrganizationView>>;
  /**
   * The caller's active membership, or 404 (never 403: another tenant's organization must look
   * like one that does not exist; a pending invitation is no membership); 403
   * `two_factor_required` when the organization requires two-factor sign-in and the caller has no
   * second factor; 403 `forbidden` naming the permission when the role (built-in or custom) lacks
   * it. The answer carries the role's permissions. `notFound` is the 404
   * to throw — callers authorizing a project or application pass theirs, so that another
   * tenant's project looks exactly like a missing project.
   */
  authorize(
    userId: string,
    organizationId: string,
    permission: PermissionName,
    notFound?: ErrorDefinition,
  ): Promise<Membership>;
  /** A role's permissions in an organization (built-in or custom); empty for an unknown role. */
  permissionsOf(organizationId: string, role: string): Promise<ReadonlySet<PermissionName>>;
  get(userId: string, organizationId: string): Promise<OrganizationView>;
  update(
    userId: string,
    organizationId: string,
    changes: Partial<{
      name: string;
      slug: string;
      description: string | null;
      website_url: string | null;
      max_members: number;
      require_two_factor: boolean;
    }>,
    context: RequestContext,
  ): Promise<OrganizationView>;
  setActive(
    userId: string,
    organizationId: string,
    active: boolean,
    context: RequestContext,
  ): Promise<OrganizationView>;
  /** Active members; admins (member:invite) also see pending invitations (`status: pending`). */
  listMembers(userId: string, organizationId: string): Promise<MemberView[]>;
  /**
   * A pending invitation (it holds a seat); the person becomes a member only by accepting. `role`
   * is a built-in role or a custom role's name (400 unknown_role otherwise).
   */
  invite(
    userId: string,
    organizationId: string,
    input: { email: string; role: string },
    context: RequestContext,
  ): Promise<MemberView>;
  /** The signed-in person's pending invitations, newest first. */
  listInvitations(userId: string): Promise<InvitationView[]>;
  /** Accepts the caller's own pending invitation (404 `invitation_not_found` for anyone else's). */
  acceptInvitation(userId: string, invitationId: string, context: RequestContext): Promise<MemberView>;
  /** Declines the caller's own pending invitation and frees its seat. */
  declineInvitation(userId: string, invitationId: string, context: RequestContext): Promise<void>;
  changeRole(
    userId: string,
    organizationId: string,
    memberId: string,
    role: string,
    context: RequestContext,
  ): Promise<MemberView>;
  removeMember(
    userId: string,
    organizationId: string,
    memberId: string,
    context: RequestContext,
  ): Promise<void>;
  /**
   * The invitation a leave link belongs to, for its confirmation page; null when the link is
   * unknown, expired or used, or the membership has already ended. Changes nothing.
   */
  describeLeaveLink(rawToken: string): Promise<LeaveLinkView | null>;
  /**
   * Ends the membership a leave link names — once: 400 `invalid_leave_token` when the link is
   * unknown, expired or used or the membership has already ended, 409 `last_admin` when the
   * person has since become the organization's only admin (the link then stays usable).
   */
  leaveByLink(rawToken: string, context: RequestContext): Promise<LeaveLinkView>;
  /** The organization when it exists and is active (not deactivated), else null. */
  findActive(organizationId: string): Promise<OrganizationDocument | null>;
  /**
   * Ids of the organizations the user may see: active memberships, without those that require
   * two-factor sign-in while the user has no second factor; with `permission`, only those where
   * the user's role has it (lists across organizations: analytics, logs, projects).
   */
  organizationIdsOf(userId: string, permission?: PermissionName): Promise<Types.ObjectId[]>;
  /** For /verify: the user's active organizations with their role. */
  membershipsOf(userId: string): Promise<Array<{ id: string; name: string; slug: string; role: string }>>;
  /**
   * The active organizations, among the user's active memberships, that require two-factor
   * sign-in of their members (the policy of `require_two_factor`).
   */
  twoFactorRequiredBy(userId: string): Promise<Array<{ id: string; name: string }>>;
  /** The active admins of an organization (who is told when its webhook is disabled). */
  adminsOf(organizationId: string): Promise<Array<{ id: string; email: string; display_name: string }>>;
  /** Global admin (SPEC §6): created the earliest organization, or listed in ADMIN_EMAILS. */
  isGlobalAdmin(user: Pick<UserDocument, '_id' | 'email'>): Promise<boolean>;
  listAll(page: {
    limit?: number;
    cursor?: string;
  }): Promise<Page<Omit<OrganizationView, 'role' | 'my_permissions'>>>;
}
