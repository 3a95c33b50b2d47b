import { recordAudit } from '../../core/audit.js';
import type { RequestContext } from '../../core/request-context.js';
import type { TokensDeps } from './tokens.contract.js';
import type { ApiTokenDocument } from './tokens.model.js';
import { tokenView } from './tokens.views.js';

/**
 * A token was issued or revoked: recorded in the audit trail and sent to the organization's
 * webhooks, always both, with the same `extra` (e.g. why all of a user's tokens were revoked).
 */
export function createTokenEvents(deps: Pick<TokensDeps, 'activity' | 'webhooks'>) {
  return async function announce(
    type: 'token.created' | 'token.revoked',
    token: ApiTokenDocument,
    context: RequestContext,
    statusCode: number,
    extra: Record<string, unknown> = {},
  ): Promise<void> {
    const scope = {
      organizationId: String(token.organization_id),
      projectId: String(token.project_id),
      applicationId: String(token.application_id),
    };
    await recordAudit(deps.activity, context, {
      action: type,
      resource_type: 'token',
      resource_id: String(token._id),
      user_id: String(token.user_id),
      organization_id: scope.organizationId,
      project_id: scope.projectId,
      application_id: scope.applicationId,
      status_code: statusCode,
      // Name, visible prefix and scopes only: never the token or its hash.
      metadata: {
        name: token.name,
        prefix: token.prefix,
        scopes: token.scopes,
        expires_at: token.expires_at?.toISOString() ?? null,
        ...extra,
      },
    });
    deps.webhooks?.emit(type, scope, {
      token: { ...tokenView(token), user_id: String(token.user_id) },
      ...extra,
    });
  };
}

export type AnnounceTokenEvent = ReturnType<typeof createTokenEvents>;
