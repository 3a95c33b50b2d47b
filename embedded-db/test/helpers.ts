/**
 * Test database for the db suites.
 *
 * Without MONGODB_URI every suite starts a fresh in-memory embedded server. With MONGODB_URI set
 * (e.g. `MONGODB_URI=mongodb://127.0.0.1:27017 npm test -w embedded-db`) the same suites run against
 * that real MongoDB instead, each in its own uniquely named database that is dropped afterwards; tests that
 * only make sense for the embedded server (durability, crash, lock files, TTL timing) are skipped.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { MongoClient, MongoServerError, type Db, type Document, type ObjectId } from 'mongodb';
import { startEmbeddedMongo, type EmbeddedMongoOptions } from '../src/index.js';

export const REAL_MONGO_URI = process.env.MONGODB_URI;
export const usingEmbedded = !REAL_MONGO_URI;

export interface TestMongo {
  uri: string;
  embedded: boolean;
  stop(): Promise<void>;
}

export async function startTestMongo(opts: EmbeddedMongoOptions = {}): Promise<TestMongo> {
  if (REAL_MONGO_URI) return { uri: REAL_MONGO_URI, embedded: false, stop: async () => {} };
  const m = await startEmbeddedMongo({ dataDir: null, ...opts });
  return { uri: m.uri, embedded: true, stop: () => m.stop() };
}

export function uniqueDbName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
}

/** A started server, a connected driver client and a fresh database; `close()` drops the database. */
export interface DbFixture {
  mongo: TestMongo;
  client: MongoClient;
  db: Db;
  dbName: string;
  close(): Promise<void>;
}

export async function openDbFixture(prefix: string, opts: EmbeddedMongoOptions = {}): Promise<DbFixture> {
  const mongo = await startTestMongo(opts);
  const client = new MongoClient(mongo.uri, { serverSelectionTimeoutMS: 5000 });
  await client.connect();
  const dbName = uniqueDbName(prefix);
  const db = client.db(dbName);
  return {
    mongo,
    client,
    db,
    dbName,
    async close() {
      await db.dropDatabase().catch(() => {});
      await client.close();
      await mongo.stop();
    },
  };
}

export function tempDir(prefix: string): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), `${prefix}-`));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/** Loosely typed document for tests that use non-ObjectId `_id` values and arbitrary fields. */
export interface LooseDoc extends Document {
  _id?: number | string | ObjectId | Date;
}

/** The server error an operation fails with; fails the test when it succeeds or fails otherwise. */
export async function serverError(p: Promise<unknown>): Promise<MongoServerError> {
  try {
    await p;
  } catch (e) {
    expect(e).to.be.instanceOf(MongoServerError);
    return e as MongoServerError;
  }
  throw new Error('expected the server to refuse the operation');
}
