import type { AuthContext, BearerAuthenticator } from '../../core/auth-context.js';
import { PLATFORM_POOL } from '../../core/pools.js';
import type { TokensService } from './tokens.contract.js';
import { TOKEN_PREFIX } from './tokens.issuing.js';

/**
 * Authenticates `Authorization: Bearer cs_…` as the token's owner, limited to its scopes and its
 * application. Other credentials are not its kind (null), so the session authenticator can try.
 */
export function apiTokenAuthenticator(tokens: TokensService): BearerAuthenticator {
  // The caller built from each answer of tokens.authenticate, which answers a warm token with the
  // same object (its memo): the ids are turned into text once, not on every request.
  const callers = new WeakMap<object, AuthContext>();
  return async (credential) => {
    if (!credential.startsWith(TOKEN_PREFIX)) return null;
    const answer = await tokens.authenticate(credential);
    let caller = callers.get(answer);
    if (!caller) {
      caller = callerOf(answer);
      callers.set(answer, caller);
    }
    // A copy per request: what one request does with its caller stays its own.
    return { ...caller, scopes: [...caller.scopes!] };
  };
}

function callerOf({ token, user }: Awaited<ReturnType<TokensService['authenticate']>>): AuthContext {
  return {
    via: 'api_token',
    user,
    userId: String(user._id),
    sessionId: null,
    // A token proves no person: it never passes a step-up (those routes refuse tokens anyway).
    authTime: null,
    scopes: [...token.scopes],
    applicationId: String(token.application_id),
    organizationId: String(token.organization_id),
    tokenId: String(token._id),
    poolId: user.pool_id ?? PLATFORM_POOL,
    enrollmentOnly: false,
  };
}
