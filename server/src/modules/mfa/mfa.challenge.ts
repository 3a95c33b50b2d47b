import mongoose, { Types } from 'mongoose';
import { randomToken, sha256Hex } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import { InvalidatedCache } from '../../lib/cache-invalidation.js';
import { recordAudit } from '../../core/audit.js';
import { secondFactorEvent } from '../../core/second-factor.js';
import { PasskeyErrors } from '../passkeys/index.js';
import { MfaErrors } from './mfa.errors.js';
import type { SecondFactorCheck } from './mfa.check.js';
import type { FactorKit } from './mfa.factors.js';
import type { MfaChallengeScope, MfaDependencies, MfaService } from './mfa.types.js';

export const MFA_TOKEN_TTL_S = 300;
/** Wrong codes one mfa_token takes before it is void (the account-wide limits apply as well). */
export const MFA_TOKEN_MAX_FAILURES = 5;
/**
 * A user's second factors (/auth/me, require_two_factor on every request in such organizations):
 * cached, dropped by every write to mfa_factors or mfa_passkeys (lib/cache-invalidation.ts).
 */
const STATUS_CACHE_TTL_MS = 60_000;
const STATUS_CACHE_MAX_ENTRIES = 50_000;

type SignInStep = Pick<MfaService, 'status' | 'challengeFor' | 'completeChallenge' | 'pendingChallenge'>;

/** The second sign-in step: issuing the mfa_token after the first factor, and redeeming it. */
export function createSignInStep(
  deps: MfaDependencies,
  kit: FactorKit,
  check: SecondFactorCheck,
): SignInStep {
  const { models, now } = kit;
  const statuses = new InvalidatedCache<Awaited<ReturnType<SignInStep['status']>>>(
    models.Factors.db,
    STATUS_CACHE_TTL_MS,
    STATUS_CACHE_MAX_ENTRIES,
  );

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
    async status(userId) {
      if (!Types.ObjectId.isValid(userId)) return { methods: [], recovery_codes_left: 0 };
      const id = String(new Types.ObjectId(userId));
      const status = await statuses.read(
        id,
        async () => {
          const factor = await kit.activeFactorOf(id);
          return {
            methods: await kit.methodsOf(id, factor),
            recovery_codes_left: factor?.recovery_code_hashes.length ?? 0,
          };
        },
        () => [`second_factor:${id}`],
      );
      return { ...status, methods: [...status.methods] };
    },

    async challengeFor(user, context, scope = {}) {
      const userId = String(user._id);
      const methods = await kit.methodsOf(userId);
      if (methods.length === 0) return null;
      const token = randomToken(32);
      await models.Challenges.create({
        token_hash: sha256Hex(token),
        user_id: user._id,
        application_id: scope.applicationId ? new Types.ObjectId(scope.applicationId) : null,
        first_factor: scope.firstFactor ?? 'password',
        expires_at: new Date(now().getTime() + MFA_TOKEN_TTL_S * 1000),
      });
      await recordAudit(deps.activity, context, secondFactorEvent('user.mfa_challenge_issued', userId));
      return { mfa_required: true, mfa_token: token, methods, expires_in: MFA_TOKEN_TTL_S };
    },

    async completeChallenge(input, context, scope = {}) {
      const challenge = await liveChallenge(input.mfa_token, scope);
      if (!challenge) throw new AppError(MfaErrors.INVALID_MFA_TOKEN);
      const user = await deps.getUser(String(challenge.user_id));
      const factor = user ? await kit.activeFactorOf(String(user._id)) : null;
      if (!user || (await kit.methodsOf(String(user._id), factor)).length === 0)
        throw new AppError(MfaErrors.INVALID_MFA_TOKEN);
      if (!(await check.checkSecondFactor(user, factor, input, context, String(challenge._id)))) {
        await models.Challenges.updateOne({ _id: challenge._id }, { $inc: { failed_attempts: 1 } });
        throw new AppError(
          input.webauthn_response
            ? PasskeyErrors.PASSKEY_NOT_ACCEPTED
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
  };
}
