import type { ErrorRequestHandler, RequestHandler } from 'express';
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
  UNAUTHORIZED: { status: 401, code: 'unauthorized', message: 'Authentication is required.' },
  FORBIDDEN: { status: 403, code: 'forbidden', message: 'You are not allowed to do this.' },
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
 * An operational error: expected, safe to show. Its message reaches the client as `error`,
 * which the dashboard shows verbatim in a toast.
 */
export class AppError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: ErrorDetail[] | undefined;
  /** Response headers that belong to the error, e.g. `Retry-After` on 429. */
  readonly headers: Record<string, string>;

  constructor(
    definition: ErrorDefinition,
    options: { message?: string; details?: ErrorDetail[]; headers?: Record<string, string> } = {},
  ) {
    super(options.message ?? definition.message);
    this.name = 'AppError';
    this.status = definition.status;
    this.code = definition.code;
    this.details = options.details;
    this.headers = options.headers ?? {};
  }
}

export interface ErrorBody {
  error: string;
  code: string;
  details?: ErrorDetail[];
}

export function errorBody(error: AppError): ErrorBody {
  return error.details
    ? { error: error.message, code: error.code, details: error.details }
    : { error: error.message, code: error.code };
}

export const notFoundHandler: RequestHandler = (_req, _res, next) => {
  next(new AppError(CommonErrors.ROUTE_NOT_FOUND));
};

/** Body-parser errors carry a `type`; they are the client's fault, never a 500. */
function fromBodyParser(error: unknown): AppError | undefined {
  if (typeof error !== 'object' || error === null || !('type' in error)) return undefined;
  switch ((error as { type: unknown }).type) {
    case 'entity.parse.failed':
      return new AppError(CommonErrors.INVALID_JSON);
    case 'entity.too.large':
      return new AppError(CommonErrors.PAYLOAD_TOO_LARGE);
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new AppError({
        status: 415,
        code: 'unsupported_encoding',
        message: 'The request body encoding is not supported.',
      });
    default:
      return undefined;
  }
}

/**
 * The single error handler: operational errors are shown as they are; anything else is a
 * programmer error, logged with its stack and answered with a generic 500 (the stack is only
 * included outside production, to speed up local debugging).
 */
export function errorHandler(options: { logger: Logger; exposeStack: boolean }): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    const known = error instanceof AppError ? error : fromBodyParser(error);
    if (known) {
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
