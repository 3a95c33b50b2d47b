import mongoose, { Types } from 'mongoose';
import {
  verifyAuthenticationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Config } from '../../config.js';
import { sha256Hex } from '../../lib/crypto.js';
import type { PasskeyDependencies, PasskeyView } from './passkeys.types.js';
import {
  passkeyModels,
  type PasskeyDocument,
  type WebAuthnCeremony,
  type WebAuthnChallengeDocument,
} from './passkeys.model.js';

/** A challenge is good for one response within this time (WebAuthn's own timeout is the same). */
export const WEBAUTHN_CHALLENGE_TTL_S = 300;

type AuthenticatorTransportFuture = NonNullable<RegistrationResponseJSON['response']['transports']>[number];

/** What a challenge was issued for; a response is accepted only for the same binding. */
export interface ChallengeBinding {
  ceremony: WebAuthnCeremony;
  userId: string | null;
  mfaChallengeId?: string;
  /** A passwordless sign-in's pool: a challenge issued for one pool is no challenge in another. */
  pool?: string;
}

export function view(passkey: PasskeyDocument): PasskeyView {
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

/** How options name a stored credential (to exclude it from registration, or to allow it). */
export const descriptorOf = (passkey: PasskeyDocument) => ({
  id: passkey.credential_id,
  transports: passkey.transports as AuthenticatorTransportFuture[],
});

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

const objectIdOrNull = (id: string | null | undefined) => (id ? new Types.ObjectId(id) : null);

/** The WebAuthn ceremonies' common steps: stored one-use challenges and assertion checks. */
export function createWebAuthnKit(deps: Pick<PasskeyDependencies, 'connection' | 'config' | 'now'>) {
  const now = deps.now ?? (() => new Date());
  const { Passkeys, Challenges } = passkeyModels(deps.connection);
  const { rpID, origins } = relyingParty(deps.config);

  const remember = (challenge: string, binding: ChallengeBinding) =>
    Challenges.create({
      challenge_hash: sha256Hex(challenge),
      ceremony: binding.ceremony,
      user_id: objectIdOrNull(binding.userId),
      mfa_challenge_id: objectIdOrNull(binding.mfaChallengeId),
      pool_id: binding.pool ?? null,
      expires_at: new Date(now().getTime() + WEBAUTHN_CHALLENGE_TTL_S * 1000),
    });

  /**
   * The challenge check handed to the library: the challenge in clientDataJSON must be one we
   * issued for this ceremony and binding, unexpired; it is deleted in the same step (one use).
   */
  const spendChallenge =
    (binding: ChallengeBinding) =>
    async (challenge: string): Promise<boolean> => {
      const spent = await Challenges.findOneAndDelete({
        challenge_hash: sha256Hex(challenge),
        ceremony: binding.ceremony,
        user_id: objectIdOrNull(binding.userId),
        mfa_challenge_id: objectIdOrNull(binding.mfaChallengeId),
        pool_id: binding.pool ?? null,
        expires_at: mongoose.trusted({ $gt: now() }),
      }).lean<WebAuthnChallengeDocument>();
      return spent !== null;
    };

  const credentialOf = (passkey: PasskeyDocument) => ({
    ...descriptorOf(passkey),
    publicKey: new Uint8Array(Buffer.from(passkey.public_key, 'base64url')),
    counter: passkey.counter,
  });

  /**
   * Verifies an assertion by `passkey` and records the new counter and the time of use in one
   * update that requires the counter read before: of two requests with the same assertion (or a
   * cloned authenticator racing the original), only one gets through.
   */
  async function acceptAssertion(
    passkey: PasskeyDocument,
    response: AuthenticationResponseJSON,
    binding: ChallengeBinding,
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

  return { Passkeys, rpID, origins, remember, spendChallenge, acceptAssertion };
}

export type WebAuthnKit = ReturnType<typeof createWebAuthnKit>;
