import express from 'express';
import type { Connection } from 'mongoose';
import { pino } from 'pino';
import supertest from 'supertest';
import { API_BASE_PATH } from '../../src/app.js';
import type { Config } from '../../src/config.js';
import { ApiRouter } from '../../src/lib/api-router.js';
import { errorHandler, notFoundHandler } from '../../src/lib/errors.js';
import { createApiRegistry, generateOpenApiDocument } from '../../src/lib/openapi.js';
import { registerMailRoutes } from '../../src/modules/mail/index.js';

/**
 * The mail routes in an app of their own, built the way app.ts builds the real one (same router,
 * query parser and error handling), so they can be tested apart from the rest of the application.
 */
export function createMailApp(deps: { connection: Connection; config: Config }) {
  const registry = createApiRegistry();
  const api = new ApiRouter(registry, API_BASE_PATH);
  registerMailRoutes(api, deps);
  const app = express();
  app.set('query parser', 'simple');
  app.use(API_BASE_PATH, api.router);
  app.use(notFoundHandler);
  app.use(errorHandler({ logger: pino({ level: 'silent' }), exposeStack: true }));
  return {
    request: supertest(app),
    openApi: generateOpenApiDocument(registry, { version: 'test', serverUrl: 'http://localhost' }) as {
      paths?: Record<string, Record<string, { tags?: string[] }>>;
    },
  };
}
