import mongoose, { Types, type Model } from 'mongoose';
import { AppError, type ErrorDefinition } from '../lib/errors.js';
import { InvalidatedCache, type CacheTopic } from '../lib/cache-invalidation.js';
import { isDuplicateKey, updateActiveById } from '../lib/mongoose-plugins.js';
import { paginateNewestFirst, type Page } from '../lib/pagination.js';
import { recordAudit, type ActivityService, type AuditEvent } from './audit.js';
import type { RequestContext } from './request-context.js';

/**
 * The `$set` of a PATCH body: fields not sent stay as they are, and an empty string clears a
 * field (stored as null), so forms can send what a user emptied.
 */
export function changesToSet(changes: object): Record<string, unknown> {
  const set: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(changes)) {
    if (value !== undefined) set[field] = value === '' ? null : value;
  }
  return set;
}

/** Runs an insert and answers `duplicate` when a unique index (a slug) refuses it. */
export async function insertUnique<T>(insert: () => Promise<T>, duplicate: ErrorDefinition): Promise<T> {
  try {
    return await insert();
  } catch (error) {
    if (isDuplicateKey(error)) throw new AppError(duplicate);
    throw error;
  }
}

/** What every tenant resource row has: soft deletion and newest-first listing. */
interface TenantRow {
  _id: Types.ObjectId;
  name: string;
  is_active: boolean;
  created_at: Date;
}

/** The fields naming a row in its audit entries. */
export type AuditScope = Pick<
  AuditEvent,
  'resource_type' | 'resource_id' | 'organization_id' | 'project_id' | 'application_id'
>;

export interface TenantResourceOptions<T> {
  model: Model<T>;
  /** 404 when the row is gone or inactive; 409 when a unique index (its slug) refuses a write. */
  errors: { notFound: ErrorDefinition; duplicate: ErrorDefinition };
  activity: ActivityService;
  /** Names the row in its audit entries; `resource_type` also prefixes their actions. */
  auditScope(row: T): AuditScope;
  /** Runs before and after every write (a module that remembers rows forgets this one). */
  onWrite?(id: Types.ObjectId): void;
  /**
   * Caches `findActive` (the guards of every request ask it) under this topic; the model's schema
   * must publish its writes with `invalidatesCaches` and the same topic (lib/cache-invalidation.ts).
   */
  cacheTopic?: Extract<CacheTopic, 'project' | 'application'>;
}

/** Active rows found by id, per process (docs/performance.md). */
const ROW_CACHE_TTL_MS = 60_000;
const ROW_CACHE_MAX_ENTRIES = 20_000;

/**
 * The storage side of a resource that lives inside an organization (projects, applications):
 * active rows, created, listed, changed and soft-deleted with their audit entries. Who may do
 * what is the module's own question, asked before these run.
 */
export function tenantResource<T extends TenantRow>(options: TenantResourceOptions<T>) {
  const { model, errors, activity, cacheTopic } = options;
  const cache = cacheTopic
    ? new InvalidatedCache<T | null>(model.db, ROW_CACHE_TTL_MS, ROW_CACHE_MAX_ENTRIES)
    : null;
  const readActive = (id: string) =>
    model.findOne({ _id: new Types.ObjectId(id), is_active: true } as never).lean<T>();

  async function write(id: Types.ObjectId, set: Record<string, unknown>): Promise<T> {
    options.onWrite?.(id);
    try {
      return await updateActiveById<T>(model, id, set, errors);
    } finally {
      // Also after the write: a read that started while it ran may have seen the old row.
      options.onWrite?.(id);
    }
  }

  const audit = (row: T, action: string, userId: string, context: RequestContext, extra: object) =>
    recordAudit(activity, context, { ...options.auditScope(row), action, user_id: userId, ...extra });

  const kind = (row: T) => options.auditScope(row).resource_type;

  return {
    async findActive(id: string): Promise<T | null> {
      if (!Types.ObjectId.isValid(id)) return null;
      if (!cache || !cacheTopic) return readActive(id);
      const key = String(new Types.ObjectId(id));
      return cache.read(
        key,
        () => readActive(key),
        () => [`${cacheTopic}:${key}`],
        (row) => row !== null,
      );
    },

    /** Inserts a row, audited `<type>.created` (201) with `metadata`. */
    async create(
      fields: Record<string, unknown>,
      userId: string,
      context: RequestContext,
      metadata: (row: T) => Record<string, unknown>,
    ): Promise<T> {
      const row = await insertUnique(async () => {
        // The unique slug index must exist before the insert it guards.
        await model.init();
        const [created] = await model.create([fields as Partial<T>]);
        return created!.toObject() as T;
      }, errors.duplicate);
      await audit(row, `${kind(row)}.created`, userId, context, {
        metadata: metadata(row),
        status_code: 201,
      });
      return row;
    },

    /**
     * Active rows whose `field` is one of `ids` (their project or organization), newest first,
     * as `view` shows them. `onlyId` narrows them to one row (an API token's own); null, or an
     * id that cannot exist, leaves nothing visible.
     */
    async list<V>(
      field: string,
      ids: Types.ObjectId[],
      onlyId: string | null | undefined,
      page: { limit?: number; cursor?: string },
      view: (row: T) => V,
    ): Promise<Page<V>> {
      const query: Record<string, unknown> = { [field]: mongoose.trusted({ $in: ids }), is_active: true };
      if (onlyId !== undefined) {
        if (onlyId === null || !Types.ObjectId.isValid(onlyId)) return { data: [], next_cursor: null };
        query._id = new Types.ObjectId(onlyId);
      }
      const result = await paginateNewestFirst(model as never, query, page);
      return { data: (result.data as T[]).map(view), next_cursor: result.next_cursor };
    },

    /**
     * Applies a PATCH body (see changesToSet) plus what `derive` adds from it, audited
     * `<type>.updated` with the names of the fields sent.
     */
    async update(
      row: T,
      changes: object,
      userId: string,
      context: RequestContext,
      derive?: (set: Record<string, unknown>) => Record<string, unknown>,
    ): Promise<{ updated: T; fields: string[] }> {
      const set = changesToSet(changes);
      const fields = Object.keys(set);
      const updated = await write(row._id, { ...set, ...derive?.(set) });
      await audit(updated, `${kind(updated)}.updated`, userId, context, { metadata: { fields } });
      return { updated, fields };
    },

    /** Soft delete (`is_active: false`), audited as `action` with the row's name. */
    async deactivate(row: T, action: string, userId: string, context: RequestContext): Promise<T> {
      const updated = await write(row._id, { is_active: false });
      await audit(updated, action, userId, context, { metadata: { name: updated.name } });
      return updated;
    },
  };
}

/**
 * The REST use cases a resource's service offers its routes: created by a signed-in person,
 * listed (newest first, paged) and read by a caller, changed by a PATCH body.
 */
export interface ResourceService<Caller, View, Input, Created, Changes, Filter> {
  create(userId: string, input: Input, context: RequestContext): Promise<Created>;
  list(caller: Caller, query: Filter & { limit?: number; cursor?: string }): Promise<Page<View>>;
  get(caller: Caller, id: string): Promise<View>;
  update(caller: Caller, id: string, changes: Changes, context: RequestContext): Promise<View>;
}
