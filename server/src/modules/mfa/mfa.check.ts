import mongoose from 'mongoose';
import type { Options } from 'express-rate-limit';
import { AppError } from '../../lib/errors.js';
import { MongoRateLimitStore } from '../../lib/rate-limit/index.js';
import { recordAudit } from '../../core/audit.js';
import type { RequestContext } from '../../core/request-context.js';
import type { UserDocument } from '../../core/account.js';
import { accountKey } from '../../core/pools.js';
import { secondFactorEvent, type SecondFactorProof } from '../../core/second-factor.js';
import { AuthErrors } from '../auth/index.js';
import { MfaErrors } from './mfa.errors.js';
import type { MfaFactorDocument } from './mfa.model.js';
import type { FactorKit } from './mfa.factors.js';
import { acceptRecoveryCode } from './mfa.recovery-codes.js';
import type { MfaDependencies, SecondFactorAnswer } from './mfa.types.js';

/** Codes of the previous and next step are accepted too (clock drift, typing time). */
const TOTP_WINDOW = 1;

/** Checking a second factor (with its lockout), and the proof that changing one asks for. */
export function createSecondFactorCheck(deps: MfaDependencies, kit: FactorKit) {
  const { config } = deps;
  const { models, now } = kit;
  // Wrong codes per account, not reset by a correct password: signing in again must not buy an
  // attacker who knows the password a fresh budget of guesses. Reset by a correct code.
  const codeFailures = new MongoRateLimitStore(deps.connection, { prefix: 'mfa-failures:' });
  codeFailures.init({ windowMs: config.auth.lockoutMinutes * 60_000 } as Options);

  /**
   * Accepts a code of the current step ±1 that is later than the last accepted one, and records
   * its step in the same atomic update, so the same code can never be accepted twice.
   */
  async function acceptTotp(factor: MfaFactorDocument, code: string, label: string): Promise<boolean> {
    const totp = await kit.totpFor(factor, label);
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

  /** Refused while the account has had too many wrong codes (the address lockout is asked too). */
  async function assertNotLocked(user: UserDocument, context: RequestContext): Promise<void> {
    await deps.lockout.assertOpen(accountKey(user.pool_id, user.email), context.ip);
    const failures = await codeFailures.get(String(user._id));
    if (failures && failures.totalHits >= config.auth.lockoutThreshold) {
      throw new AppError(AuthErrors.ACCOUNT_LOCKED, {
        headers: {
          'Retry-After': String(
            Math.max(1, Math.ceil(((failures.resetTime?.getTime() ?? 0) - Date.now()) / 1000)),
          ),
        },
      });
    }
  }

  const accepts = async (
    user: UserDocument,
    factor: MfaFactorDocument | null,
    input: SecondFactorAnswer,
    context: RequestContext,
    mfaChallengeId: string | undefined,
  ): Promise<boolean> => {
    if (input.webauthn_response)
      return Boolean(
        mfaChallengeId &&
        (await deps.passkeys?.verifySecondFactor(user, mfaChallengeId, input.webauthn_response, context)),
      );
    if (!factor) return false;
    return input.recovery_code
      ? acceptRecoveryCode(models, factor, input.recovery_code)
      : acceptTotp(factor, input.code ?? '', user.email);
  };

  /**
   * A code check that counts like a password check: refused while the address is locked (or this
   * account has had too many wrong codes), and a wrong code counts towards both.
   */
  async function checkSecondFactor(
    user: UserDocument,
    factor: MfaFactorDocument | null,
    input: SecondFactorAnswer,
    context: RequestContext,
    mfaChallengeId?: string,
  ): Promise<boolean> {
    const userId = String(user._id);
    await assertNotLocked(user, context);
    const method = input.webauthn_response ? 'webauthn' : input.recovery_code ? 'recovery_code' : 'totp';
    // A failed passkey assertion counts like a wrong code (below).
    if (await accepts(user, factor, input, context, mfaChallengeId)) {
      await codeFailures.resetKey(userId);
      if (input.recovery_code && factor) {
        await recordAudit(
          deps.activity,
          context,
          secondFactorEvent('user.mfa_recovery_code_used', userId, {
            metadata: { remaining: factor.recovery_code_hashes.length - 1 },
          }),
        );
      }
      return true;
    }
    await codeFailures.increment(userId);
    await deps.lockout.recordFailure(accountKey(user.pool_id, user.email), context.ip);
    await recordAudit(
      deps.activity,
      context,
      secondFactorEvent('user.mfa_failed', userId, { status_code: 400, metadata: { method } }),
    );
    return false;
  }

  /** The password (sign-in's check and lockout) or a current code, for changes to the factor. */
  async function assertProof(
    user: UserDocument,
    factor: MfaFactorDocument | null,
    proof: SecondFactorProof,
    context: RequestContext,
  ): Promise<void> {
    // The route's step-up checked the session's auth_time; nothing more to ask.
    if (proof.freshSession) return;
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

  return { checkSecondFactor, assertProof };
}

export type SecondFactorCheck = ReturnType<typeof createSecondFactorCheck>;
