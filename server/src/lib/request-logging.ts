import type { RequestHandler, Response } from 'express';
import type { Level, Logger } from 'pino';

/**
 * Query parameters that carry a secret in some link or redirect of ours or of the protocols we
 * speak: confirmation, reset and leave links (`token`), OAuth callbacks (`code`, `state`), and the
 * OAuth/OIDC names a client may put in a URL. Their values never reach the process log: a log line
 * with a live leave link is a working credential for whoever reads the log.
 */
const SECRET_QUERY_PARAMETERS = new Set([
  'token',
  'code',
  // The hosted sign-in page's single-use code after a pool's Google sign-in (/p/…/sign-in?google_code=).
  'google_code',
  'state',
  'key',
  'secret',
  'password',
  'signature',
  'sig',
  'otp',
  'access_token',
  'refresh_token',
  'id_token',
  'id_token_hint',
  'client_secret',
  'code_verifier',
  'login_hint_token',
]);

const REDACTED = '[redacted]';

/** The URL with the values of secret-bearing query parameters replaced; the rest kept as sent. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return url;
  const hashStart = url.indexOf('#', queryStart);
  const query = url.slice(queryStart + 1, hashStart < 0 ? undefined : hashStart);
  const redacted = query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals < 0) return pair;
      let name: string;
      try {
        name = decodeURIComponent(pair.slice(0, equals).replace(/\+/g, ' '));
      } catch {
        // A malformed name cannot be matched; its value may still be a secret, so it goes too.
        return `${pair.slice(0, equals)}=${REDACTED}`;
      }
      return SECRET_QUERY_PARAMETERS.has(name.toLowerCase()) ? `${pair.slice(0, equals)}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, queryStart)}?${redacted}${hashStart < 0 ? '' : url.slice(hashStart)}`;
}

function redactQuery(query: Record<string, unknown>): Record<string, unknown> {
  const redacted: Record<string, unknown> = {};
  for (const name of Object.keys(query))
    redacted[name] = SECRET_QUERY_PARAMETERS.has(name.toLowerCase()) ? REDACTED : query[name];
  return redacted;
}

/** The level of a request's line: 5xx (or a response that never finished) error, 4xx warn. */
function levelOf(res: Response, finished: boolean): Level {
  if (!finished || res.statusCode >= 500) return 'error';
  return res.statusCode >= 400 ? 'warn' : 'info';
}

/** The response's headers without `set-cookie` (sessions and refresh tokens are credentials). */
function loggedHeaders(res: Response): Record<string, unknown> {
  const headers: Record<string, unknown> = { ...res.getHeaders() };
  delete headers['set-cookie'];
  return headers;
}

let lastId = 0;
const STARTED = Symbol('requestStarted');
/** In `res.locals`: a property added to the response itself copies its large property store. */
type Timed = Response & { locals: { [STARTED]: number } };

/**
 * One log line per request (health checks excepted), with secrets kept out of its URL: pino-http's
 * `request completed` line (`req` with id, method, URL, query, remote address; `res` with the status
 * and headers; `responseTime` in ms), `request aborted` when the client left before the answer.
 *
 * Built for the request path's cost (issue #38): a request pays for a timestamp and one `close`
 * listener; the line is put together only when the logger's level lets it through (at LOG_LEVEL=warn
 * a 2xx request builds nothing). Request headers and `Set-Cookie` are not logged: `authorization`,
 * `cookie` and session cookies carry credentials, which a log line must not (pino-http's default
 * serializers wrote them all).
 */
export function requestLogging(logger: Logger, options: { ignorePaths: string[] }): RequestHandler {
  const ignored = new Set(options.ignorePaths);
  const writeLine = (res: Timed) => {
    const req = res.req;
    const finished = res.writableFinished;
    const level = levelOf(res, finished);
    if (!logger.isLevelEnabled(level)) return;
    const url = req.originalUrl;
    logger[level](
      {
        req: {
          id: ++lastId,
          method: req.method,
          url: redactUrl(url),
          query: redactQuery(req.query as Record<string, unknown>),
          remoteAddress: req.socket.remoteAddress,
          remotePort: req.socket.remotePort,
        },
        res: { statusCode: res.statusCode, headers: loggedHeaders(res) },
        responseTime: Date.now() - res.locals[STARTED],
      },
      finished ? 'request completed' : 'request aborted',
    );
  };
  function log(this: Timed) {
    writeLine(this);
  }
  return function requestLogging(req, res, next) {
    if (!ignored.has(req.url)) {
      (res as Timed).locals[STARTED] = Date.now();
      // `on`, not `once`: a response closes once, and `once` wraps the listener anew per request.
      res.on('close', log);
    }
    next();
  };
}
