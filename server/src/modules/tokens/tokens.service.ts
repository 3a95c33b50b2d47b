import { randomBytes } from 'node:crypto';
import mongoose, { Types, type Connection } from 'mongoose';
import type { Logger } from 'pino';
import type { TokenScope } from '../../lib/api-router.js';
import { sha256Hex } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import { paginateNewestFirst, type Page } from '../../lib/pagination.js';
import { CredentialCache, revocationFeedFor } from '../../lib/revocations.js';
import type { ActivityService } from '../../core/audit.js';
import type { RequestContext } from '../../core/request-context.js';
import { permissionFlags, type Permission, type Role } from '../organizations/index.js';
import type { UsersService } from '../users/index.js';
import type { UserDocument } from '../../core/account.js';
import type { WebhookEmitter } from '../../core/webhooks.js';
import { TokenErrors } from './tokens.errors.js';
import { apiTokenModel, type ApiTokenDocument } from './tokens.model.js';

/** SPEC §9: `cs_` + 64 hex characters (32 random bytes); the first 8 characters are shown. */
export const TOKEN_PREFIX = 'cs_';
const TOKEN_FORMAT = /^cs_[0-9a-f]{64}$/;
const VISIBLE_PREFIX_LENGTH = 8;

/** `last_used_at` is written at most once per this window per token, not on every request. */
export const LAST_USED_THROTTLE_MS = 60_000;
/** How long the first due write waits for others to join its batch. */
const LAST_USED_BATCH_WINDOW_MS = 20;

/** A cached token document is read again at the latest after this (revocations arrive sooner). */
const TOKEN_CACHE_TTL_MS = 60_000;
const TOKEN_CACHE_MAX_ENTRIES = 20_000;

/**
 * Collects `key → value` entries and hands every entry recorded within `windowMs` of the first to
 * one call of `write`; each caller's promise settles when its batch is written.
 */
export function createBatchedWriter(
  write: (due: Map<string, number>) => Promise<void>,
  windowMs: number,
): (key: string, value: number) => Promise<void> {
  let pending = new Map<string, number>();
  let batch: Promise<void> | null = null;
  return (key, value) => {
    pending.set(key, value);
    batch ??= new Promise((resolve) => setTimeout(resolve, windowMs)).then(() => {
      const due = pending;
      pending = new Map();
      batch = null;
      return write(due);
    });
    return batch;
  };
}

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
    role: Role;
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
  role: Role;
  permissions: ReturnType<typeof permissionFlags>;
}

export interface TokensService {
  /** Issues a token; the plaintext is in this answer only and is never stored. */
  create(
    userId: string,
    input: CreateTokenInput,
    context: RequestContext,
  ): Promise<TokenView & { token: string }>;
  /** The caller's own tokens, newest first, optionally of one application. */
  list(
    userId: string,
    query: { application_id?: string; limit?: number; cursor?: string },
  ): Promise<Page<TokenView>>;
  get(userId: string, tokenId: string): Promise<TokenView>;
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
    caller: { userId: string; applicationId: string | null; scopes: readonly string[] | null },
    applicationId: string,
  ): Promise<PermissionsView>;
  /** The user's tokens in these organizations, projects or applications usable (neither revoked nor expired) at `at`: for the analytics summary. */
  countUsableAt(
    userId: string,
    scope: 'organization' | 'project' | 'application',
    ids: Types.ObjectId[],
    at: Date,
  ): Promise<number>;
}

/**
 * The flags of a role, narrowed to what the credential may do: a full session (`scopes` null)
 * gets the role's flags; an API token only those its scopes also grant (`admin` grants all, and
 * is the only scope that grants managing members).
 */
function scopedPermissionFlags(role: Role, scopes: readonly string[] | null): PermissionsView['permissions'] {
  const flags = permissionFlags(role);
  if (scopes === null || scopes.includes('admin')) return flags;
  return {
    read: flags.read && scopes.includes('read'),
    write: flags.write && scopes.includes('write'),
    delete: flags.delete && scopes.includes('delete'),
    manage_members: false,
  };
}

function statusOf(token: ApiTokenDocument, now: number): TokenStatus {
  if (!token.is_active) return 'revoked';
  if (token.expires_at && token.expires_at.getTime() <= now) return 'expired';
  return 'active';
}

