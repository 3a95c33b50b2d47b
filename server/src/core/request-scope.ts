import { AsyncLocalStorage } from 'node:async_hooks';
import type { ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';

/**
 * What one request remembers while it runs: answers read once per request (an organization
 * membership that GraphQL's project and application reads both check, say). The memo ends with
 * the response — work after it (mail, webhooks) and the next request read afresh, so a role
 * change or a removal takes effect on the very next request.
 */
class RequestScope {
  /** Made by the first `once`: a request that reads nothing allocates nothing. */
  private memo: Map<string, Promise<unknown>> | undefined;

  constructor(private readonly res: ServerResponse) {}

  once<T>(key: string, load: () => Promise<T>): Promise<T> {
    // Ended with the response (sent, or the connection closed): asked here rather than by
    // listeners on every response, so a request that never reads the scope pays nothing for it.
    if (this.res.writableEnded || this.res.destroyed) {
      this.memo = undefined;
      return load();
    }
    const memo = (this.memo ??= new Map());
    const known = memo.get(key) as Promise<T> | undefined;
    if (known) return known;
    const loading = load();
    memo.set(key, loading);
    // A failure is not remembered: a later call in the same request tries again.
    loading.catch(() => {
      if (memo.get(key) === loading) memo.delete(key);
    });
    return loading;
  }
}

const storage = new AsyncLocalStorage<RequestScope>();

/**
 * Runs the rest of the request in its own scope (mounted after the body parsers, whose stream
 * events would not carry it) on the exact paths in `only`; everywhere else everything is read
 * each time. Entered where one request asks the same question many times at once — GraphQL,
 * whose project and application fields each authorize in the same organization before the
 * cross-request caches are filled. Not on every path (issue #38): once a process has entered an
 * AsyncLocalStorage, every promise of every request pays for carrying the store (~20 µs of CPU
 * per `cs_` GET /projects, route-cpu), and a REST handler authorizes once.
 */
export function requestScope(options: { only: readonly string[] }): RequestHandler {
  const only = new Set(options.only);
  return (req, res, next) => {
    const query = req.url.indexOf('?');
    if (!only.has(query < 0 ? req.url : req.url.slice(0, query))) return next();
    storage.run(new RequestScope(res), next);
  };
}

/** `load()`'s answer, read once per request for `key` (each time outside a request). */
export function oncePerRequest<T>(key: string, load: () => Promise<T>): Promise<T> {
  const scope = storage.getStore();
  return scope ? scope.once(key, load) : load();
}
