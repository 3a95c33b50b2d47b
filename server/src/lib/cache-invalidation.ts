/**
 * Caches of documents that authenticated requests read (accounts, memberships, organizations,
 * projects, applications, second factors), and the schema plugin that keeps them honest.
 *
 * Same design as the credential caches (lib/revocations.ts): MongoDB is the source of truth; every
 * write to a cached collection goes through its mongoose model, whose `invalidatesCaches` plugin
 * drops the written keys from this process's caches before the write's promise resolves (so before
 * any answer) and appends them to the `auth_revocations` feed that every other process polls. A
 * cache answers only while the feed is fresh (`isFresh`, FRESH_MS), and a fill whose read overlapped
 * any invalidation is not kept. Entries live at most `ttlMs` (≤ 60 s) and the oldest go first when a
 * cache is full. Writes that bypass the models (the driver's collections) are seen only when
 * entries expire: do not write these collections that way (tests excepted, on fresh keys).
 */
import { Types, type Connection, type Model, type Query, type Schema } from 'mongoose';
import { revocationFeedFor, type RevocationFeed, type RevocationKind } from './revocations.js';

export type CacheTopic = Extract<
  RevocationKind,
  'user' | 'membership' | 'organization' | 'project' | 'application' | 'second_factor'
>;

/** What an entry depends on: `topic:key`, or `topic:*` (any change of that kind drops it). */
export type CacheTag = `${CacheTopic}:${string}`;

/** The longest any entry of these caches lives (docs/performance.md). */
export const MAX_CACHE_TTL_MS = 60_000;

interface Entry<T> {
  value: T;
  until: number;
  tags: readonly CacheTag[];
}

/**
 * A bounded read-through cache whose entries are dropped by the invalidations of their tags
 * (from this process's writes at once, from other processes' through the feed).
 */
export class InvalidatedCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  /** Entry keys by tag, and by topic (for `topic:*` invalidations). */
  private readonly byTag = new Map<string, Set<string>>();
  private readonly byTopic = new Map<string, Set<string>>();
  private readonly feed: RevocationFeed;

  constructor(
    connection: Connection,
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {
    this.ttlMs = Math.min(ttlMs, MAX_CACHE_TTL_MS);
    this.feed = revocationFeedFor(connection);
    this.feed.subscribe((kind, key) => this.invalidate(kind, key));
  }

  /**
   * The cached answer for `key`, else `load()`'s, kept (with the tags `tagsOf` names) when
   * `keep` allows and no invalidation arrived while it was read.
   */
  async read(
    key: string,
    load: () => Promise<T>,
    tagsOf: (value: T) => readonly CacheTag[],
    keep: (value: T) => boolean = () => true,
  ): Promise<T> {
    const now = Date.now();
    if (this.feed.isFresh()) {
      const entry = this.entries.get(key);
      if (entry && entry.until > now) return entry.value;
    }
    const generation = this.feed.generation;
    const value = await load();
    if (keep(value) && this.feed.generation === generation) this.set(key, value, tagsOf(value), now);
    return value;
  }

  /** Drops one entry (its owner changed it and knows the key). */
  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    for (const tag of entry.tags) {
      this.byTag.get(tag)?.delete(key);
      this.byTopic.get(tag.slice(0, tag.indexOf(':')))?.delete(key);
    }
  }

  private set(key: string, value: T, tags: readonly CacheTag[], now: number): void {
    this.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.delete(oldest);
    }
    this.entries.set(key, { value, until: now + this.ttlMs, tags });
    for (const tag of tags) {
      indexed(this.byTag, tag).add(key);
      indexed(this.byTopic, tag.slice(0, tag.indexOf(':'))).add(key);
    }
  }

  private invalidate(kind: RevocationKind, key: string): void {
    const dropped =
      key === '*'
        ? [...(this.byTopic.get(kind) ?? [])]
        : [...(this.byTag.get(`${kind}:${key}`) ?? []), ...(this.byTag.get(`${kind}:*`) ?? [])];
    for (const entryKey of dropped) this.delete(entryKey);
  }
}

function indexed(index: Map<string, Set<string>>, name: string): Set<string> {
  let keys = index.get(name);
  if (!keys) {
    keys = new Set();
    index.set(name, keys);
  }
  return keys;
}

export interface InvalidationOptions {
  topic: CacheTopic;
  /** The field that names the cache key (`_id`, or `user_id` for a user's memberships/factors). */
  keyField: string;
  /**
   * Fields whose changes other processes may see late (≤ the caches' TTL): a write of only these
   * drops this process's entry but publishes nothing (e.g. `last_login_at` at every sign-in).
   */
  localOnly?: readonly string[];
  /**
   * Whether a new document publishes its key (default true). False where nothing can have cached
   * an id before its document exists (caches keep no misses): accounts, projects, applications.
   */
  publishInserts?: boolean;
}

/** More keys than this in one write publish `*` (one record instead of many). */
const MAX_KEYS_PUBLISHED = 10;

const QUERY_WRITES = [
  'updateOne',
  'updateMany',
  'replaceOne',
  'findOneAndUpdate',
  'findOneAndReplace',
  'findOneAndDelete',
  'deleteOne',
  'deleteMany',
] as const;

