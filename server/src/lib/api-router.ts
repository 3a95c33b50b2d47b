import type { OpenAPIRegistry, ResponseConfig, RouteConfig } from '@asteasolutions/zod-to-openapi';
import { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { ZodType } from 'zod';
import type { PermissionName } from '../core/permissions.js';
import { API_BASE_PATH } from './api-paths.js';
import { AppError, CommonErrors, type ErrorDetail } from './errors.js';
import { ErrorResponseSchema, type z } from './openapi.js';
import { RouteSerialisers, useSerialisers } from './response-serialisers.js';
import { dispatchDirectly } from './route-table.js';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** API token scopes (SPEC §3); `admin` includes every other scope. */
export const TOKEN_SCOPES = ['read', 'write', 'delete', 'admin', 'analytics'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** Whether a route takes end-user tokens issued through an application's embedding API. */
export type ApplicationSessions = 'also' | 'only';

/** What an authenticated route needs: the middleware that authenticates and checks the scope. */
export type RouteGuard = (route: {
  tokenScope: TokenScope | undefined;
  applicationSessions: ApplicationSessions | undefined;
  secondFactorEnrollment: boolean;
}) => RequestHandler[];

/**
 * The step-up check of a router (docs/security.md, "Step-up"): it throws when the caller has not
 * proved who they are recently enough; `refusal` documents that answer (the 403) in OpenAPI.
 */
export interface StepUpGate {
  check(req: Request): Promise<void>;
  refusal: ResponseSpec;
}

interface ResponseSpec {
  description: string;
  schema?: ZodType;
  /** Media types the schema describes; default application/json (e.g. text/csv for a download). */
  mediaTypes?: string[];
}

export interface RouteSpec<
  TBody extends ZodType | undefined,
  TQuery extends ZodType | undefined,
  TParams extends ZodType | undefined,
> {
  method: Method;
  /** Express-style path relative to the router's base, e.g. `/organizations/:id`. */
  path: string;
  summary: string;
  description?: string;
  tags: string[];
  /** Needs `Authorization: Bearer …`; the router puts its guard in front of the handlers. */
  authenticated?: boolean;
  /**
   * The scope an API token needs to call this route. Without it, only signed-in sessions may
   * call it and API tokens get 403.
   */
  tokenScope?: TokenScope;
  /**
   * Tokens from an application's embedding login carry that application as audience and are
   * refused by routes without this: `also` takes them besides dashboard sessions (and API
   * tokens with the scope), `only` takes nothing else.
   */
  applicationSessions?: ApplicationSessions;
  /**
   * Also for a session that may do nothing but set up a second factor: an end user of a pool that
   * requires one, signed in without any (docs/user-pools.md). Such sessions get 403 elsewhere.
   */
  secondFactorEnrollment?: boolean;
  /**
   * The permission (core/permissions.ts) the caller's role needs in the organization the route
   * acts in — checked by the module's service, which answers 403 `forbidden` naming it — or null
   * for routes that act in no organization, with `permissionReason` saying why. Required on every
   * product-API route (/api/v1): registering one without it throws, so a new route cannot ship
   * undeclared; test/roles/route-matrix.test.ts checks the declarations against the answers.
   */
  permission?: PermissionName | null;
  /** Why a route needs no permission (`permission: null`): e.g. "the caller's own account". */
  permissionReason?: string;
  body?: TBody;
  query?: TQuery;
  params?: TParams;
  /** Request headers, documented in the OpenAPI document (checked by the route's own middleware). */
  headers?: ZodType;
  /**
   * Needs a fresh proof of identity (step-up): always (`true`), or when the predicate says so for
   * the validated request (e.g. only for an `admin` token). Checked after validation by the
   * router's `stepUp` gate, before the handlers.
   */
  stepUp?: true | ((valid: Validated<Infer<TBody>, Infer<TQuery>, Infer<TParams>>) => boolean);
  responses: Record<number, ResponseSpec>;
}

type Infer<T> = T extends ZodType ? z.infer<T> : undefined;

export interface Validated<B, Q, P> {
  body: B;
  query: Q;
  params: P;
}

export type ValidatedRequest<B, Q, P> = Request & { valid: Validated<B, Q, P> };

export type RouteHandler<B, Q, P> = (
  req: ValidatedRequest<B, Q, P>,
  res: Response,
  next: NextFunction,
) => unknown;

type Middleware = (req: Request, res: Response, next: NextFunction) => unknown;

function toOpenApiPath(expressPath: string): string {
  return expressPath.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function zodDetails(error: z.ZodError, location: string): ErrorDetail[] {
  return error.issues.map((issue) => ({
    path: [location, ...issue.path.map(String)].join('.'),
    message: issue.message,
  }));
}

function errorResponse(description: string): ResponseConfig {
  return { description, content: { 'application/json': { schema: ErrorResponseSchema } } };
}

/**
 * A router whose routes are declared once: the same zod schemas validate the request and
 * describe it in the OpenAPI document, so the two cannot drift apart.
 */
export class ApiRouter {
  readonly router = Router();

  constructor(
    private readonly registry: OpenAPIRegistry,
    private readonly basePath: string,
    private readonly options: {
      guard?: RouteGuard;
      stepUp?: StepUpGate;
      /**
       * Routes (`GET /api/v1/health`) whose 2xx JSON answers are written by serialisers compiled
       * from their response schemas (lib/response-serialisers.ts): only the declared fields.
       */
      serialised?: ReadonlySet<string>;
    } = {},
  ) {
    // Static routes looked up in a table built once, not tried in order (lib/route-table.ts).
    dispatchDirectly(this.router);
  }

  route<
    TBody extends ZodType | undefined = undefined,
    TQuery extends ZodType | undefined = undefined,
    TParams extends ZodType | undefined = undefined,
  >(
    spec: RouteSpec<TBody, TQuery, TParams>,
    ...handlers: [...Middleware[], RouteHandler<Infer<TBody>, Infer<TQuery>, Infer<TParams>>]
  ): void {
    this.checkDeclaration(spec);
    this.document(spec);
    const guard: RequestHandler[] = [];
    if (spec.authenticated) {
      if (!this.options.guard)
        throw new Error(`${spec.method} ${spec.path} is authenticated but the router has no guard`);
      guard.push(
        ...this.options.guard({
          tokenScope: spec.tokenScope,
          applicationSessions: spec.applicationSessions,
          secondFactorEnrollment: spec.secondFactorEnrollment ?? false,
        }),
      );
    }
    // Authentication runs before validation so anonymous callers learn nothing about the body.
    this.router[spec.method](
      spec.path,
      ...this.serialisersOf(spec),
      ...guard,
      validateRequest(spec),
      ...this.stepUpCheck(spec),
      ...(handlers as Middleware[]),
    );
  }

  /** The route's serialisers of its 2xx JSON answers, when it is one of `options.serialised`. */
  private serialisersOf(
    spec: RouteSpec<ZodType | undefined, ZodType | undefined, ZodType | undefined>,
  ): RequestHandler[] {
    if (!this.options.serialised?.has(`${spec.method.toUpperCase()} ${this.basePath}${spec.path}`)) return [];
    const schemas = new Map<number, ZodType>();
    for (const [status, response] of Object.entries(spec.responses)) {
      const code = Number(status);
      const json = !response.mediaTypes || response.mediaTypes.includes('application/json');
      if (code >= 200 && code < 300 && response.schema && json) schemas.set(code, response.schema);
    }
    return schemas.size > 0 ? [useSerialisers(new RouteSerialisers(schemas))] : [];
  }

  /** Product-API routes declare their permission (or why they need none). */
  private checkDeclaration(spec: RouteSpec<ZodType | undefined, ZodType | undefined, ZodType | undefined>) {
    if (this.basePath !== API_BASE_PATH) return;
    const route = `${spec.method.toUpperCase()} ${this.basePath}${spec.path}`;
    if (spec.permission === undefined)
      throw new Error(`${route} declares no permission (core/permissions.ts; null with a permissionReason)`);
    if (spec.permission === null && !spec.permissionReason?.trim())
      throw new Error(`${route} needs no permission but says not why (permissionReason)`);
  }

  private stepUpCheck<
    TBody extends ZodType | undefined,
    TQuery extends ZodType | undefined,
    TParams extends ZodType | undefined,
  >(spec: RouteSpec<TBody, TQuery, TParams>): Middleware[] {
    const { stepUp } = spec;
    if (!stepUp) return [];
    const gate = this.options.stepUp;
    if (!gate || !spec.authenticated)
      throw new Error(`${spec.method} ${spec.path} needs a step-up but is not authenticated or has no gate`);
    return [
      async (req, _res, next) => {
        const valid = (req as ValidatedRequest<Infer<TBody>, Infer<TQuery>, Infer<TParams>>).valid;
        if (stepUp === true || stepUp(valid)) await gate.check(req);
        next();
      },
    ];
  }

  private document(spec: RouteSpec<ZodType | undefined, ZodType | undefined, ZodType | undefined>): void {
    const responses: RouteConfig['responses'] = {};
    for (const [status, response] of Object.entries(spec.responses)) {
      const schema = response.schema;
      responses[status] = schema
        ? {
            description: response.description,
            content: Object.fromEntries(
              (response.mediaTypes ?? ['application/json']).map((type) => [type, { schema }]),
            ),
          }
        : { description: response.description };
    }
    if (spec.body || spec.query || spec.params) responses['400'] ??= errorResponse('Invalid request');
    if (spec.stepUp && this.options.stepUp) {
      // The refusal's body is the error shape plus its fields, so it describes the route's other 403s too.
      const { description, schema } = this.options.stepUp.refusal;
      const own = spec.responses[403]?.description;
      const both = own ? `${own}; or ${description}` : description;
      responses['403'] = schema
        ? { description: both, content: { 'application/json': { schema } } }
        : errorResponse(both);
    }
    if (spec.authenticated) {
      responses['401'] ??= errorResponse('Missing or invalid credentials');
      responses['403'] ??= errorResponse(
        [
          spec.tokenScope
            ? `API token without the ${spec.tokenScope} scope`
            : 'API tokens cannot call this endpoint',
          ...(spec.permission ? [`a role without the permission ${spec.permission} (code forbidden)`] : []),
        ].join('; or '),
      );
    }
    responses['500'] ??= errorResponse('Unexpected server error');

    const request: RouteConfig['request'] = {};
    if (spec.body) request.body = { required: true, content: { 'application/json': { schema: spec.body } } };
    if (spec.query) request.query = spec.query as never;
    if (spec.params) request.params = spec.params as never;
    if (spec.headers) request.headers = spec.headers as never;

    this.registry.registerPath({
      method: spec.method,
      path: toOpenApiPath(`${this.basePath}${spec.path}`),
      summary: spec.summary,
      ...(spec.description ? { description: spec.description } : {}),
      tags: spec.tags,
      ...(spec.authenticated
        ? {
            security: [{ bearerAuth: [] }],
            'x-token-scope': spec.tokenScope ?? null,
            'x-application-sessions': spec.applicationSessions ?? null,
          }
        : {}),
      ...(spec.permission !== undefined
        ? {
            'x-permission': spec.permission,
            ...(spec.permissionReason ? { 'x-permission-reason': spec.permissionReason } : {}),
          }
        : {}),
      request,
      responses,
    });
  }
}

function validateRequest(
  spec: RouteSpec<ZodType | undefined, ZodType | undefined, ZodType | undefined>,
): Middleware {
  const { body: bodySchema, query: querySchema, params: paramsSchema } = spec;
  // Built per route, not per request: a route without schemas (`POST /verify`) only sets `valid`.
  return (req, _res, next) => {
    // A missing JSON body arrives as undefined; validate it as an empty object so the
    // client learns which fields are required instead of a bare "expected object".
    const body = bodySchema?.safeParse(req.body ?? {});
    const query = querySchema?.safeParse(req.query);
    const params = paramsSchema?.safeParse(req.params);
    if ((body && !body.success) || (query && !query.success) || (params && !params.success)) {
      // In the order the client reads them: body, query, params.
      const details = [
        ...(body && !body.success ? zodDetails(body.error, 'body') : []),
        ...(query && !query.success ? zodDetails(query.error, 'query') : []),
        ...(params && !params.success ? zodDetails(params.error, 'params') : []),
      ];
      const first = details[0]!;
      next(
        new AppError(CommonErrors.VALIDATION_FAILED, {
          message: `${first.path}: ${first.message}`,
          details,
        }),
      );
      return;
    }
    (req as ValidatedRequest<unknown, unknown, unknown>).valid = {
      body: body?.data,
      query: query?.data,
      params: params?.data,
    };
    next();
  };
}
