import { Router, type NextFunction, type Request, type Response } from 'express';

/** What this module reads of Express 5's router (package `router` 2.x): its layers and routes. */
interface RouteLike {
  path: string;
  _handlesMethod(method: string): boolean;
  dispatch(req: Request, res: Response, done: (err?: unknown) => void): void;
}
interface LayerLike {
  route?: RouteLike;
  /** What the layer runs: a mounted router set up here answers COULD_MATCH. */
  handle?: unknown;
  match(path: string): unknown;
}

/** On a router set up by dispatchDirectly: whether any of its layers could take a path. */
const COULD_MATCH = Symbol('couldMatch');
type RouterLike = Router & { stack: LayerLike[] };
type Handle = (req: Request, res: Response, out: NextFunction) => void;

/** Methods whose static routes are looked up (HEAD and OPTIONS keep Express's own handling). */
const DIRECT_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
/** A path of a route without parameters, wildcards or groups: it matches one request path. */
const STATIC_PATH = /^(?:\/[A-Za-z0-9._~-]+)+$/;
/**
 * Routers of at most this many layers are searched for a match before Express walks them: a path
 * none matches (most requests, for the SDK ingest's router in front of the product API) skips
 * Express's walk. Larger routers are not: a path some layer matches would be searched twice.
 */
const SMALL_ROUTER = 16;

const routerHandle = (Router.prototype as unknown as { handle: Handle }).handle;

/**
 * For each method, the static paths whose request Express would hand to exactly one route: the
 * route is the only layer of the stack that matches the path and takes the method — no middleware
 * (`router.use`), no other route (a body parser registered for the same path, a parameterised
 * route that also matches) before or after it. Anything else is not in the table.
 */
function directRoutes(stack: readonly LayerLike[]): Map<string, Map<string, RouteLike>> {
  const table = new Map<string, Map<string, RouteLike>>();
  for (const method of DIRECT_METHODS) {
    const paths = new Map<string, RouteLike>();
    for (const layer of stack) {
      const route = layer.route;
      if (!route || typeof route.path !== 'string' || !STATIC_PATH.test(route.path)) continue;
      if (paths.has(route.path) || !route._handlesMethod(method)) continue;
      const takers = stack.filter(
        (other) => other.match(route.path) && (!other.route || other.route._handlesMethod(method)),
      );
      if (takers.length === 1 && takers[0] === layer) paths.set(route.path, route);
    }
    table.set(method, paths);
  }
  return table;
}

/**
 * Dispatch built once for an Express router with many routes (issue #38, "a middleware chain that
 * costs little"): Express 5 tries every layer's pattern in order on every request, so the product
 * API's 175 layers cost a request for `/projects` 70 regular-expression matches before its own.
 * Installed on the router instance (every mount of it uses it), it
 * - hands a request for a static route that only one layer would take (`POST /verify`) straight to
 *   that route — the same handlers, `req.route`, `req.params` and error path as Express would;
 * - passes a path no layer of a small router matches straight on to what follows the router;
 * - leaves everything else to Express's own walk: HEAD and OPTIONS, parameterised paths, paths
 *   that differ in case or a trailing slash, and any path more than one layer would see.
 * The table is built on the first request and again whenever layers were added since.
 */
export function dispatchDirectly(router: Router): void {
  const self = router as RouterLike;
  let builtFor = -1;
  let table = new Map<string, Map<string, RouteLike>>();

  function handle(req: Request, res: Response, out: NextFunction): void {
    const stack = self.stack;
    if (stack.length !== builtFor) {
      table = directRoutes(stack);
      builtFor = stack.length;
    }
    const url = req.url;
    const query = url.indexOf('?');
    const path = query < 0 ? url : url.slice(0, query);
    const route = table.get(req.method)?.get(path);
    if (route) return direct(route, req, res, out);
    if (
      stack.length <= SMALL_ROUTER &&
      req.method !== 'OPTIONS' &&
      path.startsWith('/') &&
      !matchesAny(stack, path)
    )
      return out();
    routerHandle.call(self, req, res, out);
  }
  Object.defineProperty(self, 'handle', { value: handle, writable: true, configurable: true });
  Object.defineProperty(self, COULD_MATCH, {
    value: (path: string) => self.stack.length > SMALL_ROUTER || matchesAny(self.stack, path),
  });
}

/**
 * Whether some layer matches: its pattern does and, for a router mounted there that was set up
 * here, one of its own layers could (a path Express cannot decode is left to Express: it answers 400).
 */
function matchesAny(stack: readonly LayerLike[], path: string): boolean {
  for (const layer of stack) {
    try {
      if (!layer.match(path)) continue;
    } catch {
      return true;
    }
    const inner = (layer.handle as { [COULD_MATCH]?: (path: string) => boolean } | undefined)?.[COULD_MATCH];
    // A mounted router sees the path less the mount (only `use` without a path is followed here).
    if (!inner || layer.route || !isRootMount(layer) || inner(path)) return true;
  }
  return false;
}

/** A `use` layer without a path (or `/`): a router there sees the same path. */
function isRootMount(layer: LayerLike): boolean {
  return (layer as { slash?: boolean }).slash === true;
}

/**
 * What Express's router does for a request its walk hands to `route`: the router's own request
 * state (`req.baseUrl`, `req.next`, `req.params`) for the route, restored when the request leaves
 * the router — by an error, or by falling through (`next()`, `next('route')`, `next('router')`),
 * when no other layer would have taken it (directRoutes) and it goes on to what follows the router.
 */
function direct(route: RouteLike, req: Request, res: Response, out: NextFunction): void {
  const parentParams = req.params;
  const parentNext = req.next;
  const baseUrl = req.baseUrl || '';
  req.baseUrl = baseUrl;
  req.originalUrl = req.originalUrl || req.url;
  const done = (err?: unknown) => {
    req.baseUrl = baseUrl;
    req.next = parentNext;
    req.params = parentParams;
    out(err === 'route' || err === 'router' ? undefined : err);
  };
  req.next = done;
  req.route = route;
  req.params = {};
  route.dispatch(req, res, done);
}

/** `METHOD path` of each route a router hands over directly (tests and benchmarks read it). */
export function directRouteKeys(router: Router): string[] {
  const keys: string[] = [];
  for (const [method, paths] of directRoutes((router as RouterLike).stack))
    for (const path of paths.keys()) keys.push(`${method} ${path}`);
  return keys;
}
