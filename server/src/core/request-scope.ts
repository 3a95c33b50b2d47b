import { AsyncLocalStorage } from 'node:async_hooks';
import type { RequestHandler } from 'express';

/**
 * What one request remembers while it runs: answers read once per request (an organization
 * membership that GraphQL's project and application reads both check, say). The memo ends with
 * the response — work after it (mail, webhooks) and the next request read afresh, so a role
 * change or a removal takes effect on the very next request.
 */
class RequestScope {
  private readonly memo = new Map<string, Promise<unknown>>();
  private ended = false;

  once<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.ended) return load();
    const known = this.memo.get(key) as Promise<T> | undefined;
    if (known) return known;
    const loading = load();
    this.memo.set(key, loading);
    // A failure is not remembered: a later call in the same request tries again.
    loading.catch(() => {
      if (this.memo.get(key) === loading) this.memo.delete(key);
    });
    return loading;
  }

  end() {
    this.ended = true;
    this.memo.clear();
  }
}

const storage = new AsyncLocalStorage<RequestScope>();

/**
 * Runs the rest of the request in its own scope (mounted after the body parsers, whose stream
 * events would not carry it). Where no scope is found, everything is read each time.
 */
export function requestScope(): RequestHandler {
  return (_req, res, next) => {
    const scope = new RequestScope();
    const end = () => scope.end();
    res.once('finish', end);
    res.once('close', end);
    storage.run(scope, next);
  };
}

/** `load()`'s answer, read once per request for `key` (each time outside a request). */
export function oncePerRequest<T>(key: string, load: () => Promise<T>): Promise<T> {
  const scope = storage.getStore();
  return scope ? scope.once(key, load) : load();
}
