import { Types } from 'mongoose';
import { generateRegistrationOptions, verifyRegistrationResponse } from '@simplewebauthn/server';
import { AppError } from '../../lib/errors.js';
import { isDuplicateKey } from '../../lib/mongoose-plugins.js';
import { recordAudit } from '../../core/audit.js';
import { proofKind, secondFactorEvent } from '../../core/second-factor.js';
import { PasskeyErrors } from './passkeys.errors.js';
import type { PasskeyDocument } from './passkeys.model.js';
import type { PasskeyDependencies, PasskeyService } from './passkeys.types.js';
import { descriptorOf, view, WEBAUTHN_CHALLENGE_TTL_S, type WebAuthnKit } from './passkeys.webauthn.js';

/** Passkeys per account: enough for every device and a spare key, small enough to list. */
export const MAX_PASSKEYS_PER_USER = 20;
const RP_NAME = 'IAM Platform';
const DEFAULT_NAME = 'Passkey';

type PasskeyManagement = Pick<
  PasskeyService,
  'registrationOptions' | 'register' | 'list' | 'rename' | 'remove'
>;

/** The account's own passkeys: registering, listing, renaming and removing them. */
export function createPasskeyManagement(deps: PasskeyDependencies, kit: WebAuthnKit): PasskeyManagement {
  const { Passkeys, rpID, origins } = kit;

  const ownPasskey = async (userId: string, passkeyId: string) => {
    if (!Types.ObjectId.isValid(passkeyId)) throw new AppError(PasskeyErrors.PASSKEY_NOT_FOUND);
    const passkey = await Passkeys.findOne({
      _id: new Types.ObjectId(passkeyId),
      user_id: new Types.ObjectId(userId),
    }).lean<PasskeyDocument>();
    if (!passkey) throw new AppError(PasskeyErrors.PASSKEY_NOT_FOUND);
    return passkey;
  };

  return {
    async registrationOptions(user) {
      const userId = String(user._id);
      const existing = await Passkeys.find({ user_id: user._id }).lean<PasskeyDocument[]>();
      if (existing.length >= MAX_PASSKEYS_PER_USER) throw new AppError(PasskeyErrors.PASSKEY_LIMIT_REACHED);
      const options = await generateRegistrationOptions({
        rpName: RP_NAME,
        rpID,
        // The account id as user handle: no e-mail address in the authenticator's storage, and a
        // passwordless assertion names the account it was created for.
        userID: new Uint8Array(Buffer.from(userId, 'hex')),
        userName: user.email,
        userDisplayName: user.display_name || user.email,
        timeout: WEBAUTHN_CHALLENGE_TTL_S * 1000,
        attestationType: 'none',
        excludeCredentials: existing.map(descriptorOf),
        // A discoverable credential where the authenticator can, so it also signs in without a password.
        authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
      });
      await kit.remember(options.challenge, { ceremony: 'registration', userId });
      return options;
    },

    async register(user, input, context) {
      const userId = String(user._id);
      let verified;
      try {
        verified = await verifyRegistrationResponse({
          response: input.response,
          expectedChallenge: kit.spendChallenge({ ceremony: 'registration', userId }),
          expectedOrigin: origins,
          expectedRPID: rpID,
          // A security key without PIN is fine as a second factor; passwordless asks for UV itself.
          requireUserVerification: false,
        });
      } catch {
        verified = { verified: false as const };
      }
      if (!verified.verified) {
        await recordAudit(
          deps.activity,
          context,
          secondFactorEvent('user.mfa_passkey_registration_failed', userId, { status_code: 400 }),
        );
        throw new AppError(PasskeyErrors.PASSKEY_REGISTRATION_FAILED);
      }
      const info = verified.registrationInfo;
      if ((await Passkeys.countDocuments({ user_id: user._id })) >= MAX_PASSKEYS_PER_USER)
        throw new AppError(PasskeyErrors.PASSKEY_LIMIT_REACHED);
      const transports = input.response.response.transports ?? info.credential.transports ?? [];
      let created;
      try {
        created = await Passkeys.create({
          user_id: user._id,
          credential_id: info.credential.id,
          public_key: Buffer.from(info.credential.publicKey).toString('base64url'),
          counter: info.credential.counter,
          transports,
          device_type: info.credentialDeviceType,
          backed_up: info.credentialBackedUp,
          aaguid: info.aaguid,
          name: input.name ?? DEFAULT_NAME,
        });
      } catch (error) {
        if (isDuplicateKey(error)) throw new AppError(PasskeyErrors.PASSKEY_ALREADY_REGISTERED);
        throw error;
      }
      const passkey = created.toObject() as PasskeyDocument;
      await recordAudit(
        deps.activity,
        context,
        secondFactorEvent('user.mfa_passkey_added', userId, {
          status_code: 201,
          metadata: { passkey_id: String(passkey._id), device_type: passkey.device_type },
        }),
      );
      await deps.notifyChange?.(
        user,
        { kind: 'passkey_added', factorId: String(passkey._id), name: passkey.name },
        context,
      );
      return view(passkey);
    },

    async list(userId) {
      const passkeys = await Passkeys.find({ user_id: new Types.ObjectId(userId) })
        .sort({ created_at: 1 })
        .lean<PasskeyDocument[]>();
      return passkeys.map(view);
    },

    async rename(userId, passkeyId, name, context) {
      const passkey = await ownPasskey(userId, passkeyId);
      const renamed = await Passkeys.findOneAndUpdate(
        { _id: passkey._id, user_id: passkey.user_id },
        { $set: { name } },
        { returnDocument: 'after' },
      ).lean<PasskeyDocument>();
      if (!renamed) throw new AppError(PasskeyErrors.PASSKEY_NOT_FOUND);
      await recordAudit(
        deps.activity,
        context,
        secondFactorEvent('user.mfa_passkey_renamed', userId, { metadata: { passkey_id: passkeyId } }),
      );
      return view(renamed);
    },

    async remove(user, passkeyId, proof, context) {
      const userId = String(user._id);
      const passkey = await ownPasskey(userId, passkeyId);
      await deps.assertProof(user, proof, context);
      const removed = await Passkeys.deleteOne({ _id: passkey._id, user_id: passkey.user_id });
      if (removed.deletedCount !== 1) throw new AppError(PasskeyErrors.PASSKEY_NOT_FOUND);
      await recordAudit(
        deps.activity,
        context,
        secondFactorEvent('user.mfa_passkey_removed', userId, {
          metadata: { passkey_id: passkeyId, proof: proofKind(proof) },
        }),
      );
      await deps.notifyRemoved?.(user, proofKind(proof), context);
    },
  };
}
