/**
 * What every command family shares: the engine and store, the server's description, the running command's time
 * budget, open cursors and logical sessions, and the query helpers several families use.
 */
import type { TypeMap } from '../bson/types.js';
import { type Doc, isPlainObject } from '../bson/values.js';
import type { Collection, ScanStats } from '../storage/collection.js';
import type { Store } from '../storage/store.js';
import { validateFilter } from '../query/filter.js';
import { Budget, CHEAP_CANDIDATES, DEFAULT_MAX_TIME_MS } from '../query/limits.js';
import { MINGO_OPTIONS } from '../query/mingo.js';
import type { Plan } from '../query/plan.js';
import { planQuery } from '../query/planner.js';
import { atMost } from '../query/scan.js';
import { Query } from '../query/query.js';
import { resolveView } from '../query/views.js';
import { validateId } from '../engine/checks.js';
import type { Engine } from '../engine/engine.js';
import { joinsByKey } from '../engine/lookup.js';
import { applyUpdate, upsertBase } from '../engine/update.js';
import type { AuthState, ScramAuthenticator } from '../protocol/auth.js';
import { Cursors } from './cursors.js';
import { FailPoints } from './fail-points.js';
import { Parameters } from './parameters.js';
import { validateUpdatedDoc } from './helpers.js';
import { Sessions } from './sessions.js';

export const SERVER_VERSION = '7.0.0';
export const MAX_WIRE_VERSION = 21;
export const MAX_WRITE_BATCH_SIZE = 100_000;
/** A find reading at most this many index keys and documents (exact plan, sort delivered) needs no time guard. */
const CHEAP_EXACT_LIMIT = 10_000;
/**
 * Aggregation stages whose work is bounded by the documents they receive (each visited once, or sorted): after a
 * cheap source they stay cheap. Not here: `$unwind`, `$densify`, `$fill`, `$facet`, `$bucketAuto`… (they multiply
 * documents or run sub-pipelines), `$graphLookup` (reads a collection repeatedly), `$documents`.
 */
const BOUNDED_STAGES = new Set([
  '$match',
  '$project',
  '$addFields',
  '$set',
  '$unset',
  '$limit',
  '$skip',
  '$sort',
  '$group',
  '$count',
  '$replaceRoot',
  '$replaceWith',
]);

export interface ConnectionInfo {
  id: number;
  remote: string;
  /** Authentication state of the connection (see auth.ts). */
  auth: AuthState;
  /** The client's application name from its handshake (`client.application.name`). */
  appName?: string;
}

export type Handler = (body: Doc, db: string, conn: ConnectionInfo) => Doc | Promise<Doc>;

/** The commands of one family, by name. */
export type Handlers = Record<string, Handler>;

/** What explain collects while running a find or a match. */
export interface ExplainCapture {
  stats: ScanStats;
  plan: { value?: Plan };
  returned: number;
}

export interface ServerInfo {
  host: string;
  port: () => number;
  dataDir: string | null;
  /** Time limit of commands without maxTimeMS (see limits.ts). */
  defaultMaxTimeMS?: number;
  /** mongod's `enableTestCommands`: offers configureFailPoint (fail-points.ts). */
  testCommands?: boolean;
  /** How often the TTL monitor runs, reported as the parameter `ttlMonitorSleepSecs`. */
  ttlMonitorSleepSecs?: number;
}

export class CommandContext {
  readonly cursors = new Cursors();
  /** Logical sessions seen in `lsid` fields, for $listLocalSessions (mongod's session cache). */
  readonly sessions = new Sessions();
  readonly startedAt = Date.now();
  /** Time budget of the command whose handler is running (handlers are synchronous). */
  budget: Budget | undefined;
  readonly parameters: Parameters;
  /** The `failCommand` fail point; configurable only with test commands on. */
  readonly failPoints = new FailPoints();

  constructor(
    readonly engine: Engine,
    readonly store: Store,
    readonly info: ServerInfo,
    /** Set when authentication is required; undefined keeps the server open (in-memory test servers). */
    readonly authenticator?: ScramAuthenticator,
  ) {
    this.parameters = new Parameters({
      testCommands: info.testCommands === true,
      ttlMonitorSleepSecs: info.ttlMonitorSleepSecs ?? 60,
      authenticationMechanisms: authenticator ? ['SCRAM-SHA-256'] : [],
    });
  }

  /**
   * Runs an evaluation section of the current command (matching, sorting, computing updates — no writes) so that
   * it ends with MaxTimeMSExpired (50) when the command's time is up. `cheap` sections run directly.
   */
  bounded<T>(fn: () => T, cheap = false): T {
    return (this.budget ?? new Budget(this.info.defaultMaxTimeMS ?? DEFAULT_MAX_TIME_MS, true)).run(
      fn,
      cheap,
    );
  }

