import mongoose, { Types } from 'mongoose';
import type { EventScope, WebhookEventType } from '../../core/webhooks.js';
import { subscribesTo } from './webhooks.events.js';
import type { WebhookKit } from './webhooks.kit.js';
import type { DeliveryDocument, WebhookDocument } from './webhooks.model.js';
import type { WebhooksService } from './webhooks.types.js';
import { DeliveryWorker } from './webhooks.worker.js';

interface QueuedEvent {
  id: string;
  type: string;
  seq: number;
  createdAt: Date;
}

type Queue = Pick<WebhooksService, 'emit' | 'startWorker' | 'drain' | 'close'> & {
  /** Has the worker look for due deliveries now, rather than at its next poll. */
  wake(): void;
};

/** Mails the organization's admins that a webhook was disabled after failing deliveries. */
async function notifyDisabled(kit: WebhookKit, webhook: WebhookDocument, delivery: DeliveryDocument) {
  const { logger, directory, settings } = kit;
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

/**
 * The organization an event goes to, and its project; null when it goes nowhere. Only the
 * organization named, or the one owning the application named: an event about a person's own
 * account (dashboard sign-in, profile) names only the user and goes to no organization, so
 * joining an organization never hands it that person's account activity (issue #37 item 5).
 */
async function resolveScope(kit: WebhookKit, scope: EventScope) {
  let projectId = scope.projectId ?? null;
  let organizationIds: string[];
  if (scope.organizationId) organizationIds = [scope.organizationId];
  else if (scope.applicationId) {
    const owner = await kit.directory.applicationOwner(scope.applicationId);
    if (!owner) return null;
    organizationIds = [owner.organizationId];
    projectId ??= owner.projectId;
  } else return null;
  const valid = organizationIds.filter((id) => Types.ObjectId.isValid(id));
  return valid.length === 0 ? null : { organizationIds: valid, projectId };
}

/** A webhook narrowed to projects or applications takes only their events. */
function inScope(webhook: WebhookDocument, projectId: string | null, applicationId: string | null) {
  const narrowed = webhook.project_ids.length > 0 || webhook.application_ids.length > 0;
  if (!narrowed) return true;
  return (
    (projectId !== null && webhook.project_ids.some((id) => String(id) === projectId)) ||
    (applicationId !== null && webhook.application_ids.some((id) => String(id) === applicationId))
  );
}

/**
 * Emitting events and delivering them: each event becomes one queued delivery per subscribed
 * webhook, which this process's worker (and every other process's) sends.
 */
export function createEventQueue(kit: WebhookKit): Queue {
  const { models, settings, logger } = kit;
  const { Webhooks, Deliveries } = models;
  const worker = new DeliveryWorker(models, settings, logger, {
    onDisabled: (webhook, delivery) => notifyDisabled(kit, webhook, delivery),
  });
  const inFlight = new Set<Promise<void>>();

  /** Resolves where an event goes and queues one delivery per subscribed webhook. */
  async function enqueue(
    event: QueuedEvent,
    scope: EventScope,
    data: Record<string, unknown>,
  ): Promise<void> {
    const target = await resolveScope(kit, scope);
    if (!target) return;
    const { projectId } = target;
    const webhooks = await Webhooks.find({
      organization_id: mongoose.trusted({ $in: target.organizationIds.map((id) => new Types.ObjectId(id)) }),
      enabled: true,
    }).lean<WebhookDocument[]>();
    const applicationId = scope.applicationId ?? null;
    const now = new Date();
    const deliveries = webhooks
      .filter((webhook) => subscribesTo(webhook.events, event.type))
      .filter((webhook) => inScope(webhook, projectId, applicationId))
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
      const event = { id: kit.newEventId(), type, seq: kit.nextSeq(), createdAt: new Date() };
      const running = enqueue(event, scope, data)
        .catch((error: unknown) => logger.error({ err: error, type }, 'could not queue a webhook event'))
        .finally(() => inFlight.delete(running));
      inFlight.add(running);
    },

    wake() {
      worker.wake();
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
