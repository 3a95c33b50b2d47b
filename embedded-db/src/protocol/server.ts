/**
 * TCP server speaking the MongoDB wire protocol, backed by the engine. Runs inside the worker thread
 * (see worker.ts) or directly in a process.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import type { Doc } from '../bson/values.js';
import { MongoServerError, toServerError } from '../errors.js';
import { acquireLock, migrateLegacyFiles, prepareDataDir, releaseLock } from '../storage/storage.js';
import { Store } from '../storage/store.js';
import { Engine } from '../engine/engine.js';
import {
  CLOSE_CONNECTION,
  CommandRunner,
  type ConnectionInfo,
  decodedFromSmallMessage,
} from '../commands/runner.js';
import {
  type AuthMode,
  connectionString,
  type Credentials,
  CREDENTIALS_FILE,
  generateCredentials,
  loadOrCreateCredentials,
  ScramAuthenticator,
} from './auth.js';
import {
  encodeOpMsg,
  encodeOpReply,
  FLAG_MORE_TO_COME,
  MAX_BSON_OBJECT_SIZE,
  MAX_MESSAGE_SIZE,
  OP_MSG,
  OP_QUERY,
  parseMessage,
  readHeader,
} from './wire.js';

export interface ServerOptions {
  dataDir?: string | null;
  port?: number;
  host?: string;
  ttlMonitorIntervalMs?: number;
  /**
   * `required`: SCRAM-SHA-256 with generated credentials (kept in `<dataDir>/credentials.json` when there is a
   * data directory); `none`: open. Default: `required` with a data directory, `none` in memory.
   */
  auth?: AuthMode;
  /** Time limit (ms) of queries without maxTimeMS; default 5000 (see limits.ts). */
  defaultMaxTimeMS?: number;
  /** mongod's `enableTestCommands`: offers `configureFailPoint` (commands/fail-points.ts). Default false. */
  testCommands?: boolean;
  log?: (msg: string) => void;
}

const HEADER_SIZE = 16;

export class EmbeddedMongoServer {
  engine!: Engine;
  private runner!: CommandRunner;
  private storage!: { store: Store; close(): Promise<void> };
  private server!: Server;
  private readonly sockets = new Set<Socket>();
  private nextConnectionId = 1;
  private ttlTimer: NodeJS.Timeout | undefined;
  private sweepTimer: NodeJS.Timeout | undefined;
  private ttlRunning = false;
  port = 0;
  readonly host: string;
  /** The user connections must authenticate as; undefined when authentication is off. */
  credentials: Credentials | undefined;
  /** Where the credentials are kept (null in memory or without authentication). */
  credentialsFile: string | null = null;
  private readonly log: (msg: string) => void;

  private constructor(private readonly opts: ServerOptions) {
    this.host = opts.host ?? '127.0.0.1';
    this.log = opts.log ?? (() => {});
  }

  static async start(opts: ServerOptions = {}): Promise<EmbeddedMongoServer> {
    const s = new EmbeddedMongoServer(opts);
    await s.init();
    return s;
  }

  private async init(): Promise<void> {
    const dataDir = this.opts.dataDir ?? null;
    const authMode = this.opts.auth ?? (dataDir ? 'required' : 'none');
    const ceiling = this.opts.defaultMaxTimeMS;
    if (ceiling !== undefined && !(Number.isInteger(ceiling) && ceiling > 0))
      throw new Error(`invalid defaultMaxTimeMS ${String(ceiling)}: expected a positive integer (ms)`);
    if (authMode !== 'required' && authMode !== 'none')
      throw new Error(`invalid auth option ${JSON.stringify(authMode)}: expected 'required' or 'none'`);
    this.storage = await this.openStorage(dataDir);
    let authenticator: ScramAuthenticator | undefined;
    try {
      if (authMode === 'required') {
        this.credentials = dataDir ? loadOrCreateCredentials(dataDir) : generateCredentials();
        this.credentialsFile = dataDir ? join(dataDir, CREDENTIALS_FILE) : null;
        authenticator = new ScramAuthenticator(this.credentials);
      }
    } catch (e) {
      await this.storage.close();
      throw e;
    }
    this.runner = new CommandRunner(
      this.engine,
      this.storage.store,
      {
        host: this.host,
        port: () => this.port,
        dataDir,
        defaultMaxTimeMS: this.opts.defaultMaxTimeMS,
        testCommands: this.opts.testCommands === true,
        ttlMonitorSleepSecs: Math.round((this.opts.ttlMonitorIntervalMs ?? 60_000) / 1000),
      },
      authenticator,
    );
    this.server = createServer((sock) => this.onConnection(sock));
    this.server.maxConnections = 10_000;
    try {
      await new Promise<void>((resolve, reject) => {
        this.server.once('error', reject);
        this.server.listen(this.opts.port ?? 0, this.host, () => {
          this.server.off('error', reject);
          resolve();
        });
      });
    } catch (e) {
      await this.storage.close();
      throw e;
    }
    const addr = this.server.address();
    this.port = typeof addr === 'object' && addr ? addr.port : 0;
    const ttlMs = this.opts.ttlMonitorIntervalMs ?? 60_000;
    this.ttlTimer = setInterval(() => void this.runTtlMonitor(), ttlMs);
    this.sweepTimer = setInterval(() => this.runner.sweepCursors(), 60_000);
  }

