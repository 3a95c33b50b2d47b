import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import type { ActivityService } from '../../core/audit.js';
import type { MailService } from '../../core/mail.js';
import type { RequestContext } from '../../core/request-context.js';
import type { WebhookEmitter } from '../../core/webhooks.js';
import type { AuthService } from '../auth/index.js';
import type { OrganizationsService } from '../organizations/index.js';
import type { TokensService } from '../tokens/index.js';
import type { UsersService } from '../users/index.js';

/** Receives the export piece by piece, so a long activity history never sits in memory at once. */
export interface ExportSink {
  write(chunk: string): void | Promise<void>;
}

export interface PrivacyService {
  /** Writes every personal datum of the account as one JSON document. */
  exportAccount(userId: string, sink: ExportSink): Promise<void>;
  /**
   * Deletes the account after checking its password: refuses while it is the last admin of an
   * active organization, ends every session and API token, leaves every organization, deletes
   * or anonymizes what the data map lists. Always the password (a stolen session with a second
   * factor it enrolled itself must not delete the account); an account without one confirms by
   * mail (`requestDeletionLink`, `confirmDeletion`).
   */
  deleteAccount(userId: string, proof: { password?: string }, context: RequestContext): Promise<void>;
  /**
   * For an account without a password, after the route's step-up (a second factor or a fresh
   * sign-in): mails the single-use, 30-minute link that completes the deletion.
   */
  requestDeletionLink(
    userId: string,
    context: RequestContext,
  ): Promise<{ sent_to: string; expires_at: string }>;
  /** Deletes the account the mailed token names (as deleteAccount, without asking again). */
  confirmDeletion(token: string, context: RequestContext): Promise<void>;
  /**
   * Deletes an end user's account at the request of their pool's admins (the user management,
   * DELETE /projects/{id}/users/{user_id}, which authorized the caller): the same erasure as
   * deleteAccount, without the person's proof. Refuses platform accounts (they delete themselves).
   */
  eraseAccount(userId: string, context: RequestContext): Promise<void>;
}

export interface PrivacyDependencies {
  connection: Connection;
  logger: Logger;
  activity: ActivityService;
  users: UsersService;
  auth: Pick<AuthService, 'verifyCredentials' | 'sessions' | 'accountDeletionLinks'>;
  mail: Pick<MailService, 'sendTemplate'>;
  tokens: Pick<TokensService, 'revokeAllOfUser'>;
  organizations: OrganizationsService;
  webhooks?: WebhookEmitter;
}
