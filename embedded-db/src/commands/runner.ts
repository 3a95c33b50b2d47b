/**
 * Command dispatch with mongod's reply shapes and error codes. The commands themselves live in one file per
 * family (handshake, collections, crud, find, aggregate, explain, indexes); this file checks authentication and
 * transactions, prepares the body, sets the time budget and runs writes in a transaction of the store.
 */
import type { Doc } from '../bson/values.js';
import { mongoError, toServerError } from '../errors.js';
import type { Store } from '../storage/store.js';
import { Budget, checkPattern, commandTimeLimit, DEFAULT_MAX_TIME_MS, scanQuery } from '../query/limits.js';
import type { Engine } from '../engine/engine.js';
import { requiresAuthentication, type ScramAuthenticator } from '../protocol/auth.js';
import { aggregateCommands } from './aggregate.js';
import { prepareBody, queryParts, writesData } from './body.js';
import { collectionCommands } from './collections.js';
import { CommandContext, type ConnectionInfo, type Handlers, type ServerInfo } from './context.js';
import { crudCommands } from './crud.js';
import { explainCommands } from './explain.js';
import { findCommands } from './find.js';
import { handshakeCommands, TXN_ERROR } from './handshake.js';
import { indexCommands } from './indexes.js';

export { decodedFromSmallMessage } from './body.js';

/** The reply of a command the `failCommand` fail point answers by closing the connection (server.ts). */
export const CLOSE_CONNECTION: Doc = Object.freeze({});
export { MAX_WIRE_VERSION, SERVER_VERSION, type ConnectionInfo } from './context.js';

export class CommandRunner {
  private readonly ctx: CommandContext;
  private readonly handlers: Handlers;

  constructor(
    engine: Engine,
    store: Store,
    info: ServerInfo,
    /** Set when authentication is required; undefined keeps the server open (in-memory test servers). */
    authenticator?: ScramAuthenticator,
  ) {
    const ctx = new CommandContext(engine, store, info, authenticator);
    this.ctx = ctx;
    this.handlers = {
      ...handshakeCommands(ctx),
      ...collectionCommands(ctx),
      ...crudCommands(ctx),
      ...findCommands(ctx),
      ...aggregateCommands(ctx),
      ...indexCommands(ctx),
      ...explainCommands(ctx),
      ...(info.testCommands ? { configureFailPoint: (b: Doc) => ctx.failPoints.configure(b) } : {}),
    };
  }

  /** Runs one command document and returns the reply (never throws). */
  async run(body: Doc, conn: ConnectionInfo): Promise<Doc> {
    const name = Object.keys(body)[0];
    const ctx = this.ctx;
    try {
      if (name === undefined) throw mongoError(59, "no such command: ''");
      const db = typeof body.$db === 'string' ? body.$db : 'admin';
      const handler = Object.prototype.hasOwnProperty.call(this.handlers, name)
        ? this.handlers[name]
        : undefined;
      if (handler && ctx.authenticator && !conn.auth.user && requiresAuthentication(name))
        throw mongoError(13, `Command ${name} requires authentication`);
      if (
        body.txnNumber !== undefined ||
        body.startTransaction !== undefined ||
        body.autocommit !== undefined
      )
        throw mongoError(20, TXN_ERROR);
      if (!handler) throw mongoError(59, `no such command: '${name}'`);
      const failure = ctx.failPoints.failureFor(name, db, body, conn.appName);
      if (failure) {
        if (failure.blockTimeMS > 0) await new Promise((r) => setTimeout(r, failure.blockTimeMS));
        if (failure.closeConnection) return CLOSE_CONNECTION;
        if (failure.error) return failure.error;
      }
      prepareBody(name, body);
      const budget = this.budgetFor(name, body);
      ctx.sessions.touch(body.lsid);
      // The budget is set inside: a write runs later, when the store starts its transaction.
      const execute = (): Doc | Promise<Doc> => {
        ctx.budget = budget;
        try {
          return handler(body, db, conn);
        } finally {
          ctx.budget = undefined;
        }
      };
      // A write is acknowledged once committed and flushed; whatever it applied before failing is durable
      // before the client hears about the failure (Store.write).
      const reply = writesData(name, body) ? await ctx.store.write(execute) : await execute();
      if (failure?.writeConcernError)
        return { ...reply, writeConcernError: failure.writeConcernError, ok: 1 };
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
    const limit = commandTimeLimit(body, this.ctx.info.defaultMaxTimeMS ?? DEFAULT_MAX_TIME_MS);
    const scan = scanQuery(queryParts(name, body));
    for (const p of scan.patterns) checkPattern(p.source, p.flags);
    return new Budget(limit, scan.risky);
  }

  /** Drops cursors idle for longer than mongod's default cursor timeout, and expired sessions. */
  sweepCursors(now = Date.now()): void {
    this.ctx.cursors.sweep(now, this.ctx.parameters.cursorTimeoutMillis);
    this.ctx.sessions.expire(now);
  }

  /** Whether the TTL monitor may run (the parameter ttlMonitorEnabled). */
  get ttlMonitorEnabled(): boolean {
    return this.ctx.parameters.ttlMonitorEnabled;
  }

  get openCursors(): number {
    return this.ctx.cursors.size;
  }
}
