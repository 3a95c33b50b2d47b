import type { ErrorRequestHandler, Request, RequestHandler } from 'express';
import type { Logger } from 'pino';

/** Codes shared by every module; feature modules keep their own catalog in `<feature>.errors.ts`. */
export const CommonErrors = {
  NOT_FOUND: { status: 404, code: 'not_found', message: 'The requested resource does not exist.' },
  ROUTE_NOT_FOUND: { status: 404, code: 'route_not_found', message: 'No API route matches this path.' },
  VALIDATION_FAILED: { status: 400, code: 'validation_failed', message: 'The request is invalid.' },
  INVALID_JSON: { status: 400, code: 'invalid_json', message: 'The request body is not valid JSON.' },
  PAYLOAD_TOO_LARGE: {
    status: 413,
    code: 'payload_too_large',
    message: 'The request body is too large.',
  },
  INVALID_PATH_ENCODING: {
    status: 400,
    code: 'invalid_path_encoding',
    message:
      'The URL path contains an invalid percent-encoding. Encode a literal "%" as "%25" and other ' +
      'characters as UTF-8 bytes, e.g. "%C3%A4" for "ä".',
  },
  INVALID_BODY_ENCODING: {
    status: 400,
    code: 'invalid_body_encoding',
    message:
      'The request body could not be decompressed as its Content-Encoding header says. Send it ' +
      'uncompressed without Content-Encoding, or compressed as the header names.',
  },
  UNSUPPORTED_ENCODING: {
    status: 415,
    code: 'unsupported_encoding',
    message:
      'The request body encoding is not supported. Send the body as UTF-8, uncompressed or compressed ' +
      'with gzip, deflate or br.',
  },
  BODY_LENGTH_MISMATCH: {
    status: 400,
    code: 'body_length_mismatch',
    message: 'The request body does not match its Content-Length header.',
  },
  BAD_REQUEST: {
    status: 400,
    code: 'bad_request',
    message: 'The request could not be read. Check its URL, headers and body.',
  },
  UNAUTHORIZED: { status: 401, code: 'unauthorized', message: 'Authentication is required.' },
  FORBIDDEN: { status: 403, code: 'forbidden', message: 'You are not allowed to do this.' },
  SERVER_BUSY: {
    status: 503,
    code: 'server_busy',
    message: 'The server is busy. Please try again in a few seconds.',
  },
  INTERNAL: {
    status: 500,
    code: 'internal_error',
    message: 'Something went wrong on our side. Please try again later.',
  },
} as const;

export interface ErrorDefinition {
  status: number;
  code: string;
  message: string;
}

export interface ErrorDetail {
  path: string;
  message: string;
}

/**
 * Further fields of one error's body, beside `error`, `code` and `details` (which they may not
 * replace): what a client needs to act on that error, e.g. which proofs a step-up accepts.
 */
export type ErrorFields = Readonly<Record<string, unknown>> & {
  error?: never;
  code?: never;
  details?: never;
};

/**
 * An operational error: expected, safe to show. Its message reaches the client as `error`,
 * which the dashboard shows verbatim in a toast.
 */
export class AppError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: ErrorDetail[] | undefined;
  /** Response headers that belong to the error, e.g. `Retry-After` on 429. */
  readonly headers: Record<string, string>;
  /** Body fields of this error beyond the common shape; absent for nearly every error. */
  readonly fields: ErrorFields | undefined;

  constructor(
    definition: ErrorDefinition,
    options: {
      message?: string;
      details?: ErrorDetail[];
      headers?: Record<string, string>;
      fields?: ErrorFields;
    } = {},
  ) {
    super(options.message ?? definition.message);
    this.name = 'AppError';
    this.status = definition.status;
    this.code = definition.code;
    this.details = options.details;
    this.headers = options.headers ?? {};
    this.fields = options.fields;
  }
}

export interface ErrorBody {
  error: string;
  code: string;
  details?: ErrorDetail[];
}

export function errorBody(error: AppError): ErrorBody {
  const body: ErrorBody = error.details
    ? { error: error.message, code: error.code, details: error.details }
    : { error: error.message, code: error.code };
  // Spread first, so that even an untyped caller cannot replace the common fields.
  return error.fields ? { ...error.fields, ...body } : body;
}

export const notFoundHandler: RequestHandler = (_req, _res, next) => {
  next(new AppError(CommonErrors.ROUTE_NOT_FOUND));
};

/** The numeric `status` (or `statusCode`) an error from express, router or body-parser carries. */
function httpStatusOf(error: object): number | undefined {
  const { status, statusCode } = error as { status?: unknown; statusCode?: unknown };
  const value = typeof status === 'number' ? status : statusCode;
  return typeof value === 'number' && Number.isInteger(value) ? value : undefined;
}

function isIdentityEncoding(req: Request): boolean {
  const encoding = req.headers['content-encoding'];
  return encoding === undefined || encoding.trim().toLowerCase() === 'identity';
}

/**
 * Errors raised while reading the request — by router (a path parameter whose percent-encoding is
 * not UTF-8: a URIError with status 400), by body-parser (`type` plus a 4xx status) or by zlib
 * while inflating a body (status 400, no `type`) — are the client's fault: a 4xx in our shape,
 * never a 500. Errors with a 5xx status stay programmer errors.
 */
function fromRequestError(error: unknown, req: Request): AppError | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const status = httpStatusOf(error);
  if (status === undefined || status < 400 || status > 499) return undefined;
  if (error instanceof URIError) return new AppError(CommonErrors.INVALID_PATH_ENCODING);
  const { type } = error as { type?: unknown };
  switch (type) {
    case 'entity.parse.failed':
      return new AppError(CommonErrors.INVALID_JSON);
    case 'entity.too.large': {
      const { limit } = error as { limit?: unknown };
      return new AppError(CommonErrors.PAYLOAD_TOO_LARGE, {
        message:
          typeof limit === 'number'
            ? `The request body is too large: at most ${limit} bytes are accepted.`
            : CommonErrors.PAYLOAD_TOO_LARGE.message,
      });
    }
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new AppError(CommonErrors.UNSUPPORTED_ENCODING);
    case 'request.size.invalid':
      return new AppError(CommonErrors.BODY_LENGTH_MISMATCH);
    case undefined:
      if (!isIdentityEncoding(req)) return new AppError(CommonErrors.INVALID_BODY_ENCODING);
  }
  return new AppError({ ...CommonErrors.BAD_REQUEST, status });
}

/**
 * The single error handler: operational errors are shown as they are; anything else is a
 * programmer error, logged with its stack and answered with a generic 500 (the stack is only
 * included outside production, to speed up local debugging).
 */
export function errorHandler(options: { logger: Logger; exposeStack: boolean }): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    const known = error instanceof AppError ? error : fromRequestError(error, req);
    if (known && !res.headersSent) {
      res.set(known.headers).status(known.status).json(errorBody(known));
      return;
    }
    options.logger.error({ err: error, method: req.method, url: req.originalUrl }, 'unhandled error');
    const body: ErrorBody & { stack?: string } = errorBody(new AppError(CommonErrors.INTERNAL));
    if (options.exposeStack && error instanceof Error && error.stack) body.stack = error.stack;
    if (res.headersSent) {
      res.end();
      return;
    }
    res.status(500).json(body);
  };
}
