import { pino } from 'pino';
import { createApp } from './app.js';
import { loadConfig } from './config.js';

/**
 * The OpenAPI document exactly as the server serves it, built without a database or a port,
 * for generating the clients' types (dashboard/scripts/generate-api-types.ts).
 */
export function buildOpenApiDocument(): unknown {
  const app = createApp({
    config: loadConfig({ NODE_ENV: 'test' }),
    logger: pino({ level: 'silent' }),
    isDatabaseUp: async () => false,
  });
  return app.locals.openApiDocument;
}
