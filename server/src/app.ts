import { requestLogging } from './lib/request-logging.js';
import { securityHeaders } from './lib/security-headers.js';
import express, { type Express, type Request, type RequestHandler } from 'express';
import swaggerUi from 'swagger-ui-express';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { Database } from './db/connect.js';
import { API_BASE_PATH } from './lib/api-paths.js';
import { ApiRouter } from './lib/api-router.js';
import { compressSentBodies } from './lib/compression.js';
import { jsonBodyParser } from './lib/json-body.js';
import { errorHandler, notFoundHandler } from './lib/errors.js';
import { createApiRegistry, generateOpenApiDocument } from './lib/openapi.js';
import { serialiseJsonResponses } from './lib/response-serialisers.js';
import { mountStaticAssets } from './lib/static-assets.js';
import {
  createPartnerRouters,
  registerIdentityRoutes,
  registerTenancyRoutes,
  registerWorkspaceRoutes,
  type RouteContext,
} from './routes.js';
import { createAuthenticate, createRouteGuard, sessionAuthenticator } from './modules/auth/index.js';
import { EMBEDDING_BASE_PATH } from './modules/embedding/index.js';
import { requestScope } from './core/request-scope.js';
import { createGraphqlRouter, graphqlBodyParser, GRAPHQL_PATH } from './modules/graphql/index.js';
import { poolUsersImportBodyParser } from './modules/pool-users/index.js';
import { analyticsBodyParser, requestLogger } from './modules/telemetry/index.js';
import { apiTokenAuthenticator, TOKEN_PREFIX } from './modules/tokens/index.js';
import type { Services } from './services.js';

export interface AppDependencies {
  config: Config;
  logger: Logger;
  database: Database;
  services: Services;
  startedAt?: number;
}

export { API_BASE_PATH } from './lib/api-paths.js';

/** A middleware under a name: the stack layer's name (server/bench/middleware-share.ts finds it by it). */
function named<T extends (...args: never[]) => unknown>(name: string, handler: T): T {
  Object.defineProperty(handler, 'name', { value: name });
  return handler;
}

/**
 * The hot routes whose 2xx answers are written by serialisers compiled from their declared response
 * schemas (lib/response-serialisers.ts): faster than JSON.stringify, and only the declared fields
 * leave the server. Others keep JSON.stringify. test/lib/response-serialisers.test.ts checks each.
 */
export const SERIALISED_ROUTES: ReadonlySet<string> = new Set([
  `GET ${API_BASE_PATH}/health`,
  `POST ${API_BASE_PATH}/verify`,
  `GET ${API_BASE_PATH}/auth/me`,
  `GET ${API_BASE_PATH}/projects`,
  `POST ${API_BASE_PATH}/authorize`,
  `POST ${API_BASE_PATH}/auth/refresh`,
]);

/**
 * The request bodies' parsers, skipped as a whole by GET and HEAD requests and by any request none
 * of them would read: one that announces no body (neither Content-Length nor Transfer-Encoding) or
 * names no Content-Type (each parser matches by type, so they all pass it on untouched, as
 * body-parser does) — a `POST /api/v1/verify` from curl, fetch or a load generator sends neither a
 * body nor a type. Bodies of the analytics batch, the user import and GraphQL have their own limits
 * and go first.
 */
function bodyParsers(bodyLimit: string | number): RequestHandler {
  const parsers = express.Router();
  parsers.use(API_BASE_PATH, analyticsBodyParser());
  // The user import takes up to 8 MB of JSON or CSV, whatever BODY_LIMIT says (the route's own limit).
  parsers.use(API_BASE_PATH, poolUsersImportBodyParser());
  parsers.use(GRAPHQL_PATH, graphqlBodyParser());
  // express.json behind a short path for plain UTF-8 JSON with a Content-Length (lib/json-body.ts).
  parsers.use(jsonBodyParser(bodyLimit));
  return function bodyParsers(req, res, next) {
    if (req.method === 'GET' || req.method === 'HEAD' || !parsable(req)) next();
    else parsers(req, res, next);
  };
}

/**
 * A body some parser would read: announced (type-is's `hasBody`: Transfer-Encoding or a numeric
 * Content-Length) and typed (every parser behind matches by Content-Type, none without one).
 */
