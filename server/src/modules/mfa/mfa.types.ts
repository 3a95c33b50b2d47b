import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { RequestContext } from '../../core/request-context.js';
import type { MailService } from '../../core/mail.js';
import type { UserDocument } from '../../core/account.js';
import type {
  AssertSecondFactorProof,
  NotifySecondFactorChange,
  PasskeySecondFactor,
  ProofKind,
  SecondFactorChange,
  SecondFactorProof,
  SecondFactorServiceDependencies,
} from '../../core/second-factor.js';

/** An answer to the second step: one of a TOTP code, a recovery code or a passkey assertion. */
export interface SecondFactorAnswer {
  code?: string;
  recovery_code?: string;
  webauthn_response?: AuthenticationResponseJSON;
}

/** The second factors: an authenticator app, and passkeys/security keys (the passkeys module). */
export type MfaMethod = 'totp' | 'webauthn';

export interface MfaChallenge {
  mfa_required: true;
  mfa_token: string;
  methods: MfaMethod[];
  expires_in: number;
}

/** Where a sign-in step may be completed, and what started it. */
export interface MfaChallengeScope {
  /** The application whose embedding login asks (null or absent: the dashboard's sign-in). */
  applicationId?: string | null;
  /** The first factor passed (default password); the session opened afterwards records it. */
  firstFactor?: 'password' | 'google' | 'email_code';
}

export interface MfaService {
  /** Starts (or restarts) enrolment: a new secret, inactive until confirmed. */
  startTotpEnrolment(
    user: UserDocument,
    context: RequestContext,
  ): Promise<{ secret: string; otpauth_url: string }>;
  /** Activates the pending secret with a current code; returns the recovery codes (shown once). */
  confirmTotp(
    user: UserDocument,
    code: string,
    context: RequestContext,
  ): Promise<{ recovery_codes: string[] }>;
  /** Turns two-factor off after the password (checked by `verifyPassword`) or a current code. */
  disableTotp(user: UserDocument, proof: SecondFactorProof, context: RequestContext): Promise<void>;
  /** Replaces the recovery codes (the old ones stop working); needs the password or a current code. */
  regenerateRecoveryCodes(
    user: UserDocument,
    proof: SecondFactorProof,
    context: RequestContext,
  ): Promise<{ recovery_codes: string[] }>;
  /**
   * The second factors the account has turned on (none: empty) and its unused recovery codes;
   * read-only, for the account's security page and the organizations' two-factor policy.
   */
  status(userId: string): Promise<{ methods: MfaChallenge['methods']; recovery_codes_left: number }>;
  /**
   * For a sign-in whose first factor passed: the challenge to answer, or null when the account has
   * no second factor. The token is redeemable only in the same scope (the dashboard, or the one
   * application whose embedding login issued it).
   */
  challengeFor(
    user: UserDocument,
    context: RequestContext,
    scope?: MfaChallengeScope,
  ): Promise<MfaChallenge | null>;
  /** Checks the second step; returns the user to start the session for and the first factor. */
  completeChallenge(
    input: SecondFactorAnswer & { mfa_token: string },
    context: RequestContext,
    scope?: Pick<MfaChallengeScope, 'applicationId'>,
  ): Promise<{ user: UserDocument; firstFactor: 'password' | 'google' | 'email_code' }>;
  /** The account and challenge id of a live mfa_token (for the passkey options); invalid_mfa_token otherwise. */
  pendingChallenge(
    mfaToken: string,
    scope?: Pick<MfaChallengeScope, 'applicationId'>,
  ): Promise<{ challengeId: string; userId: string }>;
  /**
   * Mails the owner a security notice that a second factor was removed (what, when, from which
   * address and browser, what to do if it was not them): always for the authenticator app, for a
   * passkey only when it was the last second factor. Never throws (a failure is logged).
   */
  notifySecondFactorRemoved(
    user: UserDocument,
    removed: 'totp' | 'passkey',
    proof: ProofKind,
    context: RequestContext,
  ): Promise<void>;
  /** The password or a current TOTP code (checked like at sign-in), before changing a second factor. */
  assertProof: AssertSecondFactorProof;
  /**
   * A second factor as a proof of identity outside sign-in (step-up): a TOTP code, a recovery code
   * or a passkey assertion for a challenge bound to `boundTo`; counted like the second sign-in step.
   */
  verifySecondFactor(
    user: UserDocument,
    answer: SecondFactorAnswer,
    context: RequestContext,
    boundTo: string,
  ): Promise<boolean>;
  /** The active authenticator app and when it was turned on, or null (account recovery lists it). */
  totpFactorOf(userId: string): Promise<{ id: string; added_at: Date } | null>;
  /** Removes that TOTP factor without a proof (account recovery: the mailbox is the proof). */
  revokeTotp(userId: string, factorId: string, reason: string, context: RequestContext): Promise<boolean>;
  /** Voids the recovery codes of that TOTP factor without a proof (account recovery). */
  revokeRecoveryCodes(
    userId: string,
    factorId: string,
    reason: string,
    context: RequestContext,
  ): Promise<boolean>;
}

export interface MfaDependencies extends SecondFactorServiceDependencies {
  /** The sign-in password check (with its lockout); throws when wrong. */
  verifyPassword(email: string, password: string, context: RequestContext): Promise<unknown>;
  /** The sign-in lockout: wrong codes count towards it like wrong passwords. */
  lockout: {
    assertOpen(email: string, ip: string | null): Promise<void>;
    recordFailure(email: string, ip: string | null): Promise<unknown>;
  };
  /** For the mfa_disabled security notice (docs/two-factor.md#notifications). */
  notices?: {
    mail: Pick<MailService, 'sendTemplate'>;
    /** The "this wasn't me" link for the notice (the factor-changes module issues it). */
    undoLink(userId: string, change: SecondFactorChange): Promise<string>;
    /** The dashboard's page where two-factor is set up again. */
    securityUrl: string;
    logger: { warn(details: object, message: string): void };
  };
  /**
   * Passkeys as a second factor (the passkeys module): passed in and bound late in services.ts,
   * since passkeys ask this module for the proof that removes one.
   */
  passkeys?: PasskeySecondFactor;
  /** Mails the owner every other change of a factor, with its undo link (the factor-changes module). */
  notifyChange?: NotifySecondFactorChange;
}
