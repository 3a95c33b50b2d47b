import mongoose from 'mongoose';
import { pino } from 'pino';
import { createApp } from './app.js';
import { loadConfig } from './config.js';
import type { Database } from './db/connect.js';
import { createServices } from './services.js';

/**
 * The OpenAPI document exactly as the server serves it, built without a database or a port
 * (models register on a connection that is never opened), for generating the clients' types.
 */
export function buildOpenApiDocument(): unknown {
  const config = loadConfig({ NODE_ENV: 'test' });
  const logger = pino({ level: 'silent' });
  const database: Database = {
    connection: mongoose.createConnection(),
    kind: 'external',
    uri: '',
    isUp: async () => false,
    close: async () => undefined,
  };
  const app = createApp({ config, logger, database, services: createServices({ config, logger, database }) });
  return app.locals.openApiDocument;
}