function parsable(req: Request): boolean {
  const { headers } = req;
  if (headers['content-type'] === undefined) return false;
  return headers['transfer-encoding'] !== undefined || !Number.isNaN(Number(headers['content-length']));
}

const INTERACTION_PATH = /^\/interaction(?:[/?]|$)/i;

/**
 * The OpenID provider's own paths: what `app.use('/oidc/:pool', …)` below matches (case-insensitive,
 * a non-empty segment) and its handler takes — all but the interactions (INTERACTION_PATH), ours.
 */
const OIDC_PROVIDER_PATH = /^\/oidc\/[^/?#]+(?:[?#]|$|\/(?!interaction(?:[/?]|$)))/i;

/**
 * Middleware run one after the other inside one layer of the router, as separate layers would run
 * them: an error (or a throw) leaves for the router's error handling, the rest after the last.
 * Requests whose URL `unless` matches skip the `then` part. The handlers are the function's `parts`
 * (server/bench/middleware-server.ts takes some out by name to measure their share).
 */
function chain(
  name: string,
  first: RequestHandler[],
  rest: { unless: RegExp; then: RequestHandler[] },
): RequestHandler {
  const parts = [...first, ...rest.then];
  const skipped = new Set(rest.then);
  const chained: RequestHandler = function chained(req, res, out) {
    const skipping = rest.unless.test(req.url);
    let index = 0;
    const step = (error?: unknown): void => {
      if (error !== undefined && error !== null && error !== 'route') return out(error);
      let handler = parts[index++];
      while (skipping && handler !== undefined && skipped.has(handler)) handler = parts[index++];
      if (handler === undefined) return out();
      try {
        const result = handler(req, res, step) as unknown;
        if (result instanceof Promise) result.catch(step);
      } catch (thrown) {
        out(thrown);
      }
    };
    step();
  };
  Object.defineProperty(chained, 'parts', { value: parts });
  return named(name, chained);
}

/**
 * Request fields that the chain sets on most requests (the caller, its pool, the validated input),
 * kept in the request's `res.locals` through accessors on the app's request prototype: a property
 * added to the request itself, which already holds dozens, copies its property store — kilobytes
 * of garbage per request (issue #38, allocation profile of verify). Reads and writes look the same
 * to the code; a request without `res.locals` (built by hand) gets an own property as before.
 */
function keepInLocals(request: Request, names: readonly string[]): void {
  for (const name of names) {
    const key = Symbol(name);
    Object.defineProperty(request, name, {
      configurable: true,
      get(this: Request) {
        return (this.res?.locals as Record<symbol, unknown> | undefined)?.[key];
      },
      set(this: Request, value: unknown) {
        const locals = this.res?.locals as Record<symbol, unknown> | undefined;
        if (locals) locals[key] = value;
        else
          Object.defineProperty(this, name, { value, writable: true, configurable: true, enumerable: true });
      },
    });
  }
}

/** The provider's handler for every path under /oidc/{pool} but the interactions (ours). */
function oidcProvider(handler: RequestHandler): RequestHandler {
  return function oidcProvider(req, res, next) {
    if (INTERACTION_PATH.test(req.url)) next();
    else void handler(req, res, next);
  };
}

/** Builds the Express app: middleware order and routers, nothing else. */
export function createApp(deps: AppDependencies): Express {
  const { config, logger, services } = deps;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.set('query parser', 'simple');
  // No ETag for bodies sent whole: API answers are `no-store` (never revalidated), and computing
  // one hashed every body and made Express write headers and body in two chunks. Static files keep
  // theirs (serve-static sets its own).
  app.set('etag', false);
  keepInLocals(app.request, ['auth', 'pool', 'valid']);

  // Bodies sent whole are compressed by the response prototype's send: no per-request wrapper.
  compressSentBodies(app.response);
  // Every product-API and embedding-API request becomes an `api` row of activity_logs, written in
  // batches off the request path; health checks and the API documentation's files are not.
  const logRequests = config.analytics.requestLogging
    ? requestLogger(services.analyticsRecorder, {
        prefixes: [`${API_BASE_PATH}/`, `${EMBEDDING_BASE_PATH}/`, '/functions/v1/'],
        ignore: [`${API_BASE_PATH}/health`, `${API_BASE_PATH}/docs`],
      })
    : null;
  // After the body parsers: answers a request reads once (core/request-scope.ts), ended with its
  // response — for GraphQL only, where one request authorizes many fields in the same organization.
  const scoped = [GRAPHQL_PATH];
  // The global middleware as one layer of the app's router (issue #38): each layer of Express's
  // router costs a match, a parameters object and closures per request, more than most of these
  // middleware themselves. In order: security headers and Cache-Control: no-store on every API
  // answer (lib/security-headers.ts), the process log's line, then — for everything but the OpenID
  // provider — the request log, the body parsers and the request scope.
  app.use(
    chain(
      'globalMiddleware',
      [
        securityHeaders(config.publicUrl),
        requestLogging(logger, { ignorePaths: [`${API_BASE_PATH}/health`] }),
      ],
      {
        unless: OIDC_PROVIDER_PATH,
        then: [
          ...(logRequests ? [named('requestLogger', logRequests)] : []),
          bodyParsers(config.bodyLimit),
          named('requestScope', requestScope({ only: scoped })),
        ],
      },
    ),
  );
  // The OpenID provider of each project pool (docs/oidc.md): a Koa app that reads its own
  // (urlencoded) bodies and needs none of the request log, body parsers, request scope or routers
  // — so its token, introspection and discovery requests skip them (`unless` above). Its
  // interaction routes (/oidc/{pool}/interaction/…) are ours, on `root` below.
  app.use('/oidc/:pool', oidcProvider(services.oidc.handler));

  const registry = createApiRegistry();
  const isApplicationActive = async (id: string) => Boolean(await services.applications.findActive(id));
  // A credential is one kind or the other by its prefix: API tokens are `cs_…` (the token
  // authenticator answers null for anything else), every other credential is for the session
  // authenticator, which refuses what is not one of its JWTs. Choosing here spares a JWT request
  // the token authenticator's asynchronous null.
  const apiTokens = apiTokenAuthenticator(services.tokens);
  const sessions = sessionAuthenticator(services.auth, isApplicationActive);
  const authenticate = createAuthenticate([
    (credential, req) =>
      credential.startsWith(TOKEN_PREFIX) ? apiTokens(credential, req) : sessions(credential, req),
  ]);
  const guard = createRouteGuard(authenticate);
  // Routes with `stepUp` ask for a proof of identity within the last 10 minutes (docs/security.md).
  const stepUp = services.stepUp.gate;
  const api = new ApiRouter(registry, API_BASE_PATH, { guard, stepUp, serialised: SERIALISED_ROUTES });
  serialiseJsonResponses(app.response);
  const root = new ApiRouter(registry, '', { guard, stepUp });
  const context: RouteContext = {
    app,
    config,
    logger,
    database: deps.database,
    services,
    startedAt: deps.startedAt ?? Date.now(),
    registry,
    guard,
    isApplicationActive,
  };
  registerIdentityRoutes(api, root, context);
  registerTenancyRoutes(api, context);
  const { embeddingApi, trackingIngest } = createPartnerRouters(context);
  registerWorkspaceRoutes(api, root, context);

  const openApiDocument = generateOpenApiDocument(registry, {
    version: config.version,
    serverUrl: config.publicUrl,
  });
  app.locals.openApiDocument = openApiDocument;
  app.get(`${API_BASE_PATH}/openapi.json`, (_req, res) => {
    res.json(openApiDocument);
  });
  app.use(
    `${API_BASE_PATH}/docs`,
    swaggerUi.serve,
    swaggerUi.setup(undefined, {
      customSiteTitle: 'IAM Platform API',
      swaggerOptions: { url: `${API_BASE_PATH}/openapi.json` },
    }),
  );
  // GraphQL beside REST (docs/graphql.md): its fields run the REST routes' checks, read from the registry.
  app.use(
    GRAPHQL_PATH,
    createGraphqlRouter({ ...config.graphql, services, registry, authenticate, stepUp, logger }),
  );
  app.use(API_BASE_PATH, trackingIngest, api.router);
  app.use(EMBEDDING_BASE_PATH, embeddingApi);
  app.use('/api', notFoundHandler);
  app.use(root.router);

  mountStaticAssets(app, config.paths, { isProduction: config.isProduction });
  app.use(notFoundHandler);
  app.use(errorHandler({ logger, exposeStack: !config.isProduction }));
  return app;
}
