import { requestContext } from '../../core/request-context.js';
import {
  NO_USER,
  NOT_ADMIN,
  tags,
  WHO_SENSITIVE,
  WHO_WRITES,
  type PoolUserRouteKit,
} from './pool-users.route-kit.js';
import {
  PoolUserParams,
  PoolUserSchema,
  ResetMailSentSchema,
  SecondFactorResetSchema,
  SessionsEndedSchema,
} from './pool-users.schemas.js';

/** What admins do to one user: block, unblock, sign-out, factor reset, reset mail, deletion. */
export function registerPoolUserChangeRoutes(kit: PoolUserRouteKit): void {
  const { api, poolUsers, onUser } = kit;

  api.route(
    {
      method: 'post',
      permission: 'pool_user:update',
      path: '/projects/:project_id/users/:user_id/block',
      summary: 'Block a user: sessions end at once, sign-in is refused',
      description: `${WHO_SENSITIVE} Sets \`blocked_at\` and ends every session of the user, in every server process within the revocation bound (docs/performance.md); sign-in and refresh answer 403 account_blocked until unblocked. Blocking a blocked user changes nothing. Audited as \`user.blocked\`.`,
      tags,
      authenticated: true,
      stepUp: true,
      params: PoolUserParams,
      responses: { 200: { description: 'Blocked', schema: PoolUserSchema }, 403: NOT_ADMIN, 404: NO_USER },
    },
    onUser((caller, projectId, userId, req) =>
      poolUsers.block(caller, projectId, userId, requestContext(req)),
    ),
  );

  api.route(
    {
      method: 'post',
      permission: 'pool_user:update',
      path: '/projects/:project_id/users/:user_id/unblock',
      summary: 'Unblock a user',
      description: `${WHO_WRITES} Sign-in works again; ended sessions stay ended. Audited as \`user.unblocked\`.`,
      tags,
      authenticated: true,
      tokenScope: 'write',
      params: PoolUserParams,
      responses: { 200: { description: 'Unblocked', schema: PoolUserSchema }, 403: NOT_ADMIN, 404: NO_USER },
    },
    onUser((caller, projectId, userId, req) =>
      poolUsers.unblock(caller, projectId, userId, requestContext(req)),
    ),
  );

  api.route(
    {
      method: 'post',
      permission: 'pool_user:update',
      path: '/projects/:project_id/users/:user_id/sign-out',
      summary: 'Sign a user out everywhere',
      description: `${WHO_WRITES} Ends every session of the user (refresh tokens included), within the revocation bound in every process. The user may sign in again. Audited as \`user.sessions_ended\`.`,
      tags,
      authenticated: true,
      tokenScope: 'write',
      params: PoolUserParams,
      responses: {
        200: { description: 'Sessions ended', schema: SessionsEndedSchema },
        403: NOT_ADMIN,
        404: NO_USER,
      },
    },
    onUser((caller, projectId, userId, req) =>
      poolUsers.signOut(caller, projectId, userId, requestContext(req)),
    ),
  );

  api.route(
    {
      method: 'post',
      permission: 'pool_user:update',
      path: '/projects/:project_id/users/:user_id/second-factor/reset',
      summary: 'Remove a user’s second factors (authenticator app, recovery codes, passkeys)',
      description: `${WHO_SENSITIVE} For a user who lost their device: afterwards they sign in with the password alone (or set up a factor again; a pool whose second factor is required asks for one). Sessions are not ended — sign the user out too if the device is lost. Audited as \`user.second_factor_reset\`.`,
      tags,
      authenticated: true,
      stepUp: true,
      params: PoolUserParams,
      responses: {
        200: { description: 'The factors removed', schema: SecondFactorResetSchema },
        403: NOT_ADMIN,
        404: NO_USER,
      },
    },
    onUser((caller, projectId, userId, req) =>
      poolUsers.resetSecondFactor(caller, projectId, userId, requestContext(req)),
    ),
  );

  api.route(
    {
      method: 'post',
      permission: 'pool_user:update',
      path: '/projects/:project_id/users/:user_id/password-reset',
      summary: 'Mail a user a password-reset link',
      description: `${WHO_WRITES} The reset mail (the application’s template) with a link to the pool’s hosted page \`/p/{project_id}/reset?token=…\`, valid one hour and once. Audited as \`user.password_reset_sent\`.`,
      tags,
      authenticated: true,
      tokenScope: 'write',
      params: PoolUserParams,
      responses: {
        202: { description: 'Sent', schema: ResetMailSentSchema },
        403: NOT_ADMIN,
        404: NO_USER,
        409: { description: 'pool_user_blocked' },
        502: { description: 'mail_delivery_failed' },
      },
    },
    onUser(
      (caller, projectId, userId, req) =>
        poolUsers.sendPasswordReset(caller, projectId, userId, requestContext(req)),
      202,
    ),
  );

  api.route(
    {
      method: 'delete',
      permission: 'pool_user:delete',
      path: '/projects/:project_id/users/:user_id',
      summary: 'Delete a user and their personal data (GDPR Art. 17)',
      description: `${WHO_SENSITIVE} The privacy module’s deletion, as when the person deletes their account: sessions end, the profile and what belongs to it are deleted, log entries anonymized (docs/privacy.md). Audited as \`user.deleted_by_admin\`, naming nobody.`,
      tags,
      authenticated: true,
      stepUp: true,
      params: PoolUserParams,
      responses: { 204: { description: 'Deleted' }, 403: NOT_ADMIN, 404: NO_USER },
    },
    onUser(
      (caller, projectId, userId, req) => poolUsers.remove(caller, projectId, userId, requestContext(req)),
      204,
    ),
  );
}
