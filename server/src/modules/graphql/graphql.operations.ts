import type { Request, RequestHandler, Response } from 'express';
import type { ZodType } from 'zod';
import { AppError, CommonErrors, type ErrorDetail } from '../../lib/errors.js';
import { AuthContextErrors, type AuthContext } from '../../core/auth-context.js';
import { requestContext, type RequestContext } from '../../core/request-context.js';
import type { GraphqlContext } from './graphql.context.js';

/** `website_url` → `websiteUrl`: the GraphQL name of a REST field. */
export function camelCase(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());
}

/** `websiteUrl` → `website_url`: the REST name of a GraphQL field. */
export function snakeCase(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/**
 * GraphQL arguments as the REST request has them: top-level names in snake_case, absent and null
 * arguments left out (GraphQL clients send null for "not given"), except where `keepNull` says a
 * null means "clear this field", as JSON null does in a REST PATCH.
 */
export function restFields(
  values: Record<string, unknown> | null | undefined,
  keepNull: readonly string[] = [],
): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values ?? {})) {
    if (value === undefined || (value === null && !keepNull.includes(name))) continue;
    fields[snakeCase(name)] = value;
  }
  return fields;
}

/** Runs Express middleware (the REST guard) on the request; resolves when it calls next(). */
function runMiddleware(handlers: RequestHandler[], req: Request): Promise<void> {
  return handlers.reduce<Promise<void>>(
    (previous, handler) =>
      previous.then(
        () =>
          new Promise<void>((resolve, reject) => {
            try {
              const result: unknown = handler(req, {} as Response, (error?: unknown) =>
                error ? reject(error as Error) : resolve(),
              );
              if (result instanceof Promise) result.catch(reject);
            } catch (error) {
              reject(error as Error);
            }
          }),
      ),
    Promise.resolve(),
  );
}

interface RequestParts {
  body?: Record<string, unknown>;
  query?: Record<string, unknown>;
  params?: Record<string, unknown>;
}

export interface AsRoute<B, Q, P> {
  caller: AuthContext;
  body: B;
  query: Q;
  params: P;
  context: RequestContext;
}

/** The GraphQL name of a REST detail path: `body.website_url` → `input.websiteUrl`. */
function graphqlPath(part: keyof RequestParts, path: string[]): string {
  const names = path.map((segment) => (/^\d+$/.test(segment) ? segment : camelCase(segment)));
  return (part === 'body' ? ['input', ...names] : names).join('.') || part;
}

function validate(
  schema: ZodType | undefined,
  value: unknown,
  part: keyof RequestParts,
  details: ErrorDetail[],
) {
  if (!schema) return undefined;
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  for (const issue of result.error.issues)
    details.push({ path: graphqlPath(part, issue.path.map(String)), message: issue.message });
  return undefined;
}

/**
 * What the REST route `route` does before its handler, for a GraphQL field that mirrors it: the
 * guard's check of the caller (token scope, application sessions, enrolment-only sessions), the
 * request's validation with the route's own schemas (400 validation_failed, with the GraphQL
 * names of the fields in `details`) and its step-up. `stepUp` narrows a step-up the route asks
 * for only sometimes (as its spec's predicate does).
 */
export async function asRoute<B = Record<string, unknown>, Q = Record<string, unknown>, P = { id: string }>(
  ctx: GraphqlContext,
  route: string,
  parts: RequestParts = {},
  options: { stepUp?: (valid: { body: B; query: Q; params: P }) => boolean } = {},
): Promise<AsRoute<B, Q, P>> {
  const caller = ctx.auth;
  if (!caller) throw new AppError(AuthContextErrors.MISSING_TOKEN);
  const twin = ctx.twins(route);
  await runMiddleware(ctx.guardOf(twin), ctx.req);
  const details: ErrorDetail[] = [];
  const valid = {
    body: validate(twin.body, parts.body, 'body', details) as B,
    query: validate(twin.query, parts.query, 'query', details) as Q,
    params: validate(twin.params, parts.params, 'params', details) as P,
  };
  if (details.length > 0) {
    const first = details[0]!;
    throw new AppError(CommonErrors.VALIDATION_FAILED, {
      message: `${first.path}: ${first.message}`,
      details,
    });
  }
  if (twin.stepUp && (options.stepUp?.(valid) ?? true)) await ctx.stepUp.check(ctx.req);
  return { caller, ...valid, context: requestContext(ctx.req) };
}