function tokenView(token: ApiTokenDocument, now = Date.now()): TokenView {
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

export function createTokensService(deps: {
  connection: Connection;
  logger: Logger;
  users: UsersService;
  applications: ApplicationAccess;
  activity: ActivityService;
  webhooks?: WebhookEmitter;
}): TokensService {
  const Tokens = apiTokenModel(deps.connection);
  const revocations = revocationFeedFor(deps.connection);
  // Token documents by token hash. Revoking goes through this service, which publishes it: the
  // revoking process refuses the token at once, the others within FRESH_MS (lib/revocations.ts).
  // Expiry is checked on every request against the cached expires_at.
  const cache = new CredentialCache<ApiTokenDocument>(TOKEN_CACHE_TTL_MS, TOKEN_CACHE_MAX_ENTRIES);
  revocations.subscribe((kind, key) => {
    if (kind === 'api_token') cache.deleteWhere((token) => String(token._id) === key);
    else if (kind === 'user_api_tokens') cache.deleteWhere((token) => String(token.user_id) === key);
  });

  async function findByHash(tokenHash: string, now: number): Promise<ApiTokenDocument | null> {
    if (revocations.isFresh()) {
      const cached = cache.get(tokenHash, now);
      if (cached) return cached;
    }
    const generation = revocations.generation;
    const token = await Tokens.findOne({ token_hash: tokenHash }).lean<ApiTokenDocument>();
    if (token?.is_active && revocations.generation === generation) cache.set(tokenHash, token, now);
    return token;
  }

  const audit = (
    action: string,
    token: ApiTokenDocument,
    context: RequestContext,
    statusCode: number,
    extra: Record<string, unknown> = {},
  ) =>
    deps.activity.record({
      action,
      resource_type: 'token',
      resource_id: String(token._id),
      user_id: String(token.user_id),
      organization_id: String(token.organization_id),
      project_id: String(token.project_id),
      application_id: String(token.application_id),
      status_code: statusCode,
      ip_address: context.ip,
      user_agent: context.userAgent,
      // Name, visible prefix and scopes only: never the token or its hash.
      metadata: {
        name: token.name,
        prefix: token.prefix,
        scopes: token.scopes,
        expires_at: token.expires_at?.toISOString() ?? null,
        ...extra,
      },
    });

  const emitTokenEvent = (
    type: 'token.created' | 'token.revoked',
    token: ApiTokenDocument,
    extra: Record<string, unknown> = {},
  ) =>
    deps.webhooks?.emit(
      type,
      {
        organizationId: String(token.organization_id),
        projectId: String(token.project_id),
        applicationId: String(token.application_id),
      },
      { token: { ...tokenView(token), user_id: String(token.user_id) }, ...extra },
    );

  async function findOwn(userId: string, tokenId: string): Promise<ApiTokenDocument> {
    const token =
      Types.ObjectId.isValid(tokenId) && Types.ObjectId.isValid(userId)
        ? await Tokens.findOne({
            _id: new Types.ObjectId(tokenId),
            user_id: new Types.ObjectId(userId),
          }).lean<ApiTokenDocument>()
        : null;
    if (!token) throw new AppError(TokenErrors.NOT_FOUND);
    return token;
  }

  /**
   * `last_used_at` bookkeeping: at most one write per token and LAST_USED_THROTTLE_MS (known from
   * the stored value and from this process's own writes), and the writes of all tokens due within
   * LAST_USED_BATCH_WINDOW_MS go to the database as one bulkWrite. Each update is conditional, so
   * processes never move the value back. The requests wait for their batch, so the value is stored
   * when their answer arrives.
   */
  const lastRecorded = new Map<string, number>();
  const recordBatched = createBatchedWriter(async (due) => {
    try {
      await Tokens.bulkWrite(
        [...due].map(([id, at]) => ({
          updateOne: {
            filter: {
              _id: new Types.ObjectId(id),
              $or: [
                { last_used_at: null },
                { last_used_at: mongoose.trusted({ $lt: new Date(at - LAST_USED_THROTTLE_MS) }) },
              ],
            },
            update: { $set: { last_used_at: new Date(at) } },
          },
        })),
        { ordered: false },
      );
    } catch (error) {
      // Bookkeeping only: a failed write must not fail the requests it describes.
      deps.logger.warn({ err: error, tokens: due.size }, 'could not record API token use');
    }
  }, LAST_USED_BATCH_WINDOW_MS);

  function recordUse(token: ApiTokenDocument, now: number): Promise<void> {
    const id = String(token._id);
    const known = Math.max(lastRecorded.get(id) ?? 0, token.last_used_at?.getTime() ?? 0);
    if (now - known < LAST_USED_THROTTLE_MS) return Promise.resolve();
    if (lastRecorded.size >= TOKEN_CACHE_MAX_ENTRIES) lastRecorded.clear();
    lastRecorded.set(id, now);
    return recordBatched(id, now);
  }

  return {
    async create(userId, input, context) {
      const { application, organization } = await deps.applications.authorize(
        userId,
        input.application_id,
        'token:create',
      );
      // It would be refused on every request; say so now rather than hand out a dead token.
      if (!organization.is_active) throw new AppError(TokenErrors.ORGANIZATION_INACTIVE);
      const token = `${TOKEN_PREFIX}${randomBytes(32).toString('hex')}`;
      const created = (
        await Tokens.create({
          name: input.name,
          prefix: token.slice(0, VISIBLE_PREFIX_LENGTH),
          token_hash: sha256Hex(token),
          scopes: input.scopes,
          expires_at: input.expires_at ? new Date(input.expires_at) : null,
          user_id: new Types.ObjectId(userId),
          application_id: new Types.ObjectId(String(application._id)),
          organization_id: new Types.ObjectId(String(application.organization_id)),
          project_id: new Types.ObjectId(String(application.project_id)),
        })
      ).toObject<ApiTokenDocument>();
      await audit('token.created', created, context, 201);
      emitTokenEvent('token.created', created);
      return { ...tokenView(created), token };
    },

    async list(userId, query) {
      const filter: Record<string, unknown> = { user_id: new Types.ObjectId(userId) };
      if (query.application_id) filter.application_id = new Types.ObjectId(query.application_id);
      const page = await paginateNewestFirst(Tokens, filter, query);
      const now = Date.now();
      return { data: page.data.map((token) => tokenView(token, now)), next_cursor: page.next_cursor };
    },

    async get(userId, tokenId) {
      return tokenView(await findOwn(userId, tokenId));
    },

    async revoke(userId, tokenId, context) {
      const token = await findOwn(userId, tokenId);
      if (!token.is_active) return tokenView(token);
      const revoked = await Tokens.findOneAndUpdate(
        { _id: token._id, is_active: true },
        { $set: { is_active: false, revoked_at: new Date() } },
        { returnDocument: 'after' },
      ).lean<ApiTokenDocument>();
      // Null when a concurrent request revoked it first; that request wrote the audit entry.
      if (!revoked) return tokenView(await findOwn(userId, tokenId));
      await revocations.publish('api_token', String(revoked._id));
      await audit('token.revoked', revoked, context, 200);
      emitTokenEvent('token.revoked', revoked);
      return tokenView(revoked);
    },

    async revokeAllOfUser(userId, reason, context = { ip: null, userAgent: null }) {
      if (!Types.ObjectId.isValid(userId)) return 0;
      const now = new Date();
      const working = await Tokens.find({
        user_id: new Types.ObjectId(userId),
        is_active: true,
        $or: [{ expires_at: null }, { expires_at: mongoose.trusted({ $gt: now }) }],
      })
        .select({ _id: 1 })
        .lean<Array<{ _id: Types.ObjectId }>>();
      let revokedCount = 0;
      for (const { _id } of working) {
        // One conditional update per token, so each gets its own audit entry and a concurrent
        // revoke (which writes its own entry) is neither undone nor counted twice.
        const revoked = await Tokens.findOneAndUpdate(
          { _id, is_active: true },
          { $set: { is_active: false, revoked_at: now } },
          { returnDocument: 'after' },
        ).lean<ApiTokenDocument>();
        if (!revoked) continue;
        revokedCount += 1;
        await audit('token.revoked', revoked, context, 200, { reason });
        emitTokenEvent('token.revoked', revoked, { reason });
      }
      if (revokedCount > 0) await revocations.publish('user_api_tokens', userId);
      return revokedCount;
    },

    async authenticate(rawToken) {
      if (!TOKEN_FORMAT.test(rawToken)) throw new AppError(TokenErrors.INVALID);
      const now = Date.now();
      const token = await findByHash(sha256Hex(rawToken), now);
      if (!token) throw new AppError(TokenErrors.INVALID);
      const status = statusOf(token, now);
      if (status === 'revoked') throw new AppError(TokenErrors.REVOKED);
      if (status === 'expired') throw new AppError(TokenErrors.EXPIRED);
      const user = await deps.users.findById(String(token.user_id));
      if (!user) throw new AppError(TokenErrors.INVALID);
      let organization: { is_active: boolean };
      try {
        ({ organization } = await deps.applications.authorize(
          String(token.user_id),
          String(token.application_id),
          'application:read',
        ));
      } catch (error) {
        if (error instanceof AppError && (error.status === 403 || error.status === 404))
          throw new AppError(TokenErrors.NO_ACCESS);
        throw error;
      }
      if (!organization.is_active) throw new AppError(TokenErrors.ORGANIZATION_INACTIVE);
      await recordUse(token, now);
      return { token, user };
    },

    async applicationPermissions(caller, applicationId) {
      if (caller.applicationId && caller.applicationId !== applicationId)
        throw new AppError(TokenErrors.APPLICATION_NOT_FOUND);
      const { role } = await deps.applications.authorize(caller.userId, applicationId, 'application:read');
      return { application_id: applicationId, role, permissions: scopedPermissionFlags(role, caller.scopes) };
    },

    countUsableAt(userId, scope, ids, at) {
      const trusted = mongoose.trusted;
      return Tokens.countDocuments({
        user_id: new Types.ObjectId(userId),
        [`${scope}_id`]: trusted({ $in: ids }),
        created_at: trusted({ $lte: at }),
        $and: [
          { $or: [{ revoked_at: null }, { revoked_at: trusted({ $gt: at }) }] },
          { $or: [{ expires_at: null }, { expires_at: trusted({ $gt: at }) }] },
        ],
      });
    },
  };
}
