import { GraphQLError } from 'graphql';
import type { Logger } from 'pino';
import { AppError, CommonErrors, type ErrorDetail } from '../../lib/errors.js';

/**
 * The `extensions` of a GraphQL error: `code` is the REST API's code for the same refusal
 * (organization_not_found, validation_failed, insufficient_scope …), `status` the HTTP status REST
 * answers with, and `details` (and any fields of the error, e.g. a step-up's `methods`) as REST.
 */
export interface ErrorExtensions {
  code: string;
  status: number;
  details?: ErrorDetail[];
  [field: string]: unknown;
}

export function extensionsOf(error: AppError): ErrorExtensions {
  return {
    ...error.fields,
    code: error.code,
    status: error.status,
    ...(error.details ? { details: error.details } : {}),
  };
}

/** A refusal of the whole request (not executed): the errors list REST clients see as `error`. */
export function requestError(
  message: string,
  definition: { code: string; status: number } = CommonErrors.BAD_REQUEST,
  details?: ErrorDetail[],
): GraphQLError {
  return new GraphQLError(message, {
    extensions: { code: definition.code, status: definition.status, ...(details ? { details } : {}) },
  });
}

/**
 * How every error leaves the API: AppErrors as REST words them; GraphQL's own syntax and
 * validation errors as 400 bad_request; anything else is a programmer error — logged with its
 * stack and answered as REST answers a 500, without internals.
 */
export function createErrorFormatter(logger: Logger) {
  return (error: Readonly<GraphQLError | Error>): GraphQLError => {
    if (!(error instanceof GraphQLError)) return requestError(error.message);
    const original = error.originalError;
    const where = { nodes: error.nodes, source: error.source, positions: error.positions, path: error.path };
    if (original instanceof AppError)
      return new GraphQLError(original.message, { ...where, extensions: extensionsOf(original) });
    if (original && !(original instanceof GraphQLError)) {
      logger.error({ err: original, path: error.path }, 'GraphQL resolver failed');
      return new GraphQLError(CommonErrors.INTERNAL.message, {
        ...where,
        extensions: { code: CommonErrors.INTERNAL.code, status: CommonErrors.INTERNAL.status },
      });
    }
    if (typeof error.extensions.code === 'string') return error as GraphQLError;
    return new GraphQLError(error.message, {
      ...where,
      extensions: {
        ...error.extensions,
        code: CommonErrors.BAD_REQUEST.code,
        status: CommonErrors.BAD_REQUEST.status,
      },
    });
  };
}
