import type { Services } from './services.types.js';
import type { Config } from './config.js';
import type { Database } from './db/connect.js';
import { AppError } from './lib/errors.js';
import { createPoolUsersService, type PoolUsersService } from './modules/pool-users/index.js';

/**
 * The user management of the projects' pools: built last, over the accounts' modules it acts
 * through (sessions, second factors, privacy's erasure, telemetry's links, the pools' senders).
 */
export function createPoolUsers(
  deps: { config: Config; database: Database },
  all: Services,
): PoolUsersService {
  const { activity, projects, auth, factorChanges, mfa, passkeys, tracking, privacy, mail } = all;
  return createPoolUsersService({
    connection: deps.database.connection,
    publicUrl: deps.config.publicUrl,
    activity,
    webhooks: all.webhooks,
    projects,
    sessions: auth.sessions,
    passwordResetLink: (userId) => auth.passwordResetLink(userId),
    invitationLink: (userId) => auth.invitationLink(userId),
    secondFactors: {
      list: (userId) => factorChanges.list(userId),
      describeForMail: (userId) => factorChanges.describeForMail(userId),
      revoke: (userId, factor, reason, context) =>
        factor.type === 'passkey'
          ? passkeys.revoke(userId, factor.id, reason, context)
          : mfa.revokeTotp(userId, factor.id, reason, context),
    },
    tracking,
    privacy,
    mail,
    // New accounts of the pool (invitation, import) get its default role (app-roles).
    defaultRoles: (poolId) => all.appRoles.defaultRolesOf(poolId),
    // The pool's branded name and the application its hosted pages act for; none without one.
    poolMailSender: async (projectId) => {
      try {
        const pool = await all.pools.publicSettings(projectId, undefined);
        return { displayName: pool.branding.display_name, applicationId: pool.application_id };
      } catch (error) {
        // pool_not_found: the project has no active application (mails then use the platform's text).
        if (error instanceof AppError) return null;
        throw error;
      }
    },
  });
}
