import { Types } from 'mongoose';
import { recordAudit } from '../../core/audit.js';
import { secondFactorEvent } from '../../core/second-factor.js';
import type { PasskeyDependencies, PasskeyService } from './passkeys.types.js';
import type { WebAuthnKit } from './passkeys.webauthn.js';

/**
 * Account recovery's side of passkeys (the factor-changes module calls it): the owner's "this
 * wasn't me" link and a password reset remove a passkey a stolen session registered. No proof is
 * asked — the owner's mailbox is the proof — and no notice is mailed, since the owner is acting.
 */
export function createPasskeyRevocation(
  deps: PasskeyDependencies,
  kit: WebAuthnKit,
): Pick<PasskeyService, 'revoke'> {
  return {
    async revoke(userId, passkeyId, reason, context) {
      if (!Types.ObjectId.isValid(passkeyId) || !Types.ObjectId.isValid(userId)) return false;
      const removed = await kit.Passkeys.deleteOne({
        _id: new Types.ObjectId(passkeyId),
        user_id: new Types.ObjectId(userId),
      });
      if (removed.deletedCount !== 1) return false;
      await recordAudit(
        deps.activity,
        context,
        secondFactorEvent('user.mfa_passkey_removed', userId, {
          metadata: { passkey_id: passkeyId, via: reason },
        }),
      );
      return true;
    },
  };
}
