import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';

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

interface SerializedRequest {
  url?: string;
  query?: Record<string, unknown>;
  [field: string]: unknown;
}

function redactQuery(query: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(query).map(([name, value]) => [
      name,
      SECRET_QUERY_PARAMETERS.has(name.toLowerCase()) ? REDACTED : value,
    ]),
  );
}

/** One log line per request (health checks excepted), with secrets kept out of its URL. */
export function requestLogging(logger: Logger, options: { ignorePaths: string[] }): RequestHandler {
  return pinoHttp({
    logger,
    autoLogging: { ignore: (req) => options.ignorePaths.includes(req.url ?? '') },
    customLogLevel: (_req, res, error) =>
      error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
    // pino-http hands these the standard serialization ({ id, method, url, query, … }), so both the
    // URL and its parsed query are cleaned.
    serializers: {
      req: (req: SerializedRequest) => ({
        ...req,
        url: redactUrl(req.url ?? ''),
        query: req.query ? redactQuery(req.query) : req.query,
      }),
    },
  }) as unknown as RequestHandler;
}
