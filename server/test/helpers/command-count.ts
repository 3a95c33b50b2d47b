import { randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import { pino, type Logger } from 'pino';
import supertest from 'supertest';
import type { CommandStartedEvent } from 'mongodb';
import { createApp } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import { connectDatabase, type Database } from '../../src/db/connect.js';
import { createServices, type Services } from '../../src/services.js';
import type { TestContext } from './context.js';

/** The driver's handshake, authentication and health chatter: not the request's work. */
const NOT_WORK = new Set([
  'hello',
  'ismaster',
  'isMaster',
  'ping',
  'saslStart',
  'saslContinue',
  'endSessions',
]);

/** Collections read on a timer whatever the requests (the invalidation feed's polls; its inserts count). */
const TIMER_COLLECTIONS = new Set(['auth_revocations']);

export interface MonitoredContext extends TestContext {
  /** `"<command> <collection>"` of every command sent since the last reset, in order. */
  commands: string[];
  /** Forgets the commands counted so far (call after a warm-up request). */
  reset(): void;
}

export interface MonitoredContextOptions {
  env?: Record<string, string>;
  config?: (config: Config) => Config;
  logger?: Logger;
  /** Another context's database to share (a second "process": own services and caches). */
  database?: Database;
}

/**
 * A test app whose database connection reports every command it sends (MongoDB driver command
 * monitoring): the count of a request's round trips to the database, not its time. With
 * `database`, the app gets its own connection to that context's database and its own services,
 * as a second server process would (close it before the first).
 */
export async function monitoredContext(options: MonitoredContextOptions = {}): Promise<MonitoredContext> {
  const baseConfig = loadConfig({
    NODE_ENV: 'test',
    BCRYPT_COST: '4',
    REQUEST_LOGGING: 'false',
    ...options.env,
  });
  const config = options.config ? options.config(baseConfig) : baseConfig;
  const logger = options.logger ?? pino({ level: 'silent' });
  const shared = options.database;
  const base =
    shared ??
    (await connectDatabase({
      mongodbUri: process.env.MONGODB_URI,
      embeddedDataDir: null,
      dbName: `iam_test_rt_${randomBytes(6).toString('hex')}`,
      logger,
    }));
  const connection = mongoose.createConnection(base.uri, {
    dbName: base.connection.name,
    monitorCommands: true,
  });
  await connection.asPromise();
  const commands: string[] = [];
  connection.getClient().on('commandStarted', (event: CommandStartedEvent) => {
    const target = event.command[event.commandName] as unknown;
    if (NOT_WORK.has(event.commandName)) return;
    if (event.commandName === 'find' && typeof target === 'string' && TIMER_COLLECTIONS.has(target)) return;
    commands.push(`${event.commandName} ${typeof target === 'string' ? target : ''}`.trim());
  });
  const database: Database = { ...base, connection };
  const services: Services = createServices({ config, logger, database });
  const app = createApp({ config, logger, database, services });
  return {
    app,
    request: supertest(app),
    database,
    services,
    config,
    commands,
    reset() {
      commands.length = 0;
    },
    async close() {
      await services.close();
      if (!shared) await connection.dropDatabase();
      await connection.close();
      if (!shared) await base.close();
    },
  };
}
