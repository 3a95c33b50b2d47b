import { Types, type Connection } from 'mongoose';
import type { Logger } from 'pino';
import { AppError } from '../../lib/errors.js';
import type { ActivityService } from '../../core/audit.js';
import type { RequestContext } from '../../core/request-context.js';
import { AuthErrors, type AuthService } from '../auth/index.js';
import type { OrganizationsService } from '../organizations/index.js';
import type { TokensService } from '../tokens/index.js';
import type { UsersService } from '../users/index.js';
import type { UserDocument } from '../../core/account.js';
import type { WebhookEmitter } from '../../core/webhooks.js';
import { PERSONAL_DATA, type PersonalDataEntry } from './privacy.data-map.js';
import { PrivacyErrors } from './privacy.errors.js';

export const EXPORT_FORMAT = 'iam-platform-personal-data/1';

/** Receives the export piece by piece, so a long activity history never sits in memory at once. */
export interface ExportSink {
  write(chunk: string): void | Promise<void>;
}

export interface PrivacyService {
  /** Writes every personal datum of the account as one JSON document. */
  exportAccount(userId: string, sink: ExportSink): Promise<void>;
  /**
   * Deletes the account after checking its password: refuses while it is the last admin of an
   * active organization, ends every session and API token, leaves every organization, deletes
   * or anonymizes what the data map lists. Needs the password, or a current two-factor code (an
   * account without a password can use that).
   */
  deleteAccount(
    userId: string,
    proof: { password?: string; code?: string },
    context: RequestContext,
  ): Promise<void>;
}

export interface PrivacyDependencies {
  connection: Connection;
  logger: Logger;
  activity: ActivityService;
  users: UsersService;
  auth: Pick<AuthService, 'verifyCredentials' | 'sessions'>;
  tokens: Pick<TokensService, 'revokeAllOfUser'>;
  organizations: OrganizationsService;
  webhooks?: WebhookEmitter;
  /** Checks a current two-factor code like turning two-factor off does (lockout included); throws when wrong. */
  assertSecondFactor?(user: UserDocument, code: string, context: RequestContext): Promise<void>;
}

/** `_id` becomes `id`, private fields go, ObjectIds and dates become strings (via JSON). */
function exported(document: Record<string, unknown>, omit: readonly string[] = []): Record<string, unknown> {
  const { _id, __v: _version, ...rest } = document;
  for (const field of omit) delete rest[field];
  return { id: String(_id), ...rest };
}

