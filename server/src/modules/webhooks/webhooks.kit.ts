import { Types, type Connection, type Model } from 'mongoose';
import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import { AppError, type ErrorDefinition } from '../../lib/errors.js';
import { WebhookErrors } from './webhooks.errors.js';
import {
  webhookModels,
  type DeliveryDocument,
  type WebhookDocument,
  type WebhookModels,
} from './webhooks.model.js';
import type { WebhookDirectory } from './webhooks.types.js';
import type { PermissionName } from '../../core/permissions.js';
import type { WebhookSettings } from './webhooks.worker.js';

/** What every part of the webhooks service shares: its data, settings and the order of events. */
export interface WebhookKit {
  models: WebhookModels;
  settings: WebhookSettings;
  directory: WebhookDirectory;
  logger: Logger;
  /** Milliseconds × 1000 plus a counter: increasing within a process, time-ordered across them. */
  nextSeq(): number;
  /** A new event id, as receivers see it in X-IAM-Event-Id. */
  newEventId(): string;
  /**
   * The webhook behind an id when the caller's role has the permission (default webhook:manage;
   * 403 naming it otherwise; 404 for other tenants' webhooks).
   */
  authorizedWebhook(userId: string, webhookId: string, permission?: PermissionName): Promise<WebhookDocument>;
  /** The delivery behind an id, authorized likewise (404 delivery_not_found). */
  authorizedDelivery(userId: string, deliveryId: string): Promise<DeliveryDocument>;
}

export function createWebhookKit(deps: {
  connection: Connection;
  config: Config;
  logger: Logger;
  directory: WebhookDirectory;
}): WebhookKit {
  const { directory } = deps;
  const models = webhookModels(deps.connection);
  let lastSeq = 0;

  /** A webhook or delivery by id, when the caller's role has `permission` in its organization; `notFound` otherwise. */
  async function authorized<T extends { organization_id: Types.ObjectId }>(
    userId: string,
    id: string,
    model: Model<T>,
    notFound: ErrorDefinition,
    permission: PermissionName = 'webhook:manage',
  ): Promise<T> {
    const record = Types.ObjectId.isValid(id) ? await model.findById(id).lean<T>() : null;
    if (!record) throw new AppError(notFound);
    await directory.authorize(userId, String(record.organization_id), permission, notFound);
    return record;
  }

  return {
    models,
    settings: deps.config.webhooks,
    directory,
    logger: deps.logger.child({ module: 'webhooks' }),
    nextSeq: () => (lastSeq = Math.max(lastSeq + 1, Date.now() * 1000)),
    newEventId: () => `evt_${new Types.ObjectId().toHexString()}`,

    authorizedWebhook: (userId, webhookId, permission) =>
      authorized(userId, webhookId, models.Webhooks, WebhookErrors.NOT_FOUND, permission),
    authorizedDelivery: (userId, deliveryId) =>
      authorized(userId, deliveryId, models.Deliveries, WebhookErrors.DELIVERY_NOT_FOUND),
  };
}
