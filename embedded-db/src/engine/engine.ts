/**
 * The engine: the catalog of databases and collections, and the operations on documents — CRUD through the
 * query planner (planner.ts) over the lmdb store (store.ts, collection.ts), updates and aggregation via mingo.
 *
 * Documents read from the store are fresh objects; a write replaces the stored document, so cursors and replies
 * may hold the objects they read. Every method that writes runs inside the command's write transaction.
 */
import { deserialize, ObjectId, serialize, UUID } from 'bson';
import { Context } from 'mingo';
import { evalExpr } from 'mingo/core';
import { Aggregator } from 'mingo/aggregator';
import * as accumulatorOperators from 'mingo/operators/accumulator';
import * as expressionOperators from 'mingo/operators/expression';
import * as pipelineOperators from 'mingo/operators/pipeline';
import * as projectionOperators from 'mingo/operators/projection';
import * as queryOperators from 'mingo/operators/query';
import * as windowOperators from 'mingo/operators/window';
import type { Options as MingoOptions, PipelineOperator } from 'mingo/types';
import { update as mingoUpdate } from 'mingo/updater';
import { AGGREGATION_OVERRIDES, restorePassThroughTypes } from '../query/aggregation.js';
import { Query, QUERY_CONTEXT, QUERY_OVERRIDES } from '../query/query.js';
import { applyPulls, applySimpleUpdate, prepareUpdate } from '../query/update-ops.js';
import { makeCollator, sortBy } from '../query/compare.js';
import { checkPattern, scanQuery } from '../query/limits.js';
import { checkSchema } from '../query/schema.js';
import { resolveView } from '../query/views.js';
import {
  Collection,
  Database,
  Index,
  type IndexSpec,
  type ScanStats,
  type UniqueMarks,
} from '../storage/collection.js';
import { countExact, planQuery, runPlanRaw, type Plan } from '../query/planner.js';
import { fieldNames, filterFields, selectFields } from '../query/partial.js';
import { compileRawFilter } from '../query/raw-filter.js';
import { RawDocument } from '../bson/raw.js';
import type { Store } from '../storage/store.js';
import { MongoServerError, mongoError } from '../errors.js';
import {
  checkExpression,
  checkPath,
  checkPipeline,
  checkProjection,
  checkSort,
  checkUpdatePaths,
} from '../query/paths.js';
import {
  applyTypes,
  docTypes,
  dropTypes,
  EXACT_DECODE,
  normalize,
  pruneTypes,
  type TypeMap,
} from '../bson/types.js';
import { cloneDoc, formatValue, getPath, isPlainObject, keyOf, setPath, type Doc } from '../bson/values.js';

export const MINGO_OPTIONS: Partial<MingoOptions> = {
  context: QUERY_CONTEXT,
  idKey: '_id',
  useStrictMode: true,
  scriptEnabled: false,
};

/** Options of `Engine.match`: the sort and limit let an index scan stop early; stats and plan feed explain. */
export interface MatchOptions {
  sort?: Doc;
  limit?: number;
  hint?: unknown;
  stats?: ScanStats;
  plan?: { value?: Plan };
}

/** Options of `Engine.find`. */
export interface FindOptions extends Omit<MatchOptions, 'limit'> {
  filter: Doc;
  skip?: number;
  limit?: number;
  projection?: Doc;
  /** Stored BSON may be returned as RawDocument where nothing needs the decoded document (see raw.ts). */
  raw?: boolean;
}

/**
 * Field order of a projection result as mongod produces it: `_id` first, then the kept fields in the order of
 * the input document, then computed fields. (mingo puts computed fields first and `_id` last.)
 */
export function orderProjected(out: Doc, input: Doc | undefined): Doc {
  if (!input || !isPlainObject(out)) return idFirst(out);
  const ordered: Doc = {};
  if ('_id' in out) ordered._id = out._id;
  for (const k of Object.keys(input)) if (k !== '_id' && k in out) ordered[k] = out[k];
  for (const k of Object.keys(out)) if (!(k in ordered)) ordered[k] = out[k];
  return ordered;
}

/** $project with mongod's field order; the input of each output is tapped (the stage maps 1:1, in order). */
const $projectIdFirst = ((coll, expr, options) => {
  let current: Doc | undefined;
  const tapped = coll.map((d) => {
    current = d as Doc;
    return d;
  });
  return pipelineOperators.$project(tapped, expr, options).map((d) => orderProjected(d as Doc, current));
}) as typeof pipelineOperators.$project;

/** Operators for aggregation: all of mingo's, with $project adjusted and the corrections of query.ts/aggregation.ts. */
export const AGGREGATION_CONTEXT = Context.init({
  accumulator: { ...accumulatorOperators, ...AGGREGATION_OVERRIDES.accumulator } as never,
  expression: { ...expressionOperators, ...AGGREGATION_OVERRIDES.expression } as never,
  pipeline: {
    ...(pipelineOperators as unknown as Record<`$${string}`, PipelineOperator>),
    $project: $projectIdFirst,
    ...AGGREGATION_OVERRIDES.pipeline,
  },
  projection: { ...projectionOperators, ...AGGREGATION_OVERRIDES.projection } as never,
  query: { ...queryOperators, ...QUERY_OVERRIDES } as never,
  window: { ...windowOperators, ...AGGREGATION_OVERRIDES.window } as never,
});

export { Collection, Database, duplicateKeyError, Index, type IndexSpec } from '../storage/collection.js';

