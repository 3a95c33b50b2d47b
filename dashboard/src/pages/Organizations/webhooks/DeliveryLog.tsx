import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, RefreshCw, Send } from 'lucide-react';
import styled from 'styled-components';
import { api, unwrap } from '../../../api/client';
import { describeError } from '../../../api/errors';
import { Muted } from '../../../components/tenancy/PageParts';
import { useErrorToast, useFailureToast } from '../../../components/tenancy/useErrorToast';
import { useFormatDate } from '../../../i18n/format';
import { useT } from '../../../i18n/useT';
import { Badge, type BadgeTone } from '../../../ui/Badge';
import { BorderedList, BorderedListItem } from '../../../ui/BorderedList';
import { Button } from '../../../ui/Button';
import { Skeletons } from '../../../ui/Skeleton';
import { useToast } from '../../../ui/useToast';
import { useDeliveries, webhookKeys, type Webhook, type WebhookDelivery } from './queries';

const Section = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  min-width: 0;
  h3 {
    margin: 0;
    font-size: 1rem;
    overflow-wrap: anywhere;
  }
`;

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

const Entry = styled(BorderedListItem)`
  gap: ${({ theme }) => theme.space(1)};
  code {
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: 0.85rem;
    overflow-wrap: anywhere;
  }
`;

const Line = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
`;

const tones: Record<WebhookDelivery['status'], BadgeTone> = {
  pending: 'info',
  succeeded: 'success',
  failed: 'warning',
};

/** A webhook's delivery log: status, answer and timing of each event; test event and redelivery. */
export function DeliveryLog({ webhook, onBack }: { webhook: Webhook; onBack(): void }) {
  const t = useT();
  const toast = useToast();
  const fail = useFailureToast();
  const formatDate = useFormatDate();
  const queryClient = useQueryClient();
  const deliveries = useDeliveries(webhook.id);
  useErrorToast(deliveries.error, 'webhooks.log.loadFailed');
  const refresh = () => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(webhook.id) });

  const sendTest = useMutation({
    mutationFn: async () =>
      unwrap(await api.POST('/api/v1/webhooks/{id}/test', { params: { path: { id: webhook.id } } })),
    onSuccess: async (delivery) => {
      const ok = delivery.status === 'succeeded';
      toast({
        title: t(ok ? 'webhooks.log.testSent' : 'webhooks.log.testFailed'),
        description: delivery.response_status
          ? t('webhooks.log.response', { status: String(delivery.response_status) })
          : (delivery.error ?? t('webhooks.log.noResponse')),
        variant: ok ? 'success' : 'destructive',
      });
      await refresh();
    },
    onError: (error) => fail('webhooks.log.testFailed', error),
  });

  const redeliver = useMutation({
    mutationFn: async (deliveryId: string) =>
      unwrap(
        await api.POST('/api/v1/webhooks/deliveries/{id}/redeliver', {
          params: { path: { id: deliveryId } },
        }),
      ),
    onSuccess: async (delivery) => {
      toast({ title: t('webhooks.log.redelivered'), description: delivery.event_type, variant: 'success' });
      await refresh();
    },
    onError: (error) =>
      toast({
        title: t('webhooks.log.redeliverFailed'),
        description: describeError(error, t),
        variant: 'destructive',
      }),
  });

  return (
    <Section aria-label={t('webhooks.deliveries.label', { url: webhook.url })}>
      <h3>
        {t('webhooks.log.title')}: <Muted>{webhook.url}</Muted>
      </h3>
      <Toolbar>
        <Button type="button" $variant="secondary" onClick={onBack}>
          <ArrowLeft aria-hidden="true" size={16} />
          {t('webhooks.log.back')}
        </Button>
        <Button type="button" onClick={() => sendTest.mutate()} disabled={sendTest.isPending}>
          <Send aria-hidden="true" size={16} />
          {t('webhooks.log.test')}
        </Button>
        <Button type="button" $variant="ghost" onClick={() => void refresh()}>
          <RefreshCw aria-hidden="true" size={16} />
          {t('webhooks.log.refresh')}
        </Button>
      </Toolbar>
      {deliveries.isPending ? (
        <Skeletons count={3} label={t('common.loading')} height={72} />
      ) : (deliveries.data ?? []).length === 0 ? (
        <Muted as="p">{t('webhooks.log.empty')}</Muted>
      ) : (
        <BorderedList aria-label={t('webhooks.log.title')}>
          {(deliveries.data ?? []).map((delivery) => (
            <Entry key={delivery.id} data-testid="webhook-delivery">
              <Line>
                <Badge $tone={tones[delivery.status]}>{t(`webhooks.log.status.${delivery.status}`)}</Badge>
                <code>{delivery.event_type}</code>
                {delivery.trigger === 'event' ? null : (
                  <Badge $tone="neutral">{t(`webhooks.log.trigger.${delivery.trigger}`)}</Badge>
                )}
              </Line>
              <Line>
                <Muted>{formatDate(delivery.created_at, true)}</Muted>
                <Muted>
                  {delivery.response_status
                    ? t('webhooks.log.response', { status: String(delivery.response_status) })
                    : delivery.attempts > 0
                      ? (delivery.error ?? t('webhooks.log.noResponse'))
                      : ''}
                </Muted>
                {delivery.duration_ms !== null ? (
                  <Muted>
                    {t('webhooks.log.duration', { ms: String(Math.round(delivery.duration_ms)) })}
                  </Muted>
                ) : null}
                <Muted>{t('webhooks.log.attempts', { count: String(delivery.attempts) })}</Muted>
                {delivery.next_attempt_at ? (
                  <Muted>
                    {t('webhooks.log.nextAttempt', { time: formatDate(delivery.next_attempt_at, true) })}
                  </Muted>
                ) : null}
              </Line>
              {delivery.status === 'pending' ? null : (
                <div>
                  <Button
                    type="button"
                    $variant="secondary"
                    aria-label={t('webhooks.log.redeliver.label', { event: delivery.event_type })}
                    disabled={redeliver.isPending}
                    onClick={() => redeliver.mutate(delivery.id)}
                  >
                    {t('webhooks.log.redeliver')}
                  </Button>
                </div>
              )}
            </Entry>
          ))}
        </BorderedList>
      )}
    </Section>
  );
}
