import { randomInt } from 'node:crypto';
import mongoose, { Types, type Connection } from 'mongoose';
import type { Options } from 'express-rate-limit';
import { Secret, TOTP } from 'otpauth';
import type { Config } from '../../config.js';
import { randomToken, sha256Hex } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import { MongoRateLimitStore } from '../../lib/rate-limit/index.js';
import type { ActivityService } from '../../core/audit.js';
import type { RequestContext } from '../../core/request-context.js';
import { AuthErrors } from '../auth/index.js';
import type { MailService } from '../../core/mail.js';
import type { UserDocument } from '../../core/account.js';
import { MfaErrors } from './mfa.errors.js';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { mfaModels, type MfaFactorDocument } from './mfa.model.js';
import { createSecretBox, type SecretBox } from './secret-box.js';

export const MFA_TOKEN_TTL_S = 300;
/** Wrong codes one mfa_token takes before it is void (the account-wide limits apply as well). */
export const MFA_TOKEN_MAX_FAILURES = 5;
export const RECOVERY_CODE_COUNT = 10;
const TOTP_PERIOD_S = 30;
/** Codes of the previous and next step are accepted too (clock drift, typing time). */
const TOTP_WINDOW = 1;
/** No 0/o, 1/l/i: recovery codes are read off paper. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** The second factors: an authenticator app, and passkeys/security keys (passkeys.service.ts). */
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
  firstFactor?: 'password' | 'google';
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
  disableTotp(
    user: UserDocument,
    proof: { password?: string; code?: string },
    context: RequestContext,
  ): Promise<void>;
  /** Replaces the recovery codes (the old ones stop working); needs the password or a current code. */
  regenerateRecoveryCodes(
    user: UserDocument,
    proof: { password?: string; code?: string },
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
    input: {
      mfa_token: string;
      code?: string;
      recovery_code?: string;
      webauthn_response?: AuthenticationResponseJSON;
    },
    context: RequestContext,
    scope?: Pick<MfaChallengeScope, 'applicationId'>,
  ): Promise<{ user: UserDocument; firstFactor: 'password' | 'google' }>;
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
    proof: 'password' | 'code',
    context: RequestContext,
  ): Promise<void>;
  /** The password or a current TOTP code (checked like at sign-in), before changing a second factor. */
  assertProof(
    user: UserDocument,
    proof: { password?: string; code?: string },
    context: RequestContext,
  ): Promise<void>;
}

export interface MfaDependencies {
  connection: Connection;
  config: Config;
  activity: ActivityService;
  getUser(userId: string): Promise<UserDocument | null>;
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
    /** A one-hour password-reset link for "if it was not you". */
    passwordResetLink(userId: string): Promise<string>;
    /** The dashboard's page where two-factor is set up again. */
    securityUrl: string;
    logger: { warn(details: object, message: string): void };
  };
  /** Passkeys as a second factor (passkeys.service.ts); bound late, they are built after this. */
  passkeys?: {
    isEnrolled(userId: string): Promise<boolean>;
    verifySecondFactor(
      user: UserDocument,
      mfaChallengeId: string,
      response: AuthenticationResponseJSON,
      context: RequestContext,
    ): Promise<boolean>;
  };
  now?: () => Date;
}

function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[^a-z0-9]/g, '');
}

function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

