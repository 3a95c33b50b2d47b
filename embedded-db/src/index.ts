/**
 * Embedded MongoDB-compatible server (wire protocol on a loopback port).
 *
 *   const mongo = await startEmbeddedMongo({ dataDir: "./data/db" }); // or dataDir: null for in-memory
 *   await mongoose.connect(mongo.uri, { dbName: "mydb" }); // the uri carries the credentials
 *   await mongo.stop();
 *
 * The engine runs in a worker thread so database work does not block the caller's event loop.
 */
import { readFileSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { type AuthMode, connectionString, type Credentials } from './protocol/auth.js';

export interface EmbeddedMongoOptions {
  /** Directory of the lmdb data file; null/undefined keeps the data in a private temporary store. */
  dataDir?: string | null;
  /** TCP port; 0 (default) picks a free port. */
  port?: number;
  /** Interface to bind; default 127.0.0.1. */
  host?: string;
  /** How often expired TTL documents are removed; default 60000 like mongod. */
  ttlMonitorIntervalMs?: number;
  /** Receives the server's notices (e.g. a migration of an older data directory); default: none. */
  log?: (msg: string) => void;
  /**
   * `required`: clients must authenticate with SCRAM-SHA-256 as the generated user (the returned `uri` carries
   * the credentials); `none`: no authentication. Default: `required` when `dataDir` is set, `none` in memory.
   */
  auth?: AuthMode;
  /**
   * Time limit (ms) for queries, updates, deletes and aggregations that carry no `maxTimeMS`; default 5000.
   * Past it (or past the command's own maxTimeMS) they end with MaxTimeMSExpired (50).
   */
  defaultMaxTimeMS?: number;
  /**
   * Offers mongod's test commands (`configureFailPoint` with the `failCommand` fail point), like mongod's
   * `--setParameter enableTestCommands=1`. For test suites only; default false.
   */
  testCommands?: boolean;
}

export interface EmbeddedMongo {
  /**
   * Connection string: `mongodb://127.0.0.1:27018/` without authentication, or
   * `mongodb://<user>:<password>@127.0.0.1:27018/?authSource=admin` with it. Pick the database with the
   * driver's `dbName` / `client.db(name)` rather than by editing the string.
   */
  uri: string;
  port: number;
  /** The user clients authenticate as, and the file its password is kept in (null in memory); null without auth. */
  auth: { username: string; credentialsFile: string | null } | null;
  /** Closes connections, flushes and closes the store, releases the data directory lock. */
  stop(): Promise<void>;
  /**
   * Settles when the database thread has ended: `expected` after `stop()`; otherwise it failed (`error`), the
   * host's `process.exitCode` is set to 1 and the reason is logged. A full disk does not end it.
   */
  ended: Promise<EmbeddedMongoEnd>;
}

export interface EmbeddedMongoEnd {
  expected: boolean;
  code: number;
  error?: Error;
}

/** Resolves the worker file (protocol/worker), keeping this file's extension (.ts under tsx, .js once built). */
function workerUrl(): URL {
  const ext = extname(fileURLToPath(import.meta.url)) || '.js';
  return new URL(`./protocol/worker${ext}`, import.meta.url);
}

/** URL of tsx's ESM API (`tsx/esm/api`, import condition), found through tsx's package.json exports. */
function resolveTsxEsmApi(): string {
  const req = createRequire(import.meta.url);
  const pkgPath = req.resolve('tsx/package.json');
  const pkg = JSON.parse(readFileSync(pkgPath, 'utf8')) as {
    exports?: Record<string, { import?: { default?: string } | string }>;
  };
  const entry = pkg.exports?.['./esm/api'];
  const rel =
    typeof entry === 'object' && typeof entry.import === 'object'
      ? entry.import.default
      : './dist/esm/api/index.mjs';
  return pathToFileURL(join(dirname(pkgPath), rel ?? './dist/esm/api/index.mjs')).href;
}

/**
 * The database thread's young generation, larger than V8's default. Every insert decodes its
 * documents, and they stay referenced until the commit is flushed (tens of milliseconds, longer under load):
 * with the default size, scavenges that often find a batch still in flight and copy it. At 96 MB the thread
 * spent ~20 % less of its time collecting garbage in bench:ingest (docs/benchmarks.md, session 11); the cost is
 * at most that much more memory.
 */
const WORKER_YOUNG_GENERATION_MB = 96;

/**
 * Creates the worker. Compiled (.js) builds load the worker file directly. When running from TypeScript sources
 * (tsx), the worker inherits `--import tsx`, but tsx only installs its loader in worker threads on Node >= 22.15;
 * on older Node the worker first registers tsx's loader itself and then imports the .ts worker file.
 */
function createWorker(workerData: unknown): Worker {
  const url = workerUrl();
  const resourceLimits = { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB };
  if (!url.pathname.endsWith('.ts')) return new Worker(url, { workerData, resourceLimits });
  const tsxApi = resolveTsxEsmApi();
  const bootstrap =
    `import(${JSON.stringify(tsxApi)})` +
    `.then((m) => { m.register(); return import(${JSON.stringify(url.href)}); })` +
    `.catch((e) => { setImmediate(() => { throw e; }); });`;
  return new Worker(bootstrap, { eval: true, workerData, resourceLimits });
}

export async function startEmbeddedMongo(opts: EmbeddedMongoOptions = {}): Promise<EmbeddedMongo> {
  const host = opts.host ?? '127.0.0.1';
  const worker = createWorker({
    dataDir: opts.dataDir ?? null,
    port: opts.port ?? 0,
    host,
    ttlMonitorIntervalMs: opts.ttlMonitorIntervalMs ?? 60_000,
    auth: opts.auth,
    defaultMaxTimeMS: opts.defaultMaxTimeMS,
    testCommands: opts.testCommands === true,
  });
  interface ReadyMessage {
    type: string;
    port?: number;
    message?: string;
    name?: string;
    credentials?: Credentials;
    credentialsFile?: string | null;
  }
  const ready = await new Promise<ReadyMessage>((resolve, reject) => {
    const onMessage = (m: ReadyMessage) => {
      if (m.type === 'log') {
        if (m.message) opts.log?.(m.message);
      } else if (m.type === 'ready') {
        cleanup();
        resolve(m);
      } else if (m.type === 'error') {
        cleanup();
        const err = new Error(m.message);
        if (m.name) err.name = m.name;
        reject(err);
      }
    };
    const onError = (e: Error) => {
      cleanup();
      reject(e);
    };
    const onExit = (code: number) => {
      cleanup();
      reject(new Error(`embedded MongoDB worker exited with code ${code} during startup`));
    };
    const cleanup = () => {
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
  }).catch(async (e: unknown) => {
    await worker.terminate().catch(() => 0);
    throw e;
  });

  worker.on('message', (m: ReadyMessage) => {
    if (m.type === 'log' && m.message) opts.log?.(m.message);
  });
  // After startup a worker failure must not become an uncaught exception in the host process, nor go unnoticed:
  // a database that ended on its own is a fault, so the host process will not end with status 0 (a full disk
  // does not end it: writes are refused and reads go on, see storage/faults.ts).
  let exited = false;
  let stopRequested = false;
  let failure: Error | undefined;
  worker.on('error', (e) => {
    failure = e;
    console.error('[embedded-mongo] database worker failed:', e);
  });
  const ended = new Promise<EmbeddedMongoEnd>((resolve) =>
    worker.once('exit', (code) => {
      exited = true;
      const expected = stopRequested && failure === undefined;
      if (!expected) {
        process.exitCode = process.exitCode || 1;
        if (!failure)
          console.error(`[embedded-mongo] database worker ended unexpectedly (exit code ${code})`);
      }
      resolve({ expected, code, error: failure });
    }),
  );

  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopping ??= new Promise<void>((resolve, reject) => {
      if (exited) return resolve();
      const onMessage = (m: { type: string; error?: string }) => {
        if (m.type !== 'stopped') return;
        worker.off('message', onMessage);
        void worker.terminate().finally(() => (m.error ? reject(new Error(m.error)) : resolve()));
      };
      worker.on('message', onMessage);
      worker.once('exit', () => resolve());
      stopRequested = true;
      worker.postMessage({ type: 'stop' });
    });
    return stopping;
  };

  const port = ready.port as number;
  const creds = ready.credentials;
  return {
    uri: connectionString(host, port, creds),
    port,
    auth: creds ? { username: creds.username, credentialsFile: ready.credentialsFile ?? null } : null,
    stop,
    ended,
  };
}

export { EmbeddedMongoServer } from './protocol/server.js';
export { DataDirLockedError } from './storage/storage.js';
