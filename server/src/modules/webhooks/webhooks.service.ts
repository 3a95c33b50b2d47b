import mongoose, { Types, type Connection } from 'mongoose';
import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import { randomToken } from '../../lib/crypto.js';
import { AppError, type ErrorDefinition } from '../../lib/errors.js';
import { paginateNewestFirst, type Page } from '../../lib/pagination.js';
import type { ActivityService } from '../../core/audit.js';
import type { RequestContext } from '../../core/request-context.js';
import type { SendTemplateInput } from '../../core/mail.js';
import type { Permission } from '../organizations/index.js';
import { WebhookErrors } from './webhooks.errors.js';
import { isKnownEventPattern, subscribesTo, TEST_EVENT_TYPE } from './webhooks.events.js';
import { type EventScope, type WebhookEmitter, type WebhookEventType } from '../../core/webhooks.js';
import {
  webhookModels,
  type DeliveryDocument,
  type DeliveryStatus,
  type WebhookDocument,
} from './webhooks.model.js';
import { sendDelivery } from './webhooks.sender.js';
import { assertPublicUrl, parseWebhookUrl } from './webhooks.url-guard.js';
import { attemptFields, DeliveryWorker, purgeAt } from './webhooks.worker.js';

/** Webhooks one organization may have. */
export const MAX_WEBHOOKS_PER_ORGANIZATION = 20;
const SECRET_PREFIX = 'whsec_';

export interface WebhookView {
  id: string;
  organization_id: string;
  url: string;
  description: string | null;
  events: string[];
  project_ids: string[];
  application_ids: string[];
  enabled: boolean;
  disabled_reason: 'failing' | 'manual' | null;
  disabled_at: string | null;
  consecutive_failures: number;
  last_success_at: string | null;
  last_failure_at: string | null;
  /** The secret's first characters, to tell secrets apart; the whole secret is shown once. */
  secret_hint: string;
  created_by: string;
  created_at: string;
  updated_at: string;
}

export interface DeliveryView {
  id: string;
  webhook_id: string;
  event_id: string;
  event_type: string;
  trigger: DeliveryDocument['trigger'];
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: string | null;
  response_status: number | null;
  response_body: string | null;
  error: string | null;
  duration_ms: number | null;
  attempt_log: Array<{
    at: string;
    response_status: number | null;
    duration_ms: number;
    error: string | null;
  }>;
  payload: unknown;
  created_at: string;
  delivered_at: string | null;
}

export interface WebhookInput {
  url: string;
  events: string[];
  description?: string | null;
  project_ids?: string[];
  application_ids?: string[];
}

export interface WebhookChanges extends Partial<WebhookInput> {
  enabled?: boolean;
  rotate_secret?: boolean;
}

/** What the webhooks module needs from organizations, projects, applications and mail (late-bound). */
export interface WebhookDirectory {
  authorize(
    userId: string,
    organizationId: string,
    permission: Permission,
    notFound: ErrorDefinition,
  ): Promise<unknown>;
  organizationIdsOf(userId: string): Promise<Types.ObjectId[]>;
  adminsOf(organizationId: string): Promise<Array<{ id: string; email: string; display_name: string }>>;
  /** The organization of an active project, or null. */
  projectOrganizationId(projectId: string): Promise<string | null>;
  /** The project and organization of an active application, or null. */
  applicationOwner(applicationId: string): Promise<{ organizationId: string; projectId: string } | null>;
  sendMail(input: SendTemplateInput): Promise<unknown>;
}

