import type { Response } from 'express';
import type { ZodType } from 'zod';
import type { RouteSpec, ValidatedRequest } from '../lib/api-router.js';
import { authOf } from './auth-context.js';
import { requestContext, type RequestContext } from './request-context.js';
import { IdParams } from './schemas.js';

type Schema = ZodType | undefined;

/**
 * Route specs of a resource's REST routes (organizations, projects, applications, tokens): all
 * for signed-in callers under the resource's tags; routes on one item (`/things/:id`) take its
 * id (`params`) and answer 404 in the resource's own words unless the spec words it otherwise.
 */
export function resourceRouteSpecs<TParams extends ZodType = typeof IdParams>(
  tags: string[],
  notFound: { description: string },
  params: TParams = IdParams as unknown as TParams,
) {
  return {
    collection<TBody extends Schema = undefined, TQuery extends Schema = undefined>(
      spec: Omit<RouteSpec<TBody, TQuery, undefined>, 'tags' | 'authenticated'>,
    ): RouteSpec<TBody, TQuery, undefined> {
      return { tags, authenticated: true, ...spec };
    },
    item<TBody extends Schema = undefined, TQuery extends Schema = undefined>(
      spec: Omit<RouteSpec<TBody, TQuery, TParams>, 'tags' | 'authenticated' | 'params'>,
    ): RouteSpec<TBody, TQuery, TParams> {
      return { tags, authenticated: true, params, ...spec, responses: { 404: notFound, ...spec.responses } };
    },
  };
}

/** The handler of a create route: 201 with what `create` made for the caller from the body. */
export function createdByCaller<B>(
  create: (userId: string, body: B, context: RequestContext) => Promise<unknown>,
) {
  return async (req: ValidatedRequest<B, unknown, unknown>, res: Response): Promise<void> => {
    res.status(201).json(await create(authOf(req).userId, req.valid.body, requestContext(req)));
  };
}
