/**
 * Command dispatch with mongod's reply shapes and error codes.
 */
import { createHash } from 'node:crypto';
import { calculateObjectSize, Long, UUID } from 'bson';
import {
  type Engine,
  orderProjected,
  MINGO_OPTIONS,
  makeIndexSpec,
  upsertBase,
  validateCollName,
  validateFilter,
  validateId,
  type Collection,
} from '../engine/engine.js';
import {
  type AuthState,
  requiresAuthentication,
  type ScramAuthenticator,
  AUTH_DB,
} from '../protocol/auth.js';
import { MongoServerError, mongoError, toServerError } from '../errors.js';
import {
  Budget,
  CHEAP_CANDIDATES,
  checkPattern,
  commandTimeLimit,
  DEFAULT_MAX_TIME_MS,
  scanQuery,
} from '../query/limits.js';
import { checkNoProtoKeys, checkPath, checkProjection, checkSort } from '../query/paths.js';
import { ObjectId } from 'bson';
import { makeCollator, type Collator } from '../query/compare.js';
import {
  AGGREGATION_CONTEXT,
  commandOptions,
  idFirst,
  setCollectionOptions,
  sortDocs,
} from '../engine/engine.js';
import { checkPipeline } from '../query/paths.js';
import { Query } from '../query/query.js';
import { formatValue, getPath } from '../bson/values.js';
import { validateDocument, validationOptions } from '../query/validation.js';
import {
  isView,
  mergeOne,
  parseMerge,
  resolveView,
  viewOptions,
  viewWriteError,
  type MergeSpec,
} from '../query/views.js';
import { applyTypes, docTypes, normalize, normalizeDoc, type TypeMap } from '../bson/types.js';
import { isPlainObject, keyOf, pathValues, type Doc } from '../bson/values.js';
import { MAX_BSON_OBJECT_SIZE, MAX_MESSAGE_SIZE } from '../protocol/wire.js';
import { atMost, explainPlan, planQuery, type Plan } from '../query/planner.js';
import { type ScanStats, UniqueMarks } from '../storage/collection.js';
import type { Store } from '../storage/store.js';
import { RawDocument } from '../bson/raw.js';

export const SERVER_VERSION = '7.0.0';
export const MAX_WIRE_VERSION = 21;
const MAX_WRITE_BATCH_SIZE = 100_000;
const DEFAULT_FIRST_BATCH = 101;
/** A find reading at most this many index keys and documents (exact plan, sort delivered) needs no time guard. */
const CHEAP_EXACT_LIMIT = 10_000;
/** Room left in a reply for the envelope around a batch. */
const MAX_BATCH_BYTES = MAX_BSON_OBJECT_SIZE - 64 * 1024;
const CURSOR_TIMEOUT_MS = 10 * 60 * 1000;
const SESSION_TIMEOUT_MS = 30 * 60 * 1000;

function sessionKey(lsid: unknown): string {
  return isPlainObject(lsid) ? keyOf(lsid.id) : keyOf(lsid);
}

/** Commands that write: they run in a write transaction of the store and reply once it is durable. */
const WRITE_COMMANDS = new Set([
  'insert',
  'update',
  'delete',
  'findAndModify',
  'findandmodify',
  'create',
  'collMod',
  'drop',
  'dropDatabase',
  'renameCollection',
  'createIndexes',
  'dropIndexes',
  'deleteIndexes',
]);

function writesData(name: string, body: Doc): boolean {
  if (WRITE_COMMANDS.has(name)) return true;
  if (name !== 'aggregate' || !Array.isArray(body.pipeline)) return false;
  return body.pipeline.some((s) => isPlainObject(s) && ('$out' in s || '$merge' in s));
}

export interface ConnectionInfo {
  id: number;
  remote: string;
  /** Authentication state of the connection (see auth.ts). */
  auth: AuthState;
}

interface CursorState {
  id: number;
  ns: string;
  docs: Doc[];
  pos: number;
  lastUsed: number;
}

type Handler = (body: Doc, db: string, conn: ConnectionInfo) => Doc | Promise<Doc>;

/** What explain collects while running a find or a match. */
interface ExplainCapture {
  stats: ScanStats;
  plan: { value?: Plan };
  returned: number;
}

const TXN_ERROR = 'Transaction numbers are only allowed on a replica set member or mongos';

export class CommandRunner {
  private readonly cursors = new Map<number, CursorState>();
  private nextCursorId = Math.floor(Math.random() * 2 ** 30) + 1;
  private readonly startedAt = Date.now();
  private readonly handlers: Record<string, Handler>;
  /** Logical sessions seen in `lsid` fields, for $listLocalSessions (mongod's session cache). */
  private readonly sessions = new Map<string, { id: unknown; lastUse: Date }>();
  /** Time budget of the command whose handler is running (handlers are synchronous). */
  private budget: Budget | undefined;

  constructor(
    readonly engine: Engine,
    readonly store: Store,
    readonly info: {
      host: string;
      port: () => number;
      dataDir: string | null;
      /** Time limit of commands without maxTimeMS (see limits.ts). */
      defaultMaxTimeMS?: number;
    },
    /** Set when authentication is required; undefined keeps the server open (in-memory test servers). */
    readonly authenticator?: ScramAuthenticator,
  ) {
    this.handlers = {
      hello: (b, _db, c) => this.hello(b, c, true),
      isMaster: (b, _db, c) => this.hello(b, c, false),
      ismaster: (b, _db, c) => this.hello(b, c, false),
      saslStart: (b, db, c) => {
        // Without authentication there are no users, like a mongod that has none.
        if (!this.authenticator) throw mongoError(18, 'Authentication failed.');
        return this.authenticator.saslStart(b, db, c.auth);
      },
      saslContinue: (b, _db, c) => {
        if (!this.authenticator) throw mongoError(17, 'No SASL session state found');
        return this.authenticator.saslContinue(b, c.auth);
      },
      ping: () => ({}),
      buildInfo: () => this.buildInfo(),
      buildinfo: () => this.buildInfo(),
      getParameter: (b) => this.getParameter(b),
      connectionStatus: (_b, _db, c) => ({
        authInfo: c.auth.user
          ? {
              authenticatedUsers: [{ user: c.auth.user, db: AUTH_DB }],
              authenticatedUserRoles: [{ role: 'root', db: AUTH_DB }],
            }
          : { authenticatedUsers: [], authenticatedUserRoles: [] },
      }),
      whatsmyuri: (_b, _db, c) => ({ you: c.remote }),
      serverStatus: (_b, _db, c) => this.serverStatus(c),
      hostInfo: () => this.hostInfo(),
      getCmdLineOpts: () => ({
        argv: ['mongod-embedded'],
        parsed: {
          net: { port: this.info.port(), bindIp: this.info.host },
          storage: { dbPath: this.info.dataDir ?? '' },
        },
      }),
      getLog: (b) =>
        b.getLog === '*' ? { names: ['global', 'startupWarnings'] } : { totalLinesWritten: 0, log: [] },
      listDatabases: (b) => this.listDatabases(b),
      listCollections: (b, db) => this.listCollections(b, db),
      create: (b, db) => this.create(b, db),
      collMod: (b, db) => this.collMod(b, db),
      drop: (b, db) => this.drop(b, db),
      dropDatabase: (_b, db) => this.dropDatabase(db),
      renameCollection: (b) => this.renameCollection(b),
      insert: (b, db) => this.insert(b, db),
      update: (b, db) => this.update(b, db),
      delete: (b, db) => this.delete(b, db),
      find: (b, db) => this.find(b, db),
      getMore: (b, db) => this.getMore(b, db),
      killCursors: (b, db) => this.killCursors(b, db),
      findAndModify: (b, db) => this.findAndModify(b, db),
      findandmodify: (b, db) => this.findAndModify(b, db),
      count: (b, db) => this.count(b, db),
      distinct: (b, db) => this.distinct(b, db),
      aggregate: (b, db) => this.aggregate(b, db),
      createIndexes: (b, db) => this.createIndexes(b, db),
      listIndexes: (b, db) => this.listIndexes(b, db),
      dropIndexes: (b, db) => this.dropIndexes(b, db),
      deleteIndexes: (b, db) => this.dropIndexes(b, db),
      dbStats: (_b, db) => this.dbStats(db),
      collStats: (b, db) => this.collStats(b, db),
      explain: (b, db) => this.explain(b, db),
      endSessions: (b) => {
        for (const s of Array.isArray(b.endSessions) ? b.endSessions : [])
          this.sessions.delete(sessionKey(s));
        return {};
      },
      killSessions: () => ({}),
      killAllSessions: () => ({}),
      killAllSessionsByPattern: () => ({}),
      refreshSessions: () => ({}),
      startSession: () => ({ id: { id: new UUID() }, timeoutMinutes: 30 }),
      logout: (_b, _db, c) => {
        c.auth.user = undefined;
        c.auth.conversation = undefined;
        return {};
      },
      commitTransaction: () => {
        throw mongoError(20, TXN_ERROR);
      },
      abortTransaction: () => {
        throw mongoError(20, TXN_ERROR);
      },
    };
  }

