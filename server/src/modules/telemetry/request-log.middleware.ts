import { performance } from 'node:perf_hooks';
import type { Request, RequestHandler, Response } from 'express';
import type { AuthContext } from '../../core/auth-context.js';
import { isPlatformPool } from '../../core/pools.js';
import { sdkVersionOf } from './sdk-version.js';
import type { AnalyticsRecorder, RequestRecord } from './request-log.types.js';

const OBJECT_ID = /^[0-9a-f]{24}$/i;
const MAX_USER_AGENT = 512;

/** Route segments that name the resource a request is about: `/<noun>/:param…`. */
const RESOURCE_NOUNS = {
  organizations: 'organization_id',
  projects: 'project_id',
  applications: 'application_id',
} as const;

export interface RequestLoggerOptions {
  /** Path prefixes whose requests are logged (the product API and the embedding API). */
  prefixes: readonly string[];
  /** Paths under those prefixes that are not (health checks, the API documentation's files). */
  ignore: readonly string[];
}

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

const NO_PARAMS: ReadonlyMap<string, string> = new Map();

/**
 * The route pattern that answered, with its mount path: Express keeps the matched route (its path
 * relative to the router) on req.route, while req.baseUrl is reset once the router is left (as
 * on errors). Route patterns here have one URL segment per pattern segment, so the mount path is
 * the URL's leading segments that the pattern does not cover.
 */
function routeOf(
  req: Request,
  path: string,
): { endpoint: string; params: ReadonlyMap<string, string> } | null {
  const pattern = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof pattern !== 'string') return null;
  // A pattern without parameters, at the end of a path without empty segments or a trailing slash:
  // the path is the endpoint (what the segment arithmetic below gives, without its arrays).
  if (
    pattern.length > 1 &&
    !pattern.includes(':') &&
    path.endsWith(pattern) &&
    !path.endsWith('/') &&
    !path.includes('//')
  )
    return { endpoint: path, params: NO_PARAMS };
  const patternSegments = segmentsOf(pattern);
  const urlSegments = segmentsOf(path);
  const mountLength = urlSegments.length - patternSegments.length;
  if (mountLength < 0) return null;
  const params = new Map<string, string>();
  patternSegments.forEach((segment, index) => {
    if (segment.startsWith(':')) params.set(segment, urlSegments[mountLength + index]!);
  });
  const mount = urlSegments.slice(0, mountLength).join('/');
  return { endpoint: `${mount ? `/${mount}` : ''}/${patternSegments.join('/')}`, params };
}

/**
 * The resource named by the route (`/projects/:id` → that project), for a request that succeeded:
 * only then did the route authorize the caller for it. A refused request about another tenant's
 * id is never counted in that tenant's analytics.
 */
function routeResource(endpoint: string, params: ReadonlyMap<string, string>): Partial<RequestRecord> {
  if (params.size === 0) return {};
  const segments = segmentsOf(endpoint);
  for (let index = 0; index < segments.length - 1; index++) {
    const field = RESOURCE_NOUNS[segments[index] as keyof typeof RESOURCE_NOUNS];
    const param = segments[index + 1]!;
    if (!field || !param.startsWith(':')) continue;
    const id = params.get(param);
    return id && OBJECT_ID.test(id) ? { [field]: id } : {};
  }
  return {};
}

/** The application a gated request (embedding API, SDK ingest) was accepted for. */
function gatedOwner(
  res: Response,
): Pick<RequestRecord, 'application_id' | 'project_id' | 'organization_id'> | null {
  const application = res.locals.gatedApplication as
    { _id: unknown; project_id: unknown; organization_id: unknown } | undefined;
  if (!application) return null;
  return {
    application_id: String(application._id),
    project_id: String(application.project_id),
    organization_id: String(application.organization_id),
  };
}

/** The product API, where team members' dashboard sessions act (not the embedding API /api/auth). */
const PRODUCT_API = '/api/v1/';

/**
 * A team member's dashboard at work: a platform-pool session JWT (never an API token, never an
 * application's end user) on the product API. Such requests are the team looking at an
 * application, not the application's traffic: logged (source dashboard) but counted nowhere.
 */
export function isDashboardRequest(path: string, caller: AuthContext | undefined): boolean {
  return caller?.via === 'session' && isPlatformPool(caller.poolId) && path.startsWith(PRODUCT_API);
}