/** The keys a filter value names (an id, or `$in` ids), or null for "could be any". */
function keysOf(value: unknown): string[] | null {
  if (typeof value === 'string') return [value];
  if (value instanceof Types.ObjectId) return [value.toHexString()];
  if (value && typeof value === 'object') {
    const operators = value as { $in?: unknown; $eq?: unknown };
    if (Array.isArray(operators.$in)) {
      const keys = operators.$in.map((item) => keysOf(item));
      return keys.some((key) => key === null) ? null : keys.flatMap((key) => key!);
    }
    if (operators.$eq !== undefined) return keysOf(operators.$eq);
  }
  return null;
}

/** The fields an update document writes (operators' fields, or a replacement's). */
function fieldsWritten(update: unknown): string[] {
  if (!update || typeof update !== 'object' || Array.isArray(update)) return ['*'];
  return Object.entries(update as Record<string, unknown>).flatMap(([name, value]) =>
    name.startsWith('$') && value && typeof value === 'object'
      ? Object.keys(value as object).map((field) => field.split('.')[0]!)
      : [name],
  );
}

/** The keys of a bulkWrite that only updates `localOnly` fields of documents named by key, else null. */
function localBulkKeys(
  ops: unknown,
  keyField: string,
  onlyLocal: (fields: string[]) => boolean,
): string[] | null {
  if (!Array.isArray(ops) || ops.length === 0) return null;
  const keys: string[] = [];
  for (const op of ops as Array<Record<string, { filter?: Record<string, unknown>; update?: unknown }>>) {
    const update = op.updateOne ?? op.updateMany;
    if (!update || Object.keys(op).length !== 1 || !onlyLocal(fieldsWritten(update.update))) return null;
    const named = keysOf(update.filter?.[keyField]);
    if (!named) return null;
    keys.push(...named);
  }
  return keys;
}

async function announce(
  connection: Connection,
  options: InvalidationOptions,
  keys: string[] | null,
  localOnly: boolean,
): Promise<void> {
  const feed = revocationFeedFor(connection);
  const named = keys === null || keys.length > MAX_KEYS_PUBLISHED ? ['*'] : [...new Set(keys)];
  for (const key of named) {
    if (localOnly) feed.dropLocally(options.topic, key);
    else await feed.publish(options.topic, key);
  }
}

/**
 * Every write through this schema's models drops the written keys from the caches of `topic`:
 * here before the write resolves, elsewhere through the feed (see the module comment).
 */
export function invalidatesCaches(schema: Schema, options: InvalidationOptions): void {
  const { keyField } = options;
  const localOnly = new Set(options.localOnly ?? []);
  const onlyLocal = (fields: string[]) => fields.length > 0 && fields.every((field) => localOnly.has(field));
  const keyOfDocument = (doc: unknown) => keysOf((doc as Record<string, unknown> | null)?.[keyField]);

  schema.post(
    [...QUERY_WRITES],
    { document: false, query: true },
    async function (this: Query<unknown, unknown>, result: unknown) {
      let keys = keysOf(this.getFilter()[keyField]);
      // findOneAnd…: the document names its key when the filter did not.
      if (keys === null && result && typeof result === 'object' && keyField in result)
        keys = keyOfDocument(result);
      await announce(this.model.db, options, keys, onlyLocal(fieldsWritten(this.getUpdate())));
    },
  );

  const localSaves = new WeakSet<object>();
  schema.pre('save', function () {
    if (this.isNew) newDocuments.add(this);
    else newDocuments.delete(this);
    if (!this.isNew && onlyLocal(this.modifiedPaths().map((path) => path.split('.')[0]!)))
      localSaves.add(this);
    else localSaves.delete(this);
  });
  const newDocuments = new WeakSet<object>();
  schema.post('save', async function (doc) {
    if (newDocuments.has(doc) && options.publishInserts === false) return;
    const model = doc.constructor as Model<unknown>;
    await announce(model.db, options, keyOfDocument(doc), localSaves.has(doc));
  });
  schema.post('deleteOne', { document: true, query: false }, async function (doc) {
    await announce((doc.constructor as Model<unknown>).db, options, keyOfDocument(doc), false);
  });
  schema.post('insertMany', async function (this: Model<unknown>, docs: unknown) {
    if (options.publishInserts === false) return;
    const list = Array.isArray(docs) ? docs : [docs];
    const keys = list.map((doc) => keyOfDocument(doc));
    await announce(
      this.db,
      options,
      keys.some((key) => key === null) ? null : (keys.flat() as string[]),
      false,
    );
  });
  // bulkWrite's post hook does not see its operations: writes of only `localOnly` fields by key
  // (the batched last_login_at) are dropped here before they run; any other bulkWrite publishes `*`
  // after it, and while one is in flight every bulkWrite's end publishes `*` (never too early).
  const inFlight = { local: 0, other: 0 };
  schema.pre('bulkWrite', function (this: Model<unknown>, ops: unknown) {
    const local = localBulkKeys(ops, keyField, onlyLocal);
    if (!local) {
      inFlight.other++;
      return;
    }
    inFlight.local++;
    for (const key of local) revocationFeedFor(this.db).dropLocally(options.topic, key);
  });
  schema.post('bulkWrite', async function (this: Model<unknown>) {
    // Whose end this is cannot be told: count it as a local one's while any is in flight.
    const other = inFlight.other > 0;
    if (inFlight.local > 0) inFlight.local--;
    else if (other) inFlight.other--;
    if (other) await announce(this.db, options, null, false);
  });
}