  /** Runs one command document and returns the reply (never throws). */
  async run(body: Doc, conn: ConnectionInfo): Promise<Doc> {
    const name = Object.keys(body)[0];
    try {
      if (name === undefined) throw mongoError(59, "no such command: ''");
      const db = typeof body.$db === 'string' ? body.$db : 'admin';
      const handler = Object.prototype.hasOwnProperty.call(this.handlers, name)
        ? this.handlers[name]
        : undefined;
      if (handler && this.authenticator && !conn.auth.user && requiresAuthentication(name))
        throw mongoError(13, `Command ${name} requires authentication`);
      if (
        body.txnNumber !== undefined ||
        body.startTransaction !== undefined ||
        body.autocommit !== undefined
      )
        throw mongoError(20, TXN_ERROR);
      if (!handler) throw mongoError(59, `no such command: '${name}'`);
      prepareBody(name, body);
      const budget = this.budgetFor(name, body);
      if (isPlainObject(body.lsid) && body.lsid.id !== undefined) {
        this.sessions.set(sessionKey(body.lsid), { id: body.lsid.id, lastUse: new Date() });
        if (this.sessions.size > 10_000) this.expireSessions();
      }
      // The budget is set inside: a write runs later, when the store starts its transaction.
      const execute = (): Doc | Promise<Doc> => {
        this.budget = budget;
        try {
          return handler(body, db, conn);
        } finally {
          this.budget = undefined;
        }
      };
      // A write is acknowledged once committed and flushed; whatever it applied before failing is durable
      // before the client hears about the failure (Store.write).
      const reply = writesData(name, body) ? await this.store.write(execute) : await execute();
      return { ...reply, ok: 1 };
    } catch (e) {
      return toServerError(e).toReply();
    }
  }

  /**
   * The command's time budget: its maxTimeMS (or the default ceiling), and whether its query parts hold regular
   * expressions or expressions (then every evaluation runs interruptibly). Refuses regular expressions that can
   * backtrack catastrophically.
   */
  private budgetFor(name: string, body: Doc): Budget {
    const limit = commandTimeLimit(body, this.info.defaultMaxTimeMS ?? DEFAULT_MAX_TIME_MS);
    const scan = scanQuery(queryParts(name, body));
    for (const p of scan.patterns) checkPattern(p.source, p.flags);
    return new Budget(limit, scan.risky);
  }

  /**
   * Runs an evaluation section of the current command (matching, sorting, computing updates — no writes) so that
   * it ends with MaxTimeMSExpired (50) when the command's time is up. `cheap` sections run directly.
   */
  private bounded<T>(fn: () => T, cheap = false): T {
    return (this.budget ?? new Budget(this.info.defaultMaxTimeMS ?? DEFAULT_MAX_TIME_MS, true)).run(
      fn,
      cheap,
    );
  }

  /** Few candidate documents (an `_id` or index lookup, or a small collection). */
  private cheap(
    coll: Collection | undefined,
    filter: Doc,
    find?: { sort?: Doc; hint?: unknown; limit: number },
  ): boolean {
    if (!coll || coll.count <= CHEAP_CANDIDATES) return true;
    const plan = planQuery(coll, filter, find?.sort, find?.hint);
    // an exact plan that delivers the order reads at most `limit` keys and documents, and evaluates nothing
    const ordered = plan.sortCovered || !find?.sort || Object.keys(find.sort).length === 0;
    if (find && find.limit > 0 && find.limit <= CHEAP_EXACT_LIMIT && plan.exact && ordered) return true;
    return atMost(coll, plan, CHEAP_CANDIDATES);
  }

  /** Drops cursors idle for longer than mongod's default cursor timeout, and expired sessions. */
  sweepCursors(now = Date.now()): void {
    for (const [id, c] of this.cursors) if (now - c.lastUsed > CURSOR_TIMEOUT_MS) this.cursors.delete(id);
    this.expireSessions(now);
  }

  private expireSessions(now = Date.now()): void {
    for (const [k, s] of this.sessions)
      if (now - s.lastUse.getTime() > SESSION_TIMEOUT_MS) this.sessions.delete(k);
  }

  private localSessions(): Doc[] {
    const uid = createHash('sha256').update('').digest();
    return [...this.sessions.values()].map((s) => ({ _id: { id: s.id, uid }, lastUse: s.lastUse }));
  }

  get openCursors(): number {
    return this.cursors.size;
  }

  // ---- handshake & diagnostics ------------------------------------------------------------------------------

  private hello(b: Doc, conn: ConnectionInfo, modern: boolean): Doc {
    const auth: Doc = {};
    if (this.authenticator) {
      const mechs = this.authenticator.supportedMechs(b.saslSupportedMechs);
      if (mechs) auth.saslSupportedMechs = mechs;
      const speculative = this.authenticator.speculative(b.speculativeAuthenticate, conn.auth);
      if (speculative) auth.speculativeAuthenticate = speculative;
    }
    return {
      helloOk: true,
      ...(modern ? { isWritablePrimary: true } : { ismaster: true }),
      maxBsonObjectSize: MAX_BSON_OBJECT_SIZE,
      maxMessageSizeBytes: MAX_MESSAGE_SIZE,
      maxWriteBatchSize: MAX_WRITE_BATCH_SIZE,
      localTime: new Date(),
      logicalSessionTimeoutMinutes: 30,
      connectionId: conn.id,
      minWireVersion: 0,
      maxWireVersion: MAX_WIRE_VERSION,
      readOnly: false,
      ...auth,
    };
  }

  private buildInfo(): Doc {
    return {
      version: SERVER_VERSION,
      gitVersion: 'embedded',
      modules: [],
      allocator: 'system',
      javascriptEngine: 'none',
      sysInfo: 'deprecated',
      versionArray: [7, 0, 0, 0],
      bits: 64,
      debug: false,
      maxBsonObjectSize: MAX_BSON_OBJECT_SIZE,
      storageEngines: ['embedded'],
      openssl: { running: 'disabled' },
    };
  }

  private getParameter(b: Doc): Doc {
    const known: Doc = {
      featureCompatibilityVersion: { version: '7.0' },
      authenticationMechanisms: this.authenticator ? ['SCRAM-SHA-256'] : [],
      maxBSONDepth: 100,
      notablescan: false,
      quiet: false,
      logLevel: 0,
    };
    if (b.getParameter === '*' || (isPlainObject(b.getParameter) && b.getParameter.allParameters))
      return { ...known };
    const out: Doc = {};
    for (const k of Object.keys(b)) {
      if (k === 'getParameter' || k.startsWith('$') || k === 'lsid' || k === 'comment') continue;
      if (!(k in known)) throw mongoError(72, 'no option found to get');
      out[k] = known[k];
    }
    return out;
  }

