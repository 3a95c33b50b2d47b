import mongoose, { Types, type Connection } from 'mongoose';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Config } from '../../config.js';
import { sha256Hex } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import { isDuplicateKey } from '../../lib/mongoose-plugins.js';
import type { ActivityService } from '../../core/audit.js';
import type { RequestContext } from '../../core/request-context.js';
import type { UserDocument } from '../../core/account.js';
import { MfaErrors } from './mfa.errors.js';
import {
  passkeyModels,
  type PasskeyDocument,
  type WebAuthnCeremony,
  type WebAuthnChallengeDocument,
} from './passkeys.model.js';

/** A challenge is good for one response within this time (WebAuthn's own timeout is the same). */
export const WEBAUTHN_CHALLENGE_TTL_S = 300;
/** Passkeys per account: enough for every device and a spare key, small enough to list. */
export const MAX_PASSKEYS_PER_USER = 20;
const RP_NAME = 'IAM Platform';
const DEFAULT_NAME = 'Passkey';

export interface PasskeyView {
  id: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
  device_type: 'singleDevice' | 'multiDevice';
  backed_up: boolean;
  transports: string[];
}

export interface PasskeyService {
  /** Options for navigator.credentials.create(): a new challenge, the account's keys excluded. */
  registrationOptions(user: UserDocument): Promise<PublicKeyCredentialCreationOptionsJSON>;
  /** Verifies the new credential against the stored challenge and keeps it under `name`. */
  register(
    user: UserDocument,
    input: { name?: string; response: RegistrationResponseJSON },
    context: RequestContext,
  ): Promise<PasskeyView>;
  list(userId: string): Promise<PasskeyView[]>;
  rename(userId: string, passkeyId: string, name: string, context: RequestContext): Promise<PasskeyView>;
  /** Removes a passkey after the password or a current TOTP code (`assertProof`). */
  remove(
    user: UserDocument,
    passkeyId: string,
    proof: { password?: string; code?: string },
    context: RequestContext,
  ): Promise<void>;
  /** Whether the account has a passkey, i.e. passkeys are one of its second factors. */
  isEnrolled(userId: string): Promise<boolean>;
  /** Options for the second sign-in step: only the account's own credentials are allowed. */
  secondFactorOptions(userId: string, mfaChallengeId: string): Promise<PublicKeyCredentialRequestOptionsJSON>;
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
  /** Options for a passwordless sign-in: no account known yet, so no credentials listed. */
  passwordlessOptions(): Promise<PublicKeyCredentialRequestOptionsJSON>;
  /** The account a discoverable credential signs in; throws passkey_not_accepted otherwise. */
  passwordless(response: AuthenticationResponseJSON, context: RequestContext): Promise<UserDocument>;
}

export interface PasskeyDependencies {
  connection: Connection;
  config: Config;
  activity: ActivityService;
  getUser(userId: string): Promise<UserDocument | null>;
  /** The password or a current TOTP code, checked as for turning TOTP off (with its lockout). */
  assertProof(
    user: UserDocument,
    proof: { password?: string; code?: string },
    context: RequestContext,
  ): Promise<void>;
  /** The security mail when the account's last second factor is gone (sends nothing while one is left). */
  notifyRemoved?(user: UserDocument, proof: 'password' | 'code', context: RequestContext): Promise<void>;
  now?: () => Date;
}

function view(passkey: PasskeyDocument): PasskeyView {
  return {
    id: String(passkey._id),
    name: passkey.name,
    created_at: passkey.created_at.toISOString(),
    last_used_at: passkey.last_used_at ? passkey.last_used_at.toISOString() : null,
    device_type: passkey.device_type,
    backed_up: passkey.backed_up,
    transports: passkey.transports,
  };
}

/**
 * RP ID and origins from PUBLIC_URL: the RP ID is its host name (no port), the origin the one
 * the browser reports. The dashboard's own origin (DASHBOARD_URL) is accepted too when it is
 * served apart; browsers only allow it when its host is the RP ID or below it.
 */
function relyingParty(config: Config) {
  const publicUrl = new URL(config.publicUrl);
  const origins = [...new Set([publicUrl.origin, new URL(config.auth.dashboardUrl).origin])];
  return { rpID: publicUrl.hostname, origins };
}

