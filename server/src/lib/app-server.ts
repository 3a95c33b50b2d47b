import http, { type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Express } from 'express';

/**
 * The HTTP server of an Express app whose requests and responses are born with the app's prototypes.
 *
 * Node creates every request and response as a plain IncomingMessage/ServerResponse, and Express's
 * `app.handle` then gives them the app's prototypes with `Object.setPrototypeOf`. Changing a live
 * object's prototype costs V8 far more than the call suggests: the object moves to a new hidden
 * class (its descriptors copied), and the prototype chain's validity cells are invalidated, so the
 * inline caches of every property read on requests and responses miss and fall back to a slow
 * lookup along the prototype chain — per request. Profiles (`perf record` of `POST /api/v1/verify`) showed V8's
 * LookupIterator, MigrateToMap, DescriptorArray::CopyFrom and MakePrototypesFast at the top; a bare
 * Express hello-world pays the same. Constructed with the app's prototypes from the start, Express's
 * `setPrototypeOf` finds the prototype it sets already there and changes nothing (issue #38,
 * docs/performance.md "Requests born with Express's prototypes").
 *
 * Only the app passed here: a sub-app mounted with `app.use(path, subApp)` would switch prototypes
 * again on the way in and out (the server mounts routers, never sub-apps).
 */
export function createAppServer(app: Express): Server {
  // Node's classes are ES5 constructors, so a function that calls them on `this` and whose
  // `prototype` is the app's object builds exactly what Express would have made of them.
  function AppRequest(this: IncomingMessage, ...args: ConstructorParameters<typeof http.IncomingMessage>) {
    http.IncomingMessage.apply(this, args);
  }
  AppRequest.prototype = app.request;
  function AppResponse(this: ServerResponse, ...args: ConstructorParameters<typeof http.ServerResponse>) {
    http.ServerResponse.apply(this, args);
  }
  AppResponse.prototype = app.response;
  return http.createServer(
    {
      IncomingMessage: AppRequest as unknown as typeof http.IncomingMessage,
      ServerResponse: AppResponse as unknown as typeof http.ServerResponse,
    },
    app,
  );
}

/** Listens like `app.listen` (which creates a plain server): resolves once listening, rejects on error. */
export function listen(server: Server, port: number, host: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}
