import mongoose, { Types, type Connection } from 'mongoose';
import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import { randomToken, sha256Hex } from '../../lib/crypto.js';
import { AppError, type ErrorDefinition } from '../../lib/errors.js';
import { isDuplicateKey } from '../../lib/mongoose-plugins.js';
import { paginateNewestFirst, type Page } from '../../lib/pagination.js';
import type { ActivityService } from '../../core/audit.js';
import type { RequestContext } from '../../core/request-context.js';
import type { MailService } from '../../core/mail.js';
import { userModel, type UsersService } from '../users/index.js';
import { type UserDocument } from '../../core/account.js';
import type { WebhookEmitter } from '../../core/webhooks.js';
import { can, type Permission, type Role } from './organizations.access.js';
import { OrganizationErrors } from './organizations.errors.js';
import { createInvitationLimits } from './organizations.invitation-limits.js';
import {
  organizationModels,
  type LeaveTokenDocument,
  type MemberDocument,
  type OrganizationDocument,
} from './organizations.model.js';

/** The public route of the invitation mail's one-click leave link (under /api/v1). */
export const INVITATION_LEAVE_PATH = '/organizations/invitations/leave';
/** How long the leave link of an invitation mail works; afterwards members leave in the dashboard. */
export const LEAVE_LINK_TTL_DAYS = 30;

export interface Membership {
  organization: OrganizationDocument;
  member: MemberDocument;
  role: Role;
}

export interface OrganizationView {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  website_url: string | null;
  is_active: boolean;
  max_members: number;
  require_two_factor: boolean;
  created_by: string;
  created_at: string;
  updated_at: string;
  role: Role;
}

export interface MemberView {
  id: string;
  organization_id: string;
  user_id: string;
  role: Role;
  is_active: boolean;
  invited_by: string | null;
  joined_at: string;
  user: { id: string; email: string; display_name: string };
}

/** What a leave link is about: shown on its confirmation page and answered when it is used. */
export interface LeaveLinkView {
  organization_id: string;
  organization_name: string;
  /** Who added the person (display name, or the address when there is none). */
  inviter_name: string;
  inviter_email: string;
}

export interface OrganizationsService {
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
   * like one that does not exist); 403 when the role lacks the permission. `notFound` is the 404
   * to throw — callers authorizing a project or application pass theirs, so that another
   * tenant's project looks exactly like a missing project.
   */
  authorize(
    userId: string,
    organizationId: string,
    permission: Permission,
    notFound?: ErrorDefinition,
  ): Promise<Membership>;
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
  listMembers(userId: string, organizationId: string): Promise<MemberView[]>;
  invite(
    userId: string,
    organizationId: string,
    input: { email: string; role: Role },
    context: RequestContext,
  ): Promise<MemberView>;
  changeRole(
    userId: string,
    organizationId: string,
    memberId: string,
    role: Role,
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
  /** Ids of the organizations where the user is an active member. */
  organizationIdsOf(userId: string): Promise<Types.ObjectId[]>;
  /** For /verify: the user's active organizations with their role. */
  membershipsOf(userId: string): Promise<Array<{ id: string; name: string; slug: string; role: Role }>>;
  /**
   * The active organizations, among the user's active memberships, that require two-factor
   * sign-in of their members (the policy of `require_two_factor`).
   */
  twoFactorRequiredBy(userId: string): Promise<Array<{ id: string; name: string }>>;
  /** The active admins of an organization (who is told when its webhook is disabled). */
  adminsOf(organizationId: string): Promise<Array<{ id: string; email: string; display_name: string }>>;
  /** Global admin (SPEC §6): created the earliest organization, or listed in ADMIN_EMAILS. */
  isGlobalAdmin(user: Pick<UserDocument, '_id' | 'email'>): Promise<boolean>;
  listAll(page: { limit?: number; cursor?: string }): Promise<Page<Omit<OrganizationView, 'role'>>>;
}

function organizationView(org: OrganizationDocument, role: Role): OrganizationView {
  return {
    id: String(org._id),
    name: org.name,
    slug: org.slug,
    description: org.description,
    website_url: org.website_url,
    is_active: org.is_active,
    max_members: org.max_members,
    require_two_factor: org.require_two_factor ?? false,
    created_by: String(org.created_by),
    created_at: org.created_at.toISOString(),
    updated_at: org.updated_at.toISOString(),
    role,
  };
}

