import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import {
  getOperationAST,
  GraphQLError,
  Kind,
  type ExecutionResult,
  type OperationDefinitionNode,
} from 'graphql';
import { createHandler, type Response as HandlerResponse } from 'graphql-http';
import type { Logger } from 'pino';
import { API_BASE_PATH } from '../../lib/api-paths.js';
import type { StepUpGate } from '../../lib/api-router.js';
import { AppError, CommonErrors } from '../../lib/errors.js';
import { createRouteGuard } from '../auth/index.js';
import { nameLoggedEndpoint } from '../telemetry/index.js';
import type { GraphqlContext, GraphqlOperationKit, GraphqlServices } from './graphql.context.js';
import { createDocumentCache } from './graphql.documents.js';
import { createErrorFormatter, extensionsOf, requestError } from './graphql.error-format.js';
import { graphiqlPage } from './graphql.graphiql.js';
import { GRAPHQL_LIMITS, requestedItems } from './graphql.limits.js';
import { createLoaders } from './graphql.loaders.js';
import { createOperationNames } from './graphql.operation-names.js';
import { restTwins } from './graphql.rest-twins.js';
import { graphqlSchema, graphqlSdl } from './graphql.schema.js';

export const GRAPHQL_PATH = `${API_BASE_PATH}/graphql`;

export interface GraphqlRouterDependencies {
  services: GraphqlServices;
  /** The route registry, once every REST route is registered: the resolvers' twins are read from it. */
  registry: OpenAPIRegistry;
  /** The product API's authentication (API tokens, then sessions), as the REST guard runs it. */
  authenticate: RequestHandler;
  stepUp: StepUpGate;
  /** GRAPHQL_INTROSPECTION (config.graphql.introspection). */
  introspection: boolean;
  /** GraphiQL at GET /api/v1/graphql in a browser: development only. */
  graphiql: boolean;
  logger: Logger;
}

/** The GraphQL endpoint's JSON bodies (larger than BODY_LIMIT, so a big query is refused as GraphQL, with 400). */
export function graphqlBodyParser(): RequestHandler {
  return express.json({ limit: GRAPHQL_LIMITS.bodyLimit });
}

/** A refusal of the whole request in GraphQL's shape: `{errors: [...]}` with REST's status. */
function refusal(errors: readonly GraphQLError[], status: number): HandlerResponse {
  return [
    JSON.stringify({ errors }),
    { status, statusText: '', headers: { 'content-type': 'application/json; charset=utf-8' } },
  ];
}

function refusalOf(error: unknown): HandlerResponse {
  if (!(error instanceof AppError)) throw error;
  return refusal([new GraphQLError(error.message, { extensions: extensionsOf(error) })], error.status);
}

/** Whether the operation asks only about the schema (`__schema`, `__type`, `__typename`). */
function isIntrospectionOnly(operation: OperationDefinitionNode): boolean {
  return operation.selectionSet.selections.every(
    (selection) => selection.kind === Kind.FIELD && selection.name.value.startsWith('__'),
  );
}

/** Runs Express middleware to its next(); rejects with what it throws or passes on. */
function run(handler: RequestHandler, req: Request, res: Response): Promise<void> {
  return new Promise((resolve, reject) => {
    Promise.resolve(
      handler(req, res, (error?: unknown) => (error ? reject(error as Error) : resolve())),
    ).catch(reject);
  });
}

/**
 * POST and GET /api/v1/graphql (GraphQL over HTTP, graphql-http on graphql-js), the SDL at
 * /api/v1/graphql/schema.graphql and, in development, GraphiQL. Before anything is executed a
 * request is checked against the limits (400), authenticated as REST authenticates (401), and
 * refused when the credential is an end user's (403); each field then runs its REST twin's checks.
 */
