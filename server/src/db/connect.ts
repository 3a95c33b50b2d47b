import path from 'node:path';
import mongoose, { type Connection } from 'mongoose';
import type { Logger } from 'pino';

export interface Database {
  connection: Connection;
  /** `embedded` when MONGODB_URI was unset and the in-process server was started. */
  kind: 'embedded' | 'external';
  uri: string;
  isUp(): Promise<boolean>;
  close(): Promise<void>;
}

// Reject unknown query operators and unknown filter keys from reaching MongoDB: request
// input must never be able to smuggle `$where`/`$gt` into a filter (DESIGN.md, API conventions).
mongoose.set('sanitizeFilter', true);
mongoose.set('strictQuery', true);

export interface ConnectOptions {
  mongodbUri: string | undefined;
  /** Where the embedded server journals its data; null keeps it in memory (tests). */
  embeddedDataDir: string | null;
  /** Database name; tests use a fresh one per suite when they run against a real MongoDB. */
  dbName?: string;
  logger: Logger;
}

const DEFAULT_DB_NAME = 'iam_platform';

/**
 * Connects mongoose to MONGODB_URI, or — when it is unset — starts the embedded
 * MongoDB-compatible server and connects to that over the wire protocol.
 */
export async function connectDatabase(options: ConnectOptions): Promise<Database> {
  let uri = options.mongodbUri;
  let stopEmbedded: (() => Promise<void>) | undefined;
  if (!uri) {
    const { startEmbeddedMongo } = await import('@iam-platform/embedded-mongodb');
    const embedded = await startEmbeddedMongo({
      dataDir: options.embeddedDataDir,
      port: 0,
      log: (msg) => options.logger.info(msg),
    });
    uri = embedded.uri;
    stopEmbedded = embedded.stop;
    options.logger.info(
      {
        dataDir: options.embeddedDataDir ?? 'memory',
        port: embedded.port,
        // the connection string carries the generated credentials; only say where they are kept
        auth: embedded.auth
          ? { mechanism: 'SCRAM-SHA-256', user: embedded.auth.username, file: embedded.auth.credentialsFile }
          : 'none',
      },
      'started the embedded MongoDB-compatible server (set MONGODB_URI to use a real MongoDB)',
    );
  }
  const connection = mongoose.createConnection(uri, {
    dbName: options.dbName ?? DEFAULT_DB_NAME,
    serverSelectionTimeoutMS: 10_000,
  });
  try {
    await connection.asPromise();
  } catch (error) {
    await stopEmbedded?.();
    throw error;
  }
  return {
    connection,
    kind: stopEmbedded ? 'embedded' : 'external',
    uri,
    async isUp() {
      if (connection.readyState !== mongoose.ConnectionStates.connected || !connection.db) return false;
      try {
        await connection.db.admin().ping({ timeoutMS: 2_000 });
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      await connection.close();
      await stopEmbedded?.();
    },
  };
}

export function embeddedDataDir(dataDir: string): string {
  return path.join(dataDir, 'db');
}