  private serverStatus(conn: ConnectionInfo): Doc {
    const uptimeMs = Date.now() - this.startedAt;
    return {
      host: `${this.info.host}:${this.info.port()}`,
      version: SERVER_VERSION,
      process: 'mongod',
      pid: Long.fromNumber(process.pid),
      uptime: uptimeMs / 1000,
      uptimeMillis: Long.fromNumber(uptimeMs),
      localTime: new Date(),
      connections: { current: conn.id },
      metrics: { cursor: { open: { total: this.cursors.size } } },
      storageEngine: {
        name: 'embedded',
        supportsCommittedReads: false,
        persistent: this.info.dataDir !== null,
      },
    };
  }

  private hostInfo(): Doc {
    return {
      system: { currentTime: new Date(), hostname: this.info.host, numCores: 1, memSizeMB: 0 },
      os: { type: process.platform, name: process.platform },
      extra: {},
    };
  }

  // ---- catalog ----------------------------------------------------------------------------------------------

  private listDatabases(b: Doc): Doc {
    let dbs = [...this.engine.dbs.values()]
      .filter((d) => d.collections.size > 0)
      .map((d) => {
        let size = 0;
        for (const c of d.collections.values()) size += c.count * 64;
        return { name: d.name, sizeOnDisk: size, empty: size === 0 };
      });
    if (isPlainObject(b.filter)) {
      validateFilter(b.filter);
      const q = new Query(b.filter, MINGO_OPTIONS);
      const all = dbs;
      dbs = this.bounded(() => all.filter((d) => q.test(d)), true);
    }
    if (b.nameOnly) return { databases: dbs.map((d) => ({ name: d.name })) };
    const total = dbs.reduce((s, d) => s + d.sizeOnDisk, 0);
    return { databases: dbs, totalSize: total, totalSizeMb: Math.floor(total / (1024 * 1024)) };
  }

  private listCollections(b: Doc, db: string): Doc {
    const d = this.engine.dbs.get(db);
    let infos: Doc[] = d
      ? [...d.collections.values()].map((c) =>
          isView(c)
            ? { name: c.name, type: 'view', options: { ...c.options }, info: { readOnly: true } }
            : {
                name: c.name,
                type: 'collection',
                options: { ...c.options },
                info: { readOnly: false, uuid: c.uuid },
                idIndex: c.idIndexSpec(),
              },
        )
      : [];
    if (isPlainObject(b.filter) && Object.keys(b.filter).length) {
      validateFilter(b.filter);
      const q = new Query(b.filter, MINGO_OPTIONS);
      const all = infos;
      infos = this.bounded(() => all.filter((i) => q.test(i)), true);
    }
    if (b.nameOnly) infos = infos.map((i) => ({ name: i.name, type: i.type }));
    const batchSize = isPlainObject(b.cursor) ? numberOpt(b.cursor.batchSize, 'batchSize') : undefined;
    return this.cursorReply(`${db}.$cmd.listCollections`, infos, batchSize, false);
  }

  private create(b: Doc, db: string): Doc {
    const name = validateCollName(db, b.create);
    if (b.viewOn !== undefined || b.pipeline !== undefined) {
      if (b.viewOn === undefined) throw mongoError(9, "'pipeline' requires 'viewOn' to also be specified");
      const opts = viewOptions(b);
      checkPipeline(opts.pipeline as Doc[], validateFilter);
      this.engine.createCollection(db, name, opts);
      return {};
    }
    if (b.capped === true) {
      if (b.size === undefined) throw mongoError(72, "the 'size' field is required when 'capped' is true");
      if (typeof b.size !== 'number' && !Long.isLong(b.size))
        throw mongoError(14, "BSON field 'create.size' is the wrong type, expected a number");
    }
    validationOptions(b);
    if (b.collation !== undefined) makeCollator(b.collation);
    const options: Doc = {};
    for (const [k, v] of Object.entries(b)) {
      if (k === 'create' || k.startsWith('$') || k === 'lsid' || k === 'writeConcern' || k === 'comment')
        continue;
      options[k] = v;
    }
    this.engine.createCollection(db, name, options);
    return {};
  }

  /** collMod: validator / validationLevel / validationAction of a collection, or a view's definition. */
  private collMod(b: Doc, db: string): Doc {
    const name = validateCollName(db, b.collMod);
    const coll = this.engine.getCollection(db, name);
    if (!coll) throw mongoError(26, `ns does not exist: ${db}.${name}`);
    const changes: Doc = {};
    for (const k of Object.keys(b)) {
      if (k === 'collMod' || k.startsWith('$') || ['lsid', 'writeConcern', 'comment'].includes(k)) continue;
      if (['validator', 'validationLevel', 'validationAction', 'viewOn', 'pipeline'].includes(k)) continue;
      throw mongoError(72, `collMod option '${k}' is not supported by the embedded server`);
    }
    if (isView(coll)) {
      if (b.validator !== undefined || b.validationLevel !== undefined || b.validationAction !== undefined)
        throw mongoError(166, `Namespace ${db}.${name} is a view, not a collection`);
      if (b.viewOn !== undefined || b.pipeline !== undefined) {
        const opts = viewOptions({
          viewOn: b.viewOn ?? coll.options.viewOn,
          pipeline: b.pipeline ?? coll.options.pipeline,
        });
        checkPipeline(opts.pipeline as Doc[], validateFilter);
        Object.assign(changes, opts);
      }
    } else {
      if (b.viewOn !== undefined || b.pipeline !== undefined)
        throw mongoError(72, `Namespace ${db}.${name} is a collection, not a view`);
      Object.assign(changes, validationOptions(b));
    }
    setCollectionOptions(this.engine, coll, changes);
    return {};
  }

  private drop(b: Doc, db: string): Doc {
    const name = validateCollName(db, b.drop);
    const coll = this.engine.dropCollection(db, name);
    if (!coll) return {};
    this.killCursorsOf(coll.ns);
    return { nIndexesWas: coll.indexes.length + 1, ns: coll.ns };
  }

  private dropDatabase(db: string): Doc {
    const d = this.engine.dbs.get(db);
    if (d) for (const c of d.collections.values()) this.killCursorsOf(c.ns);
    this.engine.dropDatabase(db);
    return { dropped: db };
  }

  private renameCollection(b: Doc): Doc {
    const from = String(b.renameCollection);
    const to = String(b.to);
    const [fdb, ...fr] = from.split('.');
    const [tdb, ...tr] = to.split('.');
    const fname = fr.join('.');
    const tname = tr.join('.');
    if (!fdb || !tdb || !fname || !tname) throw mongoError(73, `Invalid namespace specified '${from}'`);
    const src = this.engine.getCollection(fdb, fname);
    if (!src) throw mongoError(26, 'Source collection ' + from + ' does not exist');
    if (this.engine.getCollection(tdb, tname)) {
      if (!b.dropTarget) throw mongoError(48, 'target namespace exists');
      this.engine.dropCollection(tdb, tname);
    }
    const dst = this.engine.createCollection(tdb, tname, { ...src.options });
    for (const idx of src.indexes) this.engine.createIndex(dst, idx.spec);
    for (const d of src.all()) this.engine.insert(dst, d, docTypes.get(d));
    this.engine.dropCollection(fdb, fname);
    this.killCursorsOf(src.ns);
    return {};
  }

  // ---- writes -----------------------------------------------------------------------------------------------

  private insert(b: Doc, db: string): Doc {
    const name = validateCollName(db, b.insert);
    const docs = b.documents;
    if (!Array.isArray(docs))
      throw mongoError(9, "BSON field 'insert.documents' is missing but a required field");
    if (docs.length > MAX_WRITE_BATCH_SIZE)
      throw mongoError(
        10334,
        `Write batch sizes must be between 1 and ${MAX_WRITE_BATCH_SIZE}. Got ${docs.length} operations.`,
      );
    const ordered = b.ordered !== false;
    const writeErrors: Doc[] = [];
    let n = 0;
    if (isView(this.engine.getCollection(db, name))) throw viewWriteError(db, name);
    const { coll } = this.engine.ensureCollection(db, name);
    const measure = !decodedFromSmallMessage.has(b);
    const bypass = b.bypassDocumentValidation === true;
    const marks = new UniqueMarks();
    for (let i = 0; i < docs.length; i++) {
      const d = docs[i] as Doc;
      try {
        if (!isPlainObject(d)) throw mongoError(14, 'Document must be an object');
        validateNewDoc(d, measure);
        validateDocument(coll.options, d, undefined, bypass, typesOf(d));
        this.engine.insert(coll, d, typesOf(d), marks);
        n++;
      } catch (e) {
        writeErrors.push(writeError(i, e));
        if (ordered) break;
      }
    }
    return writeErrors.length ? { n, writeErrors } : { n };
  }

