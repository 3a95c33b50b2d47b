import type { Connection } from 'mongoose';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { Config } from '../config.js';
import type { RouteSpec } from '../lib/api-router.js';
import { z } from '../lib/openapi.js';
import { createRateLimiter } from '../lib/rate-limit/index.js';
import { accountEvent, type ActivityService } from './audit.js';
import type { UserDocument } from './account.js';
import type { Locale } from './mail.js';
import type { RequestContext } from './request-context.js';

/*
 * What the two second factors share: the authenticator app (modules/mfa) and passkeys
 * (modules/passkeys). Both change an account's second factors only after the same proof, and both
 * spend the same budget of checks; neither module imports the other's files for that.
 */

/**
 * The password or a current TOTP code, asked before a second factor is changed or removed — or,
 * when the body has neither, `freshSession`: the route's step-up found a proof of identity in the
 * last 10 minutes (set only by the route after that check, never from the body).
 */
export interface SecondFactorProof {
  password?: string;
  code?: string;
  freshSession?: true;
}

/**
 * Checks the proof (the password with the sign-in lockout, or a current TOTP code) before a second
 * factor changes; throws when it is missing or wrong. The mfa module answers it for both.
 */
export type AssertSecondFactorProof = (
  user: UserDocument,
  proof: SecondFactorProof,
  context: RequestContext,
) => Promise<void>;

/**
 * What the second sign-in step (modules/mfa) asks of passkeys (modules/passkeys answers it; the two
 * are joined in services.ts).
 */
export interface PasskeySecondFactor {
  /** Whether the account has a passkey, i.e. passkeys are one of its second factors. */
  isEnrolled(userId: string): Promise<boolean>;
  /**
   * Checks an assertion for the second sign-in step: an own credential, the challenge issued for
   * this very mfa challenge, a rising counter. False when any of that fails (the caller counts it).
   */
  verifySecondFactor(
    user: UserDocument,
    mfaChallengeId: string,
    response: AuthenticationResponseJSON,
    context: RequestContext,
  ): Promise<boolean>;
}

/** What both second-factor services are built with. */
export interface SecondFactorServiceDependencies {
  connection: Connection;
  config: Config;
  activity: ActivityService;
  /** The account a sign-in step or a credential names. */
  getUser(userId: string): Promise<UserDocument | null>;
  now?: () => Date;
}

export type ProofKind = 'password' | 'code' | 'session';

/** Which proof was given, as audit entries and the security notice name it. */
export const proofKind = (proof: SecondFactorProof): ProofKind =>
  proof.code ? 'code' : proof.password ? 'password' : 'session';

/** Whether a proof-gated request carries no proof of its own, so it needs the step-up instead. */
const withoutBodyProof = ({ body }: { body: SecondFactorProof }) => !body.password && !body.code;

/** The proof a proof-gated route acts on: the body's, or the fresh session its step-up checked. */
export const proofOf = (body: SecondFactorProof): SecondFactorProof =>
  withoutBodyProof({ body }) ? { freshSession: true } : { password: body.password, code: body.code };

/** Six digits as the authenticator app shows them; spaces are tolerated. */
export const TotpCodeSchema = z
  .string({ error: 'Enter the 6-digit code from your authenticator app.' })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app.'))
  .openapi({ type: 'string', example: '123456' });

/** Proof for changing the factor: the password or a current code (or neither, after a step-up). */
export const MfaProofBodySchema = z
  .object({
    password: z.string().min(1).max(1024).optional(),
    code: TotpCodeSchema.optional(),
  })
  .openapi('MfaProofRequest');

/** The 429 of every route that checks a code or password of a signed-in user. */
export const CHECKS_LIMITED_RESPONSE = { description: 'Too many attempts, or locked; see Retry-After' };

/**
 * What every route that changes a second factor after the proof shares: a signed-in caller (a
 * dashboard session), the proof in the body — or, without one, a fresh step-up (the client that
 * sent a password or code keeps working) — and the 429 of the checks budget below.
 */
export function proofGatedRoute(responses: RouteSpec<undefined, undefined, undefined>['responses']) {
  return {
    authenticated: true,
    // Self-service of one's own factors: also an end user's, on the hosted account page.
    applicationSessions: 'also' as const,
    body: MfaProofBodySchema,
    stepUp: withoutBodyProof,
    responses: { ...responses, 429: CHECKS_LIMITED_RESPONSE },
  };
}

/**
 * One budget of code and password checks per signed-in user, shared by the TOTP and passkey
 * routes (one counter in the database): checked before any code or password is looked at, so a
 * stolen session cannot guess fast by switching routes.
 */
export function createSecondFactorChecksLimiter(deps: { connection: Connection; config: Config }) {
  return createRateLimiter({
    connection: deps.connection,
    name: 'mfa-check-user',
    windowS: deps.config.auth.rateLimit.windowS,
    limit: deps.config.auth.rateLimit.perAccount,
    key: (req) => req.auth?.userId,
  });
}

/** An audit event about an account's second factors: the account is both subject and actor. */
export const secondFactorEvent = accountEvent;

/*
 * Factor changes and recovery (the factor-changes module implements both): every change of a
 * second factor is mailed to the owner with a "this wasn't me" link, and a password reset shows
 * and prunes the factors, since a stolen session could have added one (docs/two-factor.md).
 */

/** What changed; `factorId` names the passkey or TOTP factor concerned. */
export interface SecondFactorChange {
  kind: 'passkey_added' | 'passkey_removed' | 'totp_enabled' | 'totp_disabled' | 'recovery_codes_regenerated';
  /** The factor an undo takes away (added or changed ones; a removed factor has none left). */
  factorId?: string;
  /** The passkey's name, for the mail. */
  name?: string;
}

/** Mails the owner about a change, with the undo link; never throws (a failure is logged). */
export type NotifySecondFactorChange = (
  user: UserDocument,
  change: SecondFactorChange,
  context: RequestContext,
) => Promise<void>;

/** One second factor as the reset screen and the reset mail list it. */
export interface SecondFactorSummary {
  id: string;
  type: 'totp' | 'passkey';
  name: string;
  added_at: Date;
  /** Added during the last 24 hours: removed by a password reset unless kept. */
  recent: boolean;
}

/** Which recently added factors a password reset keeps: some by id, or all of them. */
export interface KeepFactors {
  ids?: string[];
  all?: boolean;
}

/** What the password reset (modules/auth) asks of the account's second factors. */
export interface SecondFactorInventory {
  list(userId: string): Promise<SecondFactorSummary[]>;
  /** The list written out for the reset mail, in each mail language. */
  describeForMail(userId: string): Promise<Record<Locale, string>>;
  /** Removes the factors added during the last 24 hours except those kept; answers the removed. */
  removeRecent(userId: string, keep: KeepFactors, context: RequestContext): Promise<SecondFactorSummary[]>;
}

/**
 * Where one kind of second factor is stored, so sign-in can learn with the account (one read)
 * whether it has one: documents of `collection` whose `user_id` is the account's, counted when
 * `requiredField` (if named) is set. Must say what the module's own check counts.
 */
export interface SecondFactorStore {
  collection: string;
  requiredField?: string;
}
