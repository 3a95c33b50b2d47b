/**
 * The engine: the catalog of databases and collections, and the operations on documents — CRUD through the
 * query planner (planner.ts) over the lmdb store (store.ts, collection.ts), aggregation via mingo. Updates of one
 * document are computed by update.ts; index specs, names and ids are checked by index-spec.ts and checks.ts.
 *
 * Documents read from the store are fresh objects; a write replaces the stored document, so cursors and replies
 * may hold the objects they read. Every method that writes runs inside the command's write transaction.
 */
import { deserialize, ObjectId, serialize, UUID } from 'bson';
import { Aggregator } from 'mingo/aggregator';
import { RawDocument } from '../bson/raw.js';
import { docTypes, EXACT_DECODE, normalize, type TypeMap } from '../bson/types.js';
import { cloneDoc, type Doc, formatValue, idFirst, isPlainObject, keyOf } from '../bson/values.js';
import { mongoError } from '../errors.js';
import {
  Collection,
  Database,
  Index,
  type IndexSpec,
  type IndexUsage,
  type ScanStats,
  type UniqueMarks,
} from '../storage/collection.js';
import type { Store } from '../storage/store.js';
import { restorePassThroughTypes } from '../query/aggregation.js';
import { validateFilter } from '../query/filter.js';
import { AGGREGATION_CONTEXT, MINGO_OPTIONS } from '../query/mingo.js';
import { fieldNames, filterFields, selectFields } from '../query/partial.js';
import { checkPipeline } from '../query/paths.js';
import type { Plan } from '../query/plan.js';
import { planQuery } from '../query/planner.js';
import { countExact, runPlanRaw } from '../query/scan.js';
import { refuseReshaping } from '../query/own-fields.js';
import { foreignReaders } from '../query/lookup.js';
import { Query } from '../query/query.js';
import { compileRawFilter } from '../query/raw-filter.js';
import { project, sortDocs } from '../query/results.js';
import { resolveView } from '../query/views.js';
import { validateCollName, validateDbName, validateId } from './checks.js';
import { makeIndexSpec, sameIndexOptions } from './index-spec.js';
import { foreignReader } from './lookup.js';

/** Options of `Engine.match`: the sort and limit let an index scan stop early; stats and plan feed explain. */
export interface MatchOptions {
  sort?: Doc;
  limit?: number;
  hint?: unknown;
  stats?: ScanStats;
  /** Receives the plan; `find` also takes one already made for the same filter, sort and hint. */
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

/** Stages that pass documents on unchanged (others rebuild them: see own-fields.ts). */
const PASS_THROUGH_STAGES = new Set(['$match', '$sort', '$skip', '$limit']);

/** What an aggregation without a leading `$match` reads. */
const COLLECTION_SCAN: Plan = {
  stage: 'COLLSCAN',
  ranges: [],
  reverse: false,
  sortCovered: false,
  bounds: {},
};

export class Engine {
  readonly dbs = new Map<string, Database>();
  /** The server parameter `notablescan` (parameters.ts). */
  notablescan = false;

  constructor(readonly store: Store) {
    this.loadCatalog();
    store.onRollback = () => this.reloadCatalog();
  }

  /**
   * Replaces the in-memory catalog by the committed one, after a commit failed (store.ts): collections, indexes,
   * multikey flags and counts that only the lost transaction had are gone. Index usage statistics carry over.
   */
  private reloadCatalog(): void {
    const before = new Map<number, IndexUsage>();
    for (const d of this.dbs.values())
      for (const c of d.collections.values()) {
        before.set(-c.no, c.idUsage);
        for (const i of c.indexes) before.set(i.no, i.usage);
      }
    this.dbs.clear();
    this.loadCatalog();
    for (const d of this.dbs.values())
      for (const c of d.collections.values()) {
        c.idUsage = before.get(-c.no) ?? c.idUsage;
        for (const i of c.indexes) i.usage = before.get(i.no) ?? i.usage;
      }
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
    this.planUsed(coll, plan);
    return this.matchPlanned(coll, filter, plan, opts);
  }

