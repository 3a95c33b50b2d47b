import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { RequestContext } from '../../core/request-context.js';
import type { UserDocument } from '../../core/account.js';
import type {
  AssertSecondFactorProof,
  NotifySecondFactorChange,
  PasskeySecondFactor,
  ProofKind,
  SecondFactorProof,
  SecondFactorServiceDependencies,
} from '../../core/second-factor.js';

export interface PasskeyView {
  id: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
  device_type: 'singleDevice' | 'multiDevice';
  backed_up: boolean;
  transports: string[];
}

/** Passkeys; `isEnrolled` and `verifySecondFactor` are what the mfa module's sign-in step uses. */
export interface PasskeyService extends PasskeySecondFactor {
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
    proof: SecondFactorProof,
    context: RequestContext,
  ): Promise<void>;
  /** Removes a passkey without a proof (account recovery: the mailbox is the proof); false if gone. */
  revoke(userId: string, passkeyId: string, reason: string, context: RequestContext): Promise<boolean>;
  /** Options for the second sign-in step: only the account's own credentials are allowed. */
  secondFactorOptions(userId: string, mfaChallengeId: string): Promise<PublicKeyCredentialRequestOptionsJSON>;
  /**
   * Options for a passwordless sign-in to `pool` (core/pools.ts; the dashboard's by default): no
   * account known yet, so no credentials listed. The challenge is good for that pool only.
   */
  passwordlessOptions(pool?: string): Promise<PublicKeyCredentialRequestOptionsJSON>;
  /**
   * The account of `context.pool` a discoverable credential signs in; throws passkey_not_accepted
   * otherwise — also for a passkey of another pool's account, answered like an unknown one.
   */
  passwordless(response: AuthenticationResponseJSON, context: RequestContext): Promise<UserDocument>;
}

export interface PasskeyDependencies extends SecondFactorServiceDependencies {
  /**
   * The proof for removing a passkey, checked as for turning TOTP off. The mfa module answers it;
   * it is passed in (bound late in services.ts), so neither module imports the other.
   */
  assertProof: AssertSecondFactorProof;
  /** The security mail when the account's last second factor is gone (sends nothing while one is left). */
  notifyRemoved?(user: UserDocument, proof: ProofKind, context: RequestContext): Promise<void>;
  /** Mails the owner that a passkey was added, with its undo link (the factor-changes module). */
  notifyChange?: NotifySecondFactorChange;
}
