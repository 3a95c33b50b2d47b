import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import type { ActivityService } from '../../core/audit.js';
import { createDeliveryLog } from './webhooks.delivery-log.js';
import { createWebhookEndpoints } from './webhooks.endpoints.js';
import { createWebhookKit } from './webhooks.kit.js';
import { createEventQueue } from './webhooks.queue.js';
import { createTestEvent } from './webhooks.test-event.js';
import type { WebhookDirectory, WebhooksService } from './webhooks.types.js';

export { MAX_WEBHOOKS_PER_ORGANIZATION } from './webhooks.endpoints.js';
export type {
  DeliveryView,
  WebhookChanges,
  WebhookDirectory,
  WebhookInput,
  WebhooksService,
  WebhookView,
} from './webhooks.types.js';

/** The webhooks service: one object, put together from one factory per use case. */
export function createWebhooksService(deps: {
  connection: Connection;
  config: Config;
  logger: Logger;
  activity: ActivityService;
  directory: WebhookDirectory;
}): WebhooksService {
  const kit = createWebhookKit(deps);
  const { wake, ...queue } = createEventQueue(kit);
  return {
    ...queue,
    ...createWebhookEndpoints(kit, { activity: deps.activity, wake }),
    ...createDeliveryLog(kit, { wake }),
    ...createTestEvent(kit),
  };
}