export function createPrivacyService(deps: PrivacyDependencies): PrivacyService {
  const { connection, organizations } = deps;
  const logger = deps.logger.child({ module: 'privacy' });

  /** The account's documents in one collection: its id (stored as ObjectId or as string) or address. */
  function ownerFilter(entry: PersonalDataEntry, userId: Types.ObjectId, email: string) {
    const clauses: Record<string, unknown>[] = [
      ...(entry.byUserId ?? []).map((field) => ({ [field]: { $in: [userId, userId.toHexString()] } })),
      ...(entry.byEmail ?? []).map((field) => ({ [field]: email })),
    ];
    return clauses.length === 1 ? clauses[0]! : { $or: clauses };
  }

  return {
    async exportAccount(userId, sink) {
      const user = await deps.users.findById(userId);
      if (!user) throw new AppError(AuthErrors.SESSION_ENDED);
      const id = new Types.ObjectId(userId);
      const organizationsById = new Map(
        (await organizations.membershipsOf(userId)).map((org) => [
          org.id,
          { name: org.name, slug: org.slug },
        ]),
      );
      await sink.write(
        `{"format":${JSON.stringify(EXPORT_FORMAT)},"exported_at":${JSON.stringify(new Date().toISOString())},"user_id":${JSON.stringify(userId)}`,
      );
      for (const entry of PERSONAL_DATA) {
        if (!entry.section) continue;
        const cursor = connection.db!.collection(entry.collection).find(ownerFilter(entry, id, user.email));
        if (entry.section === 'profile') {
          const profile = await cursor.next();
          await cursor.close();
          await sink.write(
            `,"profile":${JSON.stringify({
              ...(profile ? exported(profile, entry.omit) : {}),
              signs_in_with_google: Boolean(user.google_id),
              has_password: Boolean(user.password_hash),
            })}`,
          );
          continue;
        }
        await sink.write(`,${JSON.stringify(entry.section)}:[`);
        let first = true;
        for await (const document of cursor.sort({ _id: 1 })) {
          const row = exported(document, entry.omit);
          if (entry.section === 'memberships')
            row.organization = organizationsById.get(String(document.organization_id)) ?? null;
          await sink.write(`${first ? '' : ','}${JSON.stringify(row)}`);
          first = false;
        }
        await sink.write(']');
      }
      await sink.write('}');
    },

    async deleteAccount(userId, proof, context) {
      const user = await deps.users.findById(userId);
      if (!user) throw new AppError(AuthErrors.SESSION_ENDED);
      if (proof.code !== undefined && deps.assertSecondFactor) {
        await deps.assertSecondFactor(user, proof.code, context);
      } else {
        if (!user.password_hash) throw new AppError(PrivacyErrors.NO_PASSWORD);
        try {
          // Sign-in's check: lockout, audit trail and the same cost, so a stolen session is no password oracle.
          await deps.auth.verifyCredentials(user.email, proof.password ?? '', context);
        } catch (error) {
          if (error instanceof AppError && error.code === AuthErrors.INVALID_CREDENTIALS.code)
            throw new AppError(AuthErrors.WRONG_CURRENT_PASSWORD);
          throw error;
        }
      }

      const memberships = await organizations.membershipsOf(userId);
      const blocking: string[] = [];
      for (const membership of memberships) {
        if (membership.role !== 'admin') continue;
        const admins = await organizations.adminsOf(membership.id);
        if (admins.length <= 1 && (await organizations.findActive(membership.id)))
          blocking.push(membership.name);
      }
      if (blocking.length > 0) {
        throw new AppError(PrivacyErrors.LAST_ADMIN, {
          message: `You are the last admin of ${blocking.map((name) => `"${name}"`).join(', ')}. Make another member admin there (Organizations → Members) or deactivate the organization first, then delete your account.`,
          details: blocking.map((name) => ({ path: 'organizations', message: name })),
        });
      }

      // Told while the memberships still exist; the data names nobody beyond the id they knew.
      for (const membership of memberships)
        deps.webhooks?.emit('user.deleted', { organizationId: membership.id }, { user_id: userId });

      const sessionsEnded = await deps.auth.sessions.revokeAllForUser(userId, 'account_deleted');
      const tokensRevoked = await deps.tokens.revokeAllOfUser(userId, 'account_deleted', context);
      for (const membership of memberships) {
        const own = (await organizations.listMembers(userId, membership.id)).find(
          (m) => m.user_id === userId,
        );
        if (!own) continue;
        try {
          await organizations.removeMember(userId, membership.id, own.id, context);
        } catch (error) {
          // The last admin of a deactivated organization: the row goes with the rest below.
          if (!(error instanceof AppError)) throw error;
        }
      }

      const id = new Types.ObjectId(userId);
      // The profile last: should anything fail before, the account still exists and can try again.
      for (const entry of [...PERSONAL_DATA].reverse()) {
        const collection = connection.db!.collection(entry.collection);
        const filter = ownerFilter(entry, id, user.email);
        if (entry.erase === 'delete') await collection.deleteMany(filter);
        else await collection.updateMany(filter, { $set: entry.erase.anonymize });
      }
      // Not recordAudit: it would store the address and user agent, which name the person again.
      await deps.activity.record({
        action: 'user.deleted',
        resource_type: 'user',
        // Nothing that could be matched back to the person: only what was ended.
        resource_id: null,
        status_code: 200,
        metadata: {
          sessions_ended: sessionsEnded,
          api_tokens_revoked: tokensRevoked,
          organizations_left: memberships.length,
        },
      });
      logger.info({ user_id: userId }, 'account deleted at its owner’s request');
    },
  };
}
