import { randomBytes } from 'node:crypto';
import type { Express } from 'express';
import { pino, type Logger } from 'pino';
import supertest from 'supertest';
import { createApp } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import { connectDatabase, type Database } from '../../src/db/connect.js';
import { createServices, type Services } from '../../src/services.js';

export interface TestContext {
  app: Express;
  request: ReturnType<typeof supertest>;
  database: Database;
  services: Services;
  config: Config;
  close(): Promise<void>;
}

/**
 * A fresh app on a fresh, empty database for one suite: the embedded server in memory, or —
 * when MONGODB_URI is set — a uniquely named database on that server, dropped afterwards.
 */
export async function createTestContext(
  options: { env?: Record<string, string>; config?: (config: Config) => Config; logger?: Logger } = {},
): Promise<TestContext> {
  const baseConfig = loadConfig({ NODE_ENV: 'test', ...options.env });
  const config = options.config ? options.config(baseConfig) : baseConfig;
  const logger = options.logger ?? pino({ level: 'silent' });
  const externalUri = process.env.MONGODB_URI;
  const database = await connectDatabase({
    mongodbUri: externalUri,
    embeddedDataDir: null,
    dbName: externalUri ? `iam_test_${randomBytes(6).toString('hex')}` : 'iam_test',
    logger,
  });
  const services = createServices({ config, logger, database });
  const app = createApp({ config, logger, database, services });
  return {
    app,
    request: supertest(app),
    database,
    services,
    config,
    async close() {
      await services.close();
      if (externalUri && database.connection.readyState === 1) await database.connection.dropDatabase();
      await database.close();
    },
  };
}
