/**
 * Handshake, authentication, diagnostics and sessions: hello/isMaster, saslStart/saslContinue/logout, ping,
 * buildInfo, getParameter, connectionStatus, whatsmyuri, serverStatus, hostInfo, getCmdLineOpts, getLog, the
 * session commands, and the transaction commands a standalone refuses.
 */
import { Long, UUID } from 'bson';
import { type Doc, isPlainObject } from '../bson/values.js';
import { mongoError } from '../errors.js';
import { AUTH_DB } from '../protocol/auth.js';
import { MAX_BSON_OBJECT_SIZE, MAX_MESSAGE_SIZE } from '../protocol/wire.js';
import {
  type CommandContext,
  type ConnectionInfo,
  type Handlers,
  MAX_WIRE_VERSION,
  MAX_WRITE_BATCH_SIZE,
  SERVER_VERSION,
} from './context.js';

export const TXN_ERROR = 'Transaction numbers are only allowed on a replica set member or mongos';

export function handshakeCommands(ctx: CommandContext): Handlers {
  return {
    hello: (b, _db, c) => hello(ctx, b, c, true),
    isMaster: (b, _db, c) => hello(ctx, b, c, false),
    ismaster: (b, _db, c) => hello(ctx, b, c, false),
    saslStart: (b, db, c) => {
      // Without authentication there are no users, like a mongod that has none.
      if (!ctx.authenticator) throw mongoError(18, 'Authentication failed.');
      return ctx.authenticator.saslStart(b, db, c.auth);
    },
    saslContinue: (b, _db, c) => {
      if (!ctx.authenticator) throw mongoError(17, 'No SASL session state found');
      return ctx.authenticator.saslContinue(b, c.auth);
    },
    ping: () => ({}),
    buildInfo: () => buildInfo(),
    buildinfo: () => buildInfo(),
    getParameter: (b, db) => ctx.parameters.getParameter(b, db),
    setParameter: (b, db) => {
      const reply = ctx.parameters.setParameter(b, db);
      ctx.engine.notablescan = ctx.parameters.notablescan;
      return reply;
    },
    connectionStatus: (_b, _db, c) => ({
      authInfo: c.auth.user
        ? {
            authenticatedUsers: [{ user: c.auth.user, db: AUTH_DB }],
            authenticatedUserRoles: [{ role: 'root', db: AUTH_DB }],
          }
        : { authenticatedUsers: [], authenticatedUserRoles: [] },
    }),
    whatsmyuri: (_b, _db, c) => ({ you: c.remote }),
    serverStatus: (_b, _db, c) => serverStatus(ctx, c),
    hostInfo: () => hostInfo(ctx),
    getCmdLineOpts: () => ({
      argv: ['mongod-embedded'],
      parsed: {
        net: { port: ctx.info.port(), bindIp: ctx.info.host },
        storage: { dbPath: ctx.info.dataDir ?? '' },
      },
    }),
    getLog: (b) =>
      b.getLog === '*' ? { names: ['global', 'startupWarnings'] } : { totalLinesWritten: 0, log: [] },
    endSessions: (b) => {
      for (const s of Array.isArray(b.endSessions) ? b.endSessions : []) ctx.sessions.end(s);
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

function hello(ctx: CommandContext, b: Doc, conn: ConnectionInfo, modern: boolean): Doc {
  const application = isPlainObject(b.client) ? b.client.application : undefined;
  if (isPlainObject(application) && typeof application.name === 'string') conn.appName = application.name;
  const auth: Doc = {};
  if (ctx.authenticator) {
    const mechs = ctx.authenticator.supportedMechs(b.saslSupportedMechs);
    if (mechs) auth.saslSupportedMechs = mechs;
    const speculative = ctx.authenticator.speculative(b.speculativeAuthenticate, conn.auth);
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

function buildInfo(): Doc {
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

function serverStatus(ctx: CommandContext, conn: ConnectionInfo): Doc {
  const uptimeMs = Date.now() - ctx.startedAt;
  return {
    host: `${ctx.info.host}:${ctx.info.port()}`,
    version: SERVER_VERSION,
    process: 'mongod',
    pid: Long.fromNumber(process.pid),
    uptime: uptimeMs / 1000,
    uptimeMillis: Long.fromNumber(uptimeMs),
    localTime: new Date(),
    connections: { current: conn.id },
    metrics: { cursor: { open: { total: ctx.cursors.size } } },
    storageEngine: {
      name: 'embedded',
      supportsCommittedReads: false,
      persistent: ctx.info.dataDir !== null,
    },
    embedded: { writes: writeState(ctx) },
  };
}

/**
 * serverStatus `embedded.writes`: `{state: 'ok'}`, or while the disk is full `{state: 'refused', code: 14031,
 * codeName: 'OutOfDiskSpace', errmsg, since, freeBytes, refused, cause}` (the answer writes get, since when, the
 * free bytes now, writes refused since, lmdb's reason). Once space comes back it is `ok` again: the next write is
 * tried. The product's health check reads it (README, "A full disk").
 */
function writeState(ctx: CommandContext): Doc {
  const fault = ctx.store.refusingWrites;
  if (!fault) return { state: 'ok' };
  const refusal = fault.refusal();
  return {
    state: 'refused',
    code: refusal.code,
    codeName: refusal.codeName,
    errmsg: refusal.message,
    since: fault.since,
    freeBytes: Long.fromNumber(ctx.store.freeBytes() ?? 0),
    refused: Long.fromNumber(fault.refused),
    cause: fault.cause,
  };
}

function hostInfo(ctx: CommandContext): Doc {
  return {
    system: { currentTime: new Date(), hostname: ctx.info.host, numCores: 1, memSizeMB: 0 },
    os: { type: process.platform, name: process.platform },
    extra: {},
  };
}
