import type { BearerAuthenticator } from '../../core/auth-context.js';
import { PLATFORM_POOL } from '../../core/pools.js';
import type { TokensService } from './tokens.contract.js';
import { TOKEN_PREFIX } from './tokens.issuing.js';

/**
 * Authenticates `Authorization: Bearer cs_…` as the token's owner, limited to its scopes and its
 * application. Other credentials are not its kind (null), so the session authenticator can try.
 */
export function apiTokenAuthenticator(tokens: TokensService): BearerAuthenticator {
  return async (credential) => {
    if (!credential.startsWith(TOKEN_PREFIX)) return null;
    const { token, user } = await tokens.authenticate(credential);
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
  };
}
