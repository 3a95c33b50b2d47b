import { createPasskeyManagement } from './passkeys.manage.js';
import { createPasskeyRevocation } from './passkeys.revoke.js';
import { createPasskeySignIn } from './passkeys.sign-in.js';
import type { PasskeyDependencies, PasskeyService } from './passkeys.types.js';
import { createWebAuthnKit } from './passkeys.webauthn.js';

export type { PasskeyDependencies, PasskeyService, PasskeyView } from './passkeys.types.js';

/**
 * Passkeys (WebAuthn credentials): the account's own management (passkeys.manage.ts) and sign-in
 * with them (passkeys.sign-in.ts), over one set of stored challenges (passkeys.webauthn.ts).
 */
export function createPasskeyService(deps: PasskeyDependencies): PasskeyService {
  const kit = createWebAuthnKit(deps);
  return {
    ...createPasskeyManagement(deps, kit),
    ...createPasskeySignIn(deps, kit),
    ...createPasskeyRevocation(deps, kit),
  };
}
