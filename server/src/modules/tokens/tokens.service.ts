import type { TokensDeps, TokensService } from './tokens.contract.js';
import { createTokenAuthentication } from './tokens.authentication.js';
import { createTokenEvents } from './tokens.events.js';
import { createTokenIssuing } from './tokens.issuing.js';
import { createTokenQueries } from './tokens.queries.js';
import { createTokenRevocation } from './tokens.revocation.js';

export type {
  ApplicationAccess,
  CreateTokenInput,
  PermissionsView,
  TokensDeps,
  TokensService,
  TokenStatus,
  TokenView,
} from './tokens.contract.js';
export { TOKEN_PREFIX } from './tokens.issuing.js';
export { createBatchedWriter, LAST_USED_THROTTLE_MS } from './tokens.usage.js';

/**
 * The tokens service, put together from its use cases: issuing, reading, revoking and
 * authenticating presented tokens.
 */
export function createTokensService(deps: TokensDeps): TokensService {
  const announce = createTokenEvents(deps);
  const queries = createTokenQueries(deps);
  return {
    ...createTokenIssuing(deps, announce),
    ...queries.service,
    ...createTokenRevocation(deps, { announce, findOwn: queries.findOwn }),
    ...createTokenAuthentication(deps),
  };
}
