import { useQuery } from '@tanstack/react-query';
import { api, unwrap, type ApiSchemas } from '../../../api/client';

export type Webhook = ApiSchemas['Webhook'];
export type WebhookDelivery = ApiSchemas['WebhookDelivery'];

export const webhookKeys = {
  list: (organizationId: string) => ['organizations', organizationId, 'webhooks'] as const,
  deliveries: (webhookId: string) => ['webhooks', webhookId, 'deliveries'] as const,
};

/** The subscription choices of the form: whole groups or single events, as the API's patterns. */
export const EVENT_CHOICES = [
  { pattern: '*', label: 'webhooks.event.all' },
  { pattern: 'user.*', label: 'webhooks.event.user' },
  { pattern: 'session.created', label: 'webhooks.event.session' },
  { pattern: 'member.*', label: 'webhooks.event.member' },
  { pattern: 'organization.updated', label: 'webhooks.event.organization' },
  { pattern: 'application.*', label: 'webhooks.event.application' },
  { pattern: 'token.*', label: 'webhooks.event.token' },
  { pattern: 'email.*', label: 'webhooks.event.email' },
] as const;

export function useWebhooks(organizationId: string) {
  return useQuery({
    queryKey: webhookKeys.list(organizationId),
    queryFn: async () =>
      unwrap(
        await api.GET('/api/v1/organizations/{id}/webhooks', { params: { path: { id: organizationId } } }),
      ).data,
  });
}

export function useDeliveries(webhookId: string) {
  return useQuery({
    queryKey: webhookKeys.deliveries(webhookId),
    queryFn: async () =>
      unwrap(
        await api.GET('/api/v1/webhooks/{id}/deliveries', {
          params: { path: { id: webhookId }, query: { limit: 50 } },
        }),
      ).data,
  });
}
