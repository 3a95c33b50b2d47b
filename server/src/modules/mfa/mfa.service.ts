import { createSignInStep } from './mfa.challenge.js';
import { createSecondFactorCheck } from './mfa.check.js';
import { createFactorKit } from './mfa.factors.js';
import { createRemovalNotice } from './mfa.notices.js';
import { createTotpRevocation } from './mfa.revoke.js';
import { createTotpManagement } from './mfa.totp.js';
import type { MfaDependencies, MfaService } from './mfa.types.js';

export type { MfaChallenge, MfaChallengeScope, MfaDependencies, MfaMethod, MfaService } from './mfa.types.js';

/**
 * Two-factor sign-in: the authenticator app and its recovery codes (mfa.totp.ts), the second
 * sign-in step (mfa.challenge.ts) and the security notice (mfa.notices.ts), over one code check
 * with its lockout (mfa.check.ts). Passkeys are a module of their own, passed in as `passkeys`.
 */
export function createMfaService(deps: MfaDependencies): MfaService {
  const kit = createFactorKit(deps);
  const check = createSecondFactorCheck(deps, kit);
  const notifySecondFactorRemoved = createRemovalNotice(deps, kit);
  return {
    ...createTotpManagement(deps, kit, check, notifySecondFactorRemoved),
    ...createSignInStep(deps, kit, check),
    ...createTotpRevocation(deps, kit),
    notifySecondFactorRemoved,
    async assertProof(user, proof, context) {
      await check.assertProof(user, await kit.activeFactorOf(String(user._id)), proof, context);
    },
    async verifySecondFactor(user, answer, context, boundTo) {
      const factor = await kit.activeFactorOf(String(user._id));
      return check.checkSecondFactor(user, factor, answer, context, boundTo);
    },
  };
}
