import { Types } from 'mongoose';
import { recordAudit } from '../../core/audit.js';
import { secondFactorEvent } from '../../core/second-factor.js';
import type { FactorKit } from './mfa.factors.js';
import type { MfaDependencies, MfaService } from './mfa.types.js';

type TotpRevocation = Pick<MfaService, 'totpFactorOf' | 'revokeTotp' | 'revokeRecoveryCodes'>;

/**
 * Account recovery's side of the authenticator app (the factor-changes module calls it): the
 * owner's "this wasn't me" link and a password reset take away what a stolen session set up.
 * No proof is asked — the owner's mailbox is the proof — and no notice is mailed, since the
 * owner is the one acting. Each names the factor by id, so a factor set up again since is kept.
 */
export function createTotpRevocation(deps: MfaDependencies, kit: FactorKit): TotpRevocation {
  const { models } = kit;
  const own = (userId: string, factorId: string) =>
    Types.ObjectId.isValid(factorId)
      ? { _id: new Types.ObjectId(factorId), user_id: new Types.ObjectId(userId) }
      : null;

  return {
    async totpFactorOf(userId) {
      const factor = await kit.activeFactorOf(userId);
      // Turned on when confirmed: that is when it became a factor (an enrolment may wait).
      return factor ? { id: String(factor._id), added_at: factor.confirmed_at ?? factor.created_at } : null;
    },

    async revokeTotp(userId, factorId, reason, context) {
      const filter = own(userId, factorId);
      if (!filter) return false;
      const removed = await models.Factors.deleteOne(filter);
      if (removed.deletedCount !== 1) return false;
      // A sign-in step already begun must not complete with the removed factor.
      await models.Challenges.deleteMany({ user_id: filter.user_id });
      await recordAudit(
        deps.activity,
        context,
        secondFactorEvent('user.mfa_disabled', userId, { metadata: { method: 'totp', via: reason } }),
      );
      return true;
    },

    async revokeRecoveryCodes(userId, factorId, reason, context) {
      const filter = own(userId, factorId);
      if (!filter) return false;
      const updated = await models.Factors.updateOne(filter, { $set: { recovery_code_hashes: [] } });
      if (updated.matchedCount !== 1) return false;
      await recordAudit(
        deps.activity,
        context,
        secondFactorEvent('user.mfa_recovery_codes_revoked', userId, { metadata: { via: reason } }),
      );
      return true;
    },
  };
}