export function createGraphqlRouter(deps: GraphqlRouterDependencies): Router {
  const schema = graphqlSchema();
  const sdl = graphqlSdl();
  const documents = createDocumentCache(schema, deps.introspection);
  const operationNames = createOperationNames();
  // The caller is authenticated once per request; the REST guard's checks then run per field.
  const checks = createRouteGuard((req, _res, next) => next());
  const sessionCheck = checks({
    tokenScope: undefined,
    applicationSessions: undefined,
    secondFactorEnrollment: false,
  });
  const kit: GraphqlOperationKit = {
    services: deps.services,
    twins: restTwins(deps.registry, API_BASE_PATH, deps.stepUp),
    guardOf: (twin) =>
      checks({
        tokenScope: twin.tokenScope,
        applicationSessions: twin.applicationSessions,
        secondFactorEnrollment: false,
      }),
    stepUp: deps.stepUp,
  };

  async function authenticated(req: Request, res: Response, operation: OperationDefinitionNode) {
    if (!req.get('authorization') && deps.introspection && isIntrospectionOnly(operation)) return null;
    await run(deps.authenticate, req, res);
    // Sessions: the product API's; end users' and enrolment-only sessions stop here, as REST stops them.
    if (req.auth?.via !== 'api_token') for (const check of sessionCheck) await run(check, req, res);
    return req.auth ?? null;
  }

  const handler = createHandler<Request, { res: Response }, GraphqlContext>({
    schema,
    formatError: createErrorFormatter(deps.logger),
    async onSubscribe(request, params) {
      const { raw: req, context } = request;
      const query = params.query;
      if (query.length > GRAPHQL_LIMITS.maxQueryLength)
        return refusal(
          [
            requestError(
              `The query has ${query.length} characters; at most ${GRAPHQL_LIMITS.maxQueryLength} are accepted.`,
            ),
          ],
          400,
        );
      const prepared = documents.prepare(query);
      if (prepared.errors) return refusal(prepared.errors.map(createErrorFormatter(deps.logger)), 400);
      const operation = getOperationAST(prepared.document, params.operationName);
      if (!operation)
        return refusal(
          [
            requestError(
              params.operationName
                ? `No operation named "${params.operationName}".`
                : 'Name the operation to run (operationName).',
            ),
          ],
          400,
        );
      nameLoggedEndpoint(context.res, `${GRAPHQL_PATH}#${operationNames.nameOf(operation)}`);
      const asked = requestedItems(schema, prepared.document, operation, params.variables ?? undefined);
      if (asked.problems.length > 0) {
        const first = asked.problems[0]!;
        return refusal(
          [requestError(`${first.path}: ${first.message}`, CommonErrors.VALIDATION_FAILED, asked.problems)],
          400,
        );
      }
      if (asked.items > GRAPHQL_LIMITS.maxRequestedItems)
        return refusal(
          [
            requestError(
              `The lists of this operation ask for up to ${asked.items} items; at most ${GRAPHQL_LIMITS.maxRequestedItems} are served per request. Ask for fewer (first) and page.`,
            ),
          ],
          400,
        );
      let auth;
      try {
        auth = await authenticated(req, context.res, operation);
      } catch (error) {
        return refusalOf(error);
      }
      return {
        schema,
        document: prepared.document,
        operationName: params.operationName ?? null,
        variableValues: params.variables ?? null,
        contextValue: { ...kit, req, auth, loaders: createLoaders(deps.services, req, auth) },
      };
    },
    onOperation(_request, _args, result: ExecutionResult) {
      // Without data nothing ran (e.g. variables of the wrong type): the request was bad.
      if (result.data === undefined && result.errors)
        return refusal(result.errors.map(createErrorFormatter(deps.logger)), 400);
    },
  });

  const router = Router();
  router.get('/schema.graphql', (_req, res) => {
    res.type('text/plain; charset=utf-8').send(sdl);
  });
  router.all('/', async (req, res) => {
    if (deps.graphiql && req.method === 'GET' && !req.query.query && req.accepts(['json', 'html']) === 'html')
      return graphiqlPage(res, GRAPHQL_PATH);
    const [body, init] = await handler({
      method: req.method,
      url: req.originalUrl,
      headers: req.headers,
      body: req.method === 'POST' ? ((req.body as Record<string, unknown> | undefined) ?? null) : null,
      raw: req,
      context: { res },
    });
    res
      .status(init.status)
      .set(init.headers ?? {})
      .send(body);
  });
  return router;
}