export interface WebhooksService extends WebhookEmitter {
  list(userId: string, organizationId: string): Promise<WebhookView[]>;
  create(
    userId: string,
    organizationId: string,
    input: WebhookInput,
    context: RequestContext,
  ): Promise<WebhookView & { secret: string }>;
  get(userId: string, webhookId: string): Promise<WebhookView>;
  update(
    userId: string,
    webhookId: string,
    changes: WebhookChanges,
    context: RequestContext,
  ): Promise<WebhookView & { secret?: string }>;
  remove(userId: string, webhookId: string, context: RequestContext): Promise<void>;
  deliveries(
    userId: string,
    webhookId: string,
    query: { limit?: number; cursor?: string; status?: DeliveryStatus },
  ): Promise<Page<DeliveryView>>;
  /** Sends a `webhook.test` event right away (one attempt, outside the queue) and logs it. */
  sendTest(userId: string, webhookId: string): Promise<DeliveryView>;
  /** Queues the event of a finished delivery again, behind the subscription's other events. */
  redeliver(userId: string, deliveryId: string): Promise<DeliveryView>;
  /** Starts this process's delivery worker (server start-up; tests that need deliveries). */
  startWorker(): void;
  /** Stops the worker after deliveries in flight are acknowledged, once queued events are written. */
  close(): Promise<void>;
  /** Waits until events emitted so far are queued (tests, shutdown). */
  drain(): Promise<void>;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function webhookView(webhook: WebhookDocument): WebhookView {
  return {
    id: String(webhook._id),
    organization_id: String(webhook.organization_id),
    url: webhook.url,
    description: webhook.description,
    events: webhook.events,
    project_ids: webhook.project_ids.map(String),
    application_ids: webhook.application_ids.map(String),
    enabled: webhook.enabled,
    disabled_reason: webhook.disabled_reason,
    disabled_at: iso(webhook.disabled_at),
    consecutive_failures: webhook.consecutive_failures,
    last_success_at: iso(webhook.last_success_at),
    last_failure_at: iso(webhook.last_failure_at),
    secret_hint: `${webhook.secret.slice(0, SECRET_PREFIX.length + 4)}…`,
    created_by: String(webhook.created_by),
    created_at: webhook.created_at.toISOString(),
    updated_at: webhook.updated_at.toISOString(),
  };
}

function parsedPayload(payload: string): unknown {
  try {
    return JSON.parse(payload);
  } catch {
    return payload;
  }
}

function deliveryView(delivery: DeliveryDocument): DeliveryView {
  return {
    id: String(delivery._id),
    webhook_id: String(delivery.webhook_id),
    event_id: delivery.event_id,
    event_type: delivery.event_type,
    trigger: delivery.trigger,
    status: delivery.status,
    attempts: delivery.attempts,
    next_attempt_at: delivery.status === 'pending' ? delivery.next_attempt_at.toISOString() : null,
    response_status: delivery.response_status,
    response_body: delivery.response_body,
    error: delivery.error,
    duration_ms: delivery.duration_ms,
    attempt_log: delivery.attempt_log.map((entry) => ({
      at: entry.at.toISOString(),
      response_status: entry.response_status,
      duration_ms: entry.duration_ms,
      error: entry.error,
    })),
    payload: parsedPayload(delivery.payload),
    created_at: delivery.created_at.toISOString(),
    delivered_at: iso(delivery.delivered_at),
  };
}

const newSecret = () => `${SECRET_PREFIX}${randomToken(32)}`;

export function createWebhooksService(deps: {
  connection: Connection;
  config: Config;
  logger: Logger;
  activity: ActivityService;
  directory: WebhookDirectory;
}): WebhooksService {
  const { config, directory, activity } = deps;
  const settings = config.webhooks;
  const logger = deps.logger.child({ module: 'webhooks' });
  const models = webhookModels(deps.connection);
  const { Webhooks, Deliveries } = models;

  const worker = new DeliveryWorker(models, settings, logger, {
    onDisabled: (webhook, delivery) => notifyDisabled(webhook, delivery),
  });

  let lastSeq = 0;
  /** Milliseconds × 1000 plus a counter: increasing within a process, time-ordered across them. */
  const nextSeq = () => (lastSeq = Math.max(lastSeq + 1, Date.now() * 1000));

  const inFlight = new Set<Promise<void>>();

  const audit = (
    action: string,
    webhook: Pick<WebhookDocument, '_id' | 'organization_id' | 'url'>,
    userId: string,
    context: RequestContext,
    metadata: Record<string, unknown> = {},
    statusCode = 200,
  ) =>
    activity.record({
      action,
      resource_type: 'other',
      resource_id: String(webhook._id),
      user_id: userId,
      organization_id: String(webhook.organization_id),
      status_code: statusCode,
      ip_address: context.ip,
      user_agent: context.userAgent,
      metadata: { url: webhook.url, ...metadata },
    });

  async function notifyDisabled(webhook: WebhookDocument, delivery: DeliveryDocument): Promise<void> {
    logger.warn(
      { webhook_id: String(webhook._id), url: webhook.url },
      'webhook disabled after failing deliveries',
    );
    const admins = await directory.adminsOf(String(webhook.organization_id));
    for (const admin of admins) {
      try {
        await directory.sendMail({
          to: admin.email,
          template: 'notification',
          userId: admin.id,
          data: {
            name: admin.display_name,
            title: 'Webhook deaktiviert',
            message:
              `Der Webhook ${webhook.url} hat Ereignisse seit über ${Math.round(settings.retryWindowMs / 3_600_000)} Stunden nicht angenommen ` +
              `(zuletzt: ${delivery.error ?? 'keine Antwort'}) und wurde deshalb deaktiviert. Neue Ereignisse werden nicht mehr gesendet; ` +
              'die wartenden werden zugestellt, sobald Sie ihn unter Organisationen → Einstellungen → Webhooks wieder aktivieren.',
          },
        });
      } catch (error) {
        logger.warn({ err: error }, 'could not mail an admin about a disabled webhook');
      }
    }
  }

  /** The webhook behind an id, authorized for the caller (404 for other tenants' webhooks). */
  async function authorizedWebhook(userId: string, webhookId: string): Promise<WebhookDocument> {
    const webhook = Types.ObjectId.isValid(webhookId)
      ? await Webhooks.findById(webhookId).lean<WebhookDocument>()
      : null;
    if (!webhook) throw new AppError(WebhookErrors.NOT_FOUND);
    await directory.authorize(
      userId,
      String(webhook.organization_id),
      'webhook:manage',
      WebhookErrors.NOT_FOUND,
    );
    return webhook;
  }

  async function checkedUrl(raw: string): Promise<string> {
    const url = parseWebhookUrl(raw);
    if (!settings.allowPrivateUrls) await assertPublicUrl(url);
    return url.toString();
  }

  function checkedEvents(events: string[]): string[] {
    const unique = [...new Set(events)];
    const unknown = unique.find((pattern) => !isKnownEventPattern(pattern));
    if (unknown)
      throw new AppError(WebhookErrors.UNKNOWN_EVENT, {
        message: `${WebhookErrors.UNKNOWN_EVENT.message} Unknown: ${unknown}`,
      });
    return unique;
  }

  async function checkedScope(
    organizationId: string,
    input: Pick<WebhookInput, 'project_ids' | 'application_ids'>,
  ) {
    const scope: { project_ids?: Types.ObjectId[]; application_ids?: Types.ObjectId[] } = {};
    if (input.project_ids) {
      for (const id of input.project_ids) {
        if ((await directory.projectOrganizationId(id)) !== organizationId)
          throw new AppError(WebhookErrors.SCOPE_OUTSIDE_ORGANIZATION);
      }
      scope.project_ids = [...new Set(input.project_ids)].map((id) => new Types.ObjectId(id));
    }
    if (input.application_ids) {
      for (const id of input.application_ids) {
        if ((await directory.applicationOwner(id))?.organizationId !== organizationId)
          throw new AppError(WebhookErrors.SCOPE_OUTSIDE_ORGANIZATION);
      }
      scope.application_ids = [...new Set(input.application_ids)].map((id) => new Types.ObjectId(id));
    }
    return scope;
  }

  /** Resolves where an event goes and queues one delivery per subscribed webhook. */
  async function enqueue(
    event: { id: string; type: string; seq: number; createdAt: Date },
    scope: EventScope,
    data: Record<string, unknown>,
  ): Promise<void> {
    let projectId = scope.projectId ?? null;
    let organizationIds: string[];
    if (scope.organizationId) organizationIds = [scope.organizationId];
    else if (scope.applicationId) {
      const owner = await directory.applicationOwner(scope.applicationId);
      if (!owner) return;
      organizationIds = [owner.organizationId];
      projectId ??= owner.projectId;
    } else if (scope.userId) organizationIds = (await directory.organizationIdsOf(scope.userId)).map(String);
    else return;
    const valid = organizationIds.filter((id) => Types.ObjectId.isValid(id));
    if (valid.length === 0) return;
    const webhooks = await Webhooks.find({
      organization_id: mongoose.trusted({ $in: valid.map((id) => new Types.ObjectId(id)) }),
      enabled: true,
    }).lean<WebhookDocument[]>();
    const applicationId = scope.applicationId ?? null;
    const now = new Date();
    const deliveries = webhooks
      .filter((webhook) => subscribesTo(webhook.events, event.type))
      .filter((webhook) => {
        const narrowed = webhook.project_ids.length > 0 || webhook.application_ids.length > 0;
        if (!narrowed) return true;
        return (
          (projectId !== null && webhook.project_ids.some((id) => String(id) === projectId)) ||
          (applicationId !== null && webhook.application_ids.some((id) => String(id) === applicationId))
        );
      })
      .map((webhook) => ({
        webhook_id: webhook._id,
        organization_id: webhook.organization_id,
        event_id: event.id,
        event_type: event.type,
        payload: JSON.stringify({
          id: event.id,
          type: event.type,
          created_at: event.createdAt.toISOString(),
          organization_id: String(webhook.organization_id),
          project_id: projectId,
          application_id: applicationId,
          data,
        }),
        seq: event.seq,
        next_attempt_at: now,
        give_up_at: new Date(now.getTime() + settings.retryWindowMs),
      }));
    if (deliveries.length === 0) return;
    await Deliveries.insertMany(deliveries);
    worker.wake();
  }

  return {
    emit(type: WebhookEventType, scope: EventScope, data: Record<string, unknown>) {
      // Numbered now, in the order the events happen; resolved and written after the response.
      const event = {
        id: `evt_${new Types.ObjectId().toHexString()}`,
        type,
        seq: nextSeq(),
        createdAt: new Date(),
      };
      const running = enqueue(event, scope, data)
        .catch((error: unknown) => logger.error({ err: error, type }, 'could not queue a webhook event'))
        .finally(() => inFlight.delete(running));
      inFlight.add(running);
    },

    async list(userId, organizationId) {
      await directory.authorize(userId, organizationId, 'webhook:manage', WebhookErrors.NOT_FOUND);
      const webhooks = await Webhooks.find({ organization_id: new Types.ObjectId(organizationId) })
        .sort({ created_at: -1, _id: -1 })
        .lean<WebhookDocument[]>();
      return webhooks.map(webhookView);
    },

    async create(userId, organizationId, input, context) {
      await directory.authorize(userId, organizationId, 'webhook:manage', WebhookErrors.NOT_FOUND);
      const url = await checkedUrl(input.url);
      const events = checkedEvents(input.events);
      const scope = await checkedScope(organizationId, input);
      const count = await Webhooks.countDocuments({ organization_id: new Types.ObjectId(organizationId) });
      if (count >= MAX_WEBHOOKS_PER_ORGANIZATION) throw new AppError(WebhookErrors.LIMIT_REACHED);
      const secret = newSecret();
      const created = (
        await Webhooks.create({
          organization_id: new Types.ObjectId(organizationId),
          url,
          description: input.description?.trim() || null,
          events,
          ...scope,
          secret,
          created_by: new Types.ObjectId(userId),
        })
      ).toObject<WebhookDocument>();
      await audit('webhook.created', created, userId, context, { events }, 201);
      return { ...webhookView(created), secret };
    },

    async get(userId, webhookId) {
      return webhookView(await authorizedWebhook(userId, webhookId));
    },

    async update(userId, webhookId, changes, context) {
      const webhook = await authorizedWebhook(userId, webhookId);
      const set: Record<string, unknown> = {};
      if (changes.url !== undefined) set.url = await checkedUrl(changes.url);
      if (changes.events !== undefined) set.events = checkedEvents(changes.events);
      if (changes.description !== undefined) set.description = changes.description?.trim() || null;
      Object.assign(set, await checkedScope(String(webhook.organization_id), changes));
      const secret = changes.rotate_secret ? newSecret() : undefined;
      if (secret) set.secret = secret;
      const now = new Date();
      if (changes.enabled === true && !webhook.enabled)
        Object.assign(set, {
          enabled: true,
          disabled_reason: null,
          disabled_at: null,
          consecutive_failures: 0,
        });
      if (changes.enabled === false && webhook.enabled)
        Object.assign(set, { enabled: false, disabled_reason: 'manual', disabled_at: now });
      const updated = await Webhooks.findOneAndUpdate(
        { _id: webhook._id },
        { $set: set },
        { returnDocument: 'after' },
      ).lean<WebhookDocument>();
      if (!updated) throw new AppError(WebhookErrors.NOT_FOUND);
      if (set.enabled === true) {
        // The backlog kept while it was disabled goes out now, with a fresh retry window.
        await Deliveries.updateMany(
          { webhook_id: webhook._id, status: 'pending' },
          { $set: { next_attempt_at: now, give_up_at: new Date(now.getTime() + settings.retryWindowMs) } },
        );
        worker.wake();
      }
      await audit('webhook.updated', updated, userId, context, {
        fields: Object.keys(set).filter((field) => field !== 'secret'),
        secret_rotated: Boolean(secret),
      });
      return secret ? { ...webhookView(updated), secret } : webhookView(updated);
    },

    async remove(userId, webhookId, context) {
      const webhook = await authorizedWebhook(userId, webhookId);
      await Webhooks.deleteOne({ _id: webhook._id });
      await Deliveries.deleteMany({ webhook_id: webhook._id });
      await audit('webhook.deleted', webhook, userId, context);
    },

    async deliveries(userId, webhookId, query) {
      const webhook = await authorizedWebhook(userId, webhookId);
      const page = await paginateNewestFirst(
        Deliveries,
        { webhook_id: webhook._id, ...(query.status ? { status: query.status } : {}) },
        query,
      );
      return { data: page.data.map(deliveryView), next_cursor: page.next_cursor };
    },

    async sendTest(userId, webhookId) {
      const webhook = await authorizedWebhook(userId, webhookId);
      const now = new Date();
      const eventId = `evt_${new Types.ObjectId().toHexString()}`;
      const deliveryId = new Types.ObjectId();
      const payload = JSON.stringify({
        id: eventId,
        type: TEST_EVENT_TYPE,
        created_at: now.toISOString(),
        organization_id: String(webhook.organization_id),
        project_id: null,
        application_id: null,
        data: { message: 'This is a test event sent from the IAM Platform dashboard.' },
      });
      const result = await sendDelivery(
        {
          url: webhook.url,
          secret: webhook.secret,
          body: payload,
          deliveryId: String(deliveryId),
          eventId,
          eventType: TEST_EVENT_TYPE,
          attempt: 1,
        },
        {
          allowPrivateUrls: settings.allowPrivateUrls,
          timeoutMs: settings.requestTimeoutMs,
          userAgent: 'IAM-Platform-Webhooks/1.0',
        },
      );
      const finished = new Date();
      const created = (
        await Deliveries.create({
          _id: deliveryId,
          webhook_id: webhook._id,
          organization_id: webhook.organization_id,
          event_id: eventId,
          event_type: TEST_EVENT_TYPE,
          payload,
          seq: nextSeq(),
          trigger: 'test',
          status: result.ok ? 'succeeded' : 'failed',
          next_attempt_at: now,
          give_up_at: now,
          delivered_at: result.ok ? finished : null,
          purge_at: purgeAt(finished),
          ...attemptFields({ attempt_log: [] }, result, 1, now),
        })
      ).toObject<DeliveryDocument>();
      return deliveryView(created);
    },

    async redeliver(userId, deliveryId) {
      const original = Types.ObjectId.isValid(deliveryId)
        ? await Deliveries.findById(deliveryId).lean<DeliveryDocument>()
        : null;
      if (!original) throw new AppError(WebhookErrors.DELIVERY_NOT_FOUND);
      await directory.authorize(
        userId,
        String(original.organization_id),
        'webhook:manage',
        WebhookErrors.DELIVERY_NOT_FOUND,
      );
      const webhook = await Webhooks.findById(original.webhook_id, { enabled: 1 }).lean();
      if (!webhook) throw new AppError(WebhookErrors.DELIVERY_NOT_FOUND);
      if (!webhook.enabled) throw new AppError(WebhookErrors.DISABLED);
      if (original.status === 'pending') throw new AppError(WebhookErrors.DELIVERY_PENDING);
      const now = new Date();
      const created = (
        await Deliveries.create({
          webhook_id: original.webhook_id,
          organization_id: original.organization_id,
          event_id: original.event_id,
          event_type: original.event_type,
          payload: original.payload,
          seq: nextSeq(),
          trigger: 'redelivery',
          next_attempt_at: now,
          give_up_at: new Date(now.getTime() + settings.retryWindowMs),
        })
      ).toObject<DeliveryDocument>();
      worker.wake();
      return deliveryView(created);
    },

    startWorker() {
      worker.start();
    },

    async drain() {
      await Promise.allSettled([...inFlight]);
    },

    async close() {
      await Promise.allSettled([...inFlight]);
      await worker.stop();
    },
  };
}
