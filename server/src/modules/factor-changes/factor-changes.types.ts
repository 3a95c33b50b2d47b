import type { Connection } from 'mongoose';
import type { Config } from '../../config.js';
import type { ActivityService } from '../../core/audit.js';
import type { UserDocument } from '../../core/account.js';
import type { Locale, MailService } from '../../core/mail.js';
import type { RequestContext } from '../../core/request-context.js';
import type {
  NotifySecondFactorChange,
  SecondFactorChange,
  SecondFactorInventory,
} from '../../core/second-factor.js';

/** What a "this wasn't me" link names, for its confirmation page and the API. */
export interface UndoLinkView {
  kind: SecondFactorChange['kind'];
  /** The passkey's name for a passkey that was added, else null. */
  name: string | null;
  changed_at: Date;
}

/** What the undo did, for the page after it and the API. */
export interface UndoResult extends UndoLinkView {
  /** Whether the factor was still there and is now removed (false for removals, or if gone since). */
  factor_removed: boolean;
  sessions_ended: number;
  api_tokens_revoked: number;
}

export interface FactorChangesService extends SecondFactorInventory {
  /** The notice of a change (second_factor_changed), with its undo link. Never throws. */
  notify: NotifySecondFactorChange;
  /** A new undo link for a change another notice (mfa_disabled) reports; German page. */
  undoLink(userId: string, change: SecondFactorChange, locale?: Locale): Promise<string>;
  /** The change a usable link names, or null. Changes nothing (mail scanners follow links). */
  describe(rawToken: string): Promise<UndoLinkView | null>;
  /**
   * Spends the link: removes the factor it names (if still there), ends every session and API
   * token and blocks the password until a reset, whose link is mailed. invalid_undo_link otherwise.
   */
  undo(rawToken: string, context: RequestContext): Promise<UndoResult>;
}

export interface FactorChangesDependencies {
  connection: Connection;
  config: Config;
  activity: ActivityService;
  mail: Pick<MailService, 'sendTemplate'>;
  logger: { warn(details: object, message: string): void };
  /** The authenticator app (the mfa module), bound late in services.ts. */
  totp: {
    totpFactorOf(userId: string): Promise<{ id: string; added_at: Date } | null>;
    revokeTotp(userId: string, factorId: string, reason: string, context: RequestContext): Promise<boolean>;
    revokeRecoveryCodes(
      userId: string,
      factorId: string,
      reason: string,
      context: RequestContext,
    ): Promise<boolean>;
  };
  /** Passkeys (the passkeys module), bound late in services.ts. */
  passkeys: {
    list(userId: string): Promise<{ id: string; name: string; created_at: string }[]>;
    revoke(userId: string, passkeyId: string, reason: string, context: RequestContext): Promise<boolean>;
  };
  /** The account (the auth module), bound late in services.ts. */
  account: {
    getUser(userId: string): Promise<UserDocument | null>;
    /** Removes the password, ends sessions and API tokens, voids reset links; a new reset link. */
    lockPasswordUntilReset(
      userId: string,
      reason: string,
      context: RequestContext,
    ): Promise<{ resetLink: string; sessionsEnded: number; tokensRevoked: number }>;
  };
  now?: () => Date;
}