const LOGGED_ENDPOINT = Symbol('loggedEndpoint');

/**
 * Names what a request did when its route alone does not say: one route that serves many
 * operations (the GraphQL endpoint, by operation name) logs and counts each under its own name.
 */
export function nameLoggedEndpoint(res: Response, endpoint: string): void {
  (res.locals as Record<symbol, string>)[LOGGED_ENDPOINT] = endpoint;
}

const LOGGED = Symbol('requestLog');
/** What a logged response carries to its `finish`: wall-clock start, monotonic start, path. */
interface Started {
  started: number;
  clock: number;
  path: string;
}
/**
 * Kept in `res.locals` (a small object Express makes per request): a property added to the response
 * itself, which already holds dozens, copies its property store — kilobytes of garbage per request.
 */
type Logged = Response & { locals: { [LOGGED]: Started } };

/**
 * The client's address as `req.ip` gives it: without X-Forwarded-For that is the socket's
 * address whatever `trust proxy` says (proxy-addr's list holds nothing else), read without it.
 */
function ipOf(req: Request): string | null {
  const address = req.headers['x-forwarded-for'] === undefined ? req.socket.remoteAddress : req.ip;
  return address ?? null;
}

/**
 * Who a request is attributed to, most specific first: the application a gate accepted, the
 * application an API token (or embedding session) is bound to, else the route's resource.
 */
function ownerOf(res: Response, caller: AuthContext | undefined, resource: Partial<RequestRecord>) {
  let { application_id = null, project_id = null, organization_id = null } = resource;
  if (caller?.applicationId) {
    application_id = caller.applicationId;
    organization_id = caller.organizationId;
  }
  const gated = gatedOwner(res);
  if (gated) ({ application_id, project_id, organization_id } = gated);
  return { application_id, project_id, organization_id };
}

/**
 * Logs every request under the given prefixes as an `api` row of activity_logs when its response
 * is finished. The request path pays for a timestamp and one shared `finish` listener (no closure
 * per request); the recorder writes the rows and their rollups once a second.
 */
export function requestLogger(recorder: AnalyticsRecorder, options: RequestLoggerOptions): RequestHandler {
  const { prefixes, ignore } = options;
  function record(res: Logged) {
    const req = res.req;
    const { started, clock, path } = res.locals[LOGGED];
    const route = routeOf(req, path);
    const status = res.statusCode;
    const caller = req.auth;
    const owner = ownerOf(
      res,
      caller,
      status < 400 && caller && route ? routeResource(route.endpoint, route.params) : {},
    );
    const userAgent = req.headers['user-agent'];
    const row: RequestRecord = {
      created_at: new Date(started),
      method: req.method,
      endpoint: (res.locals as unknown as Record<symbol, string>)[LOGGED_ENDPOINT] ?? route?.endpoint ?? null,
      status_code: status,
      response_time_ms: Math.round((performance.now() - clock) * 1000) / 1000,
      ip_address: ipOf(req),
      user_agent: userAgent === undefined ? null : userAgent.slice(0, MAX_USER_AGENT),
      sdk_version: sdkVersionOf(req),
      user_id: caller?.userId ?? null,
      application_id: owner.application_id,
      project_id: owner.project_id,
      organization_id: owner.organization_id,
    };
    if (isDashboardRequest(path, caller)) row.source = 'dashboard';
    recorder.logRequest(row);
  }
  function logged(this: Logged) {
    record(this);
  }
  const ignoredTrees = ignore.map((ignored) => `${ignored}/`);
  /** Under one of the prefixes and not ignored (loops, not closures: this runs on every request). */
  const isLogged = (path: string): boolean => {
    let under = false;
    for (const prefix of prefixes) if (path.startsWith(prefix)) under = true;
    if (!under) return false;
    for (let i = 0; i < ignore.length; i++)
      if (path === ignore[i] || path.startsWith(ignoredTrees[i]!)) return false;
    return true;
  };
  return function requestLogger(req, res, next) {
    const path = req.path;
    // CORS preflights are the browser's, not API calls.
    if (req.method === 'OPTIONS' || !isLogged(path)) {
      next();
      return;
    }
    (res as Logged).locals[LOGGED] = { started: Date.now(), clock: performance.now(), path };
    // `on`, not `once`: a response finishes once, and `once` wraps the listener anew per request.
    res.on('finish', logged);
    next();
  };
}
