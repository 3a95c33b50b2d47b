import { Types } from 'mongoose';
import { generateAuthenticationOptions } from '@simplewebauthn/server';
import { AppError } from '../../lib/errors.js';
import { recordAudit } from '../../core/audit.js';
import { PLATFORM_POOL } from '../../core/pools.js';
import { secondFactorEvent } from '../../core/second-factor.js';
import { PasskeyErrors } from './passkeys.errors.js';
import type { PasskeyDocument } from './passkeys.model.js';
import type { PasskeyDependencies, PasskeyService } from './passkeys.types.js';
import { descriptorOf, WEBAUTHN_CHALLENGE_TTL_S, type WebAuthnKit } from './passkeys.webauthn.js';

type PasskeySignIn = Pick<
  PasskeyService,
  'isEnrolled' | 'secondFactorOptions' | 'verifySecondFactor' | 'passwordlessOptions' | 'passwordless'
>;

/** Signing in with a passkey: as the second step after a password, or on its own (passwordless). */
export function createPasskeySignIn(deps: PasskeyDependencies, kit: WebAuthnKit): PasskeySignIn {
  const { Passkeys, rpID } = kit;

  return {
    async isEnrolled(userId) {
      if (!Types.ObjectId.isValid(userId)) return false;
      return (await Passkeys.exists({ user_id: new Types.ObjectId(userId) })) !== null;
    },

    async secondFactorOptions(userId, mfaChallengeId) {
      const passkeys = await Passkeys.find({ user_id: new Types.ObjectId(userId) }).lean<PasskeyDocument[]>();
      if (passkeys.length === 0) throw new AppError(PasskeyErrors.PASSKEY_NOT_FOUND);
      const options = await generateAuthenticationOptions({
        rpID,
        allowCredentials: passkeys.map(descriptorOf),
        userVerification: 'preferred',
        timeout: WEBAUTHN_CHALLENGE_TTL_S * 1000,
      });
      await kit.remember(options.challenge, { ceremony: 'second_factor', userId, mfaChallengeId });
      return options;
    },

    async verifySecondFactor(user, mfaChallengeId, response, context) {
      const userId = String(user._id);
      // Only the account's own credentials: another account's passkey is no second factor here.
      const passkey = await Passkeys.findOne({
        user_id: user._id,
        credential_id: response.id,
      }).lean<PasskeyDocument>();
      const outcome = passkey
        ? await kit.acceptAssertion(
            passkey,
            response,
            { ceremony: 'second_factor', userId, mfaChallengeId },
            false,
          )
        : { ok: false as const, reason: 'unknown_credential' };
      if (outcome.ok) {
        await recordAudit(
          deps.activity,
          context,
          secondFactorEvent('user.mfa_passkey_used', userId, {
            metadata: { passkey_id: String(passkey!._id) },
          }),
        );
        return true;
      }
      // Counted as a failed second factor by the caller; the reason (a counter that went back
      // hints at a cloned authenticator) is kept here.
      await recordAudit(
        deps.activity,
        context,
        secondFactorEvent('user.mfa_passkey_rejected', userId, {
          status_code: 400,
          metadata: { reason: outcome.reason },
        }),
      );
      return false;
    },

    async passwordlessOptions(pool = PLATFORM_POOL) {
      const options = await generateAuthenticationOptions({
        rpID,
        userVerification: 'required',
        timeout: WEBAUTHN_CHALLENGE_TTL_S * 1000,
      });
      await kit.remember(options.challenge, { ceremony: 'passwordless', userId: null, pool });
      return options;
    },

    async passwordless(response, context) {
      const passkey = await Passkeys.findOne({ credential_id: response.id }).lean<PasskeyDocument>();
      // One answer for an unknown credential and a failed check: nothing tells which accounts exist.
      const refuse = async (reason: string) => {
        await recordAudit(
          deps.activity,
          context,
          secondFactorEvent('user.login_failed', passkey ? String(passkey.user_id) : null, {
            status_code: 400,
            metadata: { method: 'passkey', reason },
          }),
        );
        return new AppError(PasskeyErrors.PASSKEY_NOT_ACCEPTED);
      };
      if (!passkey) throw await refuse('unknown_credential');
      // The user handle, when the authenticator sends it, must name the credential's account.
      const handle = response.response.userHandle;
      if (handle && Buffer.from(handle, 'base64url').toString('hex') !== String(passkey.user_id))
        throw await refuse('user_handle_mismatch');
      // Only an account of the pool signing in (the dashboard's, or an application's project pool):
      // another pool's passkey is refused like an unknown one, before its challenge, counter and
      // last use are touched — a sign-in somewhere else leaves no trace on that account's passkey.
      const user = await deps.getUser(String(passkey.user_id));
      if (!user) throw await refuse('unknown_user');
      if ((user.pool_id ?? PLATFORM_POOL) !== context.pool) throw await refuse('other_pool');
      // Passwordless replaces both factors: the authenticator must have verified the user (PIN, biometrics).
      const outcome = await kit.acceptAssertion(
        passkey,
        response,
        { ceremony: 'passwordless', userId: null, pool: context.pool },
        true,
      );
      if (!outcome.ok) throw await refuse(outcome.reason);
      if (deps.config.auth.emailConfirmationRequired && !user.is_verified)
        throw await refuse('email_not_confirmed');
      return user;
    },
  };
}