export function validateDbName(name: string): void {
  if (!name || /[/\\. "$\0]/.test(name) || name.length > 63)
    throw mongoError(73, `Invalid database name: '${name}'`);
}

export function validateCollName(db: string, name: unknown): string {
  if (typeof name !== 'string') throw mongoError(73, `collection name has invalid type ${typeof name}`);
  if (!name || name.includes('\0') || name.startsWith('.') || name.includes('$'))
    throw mongoError(73, `Invalid collection name: ${name}`);
  if (db.length + 1 + name.length > 255)
    throw mongoError(73, `Fully qualified namespace is too long. Namespace: ${db}.${name}`);
  return name;
}

/** Normalizes a caller-provided index spec and validates it like mongod. */
export function makeIndexSpec(raw: Doc): IndexSpec {
  const key = raw.key;
  if (!isPlainObject(key) || Object.keys(key).length === 0)
    throw mongoError(67, 'Index keys cannot be empty.');
  for (const [f, dir] of Object.entries(key)) {
    if (!f) throw mongoError(67, 'Index keys cannot be an empty field.');
    const ok =
      (typeof dir === 'number' && dir !== 0 && !Number.isNaN(dir)) ||
      ['text', '2dsphere', '2d', 'hashed'].includes(String(dir));
    if (!ok)
      throw mongoError(
        67,
        `Values in the index key pattern can't be zero or an unknown string: ${formatValue(key)}`,
      );
  }
  const name = typeof raw.name === 'string' ? raw.name : defaultIndexName(key);
  if (raw.name !== undefined && typeof raw.name !== 'string')
    throw mongoError(14, "The field 'name' must be a string");
  if (!name) throw mongoError(67, 'The index name cannot be empty');
  const spec: IndexSpec = { v: 2, key: { ...key }, name };
  for (const [k, v] of Object.entries(raw)) {
    if (k === 'key' || k === 'name' || k === 'v' || k === 'ns' || k === 'background') continue;
    if (k === 'unique' || k === 'sparse' || k === 'hidden') {
      if (v) spec[k] = true;
      continue;
    }
    if (k === 'expireAfterSeconds') {
      if (typeof v !== 'number' || v < 0 || Number.isNaN(v))
        throw mongoError(2, "TTL index 'expireAfterSeconds' option must be numeric and non-negative");
      if (Object.keys(key).length !== 1)
        throw mongoError(67, 'TTL indexes are single-field indexes, compound indexes do not support TTL.');
      spec.expireAfterSeconds = Math.floor(v);
      continue;
    }
    if (k === 'partialFilterExpression') {
      if (!isPlainObject(v)) throw mongoError(14, "'partialFilterExpression' option must be a document");
      spec.partialFilterExpression = v;
      continue;
    }
    spec[k] = v;
  }
  if (name === '_id_' && keyOf(key) !== keyOf({ _id: 1 }))
    throw mongoError(67, "The index name '_id_' is reserved for the _id index");
  return spec;
}

export function defaultIndexName(key: Doc): string {
  return Object.entries(key)
    .map(([f, d]) => `${f}_${String(d)}`)
    .join('_');
}

function sameIndexOptions(a: Doc, b: Doc): boolean {
  const norm = (s: Doc) => {
    const o: Doc = {};
    for (const k of [
      'unique',
      'sparse',
      'partialFilterExpression',
      'expireAfterSeconds',
      'collation',
      'weights',
      'default_language',
      '2dsphereIndexVersion',
      'hidden',
    ]) {
      if (s[k] !== undefined && s[k] !== false) o[k] = s[k];
    }
    return keyOf(o);
  };
  return norm(a) === norm(b);
}

export class Engine {
  readonly dbs = new Map<string, Database>();

  constructor(readonly store: Store) {
    this.loadCatalog();
  }

  /** Reads the catalog (collections, indexes, counts): the only work at start-up, whatever the data size. */
  private loadCatalog(): void {
    for (const { key, value } of this.store.catalog.getRange({})) {
      const [db, name] = key as [string, string];
      const rec = normalize(deserialize(value, EXACT_DECODE)) as Doc;
      const coll = new Collection(
        this.store,
        db,
        name,
        (rec.options as Doc) ?? {},
        rec.uuid as UUID,
        rec.no as number,
      );
      coll.indexes = ((rec.indexes as Doc[]) ?? []).map(
        (i) => new Index(makeIndexSpec(i.spec as Doc), i.no as number, i.multikey === true),
      );
      coll.count = this.store.meta.get(['count', coll.no]) ?? 0;
      (this.getDb(db, true) as Database).collections.set(name, coll);
    }
  }

  /** Writes a collection's catalog entry (options, uuid, index definitions). */
  saveCatalog(coll: Collection): void {
    const rec = {
      no: coll.no,
      options: coll.options,
      uuid: coll.uuid,
      indexes: coll.indexes.map((i) => ({ no: i.no, spec: i.spec, multikey: i.multikey })),
    };
    this.store.catalog.putSync([coll.db, coll.name], serialize(rec, { checkKeys: false }) as Buffer);
  }

  getDb(name: string, create: boolean): Database | undefined {
    let db = this.dbs.get(name);
    if (!db && create) {
      validateDbName(name);
      db = new Database(name);
      this.dbs.set(name, db);
    }
    return db;
  }

  getCollection(db: string, name: string): Collection | undefined {
    return this.dbs.get(db)?.collections.get(name);
  }

  /** Returns the collection, creating it implicitly (like an insert does). */
  ensureCollection(db: string, name: string): { coll: Collection; created: boolean } {
    const existing = this.getCollection(db, name);
    if (existing) return { coll: existing, created: false };
    return { coll: this.createCollection(db, name, {}), created: true };
  }

  createCollection(db: string, name: string, options: Doc, uuid: UUID = new UUID()): Collection {
    validateCollName(db, name);
    const d = this.getDb(db, true) as Database;
    if (d.collections.has(name)) throw mongoError(48, `Collection ${db}.${name} already exists.`);
    const coll = new Collection(this.store, db, name, options, uuid, this.store.allocateNumber());
    d.collections.set(name, coll);
    this.saveCatalog(coll);
    return coll;
  }

  dropCollection(db: string, name: string): Collection | undefined {
    const d = this.dbs.get(db);
    const coll = d?.collections.get(name);
    if (!d || !coll) return undefined;
    coll.clear();
    this.store.catalog.removeSync([db, name]);
    d.collections.delete(name);
    return coll;
  }

  dropDatabase(db: string): boolean {
    const d = this.dbs.get(db);
    if (!d) return false;
    for (const name of [...d.collections.keys()]) this.dropCollection(db, name);
    this.dbs.delete(db);
    return true;
  }

  /** Adds an index; returns false when an identical index already exists. */
  createIndex(coll: Collection, spec: IndexSpec): boolean {
    if (spec.name === '_id_' || keyOf(spec.key) === keyOf({ _id: 1 })) {
      if (spec.unique === false || spec.sparse)
        throw mongoError(67, 'The _id index cannot be sparse or non-unique');
      return false;
    }
    for (const idx of coll.indexes) {
      const sameKey = keyOf(idx.spec.key) === keyOf(spec.key);
      if (idx.spec.name === spec.name) {
        if (sameKey && sameIndexOptions(idx.spec, spec)) return false;
        if (!sameKey)
          throw mongoError(
            86,
            `An existing index has the same name as the requested index. When index names are not specified, they are auto generated and can cause conflicts. Please refer to our documentation. Requested index: ${formatValue(spec)}, existing index: ${formatValue(idx.spec)}`,
          );
        throw mongoError(
          85,
          `An existing index has the same name as the requested index. When index names are not specified, they are auto generated and can cause conflicts. Please refer to our documentation. Requested index: ${formatValue(spec)}, existing index: ${formatValue(idx.spec)}`,
        );
      }
      if (
        sameKey &&
        keyOf(idx.spec.partialFilterExpression ?? null) === keyOf(spec.partialFilterExpression ?? null)
      ) {
        if (sameIndexOptions(idx.spec, spec)) return false;
        throw mongoError(
          85,
          `An equivalent index already exists with the same name but different options. Requested index: ${formatValue(spec)}, existing index: ${formatValue(idx.spec)}`,
        );
      }
    }
    const idx = new Index(spec, this.store.allocateNumber());
    try {
      coll.buildIndex(idx, (dup) =>
        mongoError(
          11000,
          `Index build failed: ${coll.uuid.toHexString()}: Collection ${coll.ns} ( ${coll.uuid.toHexString()} ) :: caused by :: ${dup.message}`,
          dup.extra,
        ),
      );
    } catch (e) {
      coll.clearIndex(idx);
      throw e;
    }
    coll.indexes.push(idx);
    this.saveCatalog(coll);
    return true;
  }

  dropIndex(coll: Collection, name: string): void {
    const i = coll.indexes.findIndex((x) => x.spec.name === name);
    if (i < 0) throw mongoError(27, `index not found with name [${name}]`);
    const [idx] = coll.indexes.splice(i, 1);
    if (idx) coll.clearIndex(idx);
    this.saveCatalog(coll);
  }

  // ---- documents ------------------------------------------------------------------------------------------

  /** Inserts a document; `marks` spares the unique-key lookups of an insert command (see UniqueMarks). */
  insert(coll: Collection, doc: Doc, types: TypeMap | undefined, marks?: UniqueMarks): Doc {
    if (doc._id === undefined) doc = { _id: new ObjectId(), ...doc };
    else if (Object.keys(doc)[0] !== '_id') doc = idFirst(doc);
    validateId(doc._id);
    coll.insertStored(doc, types, () => this.saveCatalog(coll), marks);
    return doc;
  }

  replace(coll: Collection, oldDoc: Doc, newDoc: Doc, types: TypeMap | undefined): void {
    coll.replaceStored(oldDoc, newDoc, types, () => this.saveCatalog(coll));
  }

  remove(coll: Collection, doc: Doc): void {
    coll.deleteStored(doc);
  }

  /** Documents matching a filter, in the plan's order (see planner.ts). */
  match(coll: Collection | undefined, filter: Doc, opts: MatchOptions = {}): Doc[] {
    validateFilter(filter);
    if (!coll) return [];
    const plan = planQuery(coll, filter, opts.sort, opts.hint);
    if (opts.plan) opts.plan.value = plan;
    return this.matchPlanned(coll, filter, plan, opts);
  }

  /** `match` with the filter validated and planned already. */
  private matchPlanned(coll: Collection, filter: Doc, plan: Plan, opts: MatchOptions): Doc[] {
    // With the sort delivered by the scan, `limit` matching documents are enough.
    const enough = plan.sortCovered && opts.limit ? opts.limit : Infinity;
    const out: Doc[] = [];
    for (const bytes of this.matchingRaw(coll, filter, plan, opts.stats)) {
      out.push(coll.decode(bytes));
      if (out.length >= enough) break;
    }
    if (opts.sort && Object.keys(opts.sort).length && !plan.sortCovered) return sortDocs(out, opts.sort);
    return out;
  }

  /**
   * The stored BSON of the documents the plan reads that match the filter, in the plan's order. A
   * filter naming a few top-level fields is tested on those fields alone (partial.ts), so documents that
   * do not match are never decoded whole.
   */
  private matchingRaw(coll: Collection, filter: Doc, plan: Plan, stats?: ScanStats): Iterable<Buffer> {
    const scanStats = stats ?? { keysExamined: 0, docsExamined: 0 };
    // An exact plan's key ranges are the filter: what it reads matches (see planner.ts). Its documents are
    // passed on as the scan reads them (no generator between: a find of 500 resumes each layer 500 times).
    if (Object.keys(filter).length === 0 || plan.exact) return runPlanRaw(coll, plan, scanStats);
    return this.testedRaw(coll, filter, plan, scanStats);
  }

  /** The documents a plan reads that match a filter its key ranges are not all of. */
  private *testedRaw(coll: Collection, filter: Doc, plan: Plan, scanStats: ScanStats): Generator<Buffer> {
    const q = new Query(filter, MINGO_OPTIONS);
    const quick = compileRawFilter(filter);
    const fields = filterFields(filter);
    const names = fields ? fieldNames(fields) : null;
    for (const bytes of runPlanRaw(coll, plan, scanStats)) {
      // Decided on the stored bytes where the field types make the answer certain (raw-filter.ts).
      const decided = quick?.(bytes);
      if (decided !== undefined) {
        if (decided) yield bytes;
        continue;
      }
      const part = names ? selectFields(bytes, names) : null;
      if (q.test(coll.decode(part ?? bytes))) yield bytes;
    }
  }

  /** How many documents match; counts index keys without reading documents when the bounds are the filter. */
  countMatching(coll: Collection | undefined, filter: Doc, max = Infinity): number {
    if (!coll) return 0;
    if (Object.keys(filter).length === 0) return Math.min(coll.count, max);
    validateFilter(filter);
    const plan = planQuery(coll, filter);
    const exact = countExact(coll, plan);
    if (exact !== null && exact !== undefined) return Math.min(exact, max);
    if (plan.stage === 'OR' && plan.disjoint) {
      // Branches no document shares: each counted on its own, from its keys where they are the branch.
      let n = 0;
      for (const branch of plan.branches ?? []) {
        n += countExact(coll, branch) ?? this.countScanned(coll, branch.filter as Doc, branch, max - n);
        if (n >= max) return max;
      }
      return n;
    }
    return this.countScanned(coll, filter, plan, max);
  }

  /** The documents of a plan that match a filter, counted up to `max`. */
  private countScanned(coll: Collection, filter: Doc, plan: Plan, max: number): number {
    let n = 0;
    for (const _bytes of this.matchingRaw(coll, filter, plan)) if (++n >= max) break;
    return n;
  }

  /** find: filter, sort, skip, limit and projection. Returns documents ready to encode. */
  find(coll: Collection | undefined, opts: FindOptions): Doc[] {
    validateFilter(opts.filter);
    if (!coll) return [];
    const skip = opts.skip ?? 0;
    const plan = planQuery(coll, opts.filter, opts.sort, opts.hint);
    if (opts.plan) opts.plan.value = plan;
    const raw = opts.raw ? this.findRaw(coll, plan, opts) : undefined;
    if (raw) return raw as unknown as Doc[];
    let docs = this.matchPlanned(coll, opts.filter, plan, {
      sort: opts.sort,
      limit: opts.limit ? skip + opts.limit : undefined,
      stats: opts.stats,
    });
    if (skip || opts.limit) docs = docs.slice(skip, opts.limit ? skip + opts.limit : undefined);
    return project(docs, opts.projection, opts.filter);
  }

  /**
   * A find answered with the stored bytes: the plan reads the documents in the requested order (the filter,
   * when the key ranges are not all of it, is tested per document by matchingRaw) and there is no
   * projection. Undefined when that does not apply.
   */
  private findRaw(coll: Collection, plan: Plan, opts: FindOptions): RawDocument[] | undefined {
    if (opts.projection && Object.keys(opts.projection).length) return undefined;
    const sorted = !opts.sort || Object.keys(opts.sort).length === 0 || plan.sortCovered;
    if (!sorted) return undefined;
    const skip = opts.skip ?? 0;
    const wanted = opts.limit ? skip + opts.limit : Infinity;
    const out: RawDocument[] = [];
    let seen = 0;
    for (const bytes of this.matchingRaw(coll, opts.filter, plan, opts.stats)) {
      if (seen++ >= skip) out.push(new RawDocument(bytes));
      if (seen >= wanted) break;
    }
    return out;
  }

  /** Runs an aggregation pipeline over a collection (or over nothing, for `aggregate: 1`). */
  aggregate(
    db: string,
    coll: Collection | undefined,
    pipeline: Doc[],
    input?: Doc[],
    opts: { collation?: unknown; variables?: Doc } = {},
  ): Doc[] {
    checkPipeline(pipeline, validateFilter);
    const counted =
      !input && !opts.collation && !opts.variables ? this.countStage(coll, pipeline) : undefined;
    if (counted) return counted;
    let stages = pipeline;
    let source: Doc[];
    const first = stages[0];
    if (input) source = input;
    else if (
      first &&
      isPlainObject(first.$match) &&
      Object.keys(first).length === 1 &&
      !opts.collation &&
      !opts.variables
    ) {
      source = this.match(coll, first.$match);
      stages = stages.slice(1);
    } else source = coll ? [...coll.all()] : [];
    // Aggregation works on the engine representation (plain JS numbers) so arithmetic and comparisons work;
    // numbers in its output are encoded naturally (int32 when integral and small, double otherwise).
    const resolved = new Map<string, Doc[]>();
    const collectionResolver = (name: string): Doc[] => {
      let docs = resolved.get(name);
      if (!docs) {
        // a view ($lookup/$unionWith/$graphLookup from it) reads through its pipeline
        const view = resolveView(this, db, name);
        const c = this.getCollection(db, view ? view.source : name);
        docs = view ? this.aggregate(db, c, view.pipeline) : c ? [...c.all()] : [];
        resolved.set(name, docs);
      }
      return docs;
    };
    if (stages.length === 0) return source;
    const agg = new Aggregator(stages, {
      ...MINGO_OPTIONS,
      context: AGGREGATION_CONTEXT,
      collectionResolver,
      processingMode: 1 /* CLONE_INPUT */,
      ...(opts.collation ? { collation: opts.collation as never } : {}),
      ...(opts.variables ? { variables: opts.variables } : {}),
    });
    const out = agg.run(source) as Doc[];
    // values passed through unchanged keep their stored numeric type (an int64 stays an int64)
    restorePassThroughTypes(out, source);
    return out;
  }

  /**
   * `[{$match}, {$group: {_id: <constant>, n: {$sum: 1}}}]` — the driver's countDocuments — answered by
   * countMatching (index keys only, when the filter is an exact key range) instead of grouping documents.
   */
  private countStage(coll: Collection | undefined, pipeline: Doc[]): Doc[] | undefined {
    // countDocuments with skip/limit puts them between the two stages: count the first skip + limit
    const limits = pipeline.slice(1, -1);
    let skip = 0;
    let limit = Infinity;
    for (const stage of limits) {
      const [op, value] = Object.entries(stage)[0] ?? [];
      if (
        Object.keys(stage).length !== 1 ||
        typeof value !== 'number' ||
        !Number.isSafeInteger(value) ||
        value < 0
      )
        return undefined;
      if (op === '$skip' && limit === Infinity) skip += value;
      else if (op === '$limit' && value > 0) limit = Math.min(limit, value);
      else return undefined;
    }
    const [match, group] = [pipeline[0], pipeline[pipeline.length - 1]];
    if (pipeline.length < 2 || !isPlainObject(match?.$match) || Object.keys(match).length !== 1)
      return undefined;
    if (!isPlainObject(group?.$group) || Object.keys(group).length !== 1) return undefined;
    const spec = group.$group;
    const fields = Object.keys(spec);
    const id = spec._id;
    const out = fields.find((f) => f !== '_id');
    if (fields.length !== 2 || out === undefined || (typeof id !== 'number' && id !== null)) return undefined;
    const sum = spec[out];
    if (!isPlainObject(sum) || Object.keys(sum).length !== 1 || sum.$sum !== 1) return undefined;
    const n = Math.min(Math.max(this.countMatching(coll, match.$match, skip + limit) - skip, 0), limit);
    return n === 0 ? [] : [{ _id: id, [out]: n }];
  }

  /** Applies an update (operators, replacement or pipeline) to one document; returns the new document. */
  applyUpdate(
    old: Doc,
    u: Doc | Doc[],
    uTypes: TypeMap | undefined,
    opts: { query: Doc; arrayFilters?: Doc[]; upsert?: boolean; variables?: Doc },
  ): { doc: Doc; types: TypeMap | undefined; changed: boolean } {
    const oldTypes = docTypes.get(old);
    if (opts.arrayFilters) for (const f of opts.arrayFilters) validateFilter(f);
    if (Array.isArray(u)) {
      checkPipeline(u, validateFilter);
      for (const stage of u) {
        const op = isPlainObject(stage) ? Object.keys(stage)[0] : undefined;
        if (!op || !PIPELINE_UPDATE_STAGES.has(op) || Object.keys(stage).length !== 1)
          throw mongoError(
            ErrorCodes.InvalidOptions,
            `${op ?? 'stage'} is not allowed to be used within an update`,
          );
      }
      let doc: Doc;
      try {
        const agg = new Aggregator(u, {
          ...MINGO_OPTIONS,
          context: AGGREGATION_CONTEXT,
          processingMode: 1,
          ...(opts.variables ? { variables: opts.variables } : {}),
        });
        doc = (agg.run([cloneDoc(old)]) as Doc[])[0] as Doc;
      } catch (e) {
        throw updateError(e);
      }
      if (!isPlainObject(doc)) throw mongoError(2, 'pipeline update must produce a document');
      if (doc._id === undefined && old._id !== undefined) doc._id = old._id;
      checkIdUnchanged(old, doc, opts.upsert);
      const fixed = idFirst(doc);
      return { doc: fixed, types: pruneTypes(fixed, oldTypes), changed: keyOf(fixed) !== keyOf(old) };
    }
    const keys = Object.keys(u);
    const isOps = keys.length > 0 && keys.every((k) => k.startsWith('$'));
    if (!isOps) {
      const bad = keys.find((k) => k.startsWith('$'));
      if (bad)
        throw mongoError(
          52,
          `The dollar ($) prefixed field '${bad}' in '${bad}' is not allowed in the context of an update's replacement document. Consider using an aggregation pipeline with $replaceWith.`,
        );
      const doc: Doc = { _id: old._id, ...u };
      if (old._id === undefined) delete doc._id;
      else if (u._id !== undefined && keyOf(u._id) !== keyOf(old._id))
        throw mongoError(
          66,
          `After applying the update, the (immutable) field '_id' was found to have been altered to _id: ${formatValue(u._id)}`,
        );
      if (u._id !== undefined) doc._id = u._id;
      return { doc: idFirst(doc), types: uTypes, changed: keyOf(doc) !== keyOf(old) };
    }
    const ops: Doc = {};
    for (const k of keys) {
      if (!UPDATE_OPERATORS.has(k))
        throw mongoError(
          9,
          `Unknown modifier: ${k}. Expected a valid update modifier or pipeline-style update specified as an array`,
        );
      const spec = u[k];
      if (!isPlainObject(spec))
        throw mongoError(
          9,
          `Modifiers operate on fields but we found type ${typeName(spec)} instead. For example: {$mod: {<field>: ...}} not {${k}: ${formatValue(spec)}}`,
        );
      checkUpdatePaths(k, spec);
      if (k === '$setOnInsert') {
        if (!opts.upsert) continue;
        ops.$set = { ...((ops.$set as Doc) ?? {}), ...spec };
        continue;
      }
      if (k === '$set') {
        ops.$set = { ...((ops.$set as Doc) ?? {}), ...spec };
        continue;
      }
      if (Object.keys(spec).length) ops[k] = spec;
    }
    checkConflicts(ops);
    checkArithmetic(old, ops);
    // positional paths resolved, $pull and _id taken out, paths checked (update-ops.ts)
    const prepared = prepareUpdate(old, ops, opts);
    const doc = cloneDoc(old);
    let fields: string[] = [];
    if (Object.keys(prepared.ops).length) {
      const simple = applySimpleUpdate(doc, prepared.ops);
      if (simple) fields = simple;
      else
        try {
          fields = mingoUpdate(doc, prepared.ops as never, undefined, undefined, {
            cloneMode: 'deep',
            queryOptions: MINGO_OPTIONS,
          });
        } catch (e) {
          throw updateError(e);
        }
    }
    fields.push(...applyPulls(doc, prepared.pulls));
    if (prepared.setId !== undefined) {
      validateId(prepared.setId);
      doc._id = prepared.setId;
    }
    checkIdUnchanged(old, doc, opts.upsert);
    let types = dropTypes(oldTypes, fields);
    if (uTypes) {
      for (const [p, t] of uTypes) {
        const m = /^\$(set|setOnInsert|inc|mul|min|max)\.(.+)$/.exec(p);
        if (!m || !m[2] || m[2].includes('$')) continue;
        if (m[1] === 'setOnInsert' && !opts.upsert) continue;
        types ??= new Map();
        types.set(m[2], t);
      }
    }
    if (oldTypes) {
      // arithmetic keeps the stored type (long + int stays long)
      for (const op of ['$inc', '$mul', '$min', '$max']) {
        const spec = ops[op] as Doc | undefined;
        if (!spec) continue;
        for (const p of Object.keys(spec)) {
          const t = oldTypes.get(p);
          if (t && !types?.has(p)) (types ??= new Map()).set(p, t);
        }
      }
    }
    const out = idFirst(doc);
    return { doc: out, types: pruneTypes(out, types), changed: fields.length > 0 };
  }
}

const ErrorCodes = { InvalidOptions: 72 } as const;

const PIPELINE_UPDATE_STAGES = new Set([
  '$addFields',
  '$set',
  '$project',
  '$unset',
  '$replaceRoot',
  '$replaceWith',
]);

const UPDATE_OPERATORS = new Set([
  '$set',
  '$unset',
  '$inc',
  '$mul',
  '$min',
  '$max',
  '$rename',
  '$push',
  '$pull',
  '$pullAll',
  '$addToSet',
  '$pop',
  '$currentDate',
  '$bit',
  '$setOnInsert',
]);

function typeName(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'int' : 'double';
  if (typeof v === 'boolean') return 'bool';
  return typeof v;
}

function checkConflicts(ops: Doc): void {
  const paths: string[] = [];
  for (const [op, spec] of Object.entries(ops)) {
    for (const p of Object.keys(spec as Doc)) {
      paths.push(p);
      if (op === '$rename') paths.push(String((spec as Doc)[p]));
    }
  }
  for (let i = 0; i < paths.length; i++) {
    for (let j = i + 1; j < paths.length; j++) {
      const a = paths[i] as string;
      const b = paths[j] as string;
      if (a === b || a.startsWith(b + '.') || b.startsWith(a + '.'))
        throw mongoError(
          40,
          `Updating the path '${b}' would create a conflict at '${a.length < b.length ? a : b}'`,
        );
    }
  }
  for (const p of paths) {
    if (p === '') throw mongoError(56, 'An empty update path is not valid.');
    if (p.split('.').some((s) => s === ''))
      throw mongoError(56, `The update path '${p}' contains an empty field name, which is not allowed.`);
  }
}

function isNumeric(v: unknown): boolean {
  if (typeof v === 'number') return true;
  const t = (v as { _bsontype?: string } | null)?._bsontype;
  return t === 'Long' || t === 'Decimal128' || t === 'Int32' || t === 'Double';
}

/** mingo silently skips $inc/$mul on non-numbers; mongod fails with TypeMismatch. */
function checkArithmetic(old: Doc, ops: Doc): void {
  for (const [op, verb] of [
    ['$inc', 'increment'],
    ['$mul', 'multiply'],
  ] as const) {
    const spec = ops[op] as Doc | undefined;
    if (!spec) continue;
    for (const [path, arg] of Object.entries(spec)) {
      if (!isNumeric(arg))
        throw mongoError(14, `Cannot ${verb} with non-numeric argument: {${path}: ${formatValue(arg)}}`);
      if (path.includes('$')) continue;
      const current = getPath(old, path);
      if (current !== undefined && !isNumeric(current)) {
        const field = path.split('.').pop() as string;
        throw mongoError(
          14,
          `Cannot apply ${op} to a value of non-numeric type. {_id: ${formatValue(old._id)}} has the field '${field}' of non-numeric type ${typeName(current)}`,
        );
      }
    }
  }
}

function updateError(e: unknown): MongoServerError {
  if (e instanceof MongoServerError) return e;
  const msg = e instanceof Error ? e.message : String(e);
  if (/immutable field/i.test(msg)) return mongoError(66, msg.replace(/\.$/, ''));
  if (/numeric|number/i.test(msg)) return mongoError(14, msg);
  return mongoError(2, msg);
}

function checkIdUnchanged(old: Doc, doc: Doc, upsert: boolean | undefined): void {
  if (upsert && old._id === undefined) return;
  if (keyOf(doc._id) !== keyOf(old._id))
    throw mongoError(66, "Performing an update on the path '_id' would modify the immutable field '_id'");
}

/**
 * The `collation` and `let` options of a command, validated, as mingo options (undefined when neither applies).
 * `let` values are expressions evaluated once, before the command runs.
 */
export function commandOptions(
  collation: unknown,
  letDoc: unknown,
): { collation?: Doc; variables?: Doc } | undefined {
  const out: { collation?: Doc; variables?: Doc } = {};
  if (collation !== undefined && makeCollator(collation)) out.collation = collation as Doc;
  if (letDoc !== undefined) {
    if (!isPlainObject(letDoc))
      throw mongoError(14, "BSON field 'let' is the wrong type, expected type 'object'");
    checkExpression(letDoc);
    // evaluated before the command's time limit applies: refuse catastrophic regular expressions here
    for (const p of scanQuery([letDoc]).patterns) checkPattern(p.source, p.flags);
    for (const k of Object.keys(letDoc))
      if (!/^[a-z][A-Za-z0-9_]*$/.test(k) && !(k.charCodeAt(0) > 127))
        throw mongoError(16866, `'${k}' starts with an invalid character for a user variable name`);
    out.variables = evalExpr({}, letDoc, { ...MINGO_OPTIONS, context: AGGREGATION_CONTEXT } as never) as Doc;
  }
  return out.collation || out.variables ? out : undefined;
}

/** Changes catalog options of a collection (collMod) and writes the catalog entry. */
export function setCollectionOptions(engine: Engine, coll: Collection, changes: Doc): void {
  Object.assign(coll.options, changes);
  engine.saveCatalog(coll);
}

export function idFirst(doc: Doc): Doc {
  if (doc._id === undefined || Object.keys(doc)[0] === '_id') return doc;
  const { _id, ...rest } = doc;
  return { _id, ...rest };
}

export function validateId(id: unknown): void {
  if (Array.isArray(id)) throw mongoError(53, "The '_id' value cannot be of type array");
  if (id instanceof RegExp) throw mongoError(53, "The '_id' value cannot be of type regex");
  if (id === undefined) throw mongoError(53, "The '_id' value cannot be undefined");
  if (isPlainObject(id)) {
    const bad = firstDollarKey(id);
    if (bad)
      throw mongoError(
        52,
        `_id fields may not contain '$'-prefixed fields: ${bad} is not valid for storage.`,
      );
  }
}

function firstDollarKey(v: unknown): string | undefined {
  if (Array.isArray(v)) {
    for (const e of v) {
      const k = firstDollarKey(e);
      if (k) return k;
    }
    return undefined;
  }
  if (!isPlainObject(v)) return undefined;
  for (const [k, x] of Object.entries(v)) {
    if (k.startsWith('$')) return k;
    const inner = firstDollarKey(x);
    if (inner) return inner;
  }
  return undefined;
}

export function sortDocs(docs: Doc[], sort: Doc, collation?: unknown): Doc[] {
  checkSort(sort);
  if ('$natural' in sort) {
    // natural order is insertion order; only a {$natural: -1} sort changes anything
    return sort.$natural === -1 ? docs.slice().reverse() : docs;
  }
  for (const [f, dir] of Object.entries(sort)) {
    if (isPlainObject(dir) && '$meta' in dir) continue;
    if (dir !== 1 && dir !== -1)
      throw mongoError(15974, `Illegal key in $sort specification: ${f}: ${formatValue(dir)}`);
  }
  // mongod's order (numbers of every type by value, Decimal128 included) and the collation (compare.ts)
  return sortBy(docs, sort, makeCollator(collation));
}

/** Applies a find projection; keeps the numeric type annotations of the source documents. */
export function project(docs: Doc[], projection: Doc | undefined, filter: Doc): Doc[] {
  checkProjection(projection);
  if (!projection || Object.keys(projection).length === 0)
    return docs.map((d) => applyTypes(d, docTypes.get(d)));
  const slices = sliceOnlyProjection(projection);
  if (slices) return docs.map((d) => applyTypes(applySlices(d, slices), docTypes.get(d)));
  const q = new Query(filter, MINGO_OPTIONS);
  return docs.map((d) =>
    applyTypes(orderProjected(q.find([d], projection).all()[0] as Doc, d), docTypes.get(d)),
  );
}

/**
 * A projection made only of `$slice` (and exclusions) keeps every other field in mongod, while mingo treats
 * `$slice` as an inclusion. Returns the slices when the projection has that shape.
 */
function sliceOnlyProjection(projection: Doc): Array<[string, unknown]> | undefined {
  const slices: Array<[string, unknown]> = [];
  for (const [k, v] of Object.entries(projection)) {
    if (isPlainObject(v) && Object.keys(v).length === 1 && '$slice' in v) slices.push([k, v.$slice]);
    else if (v === 0 || v === false) slices.push([k, undefined]);
    else return undefined;
  }
  return slices.some(([, s]) => s !== undefined) ? slices : undefined;
}

function applySlices(doc: Doc, slices: Array<[string, unknown]>): Doc {
  const out = cloneDoc(doc);
  for (const [path, spec] of slices) {
    const parts = path.split('.');
    let parent: unknown = out;
    for (const p of parts.slice(0, -1)) parent = isPlainObject(parent) ? parent[p] : undefined;
    if (!isPlainObject(parent)) continue;
    const last = parts[parts.length - 1] as string;
    if (spec === undefined) {
      delete parent[last];
      continue;
    }
    const arr = parent[last];
    if (!Array.isArray(arr)) continue;
    if (typeof spec === 'number') parent[last] = spec >= 0 ? arr.slice(0, spec) : arr.slice(spec);
    else if (Array.isArray(spec) && typeof spec[0] === 'number' && typeof spec[1] === 'number') {
      const start = spec[0] < 0 ? Math.max(arr.length + spec[0], 0) : spec[0];
      parent[last] = arr.slice(start, start + spec[1]);
    }
  }
  return out;
}

/** Builds the base document of an upsert from the equality conditions of its query. */
export function upsertBase(query: Doc): Doc {
  const doc: Doc = {};
  const visit = (q: Doc) => {
    for (const [k, v] of Object.entries(q)) {
      if (k === '$and' && Array.isArray(v)) {
        for (const sub of v) if (isPlainObject(sub)) visit(sub);
        continue;
      }
      if (k.startsWith('$')) continue;
      if (isPlainObject(v) && Object.keys(v).some((x) => x.startsWith('$'))) {
        if ('$eq' in v && Object.keys(v).length === 1) setPath(doc, k, cloneDoc(v.$eq));
        continue;
      }
      setPath(doc, k, cloneDoc(v));
    }
  };
  visit(query);
  return doc;
}

export { getPath };

const TOP_LEVEL_OPERATORS = new Set([
  '$and',
  '$or',
  '$nor',
  '$expr',
  '$comment',
  '$where',
  '$jsonSchema',
  '$text',
  '$sampleRate',
  '$alwaysTrue',
  '$alwaysFalse',
]);
const FIELD_OPERATORS = new Set([
  '$eq',
  '$ne',
  '$gt',
  '$gte',
  '$lt',
  '$lte',
  '$in',
  '$nin',
  '$not',
  '$exists',
  '$type',
  '$mod',
  '$regex',
  '$options',
  '$all',
  '$elemMatch',
  '$size',
  '$bitsAllSet',
  '$bitsAnySet',
  '$bitsAllClear',
  '$bitsAnyClear',
  '$geoWithin',
  '$geoIntersects',
  '$near',
  '$nearSphere',
  '$within',
  '$jsonSchema',
]);

/** Rejects unknown query operators the way mongod does (mingo would silently treat some as field names). */
export function validateFilter(filter: unknown, depth = 0): void {
  if (!isPlainObject(filter)) throw mongoError(2, 'query filter must be an object');
  if (depth > 100) throw mongoError(2, 'exceeded maximum query tree depth of 100');
  for (const [k, v] of Object.entries(filter)) {
    if (k.startsWith('$')) {
      if (!TOP_LEVEL_OPERATORS.has(k))
        throw mongoError(
          2,
          `unknown top level operator: ${k}. If you have a field name that starts with a '$' symbol, consider using $getField or $setField.`,
        );
      if (k === '$and' || k === '$or' || k === '$nor') {
        if (!Array.isArray(v) || v.length === 0) throw mongoError(2, `${k} must be a nonempty array`);
        for (const sub of v) {
          if (!isPlainObject(sub)) throw mongoError(2, `${k}/$and/$or entries need to be full objects`);
          validateFilter(sub, depth + 1);
        }
      } else if (k === '$where' || k === '$text') {
        throw mongoError(2, `${k} is not supported by the embedded server`);
      } else if (k === '$jsonSchema') {
        checkSchema(v);
      } else if (k === '$expr') {
        checkExpression(v);
      }
      continue;
    }
    checkPath(k);
    if (isPlainObject(v)) {
      const keys = Object.keys(v);
      if (keys.length && (keys[0] as string).startsWith('$')) {
        for (const op of keys) {
          if (!FIELD_OPERATORS.has(op)) throw mongoError(2, `unknown operator: ${op}`);
          const arg = v[op];
          if ((op === '$in' || op === '$nin' || op === '$all') && !Array.isArray(arg))
            throw mongoError(2, `${op} needs an array`);
          if (op === '$not' && !isPlainObject(arg) && !(arg instanceof RegExp))
            throw mongoError(2, '$not needs a regex or a document');
          if (op === '$not' && isPlainObject(arg)) validateFilter({ [k]: arg }, depth + 1);
          if (op === '$elemMatch' && !isPlainObject(arg)) throw mongoError(2, '$elemMatch needs an Object');
          // {$elemMatch: {field: …}} matches documents in the array: its keys are paths too
          if (op === '$elemMatch' && !Object.keys(arg as Doc).some((x) => FIELD_OPERATORS.has(x)))
            validateFilter(arg, depth + 1);
          if (
            op === '$near' ||
            op === '$nearSphere' ||
            op === '$geoWithin' ||
            op === '$geoIntersects' ||
            op === '$within' ||
            op === '$jsonSchema'
          )
            throw mongoError(2, `${op} is not supported by the embedded server`);
        }
      }
    }
  }
}