  /** Few candidate documents (an `_id` or index lookup, or a small collection). */
  cheap(
    coll: Collection | undefined,
    filter: Doc,
    find?: { sort?: Doc; hint?: unknown; limit: number; planned?: { value?: Plan } },
  ): boolean {
    if (!coll || coll.count <= CHEAP_CANDIDATES) return true;
    const plan = planQuery(coll, filter, find?.sort, find?.hint);
    if (find?.planned) find.planned.value = plan; // the find runs this plan (Engine.find)
    // an exact plan that delivers the order reads at most `limit` keys and documents, and evaluates nothing
    const ordered = plan.sortCovered || !find?.sort || Object.keys(find.sort).length === 0;
    if (find && find.limit > 0 && find.limit <= CHEAP_EXACT_LIMIT && plan.exact && ordered) return true;
    return atMost(coll, plan, CHEAP_CANDIDATES);
  }

  /**
   * An aggregation pipeline on `coll` that touches few documents by construction, so it may skip the time guard
   * like a cheap find (risky expressions still force the guard: Budget.run). Its source is cheap (a leading
   * `$match` that is cheap on `coll`, or a small collection); each `$unionWith` runs a sub-pipeline cheap by
   * this same rule (Engine.aggregate runs it with its index); each `$lookup` joins by localField/foreignField a
   * collection read by key (its `_id` or an index on the foreign field: query/lookup.ts) or of at most
   * CHEAP_CANDIDATES documents — a pipeline-form `$lookup` is never cheap — and every other stage only
   * reshapes, filters, sorts, groups or limits what these read. Views, collations and `let` variables are not.
   * An index whose keys repeat does not bound what a join reads: the section counts it, and one that reads more
   * than CHEAP_JOIN_READS documents is run again under the guard (Budget.run).
   */
  cheapPipeline(db: string, coll: Collection | undefined, pipeline: Doc[], plain: boolean): boolean {
    if (!plain) return false;
    const first = pipeline[0];
    const leading =
      first && Object.keys(first).length === 1 && isPlainObject(first.$match) ? first.$match : {};
    if (!this.cheap(coll, leading)) return false;
    return pipeline.every((stage) => {
      const [op, spec] = Object.entries(stage)[0] ?? [];
      if (Object.keys(stage).length !== 1 || op === undefined) return false;
      if (BOUNDED_STAGES.has(op)) return true;
      if (op === '$unionWith') {
        const { coll: from, pipeline: sub = [] } = (typeof spec === 'string' ? { coll: spec } : spec) as Doc;
        if (typeof from !== 'string' || !Array.isArray(sub) || this.isView(db, from)) return false;
        return this.cheapPipeline(db, this.engine.getCollection(db, from), sub as Doc[], true);
      }
      if (op === '$lookup' && isPlainObject(spec)) {
        const { from, localField, foreignField, pipeline: sub, let: vars } = spec;
        if (typeof from !== 'string' || typeof localField !== 'string' || typeof foreignField !== 'string')
          return false;
        if (sub !== undefined || vars !== undefined || this.isView(db, from)) return false;
        const foreign = this.engine.getCollection(db, from);
        return !foreign || foreign.count <= CHEAP_CANDIDATES || joinsByKey(foreign, foreignField);
      }
      return false;
    });
  }

  private isView(db: string, name: string): boolean {
    return resolveView(this.engine, db, name) !== undefined;
  }

  /** The collation of a command: its own, else the default of the view or collection it names. */
  collationFor(db: string, name: string, given: unknown): unknown {
    if (given !== undefined) return given;
    return this.engine.getCollection(db, name)?.options.collation;
  }

  /**
   * Documents matching `q`; with a collation or `let` variables the filter is evaluated with them (a scan of the
   * collection: indexes hold binary keys).
   */
  matchFor(
    coll: Collection | undefined,
    q: Doc,
    extra: { collation?: Doc; variables?: Doc } | undefined,
  ): Doc[] {
    if (!extra) return this.engine.match(coll, q);
    validateFilter(q);
    const query = new Query(q, { ...MINGO_OPTIONS, ...(extra as Doc) });
    return this.engine.match(coll, {}).filter((d) => query.test(d));
  }

  /** The document an upsert inserts: the filter's equality fields, then the update or the replacement. */
  buildUpsert(
    q: Doc,
    u: Doc | Doc[],
    uTypes: TypeMap | undefined,
    arrayFilters: Doc[] | undefined,
    variables?: Doc,
  ): { doc: Doc; types: TypeMap | undefined } {
    const base = upsertBase(q);
    if (isPlainObject(u) && !Object.keys(u).some((k) => k.startsWith('$'))) {
      const doc: Doc = { ...u };
      if (doc._id === undefined && base._id !== undefined)
        return { doc: { _id: base._id, ...doc }, types: uTypes };
      return { doc, types: uTypes };
    }
    const res = applyUpdate(base, u, uTypes, {
      query: {},
      arrayFilters,
      upsert: true,
      variables,
    });
    validateUpdatedDoc(res.doc);
    if (res.doc._id === undefined) return { doc: res.doc, types: res.types };
    validateId(res.doc._id);
    return { doc: res.doc, types: res.types };
  }
}