  /**
   * A plan is about to run: counts the use of its indexes ($indexStats) and, with the parameter `notablescan`
   * set, refuses a scan of a whole collection like mongod (291).
   */
  private planUsed(coll: Collection, plan: Plan): void {
    if (plan.stage === 'COLLSCAN') {
      if (this.notablescan && !['admin', 'local', 'config'].includes(coll.db))
        throw mongoError(
          291,
          `error processing query: ns=${coll.ns} planner returned error :: caused by :: No indexed plans available, and running with 'notablescan'`,
        );
      return;
    }
    if (plan.stage === 'IDSCAN') coll.idUsage.ops++;
    else if (plan.stage === 'IXSCAN' && plan.index) plan.index.usage.ops++;
    else for (const b of plan.branches ?? []) if (b.index) b.index.usage.ops++;
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
    const quick = compileRawFilter(filter);
    // A filter the raw test compiles has only operators mingo accepts: its Query is built when a
    // document needs it (a refresh's findAndModify decides its one document on the bytes).
    let q = quick ? undefined : new Query(filter, MINGO_OPTIONS);
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
      if ((q ??= new Query(filter, MINGO_OPTIONS)).test(coll.decode(part ?? bytes))) yield bytes;
    }
  }

  /** How many documents match; counts index keys without reading documents when the bounds are the filter. */
  countMatching(coll: Collection | undefined, filter: Doc, max = Infinity): number {
    if (!coll) return 0;
    if (Object.keys(filter).length === 0) return Math.min(coll.count, max);
    validateFilter(filter);
    const plan = planQuery(coll, filter);
    this.planUsed(coll, plan);
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
    // a plan already made for this query (the time guard's decision, commands/context.ts) is not made again
    const plan = opts.plan?.value ?? planQuery(coll, opts.filter, opts.sort, opts.hint);
    if (opts.plan) opts.plan.value = plan;
    this.planUsed(coll, plan);
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
    } else {
      if (coll) this.planUsed(coll, COLLECTION_SCAN);
      source = coll ? [...coll.all()] : [];
    }
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
        refuseReshaping(docs, 'aggregate');
        resolved.set(name, docs);
      }
      return docs;
    };
    if (stages.length === 0) return source;
    if (!opts.collation && !opts.variables) {
      stages = stages.map((s) => this.unionInput(db, s));
      // equality $lookups of this pipeline read the foreign collection by key (query/lookup.ts)
      foreignReaders.set(collectionResolver, (from, field) =>
        resolveView(this, db, from)
          ? undefined
          : foreignReader(this.getCollection(db, from), field, (c, filter, plan, stats) => {
              this.planUsed(c, plan);
              return this.matchPlanned(c, filter, plan, { stats });
            }),
      );
    }
    if (!stages.every((s) => PASS_THROUGH_STAGES.has(Object.keys(s)[0] as string)))
      refuseReshaping(source, 'aggregate');
    const agg = new Aggregator(stages, {
      ...MINGO_OPTIONS,
      context: AGGREGATION_CONTEXT,
      collectionResolver,
      // the input is cloned here rather than by mingo so each clone keeps its stored numeric types, which the
      // stages read to type what they compute (query/expr-types.ts)
      processingMode: 0 /* CLONE_OFF */,
      ...(opts.collation ? { collation: opts.collation as never } : {}),
      ...(opts.variables ? { variables: opts.variables } : {}),
    });
    const out = agg.run(source.map(typedClone)) as Doc[];
    // values passed through unchanged keep their stored numeric type (an int64 stays an int64)
    restorePassThroughTypes(out, source);
    return out;
  }

  /**
   * A `$unionWith` of a collection (not a view) runs its sub-pipeline here, so its leading `$match` reads through
   * an index; given to mingo as is, the whole collection would be read and filtered (and the command's cheap
   * rule, CommandContext.cheapPipeline, counts on this).
   */
  private unionInput(db: string, stage: Doc): Doc {
    const spec = stage.$unionWith;
    if (Object.keys(stage).length !== 1 || !isPlainObject(spec) || typeof spec.coll !== 'string')
      return stage;
    if (resolveView(this, db, spec.coll)) return stage;
    const docs = this.aggregate(db, this.getCollection(db, spec.coll), (spec.pipeline ?? []) as Doc[]);
    refuseReshaping(docs, 'aggregate');
    return { $unionWith: { coll: docs.map(typedClone) } };
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
}

/** Changes catalog options of a collection (collMod) and writes the catalog entry. */
export function setCollectionOptions(engine: Engine, coll: Collection, changes: Doc): void {
  Object.assign(coll.options, changes);
  engine.saveCatalog(coll);
}

/** A deep copy of a stored document that keeps its recorded numeric types. */
export function typedClone(d: Doc): Doc {
  const c = cloneDoc(d);
  const t = docTypes.get(d);
  if (t) docTypes.set(c, t);
  return c;
}
