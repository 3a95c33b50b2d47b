import { Types } from 'mongoose';
import { TEST_EVENT_TYPE } from './webhooks.events.js';
import type { WebhookKit } from './webhooks.kit.js';
import type { DeliveryDocument } from './webhooks.model.js';
import { sendDelivery } from './webhooks.sender.js';
import type { WebhooksService } from './webhooks.types.js';
import { deliveryView } from './webhooks.views.js';
import { attemptFields, purgeAt } from './webhooks.worker.js';

/**
 * The dashboard's "send a test event": one attempt right away, outside the queue (so also to a
 * disabled webhook), logged as a finished delivery.
 */
export function createTestEvent(kit: WebhookKit): Pick<WebhooksService, 'sendTest'> {
  const { settings } = kit;
  const { Deliveries } = kit.models;

  return {
    async sendTest(userId, webhookId) {
      const webhook = await kit.authorizedWebhook(userId, webhookId);
      const now = new Date();
      const eventId = kit.newEventId();
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
          seq: kit.nextSeq(),
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
  };
}
