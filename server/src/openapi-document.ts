import mongoose from 'mongoose';
import { pino } from 'pino';
import { createApp } from './app.js';
import { loadConfig } from './config.js';

/**
 * The OpenAPI document exactly as the server serves it, built without a database or a port
 * (models register on a connection that is never opened), for generating the clients' types.
 */
export function buildOpenApiDocument(): unknown {
  const app = createApp({
    config: loadConfig({ NODE_ENV: 'test' }),
    logger: pino({ level: 'silent' }),
    database: {
      connection: mongoose.createConnection(),
      kind: 'external',
      uri: '',
      isUp: async () => false,
      close: async () => undefined,
    },
  });
  return app.locals.openApiDocument;
}
