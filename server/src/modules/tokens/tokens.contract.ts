import type { Connection, Types } from 'mongoose';
import type { Logger } from 'pino';
import type { TokenScope } from '../../lib/api-router.js';
import type { ActivityService } from '../../core/audit.js';
import type { RequestContext } from '../../core/request-context.js';
import type { UserDocument } from '../../core/account.js';
import type { ResourceService } from '../../core/tenant-resource.js';
import type { WebhookEmitter } from '../../core/webhooks.js';
import type { permissionFlags, PermissionName } from '../../core/permissions.js';
import type { Permission } from '../organizations/index.js';
import type { UsersService } from '../users/index.js';
import type { ApiTokenDocument } from './tokens.model.js';

/**
 * What this module needs of the applications module: the caller's access to an application
 * (404 for other tenants and inactive applications, 403 when the role lacks the permission).
 */
export interface ApplicationAccess {
  authorize(
    userId: string,
    applicationId: string,
    permission: Permission,
  ): Promise<{
    application: {
      _id: Types.ObjectId | string;
      project_id: Types.ObjectId | string;
      organization_id: Types.ObjectId | string;
    };
    role: string;
    permissions: ReadonlySet<PermissionName>;
    organization: { is_active: boolean };
  }>;
}

export type TokenStatus = 'active' | 'revoked' | 'expired';

export interface TokenView {
  id: string;
  name: string;
  prefix: string;
  scopes: TokenScope[];
  is_active: boolean;
  status: TokenStatus;
  expires_at: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
  application_id: string;
  created_at: string;
}

export interface CreateTokenInput {
  name: string;
  scopes: TokenScope[];
  application_id: string;
  expires_at?: string | null;
}

export interface PermissionsView {
  application_id: string;
  /** null for an application's end user (a project pool's account). */
  role: string | null;
  /** The end user's application roles (names, sorted); empty for organization members. */
  roles: string[];
  permissions: ReturnType<typeof permissionFlags>;
  /** The application permissions those roles grant (names, sorted); empty for organization members. */
  application_permissions: string[];
}

/**
 * `create` issues a token (the plaintext is in this answer only and is never stored); `list` and
 * `get` answer the caller's own tokens, newest first, optionally of one application. Tokens are
 * never changed, only revoked.
 */
export interface TokensService extends Omit<
  ResourceService<
    string,
    TokenView,
    CreateTokenInput,
    TokenView & { token: string },
    never,
    { application_id?: string }
  >,
  'update'
> {
  /** Irreversible; revoking an already revoked token changes nothing and answers it as it is. */
  revoke(userId: string, tokenId: string, context: RequestContext): Promise<TokenView>;
  /**
   * Revokes every working (active, unexpired) token of a user — e.g. after a password reset or
   * change — with one `token.revoked` audit entry each that records `reason`. Answers how many
   * were revoked; tokens revoked concurrently by someone else are not counted twice.
   */
  revokeAllOfUser(userId: string, reason: string, context?: RequestContext): Promise<number>;
  /**
   * Resolves a presented `cs_…` token to its owner, or throws 401: unknown, revoked, expired,
   * or no longer backed by an active membership and an active application; 403
   * `organization_inactive` while its organization is deactivated.
   */
  authenticate(rawToken: string): Promise<{ token: ApiTokenDocument; user: UserDocument }>;
  /**
   * The caller's role and permission flags in an application's organization. An API token may
   * only ask about its own application; anything else looks like it does not exist (404).
   */
  applicationPermissions(
    caller: {
      userId: string;
      applicationId: string | null;
      scopes: readonly string[] | null;
      poolId: string;
    },
    applicationId: string,
  ): Promise<PermissionsView>;
  /** The user's tokens in these organizations, projects or applications usable (neither revoked nor expired) at `at`: for the analytics summary. */
  countUsableAt(
    userId: string,
    scope: 'organization' | 'project' | 'application',
    ids: Types.ObjectId[],
    at: Date,
  ): Promise<number>;
  /**
   * The user's tokens usable now (neither revoked nor expired) of each of these applications, in
   * one query: zero for an application without any. Answers only the user's own tokens, as `list`.
   */
  countUsableByApplication(userId: string, applicationIds: string[]): Promise<Map<string, number>>;
}

/**
 * What the tokens service is built from. Its use cases (tokens.issuing.ts, .queries.ts,
 * .revocation.ts, .authentication.ts) each take these; tokens.service.ts puts them together.
 */
export interface TokensDeps {
  connection: Connection;
  logger: Logger;
  users: UsersService;
  applications: ApplicationAccess;
  activity: ActivityService;
  webhooks?: WebhookEmitter;
  /** An end user's application roles and permissions (the app-roles module; late-bound). */
  appRoles?: {
    rolesAndPermissionsOf(
      projectId: string,
      userId: string,
    ): Promise<{ roles: string[]; permissions: string[] }>;
  };
}
