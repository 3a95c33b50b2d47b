import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import type { ZodType } from 'zod';
import type { ApplicationSessions, StepUpGate, TokenScope } from '../../lib/api-router.js';

/**
 * What a REST route declares about who may call it and what it accepts, read back from the
 * route registry (the one the OpenAPI document is generated from). Every GraphQL field names the
 * REST route it mirrors (`'POST /organizations'`) and is held to exactly those declarations:
 * the same token scope, the same refusal of application sessions, the same request schemas and
 * the same step-up — so the two APIs cannot drift apart in what they allow.
 */
export interface RestTwin {
  /** `POST /organizations`, relative to the product API's base path. */
  route: string;
  tokenScope: TokenScope | undefined;
  applicationSessions: ApplicationSessions | undefined;
  body: ZodType | undefined;
  query: ZodType | undefined;
  params: ZodType | undefined;
  /** The route asks for a recent proof of identity (always, or depending on the request). */
  stepUp: boolean;
}

interface RegisteredRoute {
  method: string;
  path: string;
  'x-token-scope'?: TokenScope | null;
  'x-application-sessions'?: ApplicationSessions | null;
  request?: {
    body?: { content?: Record<string, { schema?: unknown }> };
    query?: unknown;
    params?: unknown;
  };
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

/** `/organizations/:id` → `/organizations/{id}`, as the registry names paths. */
function openApiPath(expressPath: string): string {
  return expressPath.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

export type RestTwins = (route: string) => RestTwin;

/**
 * The twins of the routes registered under `basePath`. Asking for a route that is not registered
 * throws: a GraphQL field whose REST route was renamed or removed fails at start-up, not later.
 */
export function restTwins(registry: OpenAPIRegistry, basePath: string, stepUp: StepUpGate): RestTwins {
  const routes = new Map<string, RegisteredRoute>();
  for (const definition of registry.definitions) {
    if (definition.type !== 'route') continue;
    const route = definition.route as unknown as RegisteredRoute;
    routes.set(`${route.method.toUpperCase()} ${route.path}`, route);
  }
  const twins = new Map<string, RestTwin>();
  return (name) => {
    const known = twins.get(name);
    if (known) return known;
    const [method, path] = name.split(' ') as [string, string];
    const route = routes.get(`${method} ${openApiPath(`${basePath}${path}`)}`);
    if (!route) throw new Error(`GraphQL mirrors ${name}, which is not a registered route`);
    const refusal = route.responses?.['403']?.content?.['application/json']?.schema;
    const twin: RestTwin = {
      route: name,
      tokenScope: route['x-token-scope'] ?? undefined,
      applicationSessions: route['x-application-sessions'] ?? undefined,
      body: route.request?.body?.content?.['application/json']?.schema as ZodType | undefined,
      query: route.request?.query as ZodType | undefined,
      params: route.request?.params as ZodType | undefined,
      stepUp: refusal !== undefined && refusal === stepUp.refusal.schema,
    };
    twins.set(name, twin);
    return twin;
  };
}
