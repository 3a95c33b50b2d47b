import { Secret } from 'otpauth';
import { AppError } from '../../lib/errors.js';
import { recordAudit } from '../../core/audit.js';
import { proofKind, secondFactorEvent } from '../../core/second-factor.js';
import { MfaErrors } from './mfa.errors.js';
import type { MfaFactorDocument } from './mfa.model.js';
import type { SecondFactorCheck } from './mfa.check.js';
import type { FactorKit } from './mfa.factors.js';
import { newRecoveryCodes } from './mfa.recovery-codes.js';
import type { MfaDependencies, MfaService } from './mfa.types.js';

type TotpManagement = Pick<
  MfaService,
  'startTotpEnrolment' | 'confirmTotp' | 'disableTotp' | 'regenerateRecoveryCodes'
>;

/**
 * The account's authenticator app: setting it up, turning it off and replacing its recovery codes.
 * Turning it off sends the security notice (`notifyRemoved`).
 */
export function createTotpManagement(
  deps: MfaDependencies,
  kit: FactorKit,
  check: SecondFactorCheck,
  notifyRemoved: MfaService['notifySecondFactorRemoved'],
): TotpManagement {
  const { models, now } = kit;
  const trail = deps.activity;

  return {
    async startTotpEnrolment(user, context) {
      const userId = String(user._id);
      if (await kit.activeFactorOf(userId)) throw new AppError(MfaErrors.ALREADY_ENABLED);
      const secret = new Secret({ size: 20 });
      const sealed = (await kit.secretBox()).seal(secret.base32, userId);
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
      const totp = await kit.totpFor(pending!, user.email);
      await recordAudit(trail, context, secondFactorEvent('user.mfa_enrolment_started', userId));
      return { secret: secret.base32, otpauth_url: totp.toString() };
    },

    async confirmTotp(user, code, context) {
      const userId = String(user._id);
      const factor = await models.Factors.findOne({ user_id: user._id }).lean<MfaFactorDocument>();
      if (!factor) throw new AppError(MfaErrors.NOT_PENDING);
      if (factor.confirmed_at) throw new AppError(MfaErrors.ALREADY_ENABLED);
      if (!(await check.checkSecondFactor(user, factor, { code }, context)))
        throw new AppError(MfaErrors.INVALID_CODE);
      const recovery = newRecoveryCodes();
      const confirmed = await models.Factors.updateOne(
        { _id: factor._id, confirmed_at: null },
        { $set: { confirmed_at: now(), recovery_code_hashes: recovery.hashes } },
      );
      if (confirmed.modifiedCount !== 1) throw new AppError(MfaErrors.NOT_PENDING);
      await recordAudit(
        trail,
        context,
        secondFactorEvent('user.mfa_enabled', userId, { metadata: { method: 'totp' } }),
      );
      await deps.notifyChange?.(user, { kind: 'totp_enabled', factorId: String(factor._id) }, context);
      return { recovery_codes: recovery.codes };
    },

    async disableTotp(user, proof, context) {
      const userId = String(user._id);
      const factor = await kit.activeFactorOf(userId);
      if (!factor) throw new AppError(MfaErrors.NOT_ENABLED);
      await check.assertProof(user, factor, proof, context);
      await models.Factors.deleteOne({ _id: factor._id });
      await models.Challenges.deleteMany({ user_id: factor.user_id });
      await recordAudit(
        trail,
        context,
        secondFactorEvent('user.mfa_disabled', userId, {
          metadata: { method: 'totp', proof: proofKind(proof) },
        }),
      );
      await notifyRemoved(user, 'totp', proofKind(proof), context);
    },

    async regenerateRecoveryCodes(user, proof, context) {
      const userId = String(user._id);
      const factor = await kit.activeFactorOf(userId);
      if (!factor) throw new AppError(MfaErrors.NOT_ENABLED);
      await check.assertProof(user, factor, proof, context);
      const recovery = newRecoveryCodes();
      await models.Factors.updateOne(
        { _id: factor._id },
        { $set: { recovery_code_hashes: recovery.hashes } },
      );
      await recordAudit(trail, context, secondFactorEvent('user.mfa_recovery_codes_regenerated', userId));
      await deps.notifyChange?.(
        user,
        { kind: 'recovery_codes_regenerated', factorId: String(factor._id) },
        context,
      );
      return { recovery_codes: recovery.codes };
    },
  };
}