  /**
   * Opens the lmdb store (a private temporary one in memory) and the engine's catalog; with a data directory
   * also takes its lock and migrates data of the journal-based storage of earlier versions.
   */
  private async openStorage(dataDir: string | null): Promise<{ store: Store; close(): Promise<void> }> {
    if (!dataDir) {
      const store = Store.open(null);
      this.engine = new Engine(store);
      return { store, close: () => store.close() };
    }
    prepareDataDir(dataDir);
    acquireLock(dataDir);
    let store: Store | undefined;
    try {
      store = Store.open(dataDir);
      this.engine = new Engine(store);
      migrateLegacyFiles(dataDir, this.engine, (fn) => (store as Store).writeSync(fn), this.log);
    } catch (e) {
      // Closed before the error goes out: a worker that reports it and exits must not leave lmdb closing the
      // environment during the thread's teardown (that aborted the process: "napi_throw" in env.close).
      await store?.close().catch(() => undefined);
      releaseLock(dataDir);
      throw e;
    }
    const opened = store;
    return {
      store: opened,
      close: async () => {
        try {
          await opened.close();
        } finally {
          releaseLock(dataDir);
        }
      },
    };
  }

  /** Connection string, with the credentials when authentication is required. */
  get uri(): string {
    return connectionString(this.host, this.port, this.credentials);
  }

  /** Deletes documents whose TTL index date is older than expireAfterSeconds (like mongod's TTLMonitor). */
  async runTtlMonitor(now = Date.now()): Promise<number> {
    if (this.ttlRunning || !this.runner.ttlMonitorEnabled) return 0;
    this.ttlRunning = true;
    let removed = 0;
    try {
      removed = await this.storage.store.write(() => {
        let n = 0;
        for (const db of this.engine.dbs.values()) {
          for (const coll of db.collections.values()) {
            for (const idx of coll.indexes) {
              if (idx.ttlSeconds === undefined) continue;
              // The TTL index itself finds what expired: dates up to the limit (for arrays, the earliest date).
              const field = idx.fields[0] as string;
              const limit = new Date(now - idx.ttlSeconds * 1000);
              const expired = this.engine.match(coll, { [field]: { $lte: limit } }, { hint: idx.spec.name });
              for (const d of expired) {
                this.engine.remove(coll, d);
                n++;
              }
            }
          }
        }
        return n;
      });
    } catch (e) {
      this.log(`TTL monitor failed: ${(e as Error).message}`);
    } finally {
      this.ttlRunning = false;
    }
    return removed;
  }

