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
import { validateId } from '../engine/checks.js';
import type { Engine } from '../engine/engine.js';
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
