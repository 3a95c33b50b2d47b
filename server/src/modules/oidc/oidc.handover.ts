import type { InteractionDetails } from 'oidc-provider';

/** What a sign-in on the hosted pages hands to the provider: its method references and the session. */

/** RFC 8176 method references of a sign-in method and a second factor. */
const AMR_OF_METHOD: Record<string, string> = {
  password: 'pwd',
  email_code: 'otp',
  google: 'fed',
  passkey: 'hwk',
};
const AMR_OF_SECOND_FACTOR: Record<string, string> = { totp: 'otp', recovery_code: 'otp', passkey: 'hwk' };

/** The ID token's `amr` of a session's sign-in method and second step. */
export function amrOf(method: string, secondFactor: string | null): string[] {
  const amr = [AMR_OF_METHOD[method] ?? 'pwd'];
  if (secondFactor) amr.push(AMR_OF_SECOND_FACTOR[secondFactor] ?? 'otp', 'mfa');
  return [...new Set(amr)];
}

/**
 * The session handover (docs/oidc.md, "Sign-in through the hosted pages"): an application session
 * that began after the interaction started served only this sign-in — the provider's session
 * carries on from here — so it is ended once the provider has it (reason `oidc_handover`). The
 * tab then holds no session that would offer a one-click "Weiter zu {App}" after the relying party
 * signed the person out. A session that existed before (the person was on the hosted account
 * page) stays. Interaction times have whole seconds: a session counts as new only from the second
 * after the interaction's `iat` on (a sign-in within that same second is kept — never wrongly ended).
 */
export const HANDOVER_REVOKE_REASON = 'oidc_handover';
/** The login result's key (oidc-provider keeps the result as the consent interaction's lastSubmission). */
export const HANDOVER_KEY = 'iam_handover_session';

export function beganAfterInteraction(session: { created_at: Date }, details: InteractionDetails): boolean {
  if (details.iat === undefined) return false;
  return session.created_at.getTime() >= (details.iat + 1) * 1000;
}

/** The session a sign-in handed over before this (consent) interaction, if it was a handover. */
export function handedOverBefore(details: InteractionDetails): { sessionId: string; userId: string } | null {
  const last = details.lastSubmission as
    { [HANDOVER_KEY]?: unknown; login?: { accountId?: unknown } } | undefined;
  const sessionId = last?.[HANDOVER_KEY];
  const userId = last?.login?.accountId;
  return typeof sessionId === 'string' && typeof userId === 'string' ? { sessionId, userId } : null;
}