  private update(b: Doc, db: string): Doc {
    const name = validateCollName(db, b.update);
    const updates = b.updates;
    if (!Array.isArray(updates))
      throw mongoError(9, "BSON field 'update.updates' is missing but a required field");
    // `sort` in update statements arrived with MongoDB 8.0: a 7.0 server fails the whole command parsing it.
    if (updates.some((st) => isPlainObject(st) && st.sort !== undefined))
      throw mongoError(40415, "BSON field 'update.updates.sort' is an unknown field.");
    if (isView(this.engine.getCollection(db, name))) throw viewWriteError(db, name);
    const ordered = b.ordered !== false;
    const writeErrors: Doc[] = [];
    const upserted: Doc[] = [];
    let n = 0;
    let nModified = 0;
    for (let i = 0; i < updates.length; i++) {
      const st = updates[i] as Doc;
      try {
        const r = this.updateOne(db, name, st, b);
        n += r.n;
        nModified += r.nModified;
        if (r.upsertedId !== undefined) upserted.push({ index: i, _id: r.upsertedId });
      } catch (e) {
        writeErrors.push(writeError(i, e));
        if (ordered) break;
      }
    }
    const reply: Doc = { n, nModified };
    if (upserted.length) reply.upserted = upserted;
    if (writeErrors.length) reply.writeErrors = writeErrors;
    return reply;
  }

  private updateOne(
    db: string,
    name: string,
    st: Doc,
    cmd: Doc,
  ): { n: number; nModified: number; upsertedId?: unknown } {
    if (!isPlainObject(st)) throw mongoError(14, 'update statement must be an object');
    const q = st.q ?? {};
    if (!isPlainObject(q))
      throw mongoError(14, "BSON field 'update.updates.q' is the wrong type, expected type 'object'");
    const u = st.u;
    if (!isPlainObject(u) && !Array.isArray(u))
      throw mongoError(
        14,
        "BSON field 'update.updates.u' is the wrong type, expected type 'object' or 'array'",
      );
    const multi = st.multi === true;
    const upsert = st.upsert === true;
    const isReplacement = isPlainObject(u) && !Object.keys(u).some((k) => k.startsWith('$'));
    if (multi && isReplacement && Object.keys(u).length > 0)
      throw mongoError(9, 'multi update is not supported for replacement-style update');
    const arrayFilters = st.arrayFilters as Doc[] | undefined;
    if (arrayFilters !== undefined && !Array.isArray(arrayFilters))
      throw mongoError(14, 'arrayFilters must be an array');
    const uTypes = isPlainObject(u) ? typesOf(u) : undefined;
    const coll = this.engine.getCollection(db, name);
    const extra = commandOptions(this.collationFor(db, name, st.collation), cmd.let);
    const bypass = cmd.bypassDocumentValidation === true;
    // Everything is computed first (interruptibly), then written: a time-out never leaves a half-done write.
    const plan = this.bounded(
      () => {
        let matched = this.matchFor(coll, q, extra);
        if (st.sort && isPlainObject(st.sort) && !multi) matched = sortFirst(matched, st.sort, st.collation);
        if (!multi) matched = matched.slice(0, 1);
        if (matched.length === 0)
          return upsert
            ? { upsert: this.buildUpsert(q, u as Doc | Doc[], uTypes, arrayFilters, extra?.variables) }
            : {};
        return {
          updates: matched.map((old) => {
            try {
              return {
                old,
                res: this.engine.applyUpdate(old, u as Doc | Doc[], uTypes, {
                  query: q,
                  arrayFilters,
                  variables: extra?.variables,
                }),
              };
            } catch (error) {
              return { old, error };
            }
          }),
        };
      },
      this.cheap(coll, q),
    );
    if (plan.upsert) {
      const { coll: target } = this.engine.ensureCollection(db, name);
      validateDocument(target.options, plan.upsert.doc, undefined, bypass, plan.upsert.types);
      const inserted = this.engine.insert(target, plan.upsert.doc, plan.upsert.types);
      return { n: 1, nModified: 0, upsertedId: inserted._id };
    }
    if (!plan.updates) return { n: 0, nModified: 0 };
    let nModified = 0;
    for (const { old, res, error } of plan.updates) {
      if (error !== undefined || !res) throw error;
      if (!res.changed) continue;
      validateUpdatedDoc(res.doc);
      validateDocument((coll as Collection).options, res.doc, old, bypass, res.types);
      this.engine.replace(coll as Collection, old, res.doc, res.types);
      nModified++;
    }
    return { n: plan.updates.length, nModified };
  }

  /**
   * Documents matching `q`; with a collation or `let` variables the filter is evaluated with them (a scan of the
   * collection: indexes hold binary keys).
   */
  private matchFor(
    coll: Collection | undefined,
    q: Doc,
    extra: { collation?: Doc; variables?: Doc } | undefined,
  ): Doc[] {
    if (!extra) return this.engine.match(coll, q);
    validateFilter(q);
    const query = new Query(q, { ...MINGO_OPTIONS, ...(extra as Doc) });
    return this.engine.match(coll, {}).filter((d) => query.test(d));
  }