export function createMfaService(deps: MfaDependencies): MfaService {
  const { config } = deps;
  const now = deps.now ?? (() => new Date());
  const models = mfaModels(deps.connection);
  let box: Promise<SecretBox> | undefined;
  const secretBox = () => {
    box ??= createSecretBox(models, config.auth.mfaEncryptionKey).catch((error: unknown) => {
      box = undefined;
      throw error;
    });
    return box;
  };
  // Wrong codes per account, not reset by a correct password: signing in again must not buy an
  // attacker who knows the password a fresh budget of guesses. Reset by a correct code.
  const codeFailures = new MongoRateLimitStore(deps.connection, { prefix: 'mfa-failures:' });
  codeFailures.init({ windowMs: config.auth.lockoutMinutes * 60_000 } as Options);

  const audit = (action: string, userId: string, context: RequestContext, statusCode = 200, metadata = {}) =>
    deps.activity.record({
      action,
      resource_type: 'user',
      resource_id: userId,
      user_id: userId,
      status_code: statusCode,
      ip_address: context.ip,
      user_agent: context.userAgent,
      metadata,
    });

  const totpFor = async (factor: MfaFactorDocument, label: string) =>
    new TOTP({
      issuer: 'IAM Platform',
      label,
      algorithm: 'SHA1',
      digits: 6,
      period: TOTP_PERIOD_S,
      secret: Secret.fromBase32((await secretBox()).open(factor.secret_encrypted, String(factor.user_id))),
    });

  /**
   * Accepts a code of the current step ±1 that is later than the last accepted one, and records
   * its step in the same atomic update, so the same code can never be accepted twice.
   */
  async function acceptTotp(factor: MfaFactorDocument, code: string, label: string): Promise<boolean> {
    const totp = await totpFor(factor, label);
    const timestamp = now().getTime();
    const delta = totp.validate({ token: code, timestamp, window: TOTP_WINDOW });
    if (delta === null) return false;
    const step = totp.counter({ timestamp }) + delta;
    const updated = await models.Factors.updateOne(
      { _id: factor._id, last_used_step: mongoose.trusted({ $lt: step }) },
      { $set: { last_used_step: step } },
    );
    return updated.modifiedCount === 1;
  }

  async function acceptRecoveryCode(factor: MfaFactorDocument, code: string): Promise<boolean> {
    const hash = sha256Hex(normalizeRecoveryCode(code));
    // $pull in one update: two requests with the same code cannot both use it.
    const updated = await models.Factors.updateOne(
      { _id: factor._id, recovery_code_hashes: hash },
      { $pull: { recovery_code_hashes: hash } },
    );
    return updated.modifiedCount === 1;
  }

  /**
   * A code check that counts like a password check: refused while the address is locked (or this
   * account has had too many wrong codes), and a wrong code counts towards both.
   */
  async function checkSecondFactor(
    user: UserDocument,
    factor: MfaFactorDocument | null,
    input: { code?: string; recovery_code?: string; webauthn_response?: AuthenticationResponseJSON },
    context: RequestContext,
    mfaChallengeId?: string,
  ): Promise<boolean> {
    const userId = String(user._id);
    await deps.lockout.assertOpen(user.email, context.ip);
    const failures = await codeFailures.get(userId);
    if (failures && failures.totalHits >= config.auth.lockoutThreshold) {
      throw new AppError(AuthErrors.ACCOUNT_LOCKED, {
        headers: {
          'Retry-After': String(
            Math.max(1, Math.ceil(((failures.resetTime?.getTime() ?? 0) - Date.now()) / 1000)),
          ),
        },
      });
    }
    const method = input.webauthn_response ? 'webauthn' : input.recovery_code ? 'recovery_code' : 'totp';
    // A failed passkey assertion counts like a wrong code (below).
    const accepted =
      method === 'webauthn'
        ? Boolean(
            mfaChallengeId &&
            (await deps.passkeys?.verifySecondFactor(
              user,
              mfaChallengeId,
              input.webauthn_response!,
              context,
            )),
          )
        : !factor
          ? false
          : input.recovery_code
            ? await acceptRecoveryCode(factor, input.recovery_code)
            : await acceptTotp(factor, input.code ?? '', user.email);
    if (accepted) {
      await codeFailures.resetKey(userId);
      if (input.recovery_code && factor) {
        await audit('user.mfa_recovery_code_used', userId, context, 200, {
          remaining: factor.recovery_code_hashes.length - 1,
        });
      }
      return true;
    }
    await codeFailures.increment(userId);
    await deps.lockout.recordFailure(user.email, context.ip);
    await audit('user.mfa_failed', userId, context, 400, { method });
    return false;
  }

  /** The password (sign-in's check and lockout) or a current code, for changes to the factor. */
  async function assertProof(
    user: UserDocument,
    factor: MfaFactorDocument | null,
    proof: { password?: string; code?: string },
    context: RequestContext,
  ): Promise<void> {
    if (proof.code) {
      if (!(await checkSecondFactor(user, factor, { code: proof.code }, context)))
        throw new AppError(MfaErrors.INVALID_CODE);
      return;
    }
    if (!proof.password) throw new AppError(MfaErrors.PROOF_REQUIRED);
    try {
      await deps.verifyPassword(user.email, proof.password, context);
    } catch (error) {
      // 401 would read as "signed out" to the dashboard; the session is fine, the password is not.
      if (error instanceof AppError && error.code === AuthErrors.INVALID_CREDENTIALS.code)
        throw new AppError(MfaErrors.WRONG_PASSWORD);
      throw error;
    }
  }

  const newRecoveryCodes = () => {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    return { codes, hashes: codes.map((code) => sha256Hex(normalizeRecoveryCode(code))) };
  };

  const activeFactorOf = (userId: string) =>
    models.Factors.findOne({
      user_id: new Types.ObjectId(userId),
      confirmed_at: mongoose.trusted({ $ne: null }),
    }).lean<MfaFactorDocument>();

  /** The second factors the account has on (the TOTP factor, when already read, is passed in). */
  const methodsOf = async (userId: string, factor?: MfaFactorDocument | null): Promise<MfaMethod[]> => {
    const [totp, webauthn] = await Promise.all([
      factor !== undefined ? factor : activeFactorOf(userId),
      deps.passkeys ? deps.passkeys.isEnrolled(userId) : false,
    ]);
    return [...(totp ? (['totp'] as const) : []), ...(webauthn ? (['webauthn'] as const) : [])];
  };

  const WHEN = new Intl.DateTimeFormat('de-DE', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });

  async function notifySecondFactorRemoved(
    user: UserDocument,
    removed: 'totp' | 'passkey',
    proof: 'password' | 'code',
    context: RequestContext,
  ): Promise<void> {
    const notices = deps.notices;
    if (!notices) return;
    const userId = String(user._id);
    try {
      const left = await methodsOf(userId);
      if (removed === 'passkey' && left.length > 0) return;
      await notices.mail.sendTemplate({
        to: user.email,
        template: 'mfa_disabled',
        userId,
        // A security notice about the IAM account: always the platform's own text.
        applicationId: null,
        data: {
          name: user.display_name,
          method: removed === 'totp' ? 'die Authenticator-App (TOTP)' : 'der letzte Passkey',
          status: left.includes('webauthn')
            ? 'Ihre Passkeys schützen die Anmeldung weiterhin als zweiter Faktor.'
            : 'Für die Anmeldung genügt jetzt wieder das Passwort (oder Google) allein.',
          when: `${WHEN.format(now())} UTC`,
          ip: context.ip ?? 'unbekannt',
          userAgent: context.userAgent ?? 'unbekannt',
          proof: proof === 'code' ? 'einem Code aus der Authenticator-App' : 'dem Passwort',
          securityUrl: notices.securityUrl,
          resetLink: await notices.passwordResetLink(userId),
        },
      });
    } catch (error) {
      notices.logger.warn({ err: error, template: 'mfa_disabled' }, 'could not send the security notice');
    }
  }

  const liveChallenge = (mfaToken: string, scope: Pick<MfaChallengeScope, 'applicationId'>) =>
    models.Challenges.findOne({
      token_hash: sha256Hex(mfaToken),
      // A dashboard step is no key to an application's session, nor one application's to another's.
      application_id: scope.applicationId ? new Types.ObjectId(scope.applicationId) : null,
      used_at: null,
      expires_at: mongoose.trusted({ $gt: now() }),
      failed_attempts: mongoose.trusted({ $lt: MFA_TOKEN_MAX_FAILURES }),
    }).lean();

  return {
    async startTotpEnrolment(user, context) {
      const userId = String(user._id);
      if (await activeFactorOf(userId)) throw new AppError(MfaErrors.ALREADY_ENABLED);
      const secret = new Secret({ size: 20 });
      const sealed = (await secretBox()).seal(secret.base32, userId);
      // Only a pending factor is replaced; an active one (enabled meanwhile) stays.
      const pending = await models.Factors.findOneAndUpdate(
        { user_id: user._id, confirmed_at: null },
        {
          $set: { type: 'totp', secret_encrypted: sealed, last_used_step: -1, recovery_code_hashes: [] },
          $setOnInsert: { user_id: user._id, confirmed_at: null },
        },
        { upsert: true, returnDocument: 'after' },
      )
        .lean<MfaFactorDocument>()
        .catch((error: unknown) => {
          if ((error as { code?: number }).code === 11000) throw new AppError(MfaErrors.ALREADY_ENABLED);
          throw error;
        });
      const totp = await totpFor(pending!, user.email);
      await audit('user.mfa_enrolment_started', userId, context);
      return { secret: secret.base32, otpauth_url: totp.toString() };
    },

    async confirmTotp(user, code, context) {
      const userId = String(user._id);
      const factor = await models.Factors.findOne({ user_id: user._id }).lean<MfaFactorDocument>();
      if (!factor) throw new AppError(MfaErrors.NOT_PENDING);
      if (factor.confirmed_at) throw new AppError(MfaErrors.ALREADY_ENABLED);
      if (!(await checkSecondFactor(user, factor, { code }, context)))
        throw new AppError(MfaErrors.INVALID_CODE);
      const recovery = newRecoveryCodes();
      const confirmed = await models.Factors.updateOne(
        { _id: factor._id, confirmed_at: null },
        { $set: { confirmed_at: now(), recovery_code_hashes: recovery.hashes } },
      );
      if (confirmed.modifiedCount !== 1) throw new AppError(MfaErrors.NOT_PENDING);
      await audit('user.mfa_enabled', userId, context, 200, { method: 'totp' });
      return { recovery_codes: recovery.codes };
    },

    async disableTotp(user, proof, context) {
      const userId = String(user._id);
      const factor = await activeFactorOf(userId);
      if (!factor) throw new AppError(MfaErrors.NOT_ENABLED);
      await assertProof(user, factor, proof, context);
      await models.Factors.deleteOne({ _id: factor._id });
      await models.Challenges.deleteMany({ user_id: factor.user_id });
      await audit('user.mfa_disabled', userId, context, 200, {
        method: 'totp',
        proof: proof.code ? 'code' : 'password',
      });
      await notifySecondFactorRemoved(user, 'totp', proof.code ? 'code' : 'password', context);
    },

    async regenerateRecoveryCodes(user, proof, context) {
      const userId = String(user._id);
      const factor = await activeFactorOf(userId);
      if (!factor) throw new AppError(MfaErrors.NOT_ENABLED);
      await assertProof(user, factor, proof, context);
      const recovery = newRecoveryCodes();
      await models.Factors.updateOne(
        { _id: factor._id },
        { $set: { recovery_code_hashes: recovery.hashes } },
      );
      await audit('user.mfa_recovery_codes_regenerated', userId, context);
      return { recovery_codes: recovery.codes };
    },

    async status(userId) {
      const factor = Types.ObjectId.isValid(userId) ? await activeFactorOf(userId) : null;
      return {
        methods: Types.ObjectId.isValid(userId) ? await methodsOf(userId, factor) : [],
        recovery_codes_left: factor?.recovery_code_hashes.length ?? 0,
      };
    },

    async challengeFor(user, context, scope = {}) {
      const userId = String(user._id);
      const methods = await methodsOf(userId);
      if (methods.length === 0) return null;
      const token = randomToken(32);
      await models.Challenges.create({
        token_hash: sha256Hex(token),
        user_id: user._id,
        application_id: scope.applicationId ? new Types.ObjectId(scope.applicationId) : null,
        first_factor: scope.firstFactor ?? 'password',
        expires_at: new Date(now().getTime() + MFA_TOKEN_TTL_S * 1000),
      });
      await audit('user.mfa_challenge_issued', userId, context);
      return { mfa_required: true, mfa_token: token, methods, expires_in: MFA_TOKEN_TTL_S };
    },

    async completeChallenge(input, context, scope = {}) {
      const challenge = await liveChallenge(input.mfa_token, scope);
      if (!challenge) throw new AppError(MfaErrors.INVALID_MFA_TOKEN);
      const user = await deps.getUser(String(challenge.user_id));
      const factor = user ? await activeFactorOf(String(user._id)) : null;
      if (!user || (await methodsOf(String(user._id), factor)).length === 0)
        throw new AppError(MfaErrors.INVALID_MFA_TOKEN);
      if (!(await checkSecondFactor(user, factor, input, context, String(challenge._id)))) {
        await models.Challenges.updateOne({ _id: challenge._id }, { $inc: { failed_attempts: 1 } });
        throw new AppError(
          input.webauthn_response
            ? MfaErrors.PASSKEY_NOT_ACCEPTED
            : input.recovery_code
              ? MfaErrors.INVALID_RECOVERY_CODE
              : MfaErrors.INVALID_CODE,
        );
      }
      // Single use: of two concurrent requests with right codes, only one gets a session.
      const consumed = await models.Challenges.updateOne(
        { _id: challenge._id, used_at: null },
        { $set: { used_at: now() } },
      );
      if (consumed.modifiedCount !== 1) throw new AppError(MfaErrors.INVALID_MFA_TOKEN);
      return { user, firstFactor: challenge.first_factor ?? 'password' };
    },

    async pendingChallenge(mfaToken, scope = {}) {
      const challenge = await liveChallenge(mfaToken, scope);
      if (!challenge) throw new AppError(MfaErrors.INVALID_MFA_TOKEN);
      return { challengeId: String(challenge._id), userId: String(challenge.user_id) };
    },

    notifySecondFactorRemoved,

    async assertProof(user, proof, context) {
      await assertProof(user, await activeFactorOf(String(user._id)), proof, context);
    },
  };
}
