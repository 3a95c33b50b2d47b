import { permissionFlags, type PermissionName } from '../../core/permissions.js';
import type { PermissionsView, TokenStatus, TokenView } from './tokens.contract.js';
import type { ApiTokenDocument } from './tokens.model.js';

/**
 * The flags of a role's permissions, narrowed to what the credential may do: a full session (`scopes` null)
 * gets the role's flags; an API token only those its scopes also grant (`admin` grants all, and
 * is the only scope that grants managing members).
 */
export function scopedPermissionFlags(
  permissions: ReadonlySet<PermissionName>,
  scopes: readonly string[] | null,
): PermissionsView['permissions'] {
  const flags = permissionFlags(permissions);
  if (scopes === null || scopes.includes('admin')) return flags;
  return {
    read: flags.read && scopes.includes('read'),
    write: flags.write && scopes.includes('write'),
    delete: flags.delete && scopes.includes('delete'),
    manage_members: false,
  };
}

export function statusOf(token: ApiTokenDocument, now: number): TokenStatus {
  if (!token.is_active) return 'revoked';
  if (token.expires_at && token.expires_at.getTime() <= now) return 'expired';
  return 'active';
}

export function tokenView(token: ApiTokenDocument, now = Date.now()): TokenView {
  return {
    id: String(token._id),
    name: token.name,
    prefix: token.prefix,
    scopes: token.scopes,
    is_active: token.is_active,
    status: statusOf(token, now),
    expires_at: token.expires_at?.toISOString() ?? null,
    last_used_at: token.last_used_at?.toISOString() ?? null,
    revoked_at: token.revoked_at?.toISOString() ?? null,
    application_id: String(token.application_id),
    created_at: token.created_at.toISOString(),
  };
}
