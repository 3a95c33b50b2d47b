import type { Connection } from 'mongoose';
import type { Page } from '../../lib/pagination.js';
import type { MailService } from '../../core/mail.js';
import type { RequestContext } from '../../core/request-context.js';
import type { SecondFactorSummary } from '../../core/second-factor.js';
import type { Skill } from '../../core/skills.js';
import type { WebhookEmitter } from '../../core/webhooks.js';
import type { ActivityLogService } from '../activity/index.js';
import type { AuthService } from '../auth/index.js';
import type { PrivacyService } from '../privacy/index.js';
import type { ProjectsService } from '../projects/index.js';
import type { LinkedToAccount } from '../telemetry/index.js';
import type { ImportResult, ListPoolUsersQuery } from './pool-users.schemas.js';
import type { PoolUserDetail, PoolUserView } from './pool-users.views.js';

/**
 * Who manages a pool's users: a signed-in member of the project's organization, or an API token
 * (bound to one application, so to its project: `onlyProjectId`, null when that application is
 * gone). `tokenId` names the token in the audit trail.
 */
export interface PoolUserCaller {
  userId: string;
  onlyProjectId?: string | null;
  tokenId?: string | null;
}

/** What the user management is built from; services.ts binds each to the module that owns it. */
export interface PoolUsersDependencies {
  connection: Connection;
  /** Where hosted pages live (PUBLIC_URL): mailed links lead to /p/{project_id}/reset. */
  publicUrl: string;
  activity: Pick<ActivityLogService, 'record' | 'append' | 'page'>;
  projects: Pick<ProjectsService, 'authorize'>;
  /** The sessions of the auth module: listed on the detail page, ended by block and sign-out. */
  sessions: Pick<AuthService['sessions'], 'listActive' | 'revokeAllForUser'>;
  /** A one-hour, single-use password-reset link of the account (its `token` is what we mail). */
  passwordResetLink(userId: string): Promise<string>;
  /** A 7-day, single-use invitation link of the account that sets its password (its `token` is mailed). */
  invitationLink(userId: string): Promise<string>;
  /** The second factors (TOTP, passkeys), gathered by the factor-changes module. */
  secondFactors: {
    list(userId: string): Promise<SecondFactorSummary[]>;
    /** The list written out for the reset mail, in each mail language. */
    describeForMail(userId: string): Promise<Record<'de' | 'en', string>>;
    /** Removes one factor without asking the person (the pool's admin resets it). */
    revoke(
      userId: string,
      factor: Pick<SecondFactorSummary, 'id' | 'type'>,
      reason: string,
      context: RequestContext,
    ): Promise<boolean>;
  };
  tracking: { linkedTo(projectId: string, userId: string): Promise<LinkedToAccount> };
  privacy: Pick<PrivacyService, 'exportAccount' | 'eraseAccount'>;
  mail: Pick<MailService, 'sendTemplate'>;
  /**
   * The pool's name and the application its mails are sent for (its copy of the templates): the
   * pools module's public settings; null when the project has no active application.
   */
  poolMailSender(projectId: string): Promise<{ displayName: string; applicationId: string | null } | null>;
  /** The application roles a new account of the pool starts with: its default role (app-roles module). */
  defaultRoles?(poolId: string): Promise<string[]>;
  /** Announces changes (`skills.changed`); absent in tests that need none. */
  webhooks?: WebhookEmitter;
}

export interface PoolUsersService {
  list(caller: PoolUserCaller, projectId: string, query: ListPoolUsersQuery): Promise<Page<PoolUserView>>;
  get(caller: PoolUserCaller, projectId: string, userId: string): Promise<PoolUserDetail>;
  /** Streams the GDPR export of the user (the privacy module's document) into `sink`. */
  exportUser(
    caller: PoolUserCaller,
    projectId: string,
    userId: string,
    context: RequestContext,
    sink: { write(chunk: string): void | Promise<void> },
  ): Promise<void>;
  block(
    caller: PoolUserCaller,
    projectId: string,
    userId: string,
    context: RequestContext,
  ): Promise<PoolUserView>;
  unblock(
    caller: PoolUserCaller,
    projectId: string,
    userId: string,
    context: RequestContext,
  ): Promise<PoolUserView>;
  signOut(
    caller: PoolUserCaller,
    projectId: string,
    userId: string,
    context: RequestContext,
  ): Promise<{ sessions_ended: number }>;
  resetSecondFactor(
    caller: PoolUserCaller,
    projectId: string,
    userId: string,
    context: RequestContext,
  ): Promise<{ removed: Array<{ id: string; type: 'totp' | 'passkey'; name: string }> }>;
  sendPasswordReset(
    caller: PoolUserCaller,
    projectId: string,
    userId: string,
    context: RequestContext,
  ): Promise<{ sent_to: string }>;
  remove(caller: PoolUserCaller, projectId: string, userId: string, context: RequestContext): Promise<void>;
  invite(
    caller: PoolUserCaller,
    projectId: string,
    email: string,
    context: RequestContext,
  ): Promise<{ user: PoolUserView; created: boolean }>;
  importUsers(
    caller: PoolUserCaller,
    projectId: string,
    rows: unknown[],
    context: RequestContext,
    format: 'json' | 'csv',
  ): Promise<ImportResult>;
  /**
   * Replaces the user's skills (issue #33; `skills` validated by core/skills.ts): needs
   * `skill:manage`; audited `pool_user.skills_changed`, announced as `skills.changed` (if changed).
   */
  setSkills(
    caller: PoolUserCaller,
    projectId: string,
    userId: string,
    skills: Skill[],
    context: RequestContext,
  ): Promise<PoolUserView>;
}