  private buildUpsert(
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
    const res = this.engine.applyUpdate(base, u, uTypes, {
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

  private delete(b: Doc, db: string): Doc {
    const name = validateCollName(db, b.delete);
    const deletes = b.deletes;
    if (!Array.isArray(deletes))
      throw mongoError(9, "BSON field 'delete.deletes' is missing but a required field");
    const ordered = b.ordered !== false;
    const writeErrors: Doc[] = [];
    let n = 0;
    const coll = this.engine.getCollection(db, name);
    if (isView(coll)) throw viewWriteError(db, name);
    for (let i = 0; i < deletes.length; i++) {
      const st = deletes[i] as Doc;
      try {
        if (!isPlainObject(st) || !isPlainObject(st.q))
          throw mongoError(14, "BSON field 'delete.deletes.q' is the wrong type, expected type 'object'");
        const limit = Number(st.limit ?? 0);
        if (limit !== 0 && limit !== 1)
          throw mongoError(9, `The limit field in delete objects must be 0 or 1. Got ${limit}`);
        if (!coll) continue;
        const q = st.q;
        const extra = commandOptions(this.collationFor(db, name, st.collation), b.let);
        let matched = this.bounded(() => this.matchFor(coll, q, extra), this.cheap(coll, q) && !extra);
        if (limit === 1) matched = matched.slice(0, 1);
        for (const d of matched) this.engine.remove(coll, d);
        n += matched.length;
      } catch (e) {
        writeErrors.push(writeError(i, e));
        if (ordered) break;
      }
    }
    return writeErrors.length ? { n, writeErrors } : { n };
  }

  private findAndModify(b: Doc, db: string): Doc {
    const name = validateCollName(db, b.findAndModify ?? b.findandmodify);
    const q = (b.query ?? {}) as Doc;
    if (!isPlainObject(q))
      throw mongoError(14, "BSON field 'findAndModify.query' is the wrong type, expected type 'object'");
    const remove = b.remove === true;
    const u = b.update as Doc | Doc[] | undefined;
    if (remove && u !== undefined) throw mongoError(9, 'Cannot specify both an update and remove=true');
    if (!remove && u === undefined) throw mongoError(9, 'Either an update or remove=true must be specified');
    if (remove && b.upsert) throw mongoError(9, 'Cannot specify both upsert=true and remove=true ');
    if (remove && b.new)
      throw mongoError(
        9,
        "Cannot specify both new=true and remove=true; 'remove' always returns the deleted document",
      );
    const fields = isPlainObject(b.fields) ? b.fields : undefined;
    checkProjection(fields);
    const coll = this.engine.getCollection(db, name);
    if (isView(coll)) throw viewWriteError(db, name);
    const extra = commandOptions(this.collationFor(db, name, b.collation), b.let);
    const bypass = b.bypassDocumentValidation === true;
    const out = (d: Doc | undefined): Doc | null => (d ? projectOne(d, fields) : null);
    const uTypes = isPlainObject(u) ? typesOf(u) : undefined;
    const arrayFilters = b.arrayFilters as Doc[] | undefined;
    // computed interruptibly first, written afterwards
    const plan = this.bounded(
      () => {
        let matched = this.matchFor(coll, q, extra);
        if (isPlainObject(b.sort) && Object.keys(b.sort).length)
          matched = sortFirst(matched, b.sort, extra?.collation);
        const target = matched[0];
        if (remove) return { target, value: out(target) };
        if (!target)
          return b.upsert
            ? { upsert: this.buildUpsert(q, u as Doc | Doc[], uTypes, arrayFilters, extra?.variables) }
            : {};
        return {
          target,
          res: this.engine.applyUpdate(target, u as Doc | Doc[], uTypes, {
            query: q,
            arrayFilters,
            variables: extra?.variables,
          }),
        };
      },
      this.cheap(coll, q),
    );
    const target = plan.target;
    if (remove) {
      if (!target || !coll) return { lastErrorObject: { n: 0 }, value: null };
      this.engine.remove(coll, target);
      return { lastErrorObject: { n: 1 }, value: plan.value };
    }
    if (!target || !plan.res) {
      if (!plan.upsert) return { lastErrorObject: { n: 0, updatedExisting: false }, value: null };
      const { coll: c } = this.engine.ensureCollection(db, name);
      validateDocument(c.options, plan.upsert.doc, undefined, bypass, plan.upsert.types);
      const inserted = this.engine.insert(c, plan.upsert.doc, plan.upsert.types);
      return {
        lastErrorObject: { n: 1, updatedExisting: false, upserted: inserted._id },
        value: b.new ? out(inserted) : null,
      };
    }
    const res = plan.res;
    if (res.changed) {
      validateUpdatedDoc(res.doc);
      validateDocument((coll as Collection).options, res.doc, target, bypass, res.types);
      this.engine.replace(coll as Collection, target, res.doc, res.types);
    }
    return {
      lastErrorObject: { n: 1, updatedExisting: true },
      value: out(b.new ? (res.changed ? res.doc : target) : target),
    };
  }

  // ---- reads ------------------------------------------------------------------------------------------------

  private find(b: Doc, db: string, explained?: ExplainCapture): Doc {
    const name = validateCollName(db, b.find);
    const filter = b.filter ?? {};
    if (!isPlainObject(filter))
      throw mongoError(
        14,
        "BSON field 'FindCommandRequest.filter' is the wrong type, expected type 'object'",
      );
    const skip = numberOpt(b.skip, 'skip') ?? 0;
    let limit = numberOpt(b.limit, 'limit');
    let singleBatch = b.singleBatch === true;
    if (limit !== undefined && limit < 0) {
      limit = -limit;
      singleBatch = true;
    }
    const batchSize = numberOpt(b.batchSize, 'batchSize');
    if (b.tailable)
      throw mongoError(2, 'error processing query: tailable cursor requested on non capped collection');
    const special = this.findSpecial(b, db, name, filter, { skip, limit, batchSize, singleBatch });
    if (special) return special;
    const coll = this.engine.getCollection(db, name);
    const docs = this.bounded(
      () =>
        this.engine.find(coll, {
          filter,
          sort: isPlainObject(b.sort) ? b.sort : undefined,
          skip,
          limit: limit || undefined,
          projection: isPlainObject(b.projection) ? b.projection : undefined,
          hint: b.hint,
          stats: explained?.stats,
          plan: explained?.plan,
          raw: true,
        }),
      this.cheap(coll, filter, {
        sort: isPlainObject(b.sort) ? b.sort : undefined,
        hint: b.hint,
        limit: (skip || 0) + (limit || 0),
      }),
    );
    if (explained) explained.returned = docs.length;
    return this.cursorReply(`${db}.${name}`, docs, batchSize, singleBatch);
  }

  private getMore(b: Doc, db: string): Doc {
    const idv = b.getMore;
    const id = typeof idv === 'number' ? idv : Long.isLong(idv) ? (idv as Long).toNumber() : NaN;
    if (!Number.isFinite(id)) throw mongoError(14, "Field 'getMore' must be of type long in: " + String(idv));
    if (typeof b.collection !== 'string') throw mongoError(14, "Field 'collection' must be of type string");
    const cur = this.cursors.get(id);
    if (!cur) throw mongoError(43, `cursor id ${id} not found`);
    if (cur.ns !== `${db}.${b.collection}`)
      throw mongoError(
        13,
        `Requested getMore on namespace '${db}.${b.collection}', but cursor belongs to a different namespace ${cur.ns}`,
      );
    const batchSize = numberOpt(b.batchSize, 'batchSize');
    const batch = this.takeBatch(cur, batchSize || Infinity);
    const done = cur.pos >= cur.docs.length;
    if (done) this.cursors.delete(id);
    cur.lastUsed = Date.now();
    return { cursor: { nextBatch: batch, id: Long.fromNumber(done ? 0 : id), ns: cur.ns } };
  }

  private killCursors(b: Doc, _db: string): Doc {
    const ids = Array.isArray(b.cursors) ? b.cursors : [];
    const killed: Long[] = [];
    const notFound: Long[] = [];
    for (const v of ids) {
      const id = typeof v === 'number' ? v : Long.isLong(v) ? (v as Long).toNumber() : NaN;
      if (this.cursors.delete(id)) killed.push(Long.fromNumber(id));
      else notFound.push(Long.fromNumber(Number.isFinite(id) ? id : 0));
    }
    return { cursorsKilled: killed, cursorsNotFound: notFound, cursorsAlive: [], cursorsUnknown: [] };
  }

  private count(b: Doc, db: string): Doc {
    const name = validateCollName(db, b.count);
    const q = (b.query ?? {}) as Doc;
    if (!isPlainObject(q))
      throw mongoError(14, "BSON field 'count.query' is the wrong type, expected type 'object'");
    const special = this.countSpecial(b, db, name, q);
    if (special) return special;
    const coll = this.engine.getCollection(db, name);
    const skip = numberOpt(b.skip, 'skip') ?? 0;
    const limit = Math.abs(numberOpt(b.limit, 'limit') ?? 0);
    // with a limit, counting stops once skip + limit documents matched
    const max = limit ? Math.max(skip, 0) + limit : Infinity;
    let n = this.bounded(() => this.engine.countMatching(coll, q, max), this.cheap(coll, q));
    n = Math.max(0, n - skip);
    if (limit) n = Math.min(n, limit);
    return { n };
  }

  private distinct(b: Doc, db: string): Doc {
    const name = validateCollName(db, b.distinct);
    if (typeof b.key !== 'string')
      throw mongoError(14, "BSON field 'distinct.key' is the wrong type, expected type 'string'");
    checkPath(b.key, 'The distinct key');
    const q = (b.query ?? {}) as Doc;
    const view = resolveView(this.engine, db, name);
    if (view) {
      // on a view: the view's pipeline, then the query, then the distinct values of the key
      const docs = this.bounded(() =>
        this.engine.aggregate(
          db,
          this.engine.getCollection(db, view.source),
          [...view.pipeline, { $match: q }],
          undefined,
          commandOptions(this.collationFor(db, name, b.collation), undefined),
        ),
      );
      return { values: distinctValues(docs, b.key, makeCollator(this.collationFor(db, name, b.collation))) };
    }
    const coll = this.engine.getCollection(db, name);
    const key = b.key;
    const extra = commandOptions(this.collationFor(db, name, b.collation), undefined);
    const values = this.bounded(
      () => distinctValues(this.matchFor(coll, q, extra), key, makeCollator(extra?.collation)),
      this.cheap(coll, q) && !extra,
    );
    // mongod's cap on the one reply document distinct answers with
    if (calculateObjectSize({ values }) > MAX_BSON_OBJECT_SIZE)
      throw mongoError(17217, 'distinct too big, 16mb cap');
    return { values };
  }

  private aggregate(b: Doc, db: string): Doc {
    const target = b.aggregate;
    const pipeline = b.pipeline;
    if (!Array.isArray(pipeline)) throw mongoError(14, "'pipeline' option must be specified as an array");
    if (b.explain)
      return { explainVersion: '1', stages: [], queryPlanner: { namespace: `${db}.${String(target)}` } };
    if (!isPlainObject(b.cursor))
      throw mongoError(9, "The 'cursor' option is required, except for aggregate with the explain argument");
    const batchSize = numberOpt(b.cursor.batchSize, 'batchSize');
    let name: string | undefined;
    if (target === 1) name = undefined;
    else name = validateCollName(db, target);
    let stages = pipeline as Doc[];
    let out: { db: string; coll: string } | undefined;
    let merge: MergeSpec | undefined;
    for (let i = 0; i < stages.length; i++) {
      const s = stages[i] as Doc;
      if (!isPlainObject(s) || Object.keys(s).length !== 1)
        throw mongoError(40323, 'A pipeline stage specification object must contain exactly one field.');
      const op = Object.keys(s)[0] as string;
      if (op === '$out') {
        if (i !== stages.length - 1)
          throw mongoError(40601, '$out can only be the final stage in the pipeline');
        const spec = s.$out;
        out =
          typeof spec === 'string'
            ? { db, coll: spec }
            : { db: String((spec as Doc).db ?? db), coll: String((spec as Doc).coll) };
      } else if (['$geoNear', '$search', '$searchMeta', '$vectorSearch'].includes(op)) {
        throw mongoError(2, `${op} is not supported by the embedded server`);
      } else if (op === '$merge') {
        if (i !== stages.length - 1)
          throw mongoError(40601, '$merge can only be the final stage in the pipeline');
        merge = parseMerge(s.$merge, db);
      } else if (op === '$changeStream')
        throw mongoError(40573, 'The $changeStream stage is only supported on replica sets');
    }
    if (out || merge) stages = stages.slice(0, -1);
    // a view: its pipeline runs first, on the collection it is defined on
    const view = name ? resolveView(this.engine, db, name) : undefined;
    if (view) stages = [...view.pipeline, ...stages];
    const coll = name ? this.engine.getCollection(db, view ? view.source : name) : undefined;
    const extra = commandOptions(name ? this.collationFor(db, name, b.collation) : b.collation, b.let);
    let input: Doc[] | undefined;
    const first = stages[0] as Doc | undefined;
    if (target === 1) {
      if (first && '$listLocalSessions' in first) {
        input = this.localSessions();
        stages = stages.slice(1);
      } else if (!(first && '$documents' in first)) {
        const op = first ? Object.keys(first)[0] : '$match';
        throw mongoError(73, `{aggregate: 1} is not valid for '${op}'; a collection is required.`);
      }
    } else if (first && '$listLocalSessions' in first) {
      throw mongoError(50889, '$listLocalSessions must be run against the database with {aggregate: 1}');
    }
    let docs: Doc[];
    const run = stages;
    try {
      docs = this.bounded(() => this.engine.aggregate(db, coll, run, input, extra));
    } catch (e) {
      throw toServerError(e);
    }
    if (out) {
      validateCollName(out.db, out.coll);
      const existing = this.engine.getCollection(out.db, out.coll);
      const specs = existing ? existing.indexes.map((i) => i.spec) : [];
      if (existing) this.engine.dropCollection(out.db, out.coll);
      const dst = this.engine.createCollection(out.db, out.coll, existing ? { ...existing.options } : {});
      for (const s of specs) this.engine.createIndex(dst, s);
      for (const d of docs) this.engine.insert(dst, normalizeOutput(d), undefined);
      return this.cursorReply(`${db}.${String(name)}`, [], batchSize, false);
    }
    if (merge) {
      this.runMerge(merge, docs, b.bypassDocumentValidation === true);
      return this.cursorReply(`${db}.${String(name)}`, [], batchSize, false);
    }
    const typed = docs.map((d) => applyTypes(d, docTypes.get(d)));
    return this.cursorReply(`${db}.${name ?? '$cmd.aggregate'}`, typed, batchSize, false);
  }

  /**
   * find on a view, or with a collation or `let` variables: run as the equivalent aggregation (the view's
   * pipeline, then $match, $sort, $skip, $limit, $project), like mongod does for views. Undefined otherwise.
   */
  private findSpecial(
    b: Doc,
    db: string,
    name: string,
    filter: Doc,
    o: { skip: number; limit: number | undefined; batchSize: number | undefined; singleBatch: boolean },
  ): Doc | undefined {
    const view = resolveView(this.engine, db, name);
    const extra = commandOptions(this.collationFor(db, name, b.collation), b.let);
    if (!view && !extra) return undefined;
    const pipeline: Doc[] = [...(view?.pipeline ?? [])];
    if (Object.keys(filter).length) pipeline.push({ $match: filter });
    if (isPlainObject(b.sort) && Object.keys(b.sort).length) pipeline.push({ $sort: b.sort });
    if (o.skip) pipeline.push({ $skip: o.skip });
    if (o.limit) pipeline.push({ $limit: o.limit });
    if (isPlainObject(b.projection) && Object.keys(b.projection).length)
      pipeline.push({ $project: b.projection });
    const coll = this.engine.getCollection(db, view ? view.source : name);
    const docs = this.bounded(() => this.engine.aggregate(db, coll, pipeline, undefined, extra));
    const typed = docs.map((d) => applyTypes(d, docTypes.get(d)));
    return this.cursorReply(`${db}.${name}`, typed, o.batchSize, o.singleBatch);
  }

  /** The collation of a command: its own, else the default of the view or collection it names. */
  private collationFor(db: string, name: string, given: unknown): unknown {
    if (given !== undefined) return given;
    return this.engine.getCollection(db, name)?.options.collation;
  }

  /** count on a view, or with a collation: counted through the equivalent aggregation. Undefined otherwise. */
  private countSpecial(b: Doc, db: string, name: string, q: Doc): Doc | undefined {
    const view = resolveView(this.engine, db, name);
    const extra = commandOptions(this.collationFor(db, name, b.collation), undefined);
    if (!view && !extra) return undefined;
    const pipeline: Doc[] = [...(view?.pipeline ?? []), { $match: q }];
    const skip = numberOpt(b.skip, 'skip') ?? 0;
    const limit = Math.abs(numberOpt(b.limit, 'limit') ?? 0);
    if (skip) pipeline.push({ $skip: skip });
    if (limit) pipeline.push({ $limit: limit });
    const coll = this.engine.getCollection(db, view ? view.source : name);
    const n = this.bounded(() => this.engine.aggregate(db, coll, pipeline, undefined, extra).length);
    return { n };
  }

  /** Writes the output of a pipeline ending in `$merge` into its target collection. */
  private runMerge(spec: MergeSpec, docs: Doc[], bypass: boolean): void {
    validateCollName(spec.db, spec.coll);
    if (isView(this.engine.getCollection(spec.db, spec.coll))) throw viewWriteError(spec.db, spec.coll);
    const { coll } = this.engine.ensureCollection(spec.db, spec.coll);
    const onId = spec.on.length === 1 && spec.on[0] === '_id';
    for (const raw of docs) {
      const doc = raw._id === undefined && onId ? { _id: new ObjectId(), ...raw } : raw;
      const filter: Doc = {};
      for (const f of spec.on) filter[f] = getPath(doc, f) ?? null;
      const existing = this.engine.match(coll, filter)[0];
      const action = mergeOne(spec, doc, existing, { ...MINGO_OPTIONS, context: AGGREGATION_CONTEXT });
      if (!action) continue;
      if ('insert' in action) {
        validateDocument(coll.options, action.insert, undefined, bypass);
        this.engine.insert(coll, action.insert, docTypes.get(raw));
      } else {
        validateDocument(coll.options, action.replace, action.old, bypass);
        this.engine.replace(coll, action.old, idFirst(action.replace), docTypes.get(action.replace));
      }
    }
  }

  /**
   * explain of find, count, distinct, aggregate (its leading `$match`), update, delete and findAndModify: the plan
   * the planner chooses (queryPlanner) and, unless verbosity is `queryPlanner`, what running it read
   * (executionStats). Nothing is written: writes are explained by the documents they would select.
   */
  private explain(b: Doc, db: string): Doc {
    const inner = b.explain;
    if (!isPlainObject(inner)) throw mongoError(14, 'explain command requires a nested object');
    const cmd = Object.keys(inner)[0] ?? '';
    const collName = validateCollName(db, inner[cmd]);
    const verbosity = typeof b.verbosity === 'string' ? b.verbosity : 'allPlansExecution';
    const coll = this.engine.getCollection(db, collName);
    const capture: ExplainCapture = { stats: { keysExamined: 0, docsExamined: 0 }, plan: {}, returned: 0 };
    const started = Date.now();
    let filter: Doc = {};
    if (cmd === 'find') {
      filter = (inner.filter ?? {}) as Doc;
      if (verbosity !== 'queryPlanner') this.find({ ...inner, $db: db }, db, capture);
    } else {
      const statement =
        cmd === 'update' || cmd === 'delete'
          ? ((Array.isArray(inner.updates)
              ? inner.updates[0]
              : Array.isArray(inner.deletes)
                ? inner.deletes[0]
                : {}) as Doc)
          : inner;
      const first = Array.isArray(inner.pipeline) ? (inner.pipeline[0] as Doc | undefined) : undefined;
      const raw =
        cmd === 'aggregate'
          ? isPlainObject(first?.$match)
            ? first.$match
            : {}
          : (statement.q ?? statement.query ?? {});
      filter = isPlainObject(raw) ? raw : {};
      if (verbosity !== 'queryPlanner')
        capture.returned = this.bounded(
          () =>
            this.engine.match(coll, filter, {
              sort: isPlainObject(statement.sort) ? statement.sort : undefined,
              hint: statement.hint,
              stats: capture.stats,
              plan: capture.plan,
            }).length,
        );
    }
    validateFilter(filter);
    const plan =
      capture.plan.value ??
      (coll
        ? planQuery(coll, filter, isPlainObject(inner.sort) ? inner.sort : undefined, inner.hint)
        : undefined);
    const winningPlan = plan ? explainPlan(plan) : { stage: 'EOF' };
    const reply: Doc = {
      explainVersion: '1',
      queryPlanner: {
        namespace: `${db}.${collName}`,
        indexFilterSet: false,
        parsedQuery: filter,
        winningPlan,
        rejectedPlans: [],
      },
      command: inner,
      serverInfo: { host: this.info.host, port: this.info.port(), version: SERVER_VERSION },
    };
    if (verbosity !== 'queryPlanner')
      reply.executionStats = {
        executionSuccess: true,
        nReturned: capture.returned,
        executionTimeMillis: Date.now() - started,
        totalKeysExamined: capture.stats.keysExamined,
        totalDocsExamined: capture.stats.docsExamined,
        executionStages: { ...winningPlan, nReturned: capture.returned },
      };
    return reply;
  }

  private dbStats(db: string): Doc {
    const d = this.engine.dbs.get(db);
    let objects = 0;
    let indexes = 0;
    for (const c of d?.collections.values() ?? []) {
      objects += c.count;
      indexes += c.indexes.length + 1;
    }
    return {
      db,
      collections: d?.collections.size ?? 0,
      views: 0,
      objects,
      avgObjSize: 0,
      dataSize: 0,
      storageSize: 0,
      indexes,
      indexSize: 0,
      totalSize: 0,
      scaleFactor: 1,
    };
  }

  private collStats(b: Doc, db: string): Doc {
    const name = validateCollName(db, b.collStats);
    const c = this.engine.getCollection(db, name);
    if (!c) throw mongoError(26, `Collection [${db}.${name}] not found.`);
    return {
      ns: c.ns,
      count: c.count,
      size: 0,
      storageSize: 0,
      nindexes: c.indexes.length + 1,
      totalIndexSize: 0,
      indexSizes: {},
    };
  }

  // ---- indexes ----------------------------------------------------------------------------------------------

  private createIndexes(b: Doc, db: string): Doc {
    const name = validateCollName(db, b.createIndexes);
    if (isView(this.engine.getCollection(db, name))) throw viewWriteError(db, name);
    if (!Array.isArray(b.indexes) || b.indexes.length === 0)
      throw mongoError(2, 'Must specify at least one index to create');
    const specs = b.indexes.map((raw) => {
      if (!isPlainObject(raw)) throw mongoError(14, 'index specification must be an object');
      if (raw.name === undefined && raw.key === undefined)
        throw mongoError(9, "The 'key' field is a required property of an index specification");
      if (isPlainObject(raw.key)) for (const k of Object.keys(raw.key)) checkPath(k, 'The index key');
      if (isPlainObject(raw.partialFilterExpression)) {
        validateFilter(raw.partialFilterExpression);
        // evaluated on every write of the collection, outside any time limit: like mongod, no regex or $expr
        if (scanQuery([raw.partialFilterExpression]).risky)
          throw mongoError(67, 'Expression not supported in partial index: $regex / $expr');
      }
      return makeIndexSpec(raw);
    });
    const { coll, created } = this.engine.ensureCollection(db, name);
    const before = coll.indexes.length + 1;
    for (const s of specs) this.engine.createIndex(coll, s);
    const after = coll.indexes.length + 1;
    const reply: Doc = {
      numIndexesBefore: before,
      numIndexesAfter: after,
      createdCollectionAutomatically: created,
    };
    if (before === after) reply.note = 'all indexes already exist';
    return reply;
  }

  private listIndexes(b: Doc, db: string): Doc {
    const name = validateCollName(db, b.listIndexes);
    const coll = this.engine.getCollection(db, name);
    if (!coll) throw mongoError(26, `ns does not exist: ${db}.${name}`);
    const specs = [coll.idIndexSpec(), ...coll.indexes.map((i) => ({ ...i.spec }))];
    const batchSize = isPlainObject(b.cursor) ? numberOpt(b.cursor.batchSize, 'batchSize') : undefined;
    return this.cursorReply(`${db}.${name}`, specs, batchSize, false);
  }

  private dropIndexes(b: Doc, db: string): Doc {
    const name = validateCollName(db, b.dropIndexes ?? b.deleteIndexes);
    const coll = this.engine.getCollection(db, name);
    if (!coll) throw mongoError(26, `ns not found ${db}.${name}`);
    const was = coll.indexes.length + 1;
    const idx = b.index;
    if (idx === '*') {
      for (const i of [...coll.indexes]) this.engine.dropIndex(coll, i.spec.name);
      return { nIndexesWas: was, msg: 'non-_id indexes dropped for collection' };
    }
    const names: string[] = [];
    if (typeof idx === 'string') names.push(idx);
    else if (Array.isArray(idx)) names.push(...idx.map(String));
    else if (isPlainObject(idx)) {
      const found = coll.indexes.filter((i) => keyOf(i.spec.key) === keyOf(idx));
      if (keyOf(idx) === keyOf({ _id: 1 })) throw mongoError(72, 'cannot drop _id index');
      if (found.length === 0) throw mongoError(27, `can't find index with key: ${JSON.stringify(idx)}`);
      if (found.length > 1) throw mongoError(27, 'index specification matches more than one index');
      names.push((found[0] as { spec: { name: string } }).spec.name);
    } else throw mongoError(14, "dropIndexes: 'index' must be a string, array or object");
    for (const n of names) {
      if (n === '_id_') throw mongoError(72, 'cannot drop _id index');
      if (!coll.indexes.some((i) => i.spec.name === n))
        throw mongoError(27, `index not found with name [${n}]`);
    }
    for (const n of names) this.engine.dropIndex(coll, n);
    return { nIndexesWas: was };
  }

  // ---- cursors ----------------------------------------------------------------------------------------------

  private cursorReply(ns: string, docs: Doc[], batchSize: number | undefined, singleBatch: boolean): Doc {
    const cur: CursorState = { id: 0, ns, docs, pos: 0, lastUsed: Date.now() };
    const first = this.takeBatch(cur, batchSize ?? DEFAULT_FIRST_BATCH);
    let id = 0;
    if (!singleBatch && cur.pos < docs.length) {
      id = this.nextCursorId++;
      cur.id = id;
      this.cursors.set(id, cur);
    }
    return { cursor: { firstBatch: first, id: Long.fromNumber(id), ns } };
  }

  private takeBatch(cur: CursorState, max: number): Doc[] {
    const out: Doc[] = [];
    let bytes = 0;
    while (cur.pos < cur.docs.length && out.length < max) {
      const d = cur.docs[cur.pos] as Doc;
      const size =
        d instanceof RawDocument ? d.bytes.length : calculateObjectSize(d, { ignoreUndefined: true });
      // like mongod, a result document larger than the BSON limit fails the command (BSONObjectTooLarge)
      if (size > MAX_BSON_OBJECT_SIZE) throw documentTooLarge(size, d);
      if (out.length > 0 && bytes + size > MAX_BATCH_BYTES) break;
      out.push(d);
      bytes += size;
      cur.pos++;
    }
    return out;
  }

  private killCursorsOf(ns: string): void {
    for (const [id, c] of this.cursors) if (c.ns === ns) this.cursors.delete(id);
  }
}

// ---- helpers ----------------------------------------------------------------------------------------------

/** The parts of a command that get evaluated as queries or expressions (for limits.ts). */
function queryParts(name: string, b: Doc): unknown[] {
  const pullOrPipeline = (u: unknown): unknown =>
    Array.isArray(u) ? u : isPlainObject(u) ? u.$pull : undefined;
  switch (name) {
    case 'find':
      return [b.filter, b.projection];
    case 'count':
    case 'distinct':
      return [b.query];
    case 'aggregate':
      return [b.pipeline];
    case 'update':
      return Array.isArray(b.updates)
        ? b.updates.map((st) => (isPlainObject(st) ? [st.q, st.arrayFilters, pullOrPipeline(st.u)] : []))
        : [];
    case 'delete':
      return Array.isArray(b.deletes) ? b.deletes.map((st) => (isPlainObject(st) ? st.q : undefined)) : [];
    case 'findAndModify':
    case 'findandmodify':
      return [b.query, b.fields, b.arrayFilters, pullOrPipeline(b.update)];
    case 'listCollections':
    case 'listDatabases':
      return [b.filter];
    default:
      return [];
  }
}

const typedDocs = new WeakMap<object, TypeMap | undefined>();

/**
 * Command bodies decoded from a message of at most MAX_BSON_OBJECT_SIZE bytes: every document in
 * them is smaller still, so inserts skip measuring each one (a walk over every value).
 */
export const decodedFromSmallMessage = new WeakSet<Doc>();

function typesOf(d: Doc): TypeMap | undefined {
  return typedDocs.get(d);
}

/**
 * Normalizes a decoded command body in place (see types.ts). Documents that get stored keep their numeric
 * type annotations, recorded before the rest of the body is normalized.
 */
function prepareBody(name: string, body: Doc): void {
  checkNoProtoKeys(body);
  const keep = (d: unknown) => {
    if (!isPlainObject(d)) return;
    const { types } = normalizeDoc(d);
    // Most documents hold no number needing its type kept: no entry for them (one fewer weak reference each).
    if (types) typedDocs.set(d, types);
  };
  if (name === 'insert' && Array.isArray(body.documents)) {
    body.documents.forEach(keep);
    // The documents are normalized now: the rest of the command needs it, not a second walk over them.
    for (const key of Object.keys(body))
      if (key !== 'documents') body[key] = normalize(body[key], undefined, key);
    return;
  }
  if (name === 'update' && Array.isArray(body.updates))
    for (const st of body.updates) keep(isPlainObject(st) ? st.u : undefined);
  else if (name === 'findAndModify' || name === 'findandmodify') keep(body.update);
  normalize(body);
}

/** Aggregation output can contain values mingo produced (e.g. bigint); make it storable. */
function normalizeOutput(d: Doc): Doc {
  return d;
}

function numberOpt(v: unknown, field: string): number | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'number' && Number.isFinite(v)) {
    if (field !== 'limit' && v < 0)
      throw mongoError(51024, `BSON field '${field}' value must be >= 0, actual value '${v}'`);
    return Math.trunc(v);
  }
  if (Long.isLong(v)) return (v as Long).toNumber();
  throw mongoError(
    14,
    `BSON field '${field}' is the wrong type '${typeof v}', expected types '[long, int, decimal, double']`,
  );
}

function writeError(index: number, e: unknown): Doc {
  const err = toServerError(e);
  const out: Doc = { index, code: err.code };
  if (err instanceof MongoServerError && err.code === 11000) {
    if (err.extra.keyPattern) out.keyPattern = err.extra.keyPattern;
    if (err.extra.keyValue) out.keyValue = err.extra.keyValue;
  }
  out.errmsg = err.message;
  return out;
}

function validateNewDoc(d: Doc, measure = true): void {
  if (d._id !== undefined) validateId(d._id);
  if (measure && calculateObjectSize(d) > MAX_BSON_OBJECT_SIZE)
    throw mongoError(
      2,
      `object to insert too large. size in bytes: ${calculateObjectSize(d)}, max size: ${MAX_BSON_OBJECT_SIZE}`,
    );
}

function validateUpdatedDoc(d: Doc): void {
  const size = calculateObjectSize(d);
  if (size > MAX_BSON_OBJECT_SIZE)
    throw mongoError(17419, `Resulting document after update is larger than ${MAX_BSON_OBJECT_SIZE}`);
}

function sortFirst(docs: Doc[], sort: Doc, collation?: unknown): Doc[] {
  checkSort(sort);
  if (docs.length <= 1) return docs;
  return sortDocs(docs, sort, collation);
}

function projectOne(d: Doc, fields: Doc | undefined): Doc {
  checkProjection(fields);
  if (!fields || Object.keys(fields).length === 0) return applyTypes(d, docTypes.get(d));
  return applyTypes(
    orderProjected(new Query({}, MINGO_OPTIONS).find([d], fields).all()[0] as Doc, d),
    docTypes.get(d),
  );
}

/** mongod's error for a result document over 16 MiB (BSONObjectTooLarge, 10334). */
function documentTooLarge(size: number, d: Doc): Error {
  const first = Object.keys(d)[0];
  const firstText =
    first === undefined ? '' : ` First element: ${first}: ${formatValue(d[first]).slice(0, 80)}`;
  return mongoError(
    10334,
    `BSONObj size: ${size} (0x${size.toString(16).toUpperCase()}) is invalid. Size must be between 0 and 16793600(16MB)${firstText}`,
  );
}

/**
 * The distinct values of a key over documents (arrays contribute their elements); with a collation, strings the
 * collation holds equal count once (the first one seen is returned).
 */
function distinctValues(docs: Doc[], key: string, collator?: Collator): unknown[] {
  const seen = new Map<string, unknown>();
  const strings: string[] = [];
  for (const d of docs) {
    for (const v of pathValues(applyTypes(d, docTypes.get(d)), key)) {
      if (v === undefined) continue;
      if (collator && typeof v === 'string') {
        if (strings.some((x) => collator(x, v) === 0)) continue;
        strings.push(v);
      }
      const k = keyOf(v);
      if (!seen.has(k)) seen.set(k, v);
    }
  }
  return [...seen.values()];
}
