import { isPlatformPool } from '../../core/pools.js';
import { createAccountKit, type AuthDependencies } from './account-kit.js';
import { createAccountRecovery } from './account-recovery.js';
import { createEmailChange } from './email-change.js';
import { createEmailCodes } from './email-code.js';
import type { AuthService } from './auth.types.js';
import { createExchangeCodes, createGoogleAccounts } from './google-accounts.js';
import { createHostedCodes } from './hosted-codes.js';
import { ONE_TIME_TTL_S } from './one-time-tokens.js';
import { createCurrentPasswordCheck, createEndCredentials, createPasswordReset } from './passwords.js';
import { createProfile } from './profile.js';
import { createRegistration } from './registration.js';
import { createSessionLifecycle } from './session-lifecycle.js';
import { createLockNotice, createSignIn } from './sign-in.js';

export type { AuthDependencies } from './account-kit.js';
export type { AuthService, LoginResult } from './auth.types.js';

/**
 * The auth service, composed from one factory per use case. They share one kit (stores, lockout
 * counter, mail and after-response work) so that, e.g., a failure counted at sign-in also locks
 * the password change, and drain() waits for the mails of every use case.
 */
export function createAuthService(deps: AuthDependencies): AuthService {
  const kit = createAccountKit(deps);
  const noticeLock = createLockNotice(kit);
  const endCredentials = createEndCredentials(kit);
  return {
    keys: kit.keys,
    dashboardAudience: kit.settings.audience,
    sessions: kit.sessions,
    drain: kit.drain,
    ...createRegistration(kit),
    ...createSignIn(kit, noticeLock),
    ...createSessionLifecycle(kit),
    ...createProfile(kit, createCurrentPasswordCheck(kit, noticeLock), endCredentials),
    ...createPasswordReset(kit, endCredentials),
    ...createAccountRecovery(kit),
    ...createGoogleAccounts(kit),
    ...createExchangeCodes(kit),
    ...createHostedCodes(kit),
    ...createEmailCodes(kit, noticeLock),
    ...createEmailChange(kit, noticeLock),
    accountDeletionLinks: {
      async issue(userId) {
        // Only the newest link works: an older one in a forwarded mail is void.
        await kit.oneTime.revokeAll('account_deletion', userId);
        const token = await kit.oneTime.issue('account_deletion', userId);
        const pool = await kit.poolOf(userId);
        const query = `mode=delete-account&token=${encodeURIComponent(token)}`;
        return {
          // An end user confirms on the pool's hosted account page, never on the dashboard.
          link: isPlatformPool(pool)
            ? kit.links.dashboard(`/auth?${query}`)
            : `${kit.deps.config.publicUrl}/p/${encodeURIComponent(pool)}/account?${query}`,
          expiresAt: new Date(Date.now() + ONE_TIME_TTL_S.account_deletion * 1000),
        };
      },
      async consume(token) {
        return (await kit.oneTime.consume('account_deletion', token))?.userId ?? null;
      },
    },
  };
}
