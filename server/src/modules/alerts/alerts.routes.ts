import type { ApiRouter, RouteSpec } from '../../lib/api-router.js';
import { authOf } from '../../core/auth-context.js';
import { requestContext } from '../../core/request-context.js';
import { IdParams } from '../../core/schemas.js';
import { PageQuerySchema } from '../../lib/pagination.js';
import {
  AlertHistorySchema,
  AlertListQuery,
  AlertListSchema,
  AlertSchema,
  AlertTestResultSchema,
  CreateAlertSchema,
  UpdateAlertSchema,
} from './alerts.schemas.js';
import type { AlertsService } from './alerts.types.js';

const TAGS = ['Alerts'];
const notFound = { description: 'No such alert rule among the caller’s organizations' };
const forbidden = { description: 'The role lacks the permission (code forbidden, naming it)' };
const scopeNotFound = { description: 'Organization, project or application not among the caller’s' };

/**
 * Alert rules (issue #35): dashboard sessions of members whose role has alert:read / alert:manage
 * (admins). No API tokens (403 token_not_allowed): a rule mails people and calls webhooks, which
 * is the team's decision, not an integration's. Another tenant's rule answers 404.
 */
function spec<const S extends { method: RouteSpec<undefined, undefined, undefined>['method'] }>(s: S) {
  return { tags: TAGS, authenticated: true as const, ...s };
}

export function registerAlertRoutes(api: ApiRouter, alerts: AlertsService): void {
  const listDescription =
    'Without filters: the rules of every organization where the caller’s role has alert:read. organization_id, project_id (the project’s rules and its applications’) or application_id narrow it; another tenant’s id answers 404.';
  api.route(
    spec({
      method: 'get',
      permission: 'alert:read',
      path: '/alerts',
      summary: 'List alert rules',
      description: listDescription,
      query: AlertListQuery,
      responses: {
        200: { description: 'Rules, newest first', schema: AlertListSchema },
        403: forbidden,
        404: scopeNotFound,
      },
    }),
    async (req, res) => {
      res.json({ data: await alerts.list(authOf(req).userId, req.valid.query), next_cursor: null });
    },
  );

  api.route(
    spec({
      method: 'get',
      permission: 'alert:read',
      path: '/alerts/firing',
      summary: 'Alert rules firing now (the dashboard’s bell)',
      description: `Rules in the state firing, most recent first. ${listDescription}`,
      query: AlertListQuery,
      responses: {
        200: { description: 'Firing rules', schema: AlertListSchema },
        403: forbidden,
        404: scopeNotFound,
      },
    }),
    async (req, res) => {
      res.json({ data: await alerts.firing(authOf(req).userId, req.valid.query), next_cursor: null });
    },
  );

  api.route(
    spec({
      method: 'post',
      permission: 'alert:manage',
      path: '/alerts',
      summary: 'Create an alert rule',
      description:
        'Exactly one of application_id and project_id. event_count needs `event`, funnel_conversion `steps`. E-mails go only to members of the organization (400 alert_recipient_not_member). At most 100 rules per organization (409 alert_limit_reached).',
      body: CreateAlertSchema,
      responses: {
        201: { description: 'Created (state ok)', schema: AlertSchema },
        403: forbidden,
        404: scopeNotFound,
        409: { description: 'The organization has 100 rules (alert_limit_reached)' },
      },
    }),
    async (req, res) => {
      res.status(201).json(await alerts.create(authOf(req).userId, req.valid.body, requestContext(req)));
    },
  );

  registerRuleRoutes(api, alerts);
}

/** One rule: read, change (mute), delete, history, test. */
function registerRuleRoutes(api: ApiRouter, alerts: AlertsService): void {
  api.route(
    spec({
      method: 'get',
      permission: 'alert:read',
      path: '/alerts/:id',
      summary: 'Get an alert rule',
      params: IdParams,
      responses: { 200: { description: 'Rule', schema: AlertSchema }, 403: forbidden, 404: notFound },
    }),
    async (req, res) => {
      res.json(await alerts.get(authOf(req).userId, req.valid.params.id));
    },
  );

  api.route(
    spec({
      method: 'patch',
      permission: 'alert:manage',
      path: '/alerts/:id',
      summary: 'Change, mute or unmute an alert rule',
      description:
        '`muted: true` holds notifications until `muted: false`; `muted_until` holds them until that time. A muted rule is still evaluated: its state and history go on.',
      params: IdParams,
      body: UpdateAlertSchema,
      responses: { 200: { description: 'Updated', schema: AlertSchema }, 403: forbidden, 404: notFound },
    }),
    async (req, res) => {
      res.json(
        await alerts.update(authOf(req).userId, req.valid.params.id, req.valid.body, requestContext(req)),
      );
    },
  );

  api.route(
    spec({
      method: 'delete',
      permission: 'alert:manage',
      path: '/alerts/:id',
      summary: 'Delete an alert rule and its history',
      params: IdParams,
      responses: { 204: { description: 'Deleted' }, 403: forbidden, 404: notFound },
    }),
    async (req, res) => {
      await alerts.remove(authOf(req).userId, req.valid.params.id, requestContext(req));
      res.status(204).end();
    },
  );

  api.route(
    spec({
      method: 'get',
      permission: 'alert:read',
      path: '/alerts/:id/history',
      summary: 'The history of an alert rule',
      description: 'State changes (firing, resolved) and test notifications, newest first.',
      params: IdParams,
      query: PageQuerySchema,
      responses: {
        200: { description: 'History', schema: AlertHistorySchema },
        403: forbidden,
        404: notFound,
      },
    }),
    async (req, res) => {
      res.json(await alerts.history(authOf(req).userId, req.valid.params.id, req.valid.query));
    },
  );

  api.route(
    spec({
      method: 'post',
      permission: 'alert:manage',
      path: '/alerts/:id/test',
      summary: 'Send a test notification now',
      description:
        'Mails every address of the rule (the `alert` template) and, with `channels.webhook`, queues an `alert.firing` event with `data.test: true`. Changes no state; adds a history row of kind test.',
      params: IdParams,
      responses: {
        200: { description: 'What was sent', schema: AlertTestResultSchema },
        403: forbidden,
        404: notFound,
      },
    }),
    async (req, res) => {
      res.json(await alerts.test(authOf(req).userId, req.valid.params.id, requestContext(req)));
    },
  );
}
