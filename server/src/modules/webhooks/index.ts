export { WebhookErrors } from './webhooks.errors.js';
export { TEST_EVENT_TYPE } from './webhooks.events.js';
export { webhookModels } from './webhooks.model.js';
export { registerWebhookRoutes } from './webhooks.routes.js';
export { signatureHeader, verifySignature, SIGNATURE_HEADER } from './webhooks.signature.js';
export { isInternalAddress } from './webhooks.url-guard.js';
export {
  createWebhooksService,
  MAX_WEBHOOKS_PER_ORGANIZATION,
  type WebhookDirectory,
  type WebhooksService,
} from './webhooks.service.js';