  private onConnection(sock: Socket): void {
    const conn: ConnectionInfo = {
      id: this.nextConnectionId++,
      remote: `${sock.remoteAddress}:${sock.remotePort}`,
      auth: {},
    };
    this.sockets.add(sock);
    sock.setNoDelay(true);
    let chunks: Buffer[] = [];
    let buffered = 0;
    let chain: Promise<void> = Promise.resolve();
    let closed = false;

    const fail = (why: string) => {
      if (closed) return;
      closed = true;
      this.log(`connection ${conn.id}: ${why}; closing`);
      sock.destroy();
    };

    sock.on('data', (chunk: Buffer) => {
      if (closed) return;
      chunks.push(chunk);
      buffered += chunk.length;
      while (buffered >= 4) {
        let head = chunks[0] as Buffer;
        if (head.length < 4) {
          head = Buffer.concat(chunks);
          chunks = [head];
        }
        const len = head.readInt32LE(0);
        if (len < HEADER_SIZE || len > MAX_MESSAGE_SIZE) {
          fail(`invalid message length ${len}`);
          return;
        }
        if (buffered < len) break;
        const all = chunks.length === 1 ? head : Buffer.concat(chunks);
        const msg = all.subarray(0, len);
        const rest = all.subarray(len);
        chunks = rest.length ? [rest] : [];
        buffered = rest.length;
        chain = chain
          .then(() => this.handleMessage(msg, sock, conn))
          .catch((e: unknown) => fail(`error: ${(e as Error).message}`));
      }
    });
    sock.on('error', () => {
      closed = true;
    });
    sock.on('close', () => {
      closed = true;
      this.sockets.delete(sock);
    });
  }

  private async handleMessage(msg: Buffer, sock: Socket, conn: ConnectionInfo): Promise<void> {
    const header = readHeader(msg);
    if (header.opCode !== OP_MSG && header.opCode !== OP_QUERY) {
      // mongod drops connections that send opcodes it cannot answer (compression was never negotiated).
      sock.destroy();
      return;
    }
    let req;
    try {
      req = parseMessage(msg);
    } catch (e) {
      const err = toServerError(e);
      this.send(
        sock,
        header.opCode === OP_QUERY
          ? encodeOpReply(header.requestId, { $err: err.message, ...err.toReply() })
          : encodeOpMsg(header.requestId, err.toReply()),
      );
      return;
    }
    if (req.kind === 'msg') {
      if (msg.length <= MAX_BSON_OBJECT_SIZE) decodedFromSmallMessage.add(req.body);
      const reply = await this.runner.run(req.body, conn);
      if (reply === CLOSE_CONNECTION) {
        sock.destroy();
        return;
      }
      if (req.flags & FLAG_MORE_TO_COME) return; // unacknowledged (w:0) request
      this.send(
        sock,
        this.encode(
          () => encodeOpMsg(header.requestId, reply),
          (r) => encodeOpMsg(header.requestId, r),
        ),
      );
      return;
    }
    // Legacy OP_QUERY: only commands against `<db>.$cmd` (the handshake) are answered.
    const ns = req.collection;
    const dot = ns.indexOf('.');
    const db = dot > 0 ? ns.slice(0, dot) : ns;
    if (!ns.endsWith('.$cmd')) {
      this.send(
        sock,
        encodeOpReply(header.requestId, {
          $err: `Unsupported OP_QUERY command: find. The client driver may require an upgrade. For more details see https://dochub.mongodb.org/core/legacy-opcode-removal`,
          code: 352,
          ok: 0,
        }),
      );
      return;
    }
    let body = req.body;
    if (body.$query && typeof body.$query === 'object') body = body.$query as Doc;
    body.$db = db;
    const reply = await this.runner.run(body, conn);
    if (reply === CLOSE_CONNECTION) {
      sock.destroy();
      return;
    }
    this.send(
      sock,
      this.encode(
        () => encodeOpReply(header.requestId, reply),
        (r) => encodeOpReply(header.requestId, r),
      ),
    );
  }

  /** Encodes a reply; a reply that cannot be encoded (too large, …) becomes an error reply. */
  private encode(make: () => Buffer, makeErr: (r: Doc) => Buffer): Buffer {
    try {
      const buf = make();
      if (buf.length > MAX_MESSAGE_SIZE)
        throw new MongoServerError(
          10334,
          `BSONObj size: ${buf.length} (0x${buf.length.toString(16).toUpperCase()}) is invalid. Size must be between 0 and 16793600(16MB)`,
        );
      return buf;
    } catch (e) {
      return makeErr(toServerError(e).toReply());
    }
  }

  private send(sock: Socket, buf: Buffer): void {
    if (!sock.destroyed) sock.write(buf);
  }

  async stop(): Promise<void> {
    if (this.ttlTimer) clearInterval(this.ttlTimer);
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const s of this.sockets) s.destroy();
    await closed;
    await this.storage.close();
  }
}