export function createPasskeyService(deps: PasskeyDependencies): PasskeyService {
  const { config } = deps;
  const now = deps.now ?? (() => new Date());
  const { Passkeys, Challenges } = passkeyModels(deps.connection);
  const { rpID, origins } = relyingParty(config);

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

  const remember = (
    challenge: string,
    binding: { ceremony: WebAuthnCeremony; userId?: string; mfaChallengeId?: string },
  ) =>
    Challenges.create({
      challenge_hash: sha256Hex(challenge),
      ceremony: binding.ceremony,
      user_id: binding.userId ? new Types.ObjectId(binding.userId) : null,
      mfa_challenge_id: binding.mfaChallengeId ? new Types.ObjectId(binding.mfaChallengeId) : null,
      expires_at: new Date(now().getTime() + WEBAUTHN_CHALLENGE_TTL_S * 1000),
    });

  /**
   * The challenge check handed to the library: the challenge in clientDataJSON must be one we
   * issued for this ceremony and binding, unexpired; it is deleted in the same step (one use).
   */
  const spendChallenge =
    (binding: { ceremony: WebAuthnCeremony; userId: string | null; mfaChallengeId?: string }) =>
    async (challenge: string): Promise<boolean> => {
      const spent = await Challenges.findOneAndDelete({
        challenge_hash: sha256Hex(challenge),
        ceremony: binding.ceremony,
        user_id: binding.userId ? new Types.ObjectId(binding.userId) : null,
        mfa_challenge_id: binding.mfaChallengeId ? new Types.ObjectId(binding.mfaChallengeId) : null,
        expires_at: mongoose.trusted({ $gt: now() }),
      }).lean<WebAuthnChallengeDocument>();
      return spent !== null;
    };

  const credentialOf = (passkey: PasskeyDocument) => ({
    id: passkey.credential_id,
    publicKey: new Uint8Array(Buffer.from(passkey.public_key, 'base64url')),
    counter: passkey.counter,
    transports: passkey.transports as AuthenticatorTransportFuture[],
  });

  /**
   * Verifies an assertion by `passkey` and records the new counter and the time of use in one
   * update that requires the counter read before: of two requests with the same assertion (or a
   * cloned authenticator racing the original), only one gets through.
   */
  async function acceptAssertion(
    passkey: PasskeyDocument,
    response: AuthenticationResponseJSON,
    binding: { ceremony: WebAuthnCeremony; userId: string | null; mfaChallengeId?: string },
    requireUserVerification: boolean,
  ): Promise<{ ok: true } | { ok: false; reason: string }> {
    let newCounter: number;
    try {
      const result = await verifyAuthenticationResponse({
        response,
        expectedChallenge: spendChallenge(binding),
        expectedOrigin: origins,
        expectedRPID: rpID,
        credential: credentialOf(passkey),
        requireUserVerification,
      });
      if (!result.verified) return { ok: false, reason: 'signature' };
      newCounter = result.authenticationInfo.newCounter;
    } catch (error) {
      // The library throws for every malformed or mismatching part (origin, RP, challenge, counter).
      return { ok: false, reason: error instanceof Error ? error.message.slice(0, 200) : 'invalid' };
    }
    const recorded = await Passkeys.updateOne(
      { _id: passkey._id, counter: passkey.counter },
      { $set: { counter: newCounter, last_used_at: now() } },
    );
    return recorded.matchedCount === 1 ? { ok: true } : { ok: false, reason: 'counter_race' };
  }

  const ownPasskey = async (userId: string, passkeyId: string) => {
    if (!Types.ObjectId.isValid(passkeyId)) throw new AppError(MfaErrors.PASSKEY_NOT_FOUND);
    const passkey = await Passkeys.findOne({
      _id: new Types.ObjectId(passkeyId),
      user_id: new Types.ObjectId(userId),
    }).lean<PasskeyDocument>();
    if (!passkey) throw new AppError(MfaErrors.PASSKEY_NOT_FOUND);
    return passkey;
  };

  return {
    async registrationOptions(user) {
      const userId = String(user._id);
      const existing = await Passkeys.find({ user_id: user._id }).lean<PasskeyDocument[]>();
      if (existing.length >= MAX_PASSKEYS_PER_USER) throw new AppError(MfaErrors.PASSKEY_LIMIT_REACHED);
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
        excludeCredentials: existing.map((passkey) => ({
          id: passkey.credential_id,
          transports: passkey.transports as AuthenticatorTransportFuture[],
        })),
        // A discoverable credential where the authenticator can, so it also signs in without a password.
        authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
      });
      await remember(options.challenge, { ceremony: 'registration', userId });
      return options;
    },

    async register(user, input, context) {
      const userId = String(user._id);
      let verified;
      try {
        verified = await verifyRegistrationResponse({
          response: input.response,
          expectedChallenge: spendChallenge({ ceremony: 'registration', userId }),
          expectedOrigin: origins,
          expectedRPID: rpID,
          // A security key without PIN is fine as a second factor; passwordless asks for UV itself.
          requireUserVerification: false,
        });
      } catch {
        verified = { verified: false as const };
      }
      if (!verified.verified) {
        await audit('user.mfa_passkey_registration_failed', userId, context, 400);
        throw new AppError(MfaErrors.PASSKEY_REGISTRATION_FAILED);
      }
      const info = verified.registrationInfo;
      if ((await Passkeys.countDocuments({ user_id: user._id })) >= MAX_PASSKEYS_PER_USER)
        throw new AppError(MfaErrors.PASSKEY_LIMIT_REACHED);
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
        if (isDuplicateKey(error)) throw new AppError(MfaErrors.PASSKEY_ALREADY_REGISTERED);
        throw error;
      }
      const passkey = created.toObject() as PasskeyDocument;
      await audit('user.mfa_passkey_added', userId, context, 201, {
        passkey_id: String(passkey._id),
        device_type: passkey.device_type,
      });
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
      if (!renamed) throw new AppError(MfaErrors.PASSKEY_NOT_FOUND);
      await audit('user.mfa_passkey_renamed', userId, context, 200, { passkey_id: passkeyId });
      return view(renamed);
    },

    async remove(user, passkeyId, proof, context) {
      const userId = String(user._id);
      const passkey = await ownPasskey(userId, passkeyId);
      await deps.assertProof(user, proof, context);
      const removed = await Passkeys.deleteOne({ _id: passkey._id, user_id: passkey.user_id });
      if (removed.deletedCount !== 1) throw new AppError(MfaErrors.PASSKEY_NOT_FOUND);
      await audit('user.mfa_passkey_removed', userId, context, 200, {
        passkey_id: passkeyId,
        proof: proof.code ? 'code' : 'password',
      });
      await deps.notifyRemoved?.(user, proof.code ? 'code' : 'password', context);
    },

    async isEnrolled(userId) {
      if (!Types.ObjectId.isValid(userId)) return false;
      return (await Passkeys.exists({ user_id: new Types.ObjectId(userId) })) !== null;
    },

    async secondFactorOptions(userId, mfaChallengeId) {
      const passkeys = await Passkeys.find({ user_id: new Types.ObjectId(userId) }).lean<PasskeyDocument[]>();
      if (passkeys.length === 0) throw new AppError(MfaErrors.PASSKEY_NOT_FOUND);
      const options = await generateAuthenticationOptions({
        rpID,
        allowCredentials: passkeys.map((passkey) => ({
          id: passkey.credential_id,
          transports: passkey.transports as AuthenticatorTransportFuture[],
        })),
        userVerification: 'preferred',
        timeout: WEBAUTHN_CHALLENGE_TTL_S * 1000,
      });
      await remember(options.challenge, { ceremony: 'second_factor', userId, mfaChallengeId });
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
        ? await acceptAssertion(
            passkey,
            response,
            { ceremony: 'second_factor', userId, mfaChallengeId },
            false,
          )
        : { ok: false as const, reason: 'unknown_credential' };
      if (outcome.ok) {
        await audit('user.mfa_passkey_used', userId, context, 200, { passkey_id: String(passkey!._id) });
        return true;
      }
      // Counted as a failed second factor by the caller; the reason (a counter that went back
      // hints at a cloned authenticator) is kept here.
      await audit('user.mfa_passkey_rejected', userId, context, 400, { reason: outcome.reason });
      return false;
    },

    async passwordlessOptions() {
      const options = await generateAuthenticationOptions({
        rpID,
        userVerification: 'required',
        timeout: WEBAUTHN_CHALLENGE_TTL_S * 1000,
      });
      await remember(options.challenge, { ceremony: 'passwordless' });
      return options;
    },

    async passwordless(response, context) {
      const passkey = await Passkeys.findOne({ credential_id: response.id }).lean<PasskeyDocument>();
      // One answer for an unknown credential and a failed check: nothing tells which accounts exist.
      const refuse = async (reason: string) => {
        await deps.activity.record({
          action: 'user.login_failed',
          resource_type: 'user',
          resource_id: passkey ? String(passkey.user_id) : null,
          user_id: passkey ? String(passkey.user_id) : null,
          status_code: 400,
          ip_address: context.ip,
          user_agent: context.userAgent,
          metadata: { method: 'passkey', reason },
        });
        return new AppError(MfaErrors.PASSKEY_NOT_ACCEPTED);
      };
      if (!passkey) throw await refuse('unknown_credential');
      // The user handle, when the authenticator sends it, must name the credential's account.
      const handle = response.response.userHandle;
      if (handle && Buffer.from(handle, 'base64url').toString('hex') !== String(passkey.user_id))
        throw await refuse('user_handle_mismatch');
      // Passwordless replaces both factors: the authenticator must have verified the user (PIN, biometrics).
      const outcome = await acceptAssertion(
        passkey,
        response,
        { ceremony: 'passwordless', userId: null },
        true,
      );
      if (!outcome.ok) throw await refuse(outcome.reason);
      const user = await deps.getUser(String(passkey.user_id));
      if (!user) throw await refuse('unknown_user');
      if (config.auth.emailConfirmationRequired && !user.is_verified)
        throw await refuse('email_not_confirmed');
      return user;
    },
  };
}

type AuthenticatorTransportFuture = NonNullable<RegistrationResponseJSON['response']['transports']>[number];
