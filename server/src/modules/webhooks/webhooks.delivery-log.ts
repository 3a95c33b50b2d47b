import { AppError } from '../../lib/errors.js';
import { paginateNewestFirst } from '../../lib/pagination.js';
import { WebhookErrors } from './webhooks.errors.js';
import type { WebhookKit } from './webhooks.kit.js';
import type { DeliveryDocument } from './webhooks.model.js';
import type { WebhooksService } from './webhooks.types.js';
import { deliveryView } from './webhooks.views.js';

type DeliveryLog = Pick<WebhooksService, 'deliveries' | 'redeliver'>;

/** A webhook's delivery log, and sending a logged event again. */
export function createDeliveryLog(kit: WebhookKit, deps: { wake(): void }): DeliveryLog {
  const { settings } = kit;
  const { Webhooks, Deliveries } = kit.models;

  return {
    async deliveries(userId, webhookId, query) {
      const webhook = await kit.authorizedWebhook(userId, webhookId, 'webhook:read');
      const page = await paginateNewestFirst(
        Deliveries,
        { webhook_id: webhook._id, ...(query.status ? { status: query.status } : {}) },
        query,
      );
      return { data: page.data.map(deliveryView), next_cursor: page.next_cursor };
    },

    async redeliver(userId, deliveryId) {
      const original = await kit.authorizedDelivery(userId, deliveryId);
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
          seq: kit.nextSeq(),
          trigger: 'redelivery',
          next_attempt_at: now,
          give_up_at: new Date(now.getTime() + settings.retryWindowMs),
        })
      ).toObject<DeliveryDocument>();
      deps.wake();
      return deliveryView(created);
    },
  };
}