export function createOrganizationsService(deps: {
  connection: Connection;
  config: Config;
  logger: Logger;
  users: UsersService;
  mail: MailService;
  activity: ActivityService;
  webhooks?: WebhookEmitter;
}): OrganizationsService {
  const { Organizations, Members, LeaveTokens } = organizationModels(deps.connection);
  const Users = userModel(deps.connection);
  const invitationLimits = createInvitationLimits(deps.connection);
  const { activity } = deps;

  const audit = (
    action: string,
    resourceType: 'organization' | 'member',
    resourceId: string,
    userId: string,
    organizationId: string,
    context: RequestContext,
    metadata: Record<string, unknown> = {},
    statusCode = 200,
  ) =>
    activity.record({
      action,
      resource_type: resourceType,
      resource_id: resourceId,
      user_id: userId,
      organization_id: organizationId,
      status_code: statusCode,
      ip_address: context.ip,
      user_agent: context.userAgent,
      metadata,
    });

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

  async function memberViews(members: MemberDocument[]): Promise<MemberView[]> {
    const users = await Users.find(
      { _id: mongoose.trusted({ $in: members.map((m) => m.user_id) }) },
      { email: 1, display_name: 1 },
    ).lean();
    const byId = new Map(users.map((user) => [String(user._id), user]));
    return members.map((member) => {
      const user = byId.get(String(member.user_id));
      return {
        id: String(member._id),
        organization_id: String(member.organization_id),
        user_id: String(member.user_id),
        role: member.role,
        is_active: member.is_active,
        invited_by: member.invited_by ? String(member.invited_by) : null,
        joined_at: member.joined_at.toISOString(),
        user: {
          id: String(member.user_id),
          email: user?.email ?? '',
          display_name: user?.display_name ?? '',
        },
      };
    });
  }

  async function activeAdminCount(organizationId: Types.ObjectId): Promise<number> {
    return Members.countDocuments({ organization_id: organizationId, role: 'admin', is_active: true });
  }

  /**
   * Seats (`active_member_count`): taken with a conditional `$inc` before a membership becomes
   * active and given back after it stops being active, so the count never falls below the
   * truth and concurrent invitations cannot pass `max_members` (no transactions needed).
   */
  async function ensureMemberCount(organization: OrganizationDocument): Promise<void> {
    if (typeof organization.active_member_count === 'number') return;
    // Created before the counter existed. Every membership change calls this first, so once the
    // field is set no count can be stale; the `$exists: false` guard keeps the first writer's.
    const count = await Members.countDocuments({ organization_id: organization._id, is_active: true });
    await Organizations.updateOne(
      { _id: organization._id, active_member_count: mongoose.trusted({ $exists: false }) },
      { $set: { active_member_count: count } },
    );
  }

  async function takeSeat(organizationId: Types.ObjectId): Promise<boolean> {
    const taken = await Organizations.updateOne(
      {
        _id: organizationId,
        $expr: mongoose.trusted({ $lt: ['$active_member_count', '$max_members'] }),
      },
      { $inc: { active_member_count: 1 } },
    );
    return taken.modifiedCount === 1;
  }

  async function giveSeatBack(organizationId: Types.ObjectId): Promise<void> {
    await Organizations.updateOne(
      { _id: organizationId, active_member_count: mongoose.trusted({ $gt: 0 }) },
      { $inc: { active_member_count: -1 } },
    );
  }

  /**
   * Ends an active membership and gives its seat back, never leaving the organization without an
   * active admin (checked before and re-checked after the write, since two admins may leave at once).
   */
  async function endMembership(organization: OrganizationDocument, member: MemberDocument): Promise<void> {
    if (member.role === 'admin' && (await activeAdminCount(organization._id)) <= 1)
      throw new AppError(OrganizationErrors.LAST_ADMIN);
    await ensureMemberCount(organization);
    const ended = await Members.updateOne(
      { _id: member._id, is_active: true },
      { $set: { is_active: false } },
    );
    // A concurrent request ended it first (and gave the seat back).
    if (ended.modifiedCount === 0) throw new AppError(OrganizationErrors.MEMBER_NOT_FOUND);
    if (member.role === 'admin' && (await activeAdminCount(organization._id)) === 0) {
      const restored = await Members.updateOne(
        { _id: member._id, is_active: false },
        { $set: { is_active: true } },
      );
      // Re-invited in between: that invitation took its own seat, so this one is free.
      if (restored.modifiedCount === 0) await giveSeatBack(organization._id);
      throw new AppError(OrganizationErrors.LAST_ADMIN);
    }
    await giveSeatBack(organization._id);
  }

  /** A new leave link for an (re-)activated membership; links of earlier invitations stop working. */
  async function issueLeaveLink(member: MemberDocument, inviterId: string): Promise<string> {
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

  const usableLeaveToken = (rawToken: string) => ({
    token_hash: sha256Hex(rawToken),
    used_at: null,
    expires_at: mongoose.trusted({ $gt: new Date() }),
  });

  async function leaveLinkView(token: LeaveTokenDocument, organization: OrganizationDocument) {
    const inviter = await Users.findById(token.invited_by, { email: 1, display_name: 1 }).lean();
    return {
      organization_id: String(organization._id),
      organization_name: organization.name,
      inviter_name: inviter?.display_name || inviter?.email || '',
      inviter_email: inviter?.email ?? '',
    };
  }

  /** The active membership and its organization a leave token names, or null. */
  async function leaveTarget(token: LeaveTokenDocument) {
    const member = await Members.findOne({ _id: token.member_id, is_active: true }).lean<MemberDocument>();
    const organization = member
      ? await Organizations.findById(token.organization_id).lean<OrganizationDocument>()
      : null;
    return member && organization ? { member, organization } : null;
  }

  async function findMember(organizationId: Types.ObjectId, memberId: string): Promise<MemberDocument> {
    const member = Types.ObjectId.isValid(memberId)
      ? await Members.findOne({
          _id: memberId,
          organization_id: organizationId,
          is_active: true,
        }).lean<MemberDocument>()
      : null;
    if (!member) throw new AppError(OrganizationErrors.MEMBER_NOT_FOUND);
    return member;
  }

  const dashboardOrganizationsUrl = `${deps.config.auth.dashboardUrl}/organizations`;

  return {
    dashboardOrganizationsUrl,
    authorize,

    async create(userId, input, context) {
      let organization: OrganizationDocument;
      try {
        organization = (
          await Organizations.create({
            name: input.name,
            slug: input.slug,
            description: input.description || null,
            website_url: input.website_url || null,
            created_by: new Types.ObjectId(userId),
            active_member_count: 1,
          })
        ).toObject();
      } catch (error) {
        if (isDuplicateKey(error)) throw new AppError(OrganizationErrors.SLUG_TAKEN);
        throw error;
      }
      try {
        await Members.create({
          organization_id: organization._id,
          user_id: new Types.ObjectId(userId),
          role: 'admin',
          is_active: true,
          joined_at: new Date(),
        });
      } catch (error) {
        // Without transactions (standalone MongoDB), undo by hand: never leave an organization without its admin.
        await Organizations.deleteOne({ _id: organization._id });
        throw error;
      }
      await audit(
        'organization.created',
        'organization',
        String(organization._id),
        userId,
        String(organization._id),
        context,
        { name: organization.name, slug: organization.slug },
        201,
      );
      return organizationView(organization, 'admin');
    },

    async listForUser(userId, page, onlyOrganizationId) {
      const memberships = (
        await Members.find(
          { user_id: new Types.ObjectId(userId), is_active: true },
          { organization_id: 1, role: 1 },
        ).lean()
      ).filter((m) => !onlyOrganizationId || String(m.organization_id) === onlyOrganizationId);
      const roles = new Map(memberships.map((m) => [String(m.organization_id), m.role]));
      const result = await paginateNewestFirst(
        Organizations,
        { _id: mongoose.trusted({ $in: memberships.map((m) => m.organization_id) }) },
        page,
      );
      return {
        data: result.data.map((org) => organizationView(org, roles.get(String(org._id)) ?? 'member')),
        next_cursor: result.next_cursor,
      };
    },

    async get(userId, organizationId) {
      const { organization, role } = await authorize(userId, organizationId, 'organization:read');
      return organizationView(organization, role);
    },

    async update(userId, organizationId, changes, context) {
      const { organization, role } = await authorize(userId, organizationId, 'organization:update');
      const set: Record<string, unknown> = {};
      for (const [field, value] of Object.entries(changes)) {
        if (value !== undefined) set[field] = value === '' ? null : value;
      }
      let updated: OrganizationDocument | null;
      try {
        updated = await Organizations.findOneAndUpdate(
          { _id: organization._id },
          { $set: set },
          { returnDocument: 'after' },
        ).lean<OrganizationDocument>();
      } catch (error) {
        if (isDuplicateKey(error)) throw new AppError(OrganizationErrors.SLUG_TAKEN);
        throw error;
      }
      await audit('organization.updated', 'organization', organizationId, userId, organizationId, context, {
        fields: Object.keys(set),
      });
      const requireTwoFactor = changes.require_two_factor;
      if (requireTwoFactor !== undefined && requireTwoFactor !== (organization.require_two_factor ?? false)) {
        await audit(
          requireTwoFactor ? 'organization.two_factor_required' : 'organization.two_factor_not_required',
          'organization',
          organizationId,
          userId,
          organizationId,
          context,
          { require_two_factor: requireTwoFactor },
        );
      }
      deps.webhooks?.emit(
        'organization.updated',
        { organizationId },
        { organization: organizationView(updated!, 'admin'), fields: Object.keys(set) },
      );
      return organizationView(updated!, role);
    },

    async setActive(userId, organizationId, active, context) {
      const { organization, role } = await authorize(userId, organizationId, 'organization:deactivate');
      const updated = await Organizations.findOneAndUpdate(
        { _id: organization._id },
        { $set: { is_active: active } },
        { returnDocument: 'after' },
      ).lean<OrganizationDocument>();
      await audit(
        active ? 'organization.activated' : 'organization.deactivated',
        'organization',
        organizationId,
        userId,
        organizationId,
        context,
      );
      return organizationView(updated!, role);
    },

    async listMembers(userId, organizationId) {
      const { organization } = await authorize(userId, organizationId, 'member:read');
      const members = await Members.find({ organization_id: organization._id, is_active: true })
        .sort({ joined_at: 1 })
        .lean<MemberDocument[]>();
      return memberViews(members);
    },

    async invite(userId, organizationId, input, context) {
      const { organization } = await authorize(userId, organizationId, 'member:invite');
      // Counted before the address is looked up: a refused address is exactly what is limited.
      await invitationLimits.count(userId, String(organization._id));
      const invitee = await deps.users.findByEmail(input.email);
      if (!invitee) throw new AppError(OrganizationErrors.USER_NOT_FOUND);
      const existing = await Members.findOne({
        organization_id: organization._id,
        user_id: invitee._id,
      }).lean<MemberDocument>();
      if (existing?.is_active) throw new AppError(OrganizationErrors.ALREADY_MEMBER);
      await ensureMemberCount(organization);
      if (!(await takeSeat(organization._id))) throw new AppError(OrganizationErrors.MEMBER_LIMIT);
      const fields = {
        role: input.role,
        is_active: true,
        invited_by: new Types.ObjectId(userId),
        joined_at: new Date(),
      };
      let member: MemberDocument | null;
      try {
        // A removed member is re-invited by reactivating the same row (the pair is unique). An
        // active row does not match, so the upsert's insert fails on the unique pair instead of
        // counting one membership twice.
        member = await Members.findOneAndUpdate(
          {
            organization_id: organization._id,
            user_id: invitee._id,
            is_active: mongoose.trusted({ $ne: true }),
          },
          { $set: fields },
          { upsert: true, returnDocument: 'after' },
        ).lean<MemberDocument>();
      } catch (error) {
        await giveSeatBack(organization._id);
        if (isDuplicateKey(error)) throw new AppError(OrganizationErrors.ALREADY_MEMBER);
        throw error;
      }
      const inviter = await Users.findById(userId, { display_name: 1, email: 1 }).lean();
      const leaveLink = await issueLeaveLink(member!, userId);
      await audit(
        'member.invited',
        'member',
        String(member!._id),
        userId,
        organizationId,
        context,
        { invitee_id: String(invitee._id), role: input.role },
        201,
      );
      try {
        await deps.mail.sendTemplate({
          to: invitee.email,
          template: 'project_invitation',
          data: {
            name: invitee.display_name,
            organizationName: organization.name,
            inviterName: inviter?.display_name || inviter?.email || '',
            inviterEmail: inviter?.email ?? '',
            role: input.role,
            dashboardUrl: dashboardOrganizationsUrl,
            leaveLink,
          },
          userId: String(invitee._id),
        });
      } catch (error) {
        // The membership exists either way; a failed notification must not undo it.
        deps.logger.warn({ err: error }, 'could not send the invitation mail');
      }
      const added = (await memberViews([member!]))[0]!;
      deps.webhooks?.emit('member.added', { organizationId }, { member: added });
      return added;
    },

    async changeRole(userId, organizationId, memberId, role, context) {
      const { organization } = await authorize(userId, organizationId, 'member:update');
      const member = await findMember(organization._id, memberId);
      if (member.role === role) return (await memberViews([member]))[0]!;
      if (member.role === 'admin' && (await activeAdminCount(organization._id)) <= 1)
        throw new AppError(OrganizationErrors.LAST_ADMIN);
      const updated = await Members.findOneAndUpdate(
        { _id: member._id },
        { $set: { role } },
        { returnDocument: 'after' },
      ).lean<MemberDocument>();
      // Two admins demoting each other at once could both pass the count; re-check and undo.
      if (role !== 'admin' && (await activeAdminCount(organization._id)) === 0) {
        await Members.updateOne({ _id: member._id }, { $set: { role: 'admin' } });
        throw new AppError(OrganizationErrors.LAST_ADMIN);
      }
      await audit('member.role_changed', 'member', memberId, userId, organizationId, context, {
        from: member.role,
        to: role,
      });
      const changed = (await memberViews([updated!]))[0]!;
      deps.webhooks?.emit(
        'member.role_changed',
        { organizationId },
        { member: changed, previous_role: member.role },
      );
      return changed;
    },

    async removeMember(userId, organizationId, memberId, context) {
      // Anyone may leave; removing someone else needs member:remove.
      const self = await authorize(userId, organizationId, 'organization:read');
      const member = await findMember(self.organization._id, memberId);
      if (String(member.user_id) !== userId && !can(self.role, 'member:remove'))
        throw new AppError(OrganizationErrors.NOT_ALLOWED);
      await endMembership(self.organization, member);
      await audit('member.removed', 'member', memberId, userId, organizationId, context, {
        removed_user_id: String(member.user_id),
      });
      deps.webhooks?.emit(
        'member.removed',
        { organizationId },
        { member_id: memberId, user_id: String(member.user_id), removed_by: userId },
      );
    },

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
      try {
        await endMembership(target.organization, target.member);
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
      await audit(
        'member.left',
        'member',
        String(target.member._id),
        String(token.user_id),
        String(target.organization._id),
        context,
        { via: 'invitation_leave_link', invited_by: String(token.invited_by) },
      );
      deps.webhooks?.emit(
        'member.removed',
        { organizationId: String(target.organization._id) },
        {
          member_id: String(target.member._id),
          user_id: String(token.user_id),
          removed_by: String(token.user_id),
        },
      );
      return leaveLinkView(token, target.organization);
    },

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
      return (await memberViews(admins)).map((member) => member.user);
    },

    async isGlobalAdmin(user) {
      if (deps.config.auth.adminEmails.includes(user.email)) return true;
      const earliest = await Organizations.findOne({}, { created_by: 1 })
        .sort({ created_at: 1, _id: 1 })
        .lean();
      return Boolean(earliest && String(earliest.created_by) === String(user._id));
    },

    async listAll(page) {
      const result = await paginateNewestFirst(Organizations, {}, page);
      return {
        data: result.data.map((org) => {
          const { role: _role, ...view } = organizationView(org, 'member');
          return view;
        }),
        next_cursor: result.next_cursor,
      };
    },
  };
}
