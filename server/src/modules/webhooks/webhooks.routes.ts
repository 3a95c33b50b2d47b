import type { ApiRouter, RouteHandler, RouteSpec, ValidatedRequest } from '../../lib/api-router.js';
import { requestContext } from '../../core/request-context.js';
import { authOf } from '../../core/auth-context.js';
import {
  CreateWebhookSchema,
  DeliveryListSchema,
  DeliverySchema,
  ListDeliveriesQuery,
  UpdatedWebhookSchema,
  UpdateWebhookSchema,
  WebhookListSchema,
  WebhookSchema,
  WebhookWithSecretSchema,
} from './webhooks.schemas.js';
import { IdParams } from '../../core/schemas.js';
import type { WebhooksService } from './webhooks.types.js';

const TAGS = ['Webhooks'];
const notFound = { description: 'No such webhook among the caller’s organizations' };
const notAdmin = { description: 'Not an admin of the organization' };
const noOrganization = { description: 'No such organization among the caller’s' };

/** Every route here is for signed-in admins and names its organization, webhook or delivery by id. */
function admin<const S extends { method: RouteSpec<undefined, undefined, undefined>['method'] }>(spec: S) {
  return { tags: TAGS, authenticated: true as const, params: IdParams, ...spec };
}

/** Answers (200 unless told) with what the service returns for the caller and the path's id. */
function answer<B, Q>(
  call: (userId: string, id: string, req: ValidatedRequest<B, Q, { id: string }>) => Promise<unknown>,
  status = 200,
): RouteHandler<B, Q, { id: string }> {
  return async (req, res) => {
    res.status(status).json(await call(authOf(req).userId, req.valid.params.id, req));
  };
}

/**
 * Webhook management: organization admins with a signed-in session (no API tokens, no
 * embedding sessions). Another tenant's webhook or delivery answers 404. Creating, changing and
 * deleting an endpoint needs a proof of identity within 10 minutes (step-up): a stolen access
 * token must not redirect an organization's events, or learn a signing secret.
 */
export function registerWebhookRoutes(api: ApiRouter, webhooks: WebhooksService): void {
  api.route(
    admin({
      method: 'get',
      permission: 'webhook:read',
      path: '/organizations/:id/webhooks',
      summary: "List an organization's webhooks (admins)",
      responses: {
        200: { description: 'Webhooks, newest first', schema: WebhookListSchema },
        403: notAdmin,
        404: noOrganization,
      },
    }),
    answer(async (userId, organizationId) => ({
      data: await webhooks.list(userId, organizationId),
      next_cursor: null,
    })),
  );

  api.route(
    admin({
      method: 'post',
      permission: 'webhook:manage',
      path: '/organizations/:id/webhooks',
      summary: 'Create a webhook (admins)',
      description:
        'The URL is checked against internal networks in production (webhook_url_not_allowed). The signing secret is in this response only.',
      stepUp: true,
      body: CreateWebhookSchema,
      responses: {
        201: { description: 'Created; `secret` is shown this once', schema: WebhookWithSecretSchema },
        403: notAdmin,
        404: noOrganization,
        409: { description: 'The organization has 20 webhooks (webhook_limit_reached)' },
      },
    }),
    answer((userId, id, req) => webhooks.create(userId, id, req.valid.body, requestContext(req)), 201),
  );

  api.route(
    admin({
      method: 'get',
      permission: 'webhook:read',
      path: '/webhooks/:id',
      summary: 'Get a webhook (admins)',
      responses: { 200: { description: 'Webhook', schema: WebhookSchema }, 403: notAdmin, 404: notFound },
    }),
    answer((userId, id) => webhooks.get(userId, id)),
  );

  api.route(
    admin({
      method: 'patch',
      permission: 'webhook:manage',
      path: '/webhooks/:id',
      summary: 'Change, enable, disable a webhook or rotate its secret (admins)',
      stepUp: true,
      body: UpdateWebhookSchema,
      responses: {
        200: { description: 'Updated', schema: UpdatedWebhookSchema },
        403: notAdmin,
        404: notFound,
      },
    }),
    answer((userId, id, req) => webhooks.update(userId, id, req.valid.body, requestContext(req))),
  );

  api.route(
    admin({
      method: 'delete',
      permission: 'webhook:manage',
      path: '/webhooks/:id',
      summary: 'Delete a webhook and its delivery log (admins)',
      stepUp: true,
      responses: { 204: { description: 'Deleted' }, 403: notAdmin, 404: notFound },
    }),
    async (req, res) => {
      await webhooks.remove(authOf(req).userId, req.valid.params.id, requestContext(req));
      res.status(204).end();
    },
  );

  registerDeliveryRoutes(api, webhooks);
}

/** The delivery log, test events and redeliveries. */
function registerDeliveryRoutes(api: ApiRouter, webhooks: WebhooksService): void {
  api.route(
    admin({
      method: 'get',
      permission: 'webhook:read',
      path: '/webhooks/:id/deliveries',
      summary: "A webhook's delivery log (admins)",
      description: 'Newest first; finished deliveries are kept 30 days.',
      query: ListDeliveriesQuery,
      responses: {
        200: { description: 'Deliveries', schema: DeliveryListSchema },
        403: notAdmin,
        404: notFound,
      },
    }),
    answer((userId, id, req) => webhooks.deliveries(userId, id, req.valid.query)),
  );

  api.route(
    admin({
      method: 'post',
      permission: 'webhook:manage',
      path: '/webhooks/:id/test',
      summary: 'Send a test event now (admins)',
      description:
        'Sends one `webhook.test` event immediately — one attempt, outside the queue, also to a disabled webhook — and answers with the logged delivery (status, response code, duration).',
      responses: {
        200: { description: 'The delivery, succeeded or failed', schema: DeliverySchema },
        403: notAdmin,
        404: notFound,
      },
    }),
    answer((userId, id) => webhooks.sendTest(userId, id)),
  );

  api.route(
    admin({
      method: 'post',
      permission: 'webhook:manage',
      path: '/webhooks/deliveries/:id/redeliver',
      summary: 'Send the event of a delivery again (admins)',
      description:
        'Queues a new delivery of the same event (same event id and body) behind the webhook’s other events.',
      responses: {
        202: { description: 'Queued', schema: DeliverySchema },
        403: notAdmin,
        404: { description: 'No such delivery among the caller’s organizations' },
        409: { description: 'The webhook is disabled, or the delivery is still pending' },
      },
    }),
    answer((userId, id) => webhooks.redeliver(userId, id), 202),
  );
}
